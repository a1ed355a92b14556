"""What the manual generates at build time: the cards of its worked examples (drawn by ``phom.phom.render``)
the HTTP API reference (rendered from ``phom.web.api.openapi()``, the document the server serves) and the
list of games (from the registry, ``phom.games.game_specs``, as ``phom games`` lists them).

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> write_generated(out)
>>> (out / "cards" / "xoay.svg").read_text().startswith("<svg"), (out / "http-api.md").exists()
(True, True)
>>> "| `tienlen` | Tiến lên | 2–4 |" in (out / "games.md").read_text()
True
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from phom import best_lay, render
from phom.cards import CardSet
from phom.drawing import cards_svg
from phom.games import game_specs
from phom.tienlen.reference import strength
from phom.web.api import openapi

#: Phỏm examples: name -> (cards, eaten cards or None), drawn grouped as the solver arranges them.
PHOM_HANDS = {
    "meld-run": ("9S 10S JS QS", None),
    "meld-set": ("8S 8H 8D", None),
    "not-meld": ("QH KH AH", None),
    "eat-legal": ("9H 10H JH 3C 5D KS 2S 6C 8D QC", "JH"),
    "xoay": ("7D 7C 6H 7H 8H 2S 4D 10C QS KD", "7H"),
    "troi": ("7C 6H 7H 8H 2S 4D 10C QS KD", "7H"),
    "u-tron": ("3S 3H 3D 5C 6C 7C 8C 10H 10D 10S", None),
}
#: Tiến lên examples: name -> cards, drawn weakest first.
TIENLEN_CARDS = {
    "straight": "5S 6S 7H",
    "three-pairs": "3S 3C 4D 4H 5S 5C",
    "four-kind": "8S 8C 8D 8H",
    "four-pairs": "9S 9C 10D 10H JS JC QD QH",
    "heo": "2H",
    "heo-pair": "2S 2H",
    "toi-trang": "3S 3C 3D 3H 5C 7D 9S JH QC KS AD 2C 6H",
}


def _tienlen_svg(text: str) -> str:
    cards = sorted(CardSet.parse(text), key=strength)
    return cards_svg([[(c.rank, c.suit) for c in cards]], title=text)


def _schema_text(schema: Any) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=1)


def http_api_markdown(document: dict[str, Any]) -> str:
    """The API document as a Markdown page: every operation with its parameters, body and answers."""
    lines = ["# HTTP API (generated)", "",
             f"Generated at build time from `phom.web.api.openapi()`, the document `phom serve` serves at "
             f"`/api/openapi.json` (OpenAPI {document['openapi']}, API version {document['info']['version']}).",
             "", document["info"]["description"], ""]
    schemas = document["components"]["schemas"]
    for path, methods in document["paths"].items():
        for method, op in methods.items():
            lines += [f"## `{method.upper()} {path}`", "", op.get("summary", ""), ""]
            if op.get("security"):
                lines += ["Authentication: `Authorization: Bearer <seat token>`"
                          + (" (optional)" if {} in op["security"] else "") + ".", ""]
            params = op.get("parameters", [])
            if params:
                lines += ["| parameter | in | required | schema |", "|---|---|---|---|"]
                for p in params:
                    lines.append(f"| `{p['name']}` | {p['in']} | {'yes' if p.get('required') else 'no'} | "
                                 f"`{json.dumps(p.get('schema', {}), ensure_ascii=False)}` |")
                lines.append("")
            body = op.get("requestBody")
            if body:
                ref = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
                lines += [f"Request body: `{ref}`", "", "```json", _schema_text(schemas[ref]), "```", ""]
            lines += ["| status | answer |", "|---|---|"]
            for status, answer in op["responses"].items():
                lines.append(f"| {status} | {answer['description']} |")
            lines.append("")
    return "\n".join(lines) + "\n"


def games_markdown() -> str:
    """The registered games as a table: name, title, seats, levels and what each lacks."""
    lines = ["| game | title | seats | levels | lacks |", "|---|---|---|---|---|"]
    for spec in game_specs():
        lines.append(f"| `{spec.name}` | {spec.title('en')} | {spec.seats[0]}–{spec.seats[1]} | {len(spec.levels)} | "
                     f"{', '.join(sorted(spec.lacks)) or 'nothing'} |")
    return "\n".join(lines) + "\n"


def write_generated(out: pathlib.Path) -> None:
    """Write every generated file of the manual under ``out``."""
    cards = out / "cards"
    cards.mkdir(parents=True, exist_ok=True)
    for name, (hand, eaten) in PHOM_HANDS.items():
        (cards / f"{name}.svg").write_text(render.svg(hand, hand=True, eaten=eaten), encoding="utf-8")
    plan = best_lay("3S 3H 3D 5C 6C 7C 8C 10H 4D KS", table=["JH QH KH", "10S 10C 10D", "4S 4C 4H"])
    (cards / "u-by-gui.svg").write_text(render.svg(plan), encoding="utf-8")
    for name, text in TIENLEN_CARDS.items():
        (cards / f"tl-{name}.svg").write_text(_tienlen_svg(text), encoding="utf-8")
    (out / "http-api.md").write_text(http_api_markdown(openapi()), encoding="utf-8")
    (out / "games.md").write_text(games_markdown(), encoding="utf-8")
