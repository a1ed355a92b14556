"""Phỏm as the shared machinery sees it (``phom.games.GameKind``): its rules as data, its fair deal, its
action texts and ids, its bots, its records, its hint and a seat's view as the API sends it. Declared as
``SPEC`` (``phom.games.GameSpec``), which phom's entry point ``phom.games: phom`` names.

>>> kind = PhomKind()
>>> game = kind.deal(kind.rules({"players": 2}), 0, "00" * 32, "alice")
>>> kind.start_of(game), kind.parse_action("discard KS"), kind.record_format
((0, True), Discard(Card('KS')), 'phom-game')
"""

from __future__ import annotations

from typing import Any

from . import render
from .actions import Action
from .bots import PHOM_BOTS, make_bot
from ..cards import CardSet
from ..dealing import shuffled_deck
from .game import Game, IllegalAction
from ..games import Figure, GameSpec, HouseRule, seat_report
from .hints import HINT_WORLDS, hint
from ..language import translator
from .report import hint_report, view_report
from .review_replay import PHOM_THRESHOLDS, REVIEW_WORDS
from .referee import deal_cards
from .rules import Rules
from .state import Deal
from .view import PlayerView

__all__ = ["PHOM_REPORT", "SPEC", "PhomKind", "deal_of", "dealt_game"]


class PhomReport:
    """What Phỏm's seat report is made of (``phom.games.ReportParts``): ``phom.phom.report``'s view,
    ``phom.phom.view_data``'s page and result table, and ``phom.phom.render``'s table, moments and words."""

    html = staticmethod(render.html)
    moments = staticmethod(render.moments)
    result_text = staticmethod(render.result_text)
    payment_lines = staticmethod(render.payment_lines)

    @staticmethod
    def view_report(view: Any, lang: str) -> dict[str, Any]:
        return {**view_report(view, lang), "game": "phom"}

    @staticmethod
    def page_report(view: Any) -> dict[str, Any]:
        from .view_data import page_report

        return page_report(view)

    @staticmethod
    def result_table(result: Any, seat: int) -> dict[str, Any]:
        from .view_data import result_table

        return result_table(result, seat)


#: Phỏm's report parts
PHOM_REPORT = PhomReport()


def deal_of(rules: Rules, leader: int, server_seed: str, client_seed: str = "") -> Deal:
    """The deal of a hosted game: ``deal_cards`` on the deck of these seeds (``phom.dealing.shuffled_deck``)."""
    return deal_cards(rules, leader, deck=shuffled_deck(server_seed, client_seed))


def dealt_game(rules: Rules, leader: int, server_seed: str, client_seed: str = "") -> Game:
    """A fresh game on the deal of these seeds."""
    deal = deal_of(rules, leader, server_seed, client_seed)
    return Game(rules, leader=leader, deal=(deal.hands, [card.code for card in deal.stock]))


