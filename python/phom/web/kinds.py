"""The games ``phom serve`` hosts, each behind one interface: its rules as data, its fair deal, its action
texts, its bots, and a seat's view as the API sends it. The host, the store and the application are
written once for both; a stored game names its kind.

>>> kind = KINDS["tienlen"]
>>> game = kind.deal(kind.rules({"players": 3}), 0, "00" * 32, "alice")
>>> game.players, kind.parse_action("play 3S 3C"), kind.default_bot
(3, Play(cards=CardSet('3S 3C')), 'greedy')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .. import render
from ..actions import Action
from ..bots import make_bot
from ..fairness import dealt_game, dealt_tienlen_game
from ..language import translator
from ..report import view_report
from ..rules import Rules
from ..tienlen import render as tienlen_render
from ..tienlen.bots import make_tienlen_bot
from ..tienlen.game import TienLenGame, parse_action
from ..tienlen.rules import TienLenRules

__all__ = ["KINDS", "GameKind", "PhomKind", "TienLenKind"]


class GameKind(Protocol):
    """What the service needs of a game."""

    name: str
    default_bot: str
    #: the table clock's default (seconds a turn) at a table of two or more people
    turn_seconds: int

    def rules(self, data: Any) -> Any: ...
    def rules_data(self, rules: Any) -> dict[str, Any]: ...
    def deal(self, rules: Any, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> Any: ...
    def next_leader(self, game: Any) -> int: ...
    def parse_action(self, text: str) -> Any: ...
    def action_of_id(self, number: int) -> Any: ...
    def make_bot(self, name: str) -> Any: ...
    def move_text(self, player: int, action: Any, lang: str = "en") -> str: ...
    def report(self, game: Any, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        """The seat's view as data (``html`` when ``drawn``), with the game's big ``moments`` so far and,
        once it is over, the ``result`` and every payment in words (``payments``)."""
    def rules_words(self, rules: Any, lang: str = "en") -> list[str]: ...


class PhomKind:
    """Phỏm: ``Rules``, ``Game``, ``Action`` texts and ids, ``make_bot``."""

    name = "phom"
    default_bot = "greedy"
    turn_seconds = 30

    def rules(self, data: Any) -> Rules:
        return Rules() if data is None else Rules.from_dict(data)

    def rules_data(self, rules: Rules) -> dict[str, Any]:
        return rules.to_dict()

    def deal(self, rules: Rules, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> Any:
        return dealt_game(rules, leader, server_seed, client_seed)

    def next_leader(self, game: Any) -> int:
        """The previous game's winner leads (RULES 2)."""
        return int(game.result.winner)

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
        view = game.view(seat)
        report = view_report(view, lang)
        report["game"] = "phom"
        if drawn:
            report["html"] = render.html(view, revealed=game.hands if game.is_over else None, lang=lang,
                                         styled=False)          # the page links /table.css
        report["moments"] = render.moments(game, lang)
        if game.result is not None:
            result = game.result
            report["result"] = {**result.to_dict(), "winner": result.winner, "text": render.result_text(game, lang)}
            report["payments"] = render.payment_lines(game, lang)
            report["final_hands"] = [h.codes for h in game.hands]
        return report


class TienLenKind:
    """Tiến lên: ``TienLenRules``, first games of ``TienLenGame``, ``play CARDS`` / ``pass``,
    ``make_tienlen_bot``."""

    name = "tienlen"
    default_bot = "greedy"
    turn_seconds = 20

    def rules_words(self, rules: TienLenRules, lang: str = "en") -> list[str]:
        """The table's house rules as players say them.

        >>> TienLenKind().rules_words(TienLenRules(dem_heo=True))[-1]
        'đếm heo'
        """
        _ = translator(lang)
        words = [_("tứ quý chặt one heo") if rules.four_kind_beats_single_heo else _("tứ quý does not chặt one heo")]
        words += [_("chặt after a pass")] if rules.chat_after_pass else []
        words.append(_("a pass ends your round") if rules.pass_locks_round else _("you may play again after a pass"))
        words += [_("cóng leads the next game")] if rules.cong_leads else []
        words += [_("ends at the first one out")] if rules.end_at_first_out else []
        words += ["đếm heo"] if rules.dem_heo else []
        return words

    def rules(self, data: Any) -> TienLenRules:
        return TienLenRules() if data is None else TienLenRules.from_dict(data)

    def rules_data(self, rules: TienLenRules) -> dict[str, Any]:
        return rules.to_dict()

    def deal(self, rules: TienLenRules, leader: int, server_seed: str, client_seed: str, *, first_game: bool = True
             ) -> TienLenGame:
        return dealt_tienlen_game(rules, server_seed, client_seed, first_game=first_game, leader=leader)

    def next_leader(self, game: TienLenGame) -> int:
        """The previous game's nhất leads, or a cóng player with ``cong_leads`` (the Tiến lên rules: the leader)."""
        assert game.result is not None
        return game.result.next_leader(game.rules)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def action_of_id(self, number: int) -> Any:
        raise ValueError("Tiến lên actions are sent as text: 'pass' or 'play CARDS'")

    def make_bot(self, name: str) -> Any:
        return make_tienlen_bot(name)

    def move_text(self, player: int, action: Any, lang: str = "en") -> str:
        return tienlen_render.move_text(player, action, lang)

    def report(self, game: TienLenGame, seat: int, *, drawn: bool, lang: str = "en") -> dict[str, Any]:
        view = game.view(seat)
        report = tienlen_render.view_report(view, lang)
        revealed: Sequence[Any] | None = game.hands if game.is_over else None
        if drawn:
            report["html"] = tienlen_render.html(view, revealed=revealed, lang=lang, styled=False)
        report["moments"] = tienlen_render.moments(game, lang)
        if game.result is not None:
            report["result"] = {**game.result.to_dict(), "winner": game.result.winner,
                                "text": tienlen_render.result_text(game, lang)}
            report["payments"] = tienlen_render.payment_lines(game, lang)
            report["final_hands"] = [h.codes for h in game.hands]
        return report


KINDS: dict[str, GameKind] = {"phom": PhomKind(), "tienlen": TienLenKind()}
