"""What a viewer sees of Earth: Our Home: everything (genes are face up, scores are open)."""

from __future__ import annotations

from ...core.game import REFEREE
from ...core.observation import Observation, observation, seat
from .content import TYPES
from .rules import P_DEAL, P_FIRST, P_OVER, P_PLACE

PHASES = ("deal", "place", "over", "first")


class View:
    __slots__ = ()

    def pending_text(self) -> str:
        if self.phase == P_DEAL:
            return "the mutation phase: deal a gene"
        if self.phase == P_FIRST:
            return "draw the first player"
        if self.phase == P_OVER:
            return "nothing: the game is over"
        laid = self.placed + 1
        if self.mutations() is not None:
            return f"mutate one of your older counters (counter {laid} of 6)"
        return f"place a counter of species {self.level[self.player]} (counter {laid} of 6, turn " \
               f"{self.turns[self.player] + 1} of 3)"

    def where_text(self) -> str | None:
        """Where the counter to place may go, in words (EO-3.3, EO-3.4, EO-3.6); None when none is to be placed."""
        if self.phase != P_PLACE or self.mutations() is not None:
            return None
        content, level = self.game.content, self.level[self.player]
        sea, land = level in content.sea_levels, level in content.land_levels
        kind = "in the sea or on land" if sea and land else "in the sea" if sea else "on land"
        homes, clause = self.homes()
        if clause == "EO-3.3":
            kind += f", in or next to a habitat holding species {level}"
        else:
            kind = f"{kind}, next to your older counters where it can" if homes else f"anywhere {kind}"
        return f"{kind}, at most {content.own_per_habitat} of it in a habitat"

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        content = self.game.content
        phase = "mutate" if self.phase == P_PLACE and self.mutations() is not None else PHASES[self.phase]
        prompt = self.pending_text() if self.phase != P_PLACE else \
            f"{self.genus(self.player)}, {self.pending_text()}"
        habitats = [dict(fixed, counters=[{"seat": c >> 3, "level": c & 7} for c in counters])
                    for fixed, counters in zip(self.game.habitat_views, self.board, strict=True)]
        first = None if self.phase == P_FIRST else self.first  # not drawn yet (EO-7.5)
        board = {"epoch": self.epoch, "epochs": content.epochs, "turns_per_epoch": content.turns_per_epoch,
                 "first": first, "habitats": habitats,
                 "placing": self.where_text(),
                 "layout": [[list(row) for row in disc] for disc in content.layout]}
        seats = [seat(s, self.genus(s), {
            "level": self.level[s], "genes": [content.gene_text(g) for g in self.genes[s]],
            "conflict": {t: self._value_in(s, t) for t in TYPES}, "laid": self.laid[s], "turns": self.turns[s],
            # every species' own, newest first: an older one has only the genes up to its epoch (EO-2.2, EO-4.2)
            "conflicts": [{"species": level, **{t: self._value_in(s, t, level) for t in TYPES}}
                          for level in range(self.level[s], 0, -1)],
            "wiped": bool(self.wiped[s]),
        }, {}) for s in range(self.game.num_players)]
        return observation(self, viewer, phase=phase, prompt=prompt, log=self.decision_log(viewer), board=board,
                           seats=seats, scores=self.scores())

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        return list(self.log) + (self.final_count() if self.phase == P_OVER else [])

    def final_count(self) -> list[str]:
        """Once the game is over, where each genus's points came from: its habitats at each epoch's count
        (EO-5.1), its hominids' last count (EO-7.1), and what extinctions and a wipe-out took (EO-6)."""
        lines = []
        for s in range(self.game.num_players):
            habitats = sum(self.scored[s])
            places = sum(s * 8 + 5 in counters for counters in self.board) if self.level[s] == 5 else 0
            hominids = self.game.content.hominid_bonus * places
            lost = habitats + hominids - self.points[s]
            parts = [f"habitats by epoch {' + '.join(map(str, self.scored[s])) or '0'}"]
            parts += [f"hominids {hominids}"] if hominids else []
            parts += [f"extinctions and wipe-outs -{lost}"] if lost else []
            lines.append(f"{self.genus(s)} scores {self.points[s]}: {', '.join(parts)}")
        return lines

    def _value_in(self, s: int, kind: str, level: int | None = None) -> int:
        """A species' conflict value (the current one's by default) in a habitat of this kind."""
        content, level = self.game.content, self.level[s] if level is None else level
        habitat = next((h for h in range(content.habitats) if TYPES[content.types[h]] == kind), None)
        return 0 if habitat is None or not level else self.conflict(s * 8 + level, habitat)


def habitat_view(content, h: int) -> dict:
    """What never changes about a habitat (built once per game: EarthOurHome.habitat_views)."""
    pacific = content.ids.index("PAC") if "PAC" in content.ids else None
    kind = TYPES[content.types[h]]
    return {"id": content.ids[h], "name": content.names[h], "type": kind, "capacity": content.capacity[h],
            "pacific_rim": pacific in content.adjacent[h],  # marked P (EO-1.2)
            "points": content.marine_points if kind == "marine" else content.land_points}  # to a species there (EO-5.1)


def lookup(content, name: str) -> str:
    """A habitat by id or the start of its name, or the genes of a kind (info C)."""
    key = name.strip().lower()
    if key.upper() in ("A", "B", "C", "D") and len(key) == 1:
        genes = [g for g, (kind, _) in enumerate(content.genes) if "ABCD"[kind] == key.upper()]
        kinds = "; ".join(sorted({content.gene_text(g) for g in genes}))
        habitat = _habitat(content, content.ids.index(key.upper())) if key.upper() in content.ids else ""
        return f"gene {key.upper()}: {kinds} ({len(genes)} cards)." + (f"\nhabitat {habitat}" if habitat else "")
    found = [h for h in range(content.habitats) if key and (content.ids[h].lower() == key
                                                             or content.names[h].lower().startswith(key))]
    if not found:
        return f"no habitat or gene {name!r}: name a habitat (info W13, info amazonia) or a gene (info A)"
    return "\n".join(_habitat(content, h) for h in found[:6])


def _habitat(content, h: int) -> str:
    near = ", ".join(content.ids[a] for a in content.adjacent[h])
    return (f"{content.ids[h]} {content.names[h]}: {TYPES[content.types[h]]}, holds {content.capacity[h]}; "
            f"touches {near}")