class PhomKind:
    """Phỏm: ``Rules``, ``Game``, ``Action`` texts and ids, ``make_bot``."""

    name = "phom"
    title = "Phỏm"
    record_format = "phom-game"
    default_bot = "greedy"
    turn_seconds = 30
    engine: str | None = "phom._engine"
    engine_bots = "a RandomBot, a GreedyBot or a PlannerBot"
    bot_names = PHOM_BOTS
    view_type = PlayerView
    hint_worlds = HINT_WORLDS
    label_thresholds = PHOM_THRESHOLDS
    review_words = REVIEW_WORDS
    #: the style sheet of its drawn table (the service's ``/table.css``)
    table_css = render.TABLE_CSS

    def rules(self, data: Any) -> Rules:
        return Rules() if data is None else Rules.from_dict(data)

    def rules_data(self, rules: Rules) -> dict[str, Any]:
        return rules.to_dict()

    def deal(self, rules: Rules, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> Any:
        return dealt_game(rules, leader, server_seed, client_seed)

    def start_of(self, game: Game) -> tuple[int, bool]:
        """Phỏm deals every game alike: its leader, and no first-game rule."""
        return game.leader, True

    def deal_difference(self, game: Game, other: Game) -> str | None:
        """The first hand or stock card where the two deals differ."""
        assert game.deal is not None and other.deal is not None
        for p, (a, b) in enumerate(zip(game.deal.hands, other.deal.hands)):
            if a != b:
                return f"hand {p} is {a.codes}, but these seeds deal {b.codes}"
        for i, (c, d) in enumerate(zip(game.deal.stock, other.deal.stock)):
            if c != d:
                return f"stock card {i} is {c.code}, but these seeds deal {d.code}"
        return None

    def from_record(self, text: str) -> Game:
        return Game.from_json(text)

    def hint(self, game: Game, seat: int, *, search: bool, lang: str = "en", seconds: float = 0.5
             ) -> dict[str, Any]:
        """The hint as the API answers it (``phom.phom.report.hint_report``); ``seconds`` bounds the look-ahead."""
        view = game.view(seat)
        return hint_report(hint(view, search=True, budget=seconds, lang=lang) if search else hint(view, lang=lang),
                           lang)

    def next_leader(self, game: Any) -> int:
        """The previous game's winner leads (RULES 2)."""
        return int(game.result.winner)

    def deal_of(self, rules: Rules, seed: int, deal: int, leader: int = 0) -> Game:
        """Deal ``deal`` of the block ``seed`` (``phom.phom.simulation.game_seed``), led by ``leader``."""
        from .simulation import game_seed

        return Game(rules, seed=game_seed(seed, deal), leader=leader)

    def bot_seed(self, seed: int, index: int, seat: int) -> int:
        """The seed of game ``index`` (``phom.phom.simulation.game_seed``) plus the seat."""
        from .simulation import game_seed

        return game_seed(seed, index) + seat

    def seeded_bot(self, name: str, seed: int | None, *, move_seconds: float) -> Any:
        return make_bot(name, seed=seed, move_seconds=move_seconds)

    def finish(self, game: Game, seat: int) -> dict[str, float]:
        """ù, móm and đền paid: the arena's finish mix."""
        result = game.result
        assert result is not None
        return {"ù": result.u == seat, "móm": result.u is None and result.mom[seat],
                "đền": any(pay[0] == seat and pay[3] == "den" for pay in result.payments)}

    def summary_fields(self, game: Game, order: list[int]) -> dict[str, Any]:
        """ù and móm (the simulation's rates), đền and the chốt paid and eaten, per bot."""
        result = game.result
        assert result is not None
        pays = result.payments
        u = tuple(result.u == q for q in order)
        mom = tuple(result.u is None and result.mom[q] for q in order)
        return {"u": u, "mom": mom, "den": tuple(any(x[0] == q and x[3] == "den" for x in pays) for q in order),
                "chot_paid": tuple(sum(x[0] == q and x[3] == "chot" for x in pays) for q in order),
                "chot_eaten": tuple(sum(x[1] == q and x[3] == "chot" for x in pays) for q in order),
                "rates": {"ù": u, "móm": mom}}

    def engine_policies(self, bots: Any) -> list[str] | None:
        """``phom.phom.simulation.core_policies``: random, greedy and planner bots play in the core."""
        from .simulation import core_policies

        return core_policies(bots)

    def play_in_engine(self, policies: list[str], rules: Rules, seed: int, indices: list[int], rotate: bool
                       ) -> list[Any]:
        """``phom.phom.simulation.play_chunk_in_core``."""
        from .simulation import play_chunk_in_core

        return play_chunk_in_core(policies, rules, seed, indices, rotate)

    def rules_words(self, rules: Rules, lang: str = "en") -> list[str]:
        """The table's house rules as players say them, for the page's header.

        >>> PhomKind().rules_words(Rules(hand_size=8, tai_gui=False))[:2]
        ['phỏm 8 lá', 'no gửi in tái turns']
        >>> PhomKind().rules_words(Rules(hand_size=8, tai_gui=False), "vi")[:2]
        ['phỏm 8 lá', 'không gửi ở lượt tái']
        """
        _ = translator(lang)
        words = ["phỏm 8 lá" if rules.hand_size == 8 else _("9 cards (leader 10)"),
                 _("gửi in tái turns") if rules.tai_gui else _("no gửi in tái turns")]
        words += ["ù khan"] if rules.u_khan else []
        words += [_("ù by gửi")] if rules.u_by_gui else []
        words += [_("đền for 3 eats")] if rules.den_three else []
        words += [_("đền for a chốt")] if rules.den_chot else []
        words += [_("the last chốt eater pays đền")] if rules.den_chot_eater else []
        words.append(_("chốt: lay-down and tái turns") if rules.chot_rule == "lay_turn" else _("chốt: the last discard"))
        words.append(_("eats pay 1, 2, 3") if rules.eat_pay == "progressive" else _("each eat pays 1"))
        words += [_("lay the fewest points")] if rules.must_lay_all else []
        return words

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_of_id(self, number: int) -> Action:
        return Action.from_id(number)

    def make_bot(self, name: str) -> Any:
        return make_bot(name)

    def move_text(self, player: int, action: Any, lang: str = "en") -> str:
        return render.move_text(player, action, lang)

    def report(self, game: Any, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        """``phom.games.seat_report`` of Phỏm's parts (``PHOM_REPORT``)."""
        return seat_report(game, seat, PHOM_REPORT, drawn=drawn, lang=lang)

    def sample_world(self, view: Any, rng: Any) -> Game | None:
        """A game agreeing with ``view`` (``phom.phom.worlds.sample_world``), None when none is found."""
        from .worlds import sample_world

        return sample_world(view, rng)

    def judge(self, view: PlayerView, worlds: int, seed: int) -> Any:
        """``phom.phom.review_replay.judge_phom``."""
        from .review_replay import judge_phom

        return judge_phom(view, worlds, seed)

    def money_spread(self, games: int) -> float:
        """Over ``games`` greedy games in the core (``VectorGame``)."""
        from .vector import VectorGame

        played = VectorGame(games, seed=20261201)
        played.playout("greedy")
        return float(played.net[:, 0].std())

    def cards_in_order(self, codes: str) -> list[str]:
        """By rank, then suit (``CardSet``'s order)."""
        return CardSet.parse(codes).codes.split()

    @property
    def position(self) -> type:
        """The class of its positions written as one line (``phom.phom.position.Position``)."""
        from .position import Position

        return Position

    def position_hint(self, position: Any, *, search: bool, lang: str = "en", seconds: float = 0.5
                      ) -> tuple[str, str]:
        """The recommended move at ``position`` and why, in ``lang`` (``phom hint POSITION``)."""
        advice = hint(position.view(), search=search, budget=seconds, lang=lang)
        return str(advice.action), advice.reason

    def hint_of_data(self, data: Any, *, search: bool, lang: str = "en", seconds: float = 0.5) -> dict[str, Any]:
        """The hint as the API answers it for a seat's position given as plain data (``POST /api/hint``'s
        ``position``: ``phom.phom.position.view_from_position``); ``seconds`` bounds the look-ahead."""
        from .position import view_from_position

        view = view_from_position(data)
        return hint_report(hint(view, search=True, budget=seconds, lang=lang) if search else hint(view, lang=lang),
                           lang)

    def solve(self, hand: int, eaten: int = 0, table: Any = ()) -> dict[str, Any]:
        """What a hand holds and what to lay down, as ``POST /api/solve`` answers it (``solve_report``)."""
        from .report import solve_report

        return solve_report(hand, eaten, table)

    def commands(self, sub: Any, parts: Any) -> None:
        """Its own commands on the command line, ``phom solve`` and ``phom train``
        (``phom.phom.commands.add_commands``)."""
        from .commands import add_commands

        add_commands(sub, parts)

    def terminal(self) -> Any:
        """The game at the terminal (``phom.phom.terminal.PHOM_TERMINAL``)."""
        from .terminal import PHOM_TERMINAL

        return PHOM_TERMINAL

    def replay(self, game: Game) -> Any:
        """The review's replay (``phom.phom.review_replay.PhomReplay``)."""
        from .review_replay import PhomReplay

        return PhomReplay(game)

    def session(self, rules: Rules | None = None) -> Any:
        """The adapters' session (``phom.phom.session.PhomSession``)."""
        from .session import PhomSession

        return PhomSession(rules)

    def view_data(self, view: Any) -> dict[str, Any]:
        """The view as the API sends it (``phom.phom.view_data.view_report``, its game named)."""
        from .view_data import view_report as view_data

        return {"game": "phom", **view_data(view)}

    def view_from_data(self, data: dict[str, Any]) -> Any:
        """The ``PlayerView`` of a hosted view (``phom.phom.hosted_view.phom_view_from_api``)."""
        from .hosted_view import phom_view_from_api

        return phom_view_from_api(data)


#: Phỏm, declared (``phom.games.GameSpec``): what phom's entry point ``phom.games: phom`` names.
SPEC = GameSpec(
    name="phom", titles={"vi": "Phỏm", "en": "Phỏm"}, seats=(2, 4), default_seats=4,
    verbs={"vi": {"draw": ("bốc",), "eat": ("ăn",), "discard": ("đánh",), "lay": ("hạ", "hạ phỏm"),
                  "autolay": ("hạ tự động",), "send": ("gửi",), "u": ("ù",), "u-khan": ("ù khan",)},
           "en": {"draw": ("draw",), "eat": ("eat",), "discard": ("discard", "play"), "lay": ("lay", "lay down"),
                  "autolay": ("autolay", "lay down automatically"), "send": ("send",), "u": ("u",),
                  "u-khan": ("u-khan",)}},
    refusal=IllegalAction, kind=PhomKind(), record_keys=("deal", "leader"),
    levels=tuple(recipe.spec for recipe in PHOM_BOTS.levels),
    figures=(Figure("u", "u_rate", {"vi": "ù", "en": "ù"}), Figure("mom", "mom_rate", {"vi": "móm", "en": "móm"}),
             Figure("den", "den_rate", {"vi": "đền", "en": "đền"}, compare=False),
             Figure("chot_paid", "chot_paid", {"vi": "trả chốt", "en": "chốt paid"}, compare=False),
             Figure("chot_eaten", "chot_eaten", {"vi": "ăn chốt", "en": "chốt eaten"}, compare=False)),
    house_rules=(HouseRule("tai_gui", {"vi": "được gửi ở lượt tái", "en": "gửi in tái turns"}),
                 HouseRule("u_khan", {"vi": "ù khan", "en": "ù khan"}),
                 HouseRule("den_three", {"vi": "đền khi bị ăn 3 lá", "en": "đền for 3 eats"}),
                 HouseRule("den_chot", {"vi": "đền khi bị ăn chốt", "en": "đền for a chốt"}),
                 HouseRule("den_chot_eater", {"vi": "người ăn chốt cuối cùng phải đền", "en": "the last chốt eater pays đền"}),
                 HouseRule("eight_cards", {"vi": "chia 8 lá (người đi đầu 9 lá)", "en": "deal 8 cards (leader 9)"},
                           field="hand_size", on=8, off=9)))
