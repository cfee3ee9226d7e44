"""Gaia-Vora content: loaded from content/gaia_vora.toml, validated, compiled into frozen tables."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import ContentError

SPECIES = ("carnivore", "herbivore", "plant")
CARNIVORE, HERBIVORE, PLANT = range(3)
TILES = ("stone", "sand", "grass", "snow")  # layer order from the bottom
STONE, SAND, GRASS, SNOW = range(4)
OBJECTS = ("moon", "meteor", "rainbow", "storm", "sun")


@dataclass(frozen=True)
class Content:
    colours: tuple[str, ...]
    life_forms: tuple[int, ...]  # per species, SPECIES order
    tiles: tuple[int, ...]  # per tile colour, TILES order
    positions: tuple[str, ...]
    object_at: dict  # object name -> position index

    def as_json(self) -> dict:
        return {
            "colours": list(self.colours),
            "life_forms": dict(zip(SPECIES, self.life_forms, strict=True)),
            "tiles": dict(zip(TILES, self.tiles, strict=True)),
            "positions": list(self.positions),
            "objects": {k: self.positions[v] for k, v in sorted(self.object_at.items())},
        }


def compile_content(data: dict, where: str) -> Content:
    """Validate the parsed content file and compile it; ContentError names the file and the entry."""

    def need(table: dict, key: str, path: str):
        if key not in table:
            raise ContentError(f"{where}: missing {path}{key}")
        return table[key]

    colours = need(data, "colours", "")
    if not (isinstance(colours, list) and len(colours) == 4 and len(set(colours)) == 4):
        raise ContentError(f"{where}: colours must list 4 distinct names, got {colours!r}")
    life = need(data, "life_forms", "")
    tiles = need(data, "tiles", "")
    counts = []
    for table, names, path in ((life, SPECIES, "life_forms."), (tiles, TILES, "tiles.")):
        for name in names:
            n = need(table, name, path)
            if not isinstance(n, int) or n < 0:
                raise ContentError(f"{where}: {path}{name} must be a count, got {n!r}")
        counts.append(tuple(table[n] for n in names))
    sky = need(data, "sky", "")
    positions = need(sky, "positions", "sky.")
    if not (isinstance(positions, list) and len(positions) == 8 and len(set(positions)) == 8):
        raise ContentError(f"{where}: sky.positions must list 8 distinct names")
    objects = need(sky, "objects", "sky.")
    object_at = {}
    for name in OBJECTS:
        pos = need(objects, name, "sky.objects.")
        if pos not in positions:
            raise ContentError(f"{where}: sky.objects.{name} = {pos!r} is not one of sky.positions")
        object_at[name] = positions.index(pos)
    if len(set(object_at.values())) != len(OBJECTS):
        raise ContentError(f"{where}: two Sky Objects share a position")
    stone, sand = counts[1][0], counts[1][1]
    if stone + sand != 8 or stone != sand:
        raise ContentError(f"{where}: the 8 perimeter positions need 4 stone and 4 sand tiles (GV-1.2)")
    return Content(tuple(colours), counts[0], counts[1], tuple(positions), object_at)
