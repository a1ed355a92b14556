"""Tiến lên as the shared machinery sees it (``phom.games.GameKind``): its rules as data, first and later
games on a fair deal, ``play CARDS`` / ``pass``, its bots, its records, its hint and a seat's view as the
API sends it. Declared as ``SPEC`` (``phom.games.GameSpec``), which phom's entry point ``phom.games:
tienlen`` names.

>>> kind = TienLenKind()
>>> game = kind.deal(kind.rules({"players": 3}), 0, "00" * 32, "alice")
>>> game.players, kind.parse_action("play 3S 3C"), kind.default_bot
(3, Play(cards=CardSet('3S 3C')), 'greedy')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..dealing import shuffled_deck
from ..games import GameSpec, HouseRule, seat_report
from ..refusals import IllegalAction
from ..language import N_, translator
from . import render
from .bots import TIENLEN_BOTS, make_tienlen_bot
from .game import TienLenGame, TienLenView, parse_action
from .hints import TIENLEN_HINT_WORLDS, tienlen_advice
from .review_replay import REVIEW_WORDS, TIENLEN_THRESHOLDS
from .rules import TienLenRules

__all__ = ["SPEC", "TienLenKind", "dealt_tienlen_game"]


def dealt_tienlen_game(rules: TienLenRules, server_seed: str, client_seed: str = "", *, first_game: bool = True,
                       leader: int | None = None) -> TienLenGame:
    """A game of Tiến lên on the deal of these seeds (``phom.dealing.shuffled_deck``, 13 cards a seat from
    its front): a first game, or a later one led by ``leader``.

    >>> dealt_tienlen_game(TienLenRules(), "00" * 32, "alice").deal[0].codes
    '10S AC 3C 4C 8C JC 2D JD 6H 8H 9H 10H KH'
    """
    deck = shuffled_deck(server_seed, client_seed)
    hands = [sum(1 << c for c in deck[13 * p:13 * p + 13]) for p in range(rules.players)]
    return TienLenGame(rules, deal=hands, first_game=first_game, leader=None if first_game else leader)


class TienLenKind:
    """Tiến lên: ``TienLenRules``, first games of ``TienLenGame``, ``play CARDS`` / ``pass``,
    ``make_tienlen_bot``."""

    name = "tienlen"
    title = "Tiến lên"
    record_format = "phom-tienlen"
    default_bot = "greedy"
    turn_seconds = 20
    engine: str | None = "phom._tienlen"
    engine_bots = "a RandomTienLenBot or a GreedyTienLenBot"
    bot_names = TIENLEN_BOTS
    view_type = TienLenView
    hint_worlds = TIENLEN_HINT_WORLDS
    label_thresholds = TIENLEN_THRESHOLDS
    review_words = REVIEW_WORDS
    #: the style sheet of its drawn table (the service's ``/table.css``)
    table_css = render.TABLE_CSS

    def rules_words(self, rules: TienLenRules, lang: str = "en") -> list[str]:
        """The table's house rules as players say them.

        >>> TienLenKind().rules_words(TienLenRules(dem_heo=True))[-1]
        'đếm heo'
        >>> TienLenKind().rules_words(TienLenRules(later_toi_trang_in_first_game=True), "vi")[-1]
        'ván đầu cũng tính tới trắng như các ván sau'
        """
        _ = translator(lang)
        words = [_("tứ quý chặt one heo") if rules.four_kind_beats_single_heo else _("tứ quý does not chặt one heo")]
        words += [_("chặt after a pass")] if rules.chat_after_pass else []
        words.append(_("a pass ends your round") if rules.pass_locks_round else _("you may play again after a pass"))
        words += [_("cóng leads the next game")] if rules.cong_leads else []
        words += [_("ends at the first one out")] if rules.end_at_first_out else []
        words += ["đếm heo"] if rules.dem_heo else []
        words += [_("the first game counts the later games' tới trắng too")] if rules.later_toi_trang_in_first_game \
            else []
        return words

    def rules(self, data: Any) -> TienLenRules:
        return TienLenRules() if data is None else TienLenRules.from_dict(data)

    def rules_data(self, rules: TienLenRules) -> dict[str, Any]:
        return rules.to_dict()

    def deal(self, rules: TienLenRules, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> TienLenGame:
        return dealt_tienlen_game(rules, server_seed, client_seed, first_game=first_game, leader=leader)

    def start_of(self, game: TienLenGame) -> tuple[int, bool]:
        """The leader of a later game, and whether it is a table's first game (led by the 3♠)."""
        return game.leader, game.first_game

    def deal_difference(self, game: TienLenGame, other: TienLenGame) -> str | None:
        """The first hand where the two deals differ."""
        for p, (a, b) in enumerate(zip(game.deal, other.deal)):
            if a != b:
                return f"hand {p} is {a.codes}, but these seeds deal {b.codes}"
        return None

    def from_record(self, text: str) -> TienLenGame:
        return TienLenGame.from_json(text)

    def hint(self, game: TienLenGame, seat: int, *, search: bool, lang: str = "en", seconds: float = 0.5
             ) -> dict[str, Any]:
        """The hint as the API answers it: the review's judgement (``tienlen_advice``), its reason, the
        plays as good as each other (``equal``)."""
        advice = tienlen_advice(game.clone(), seat, search=search, lang=lang)
        return {"action": {"id": None, "text": str(advice.action), "label": render.action_text(advice.action, lang)},
                "reason": advice.reason, "alternatives": [], "worlds": advice.worlds,
                "equal": [{"id": None, "text": str(a), "label": render.action_text(a, lang)} for a in advice.equal]}

    def next_leader(self, game: TienLenGame) -> int:
        """The previous game's nhất leads, or a cóng player with ``cong_leads`` (the Tiến lên rules: the leader)."""
        assert game.result is not None
        return game.result.next_leader(game.rules)

    def deal_of(self, rules: TienLenRules, seed: int, deal: int, leader: int = 0) -> TienLenGame:
        """Deal ``deal`` of the block ``seed`` (``phom.tienlen.simulation.game_seed``), a first game: the
        holder of 3♠ leads, whatever ``leader``."""
        from .simulation import game_seed

        return TienLenGame(rules, seed=game_seed(seed, deal))

    def bot_seed(self, seed: int, index: int, seat: int) -> int:
        """``phom.tienlen.simulation.bot_seed``."""
        from .simulation import bot_seed

        return bot_seed(seed, index, seat)

    def seeded_bot(self, name: str, seed: int | None, *, move_seconds: float) -> Any:
        return make_tienlen_bot(name, seed, move_seconds=move_seconds)

    def finish(self, game: TienLenGame, seat: int) -> dict[str, float]:
        """nhất, bét (last), cóng and tới trắng: the arena's finish mix."""
        result = game.result
        assert result is not None
        return {"nhất": result.places[0] == seat, "bét": result.places[-1] == seat, "cóng": seat in result.cong,
                "tới trắng": result.toi_trang is not None and result.places[0] == seat}

    def summary_fields(self, game: TienLenGame, order: list[int]) -> dict[str, Any]:
        """Nothing beyond the money and nhất (the win)."""
        return {}

    def engine_policies(self, bots: Any) -> list[str] | None:
        """``phom.tienlen.simulation.core_policies``: random and greedy bots play in the core."""
        from .simulation import core_policies

        return core_policies(bots)

    def play_in_engine(self, policies: list[str], rules: TienLenRules, seed: int, indices: list[int],
                       rotate: bool) -> list[Any]:
        """``phom.tienlen.simulation.play_in_core``."""
        from .simulation import play_in_core

        return play_in_core(policies, rules, seed, indices, rotate)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def action_of_id(self, number: int) -> Any:
        raise ValueError("Tiến lên actions are sent as text: 'pass' or 'play CARDS'")

    def make_bot(self, name: str) -> Any:
        return make_tienlen_bot(name)

    def move_text(self, player: int, action: Any, lang: str = "en") -> str:
        return render.move_text(player, action, lang)

    def report(self, game: TienLenGame, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        """``phom.games.seat_report`` of ``phom.tienlen.render``'s parts."""
        return seat_report(game, seat, render, drawn=drawn, lang=lang)

    def sample_world(self, view: Any, rng: Any) -> TienLenGame | None:
        """A game agreeing with ``view`` (``phom.tienlen.worlds.sample_world``), None when none is found."""
        from .worlds import sample_world

        return sample_world(view, rng)

    def judge(self, view: TienLenView, worlds: int, seed: int) -> Any:
        """``phom.tienlen.review_replay.judge_tienlen``."""
        from .review_replay import judge_tienlen

        return judge_tienlen(view, worlds, seed)

    def money_spread(self, games: int) -> float:
        """Over ``games`` greedy games in the core (``TienLenVectorGame``)."""
        from .vector import TienLenVectorGame

        played = TienLenVectorGame(games, seed=20261201)
        played.playout("greedy")
        return float(played.net[:, 0].std())

    def cards_in_order(self, codes: str) -> list[str]:
        """Weakest first, as Tiến lên ranks them (3 … 2: ``phom.tienlen.reference.in_order``)."""
        from .reference import in_order

        return in_order(codes, codes=True).split()

    def terminal(self) -> Any:
        """The game at the terminal (``phom.tienlen.terminal.TIENLEN_TERMINAL``)."""
        from .terminal import TIENLEN_TERMINAL

        return TIENLEN_TERMINAL

    def replay(self, game: TienLenGame) -> Any:
        """The review's replay (``phom.tienlen.review_replay.TienLenReplay``)."""
        from .review_replay import TienLenReplay

        return TienLenReplay(game)

    def session(self, rules: TienLenRules | None = None) -> Any:
        """The adapters' session (``phom.tienlen.session.TienLenSession``)."""
        from .session import TienLenSession

        return TienLenSession(rules)

    @property
    def position(self) -> type:
        """The class of its positions written as one line (``phom.tienlen.position.Position``)."""
        from .position import Position

        return Position

    def position_hint(self, position: Any, *, search: bool, lang: str = "en", seconds: float = 0.5
                      ) -> tuple[str, str]:
        """The recommended move at ``position`` and why, in ``lang`` (``phom hint POSITION``): the reason
        starts with the move in words. PositionError where the seat to move has no move."""
        from ..notation import PositionError
        from .hints import describe, tienlen_hint

        if not position.view().legal_actions:
            raise PositionError("turn", N_("seat {seat} has no move here"), seat=position.player)
        action, reason = tienlen_hint(position.game(), position.player, search=search, lang=lang)
        return str(action), f"{describe(action, lang)}: {reason}"

    def commands(self, sub: Any, parts: Any) -> None:
        """Its own commands on the command line, ``phom tienlen …`` (``phom.tienlen.commands.add_commands``)."""
        from .commands import add_commands

        add_commands(sub, parts)

    def view_data(self, view: Any) -> dict[str, Any]:
        """The view as the API sends it (``phom.tienlen.render.view_report``)."""
        return render.view_report(view)

    def view_from_data(self, data: dict[str, Any]) -> Any:
        """The ``TienLenView`` of a hosted view (``phom.hosted_views.tienlen_view_from_api``)."""
        from ..hosted_views import tienlen_view_from_api

        return tienlen_view_from_api(data)


#: Tiến lên, declared (``phom.games.GameSpec``): what phom's entry point ``phom.games: tienlen`` names.
SPEC = GameSpec(
    name="tienlen", titles={"vi": "Tiến lên", "en": "Tiến lên"}, seats=(2, 4), default_seats=4,
    verbs={"vi": {"discard": ("đánh",), "pass": ("bỏ lượt", "bỏ", "bỏ qua")},
           "en": {"discard": ("play",), "pass": ("pass",)}},
    refusal=IllegalAction, kind=TienLenKind(), record_keys=("deal", "leader", "first_game", "stakes"),
    levels=tuple(recipe.spec for recipe in TIENLEN_BOTS.levels),
    house_rules=(HouseRule("four_kind_beats_single_heo", {"vi": "tứ quý chặt được một heo", "en": "tứ quý chặt one heo"}),
                 HouseRule("chat_after_pass", {"vi": "được chặt sau khi đã bỏ lượt", "en": "chặt after a pass"}),
                 HouseRule("pass_locks_round", {"vi": "bỏ lượt là hết vòng của mình", "en": "a pass ends your round"}),
                 HouseRule("cong_leads", {"vi": "người cóng đi đầu ván sau", "en": "cóng leads the next game"}),
                 HouseRule("end_at_first_out", {"vi": "ván dừng khi có người hết bài đầu tiên",
                                                "en": "end at the first one out"}),
                 HouseRule("dem_heo", {"vi": "đếm heo", "en": "đếm heo"}),
                 HouseRule("later_toi_trang_in_first_game", {"vi": "ván đầu cũng tính tới trắng như các ván sau",
                                                             "en": "the first game counts the later games' tới trắng too"})))
