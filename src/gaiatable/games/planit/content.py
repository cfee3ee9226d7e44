"""Planit content: gauges, the deck and the dice charts, loaded from TOML and validated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import ContentError

CARDS = ("gaia", "plants", "animals", "meteor", "volcano", "solar_output", "uv_radiation", "salt_cycle", "ozone",
         "cfc", "methane", "mutant", "plague", "acid_rain", "fire", "rain_forest")
CHARTS = ("plants_lower_temp", "plants_raise_o2", "animals_raise_temp", "animals_evolve", "volcano", "meteor",
          "uv_radiation", "mutant", "heal", "winning", "methane", "plague", "acid_rain")
GAUGES = ("temperature_spaces", "just_right", "start_temperature", "o2_spaces", "sink_full", "o2_21")
EFFECT = re.compile(r"^(-|temp[+-][1-9]|o2\+[1-9]|evolve|lethal|mutant|heal|win|lose-devolutionary|mutant-evolve)$")


@dataclass(frozen=True)
class Effect:
    kind: str  # none, temp, o2, evolve, lethal, mutant, heal, win, lose-devolutionary, mutant-evolve
    amount: int = 0

    @classmethod
    def parse(cls, text: str) -> Effect:
        if text == "-":
            return cls("none")
        if text.startswith("temp"):
            return cls("temp", int(text[4:]))
        if text.startswith("o2"):
            return cls("o2", int(text[2:]))
        return cls(text)

    def __str__(self) -> str:
        if self.kind == "none":
            return "no effect"
        if self.kind in ("temp", "o2"):
            return f"{'temperature' if self.kind == 'temp' else 'O2'} {self.amount:+d}"
        return self.kind.replace("-", " ")


@dataclass(frozen=True)
class Content:
    planet_names: tuple[str, ...]
    gauges: dict
    deck: tuple[int, ...]  # count per card, CARDS order
    charts: dict  # chart name -> tuple of 6 Effects
    raw: dict

    def as_json(self) -> dict:
        return self.raw


def compile_content(data: dict, where: str) -> Content:
    """Validate the parsed content file and compile it; ContentError names the file and the entry."""
    for table in ("gauges", "deck", "charts"):
        if not isinstance(data.get(table), dict):
            raise ContentError(f"{where}: missing table [{table}]")
    names = data.get("planet_names")
    if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) and n for n in names)):
        raise ContentError(f"{where}: planet_names must list 4 names")
    gauges = {}
    for key in GAUGES:
        value = data["gauges"].get(key)
        if not isinstance(value, int) or value < 0:
            raise ContentError(f"{where}: gauges.{key} must be a whole number ≥ 0, got {value!r}")
        gauges[key] = value
    if not gauges["just_right"] < gauges["temperature_spaces"] or not gauges["o2_21"] < gauges["o2_spaces"] \
            or not 0 < gauges["sink_full"] <= gauges["o2_21"]:
        raise ContentError(f"{where}: gauges: a marked space lies outside its gauge")
    deck = []
    for card in CARDS:
        n = data["deck"].get(card)
        if not isinstance(n, int) or n < 0:
            raise ContentError(f"{where}: deck.{card} must be a count, got {n!r}")
        deck.append(n)
    unknown = sorted(set(data["deck"]) - set(CARDS)) + sorted(set(data["charts"]) - set(CHARTS))
    if unknown:
        raise ContentError(f"{where}: unknown entry {unknown[0]!r}")
    charts = {}
    for chart in CHARTS:
        rows = data["charts"].get(chart)
        if not (isinstance(rows, list) and len(rows) == 6):
            raise ContentError(f"{where}: charts.{chart} must list 6 effects, one per die roll")
        for roll, effect in enumerate(rows, 1):
            if not isinstance(effect, str) or not EFFECT.match(effect):
                raise ContentError(f"{where}: charts.{chart}, roll {roll}: unknown effect {effect!r}")
        charts[chart] = tuple(Effect.parse(e) for e in rows)
    return Content(tuple(names), gauges, tuple(deck), charts, data)
