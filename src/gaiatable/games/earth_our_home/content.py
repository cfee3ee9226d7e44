"""Earth: Our Home content: the habitats of the map with their adjacency, and the 32 gene cards, loaded
from TOML, validated (every adjacency both ways) and compiled into tables indexed by int."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.content import count, get
from ...core.errors import ContentError

TYPES = ("marine", "tropical", "temperate")
MARINE, TROPICAL, TEMPERATE = range(3)
GENE_KINDS = ("A", "B", "C", "D")
GENE_A, GENE_B, GENE_C, GENE_D = range(4)
SEATS = 4


@dataclass(frozen=True)
class Content:
    ids: tuple[str, ...]  # per habitat: "W13", "A", "PAC"
    names: tuple[str, ...]
    types: tuple[int, ...]
    capacity: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]
    genera: tuple[str, ...]  # per seat: the genus symbol
    layout: tuple[tuple[tuple[str, ...], ...], ...]  # per disc, rows of habitat ids ("--": no habitat)
    genes: tuple[tuple[int, int], ...]  # per gene card: (kind, symbol's seat or -1)
    epochs: int
    counters_per_turn: int
    turns_per_epoch: int
    own_per_habitat: int
    extinction_penalty: int
    land_points: int
    marine_points: int
    hominid_bonus: int
    sea_levels: frozenset[int]
    land_levels: frozenset[int]
    raw: dict

    @property
    def habitats(self) -> int:
        return len(self.ids)

    def as_json(self) -> dict:
        return self.raw

    def gene_text(self, gene: int) -> str:
        kind, symbol = self.genes[gene]
        if kind == GENE_A:
            return "A (+2 in temperate habitats)"
        if kind == GENE_B:
            return "B (+2 in tropical habitats)"
        return f"{GENE_KINDS[kind]} {self.genera[symbol]} (+1 anywhere, +2 instead if held by {self.genera[symbol]})"


def compile_content(data: dict, where: str) -> Content:
    """Validate the parsed content file and compile it; ContentError names the file and the entry."""
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise ContentError(f"{where}: missing table [rules]")
    at = f"{where}: [rules]"
    habitats = data.get("habitats")
    if not isinstance(habitats, list) or not habitats:
        raise ContentError(f"{where}: missing [[habitats]]")
    ids = [get(h, "id", str, f"{where}: habitats[{i}]") for i, h in enumerate(habitats)]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{where}: a habitat id is used twice")
    index = {hid: i for i, hid in enumerate(ids)}
    capacity = count(rules, "capacity", at)
    names, types, caps, adjacent = [], [], [], []
    for i, h in enumerate(habitats):
        here = f"{where}: habitats[{i}] ({ids[i]})"
        names.append(get(h, "name", str, here))
        kind = get(h, "type", str, here)
        if kind not in TYPES:
            raise ContentError(f"{here}: type {kind!r} is not one of {', '.join(TYPES)}")
        types.append(TYPES.index(kind))
        caps.append(count(h, "capacity", here, capacity))
        links = get(h, "adjacent", list, here)
        unknown = [a for a in links if a not in index]
        if unknown:
            raise ContentError(f"{here}: adjacent names no habitat {unknown[0]!r}")
        adjacent.append(tuple(sorted(index[a] for a in links if a != ids[i])))
        if get(h, "pacific_rim", bool, here, False) != ("PAC" in links) and ids[i] != "PAC":
            raise ContentError(f"{here}: pacific_rim must say whether it touches the Pacific (PAC)")
    for i, links in enumerate(adjacent):
        for j in links:
            if i not in adjacent[j]:
                raise ContentError(f"{where}: {ids[i]} touches {ids[j]} but not the other way round")
    genera = get(data, "genera", list, where)
    if len(genera) != SEATS or len(set(genera)) != SEATS:
        raise ContentError(f"{where}: genera must name 4 different genus symbols")
    return Content(
        ids=tuple(ids), names=tuple(names), types=tuple(types), capacity=tuple(caps), adjacent=tuple(adjacent),
        genera=tuple(genera), layout=_layout(data.get("layout", []), index, where),
        genes=_genes(data.get("genes"), genera, where), epochs=count(rules, "epochs", at),
        counters_per_turn=count(rules, "counters_per_turn", at), turns_per_epoch=count(rules, "turns_per_epoch", at),
        own_per_habitat=count(rules, "own_per_habitat", at),
        extinction_penalty=count(rules, "extinction_penalty", at),
        land_points=count(get(rules, "points", dict, at), "land", at),
        marine_points=count(get(rules, "points", dict, at), "marine", at),
        hominid_bonus=count(rules, "hominid_bonus", at),
        sea_levels=frozenset(get(rules, "sea_levels", list, at)),
        land_levels=frozenset(get(rules, "land_levels", list, at)),
        raw=data,
    )


def _layout(discs, index: dict, where: str) -> tuple:
    """The drawing of the discs: every id in it must be a habitat (the Pacific box is drawn apart)."""
    if not isinstance(discs, list) or not all(isinstance(d, list) and all(isinstance(r, str) for r in d)
                                              for d in discs):
        raise ContentError(f"{where}: layout must list discs, each a list of rows of habitat ids")
    rows = tuple(tuple(tuple(row.split()) for row in disc) for disc in discs)
    unknown = [hid for disc in rows for row in disc for hid in row if hid != "--" and hid not in index]
    if unknown:
        raise ContentError(f"{where}: layout names no habitat {unknown[0]!r}")
    return rows


def _genes(table, genera: list[str], where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(table, dict):
        raise ContentError(f"{where}: missing table [genes]")
    at = f"{where}: [genes]"
    genes = [(GENE_A, -1)] * count(table, "A", at) + [(GENE_B, -1)] * count(table, "B", at)
    for kind in (GENE_C, GENE_D):
        for symbol in get(table, GENE_KINDS[kind], list, at):
            if symbol not in genera:
                raise ContentError(f"{at}: {GENE_KINDS[kind]} names {symbol!r}, which is not one of the genera")
            genes.append((kind, genera.index(symbol)))
    if not 4 <= len(genes) <= 64:
        raise ContentError(f"{at}: between 4 and 64 genes are supported, got {len(genes)}")
    return tuple(genes)
