"""What a viewer sees of Gaia-Vora: everything is public, so every viewer sees the same."""

from __future__ import annotations

from ...core.game import REFEREE, counted
from ...core.observation import Observation, observation, seat
from .actions import WATER, location_name
from .content import SPECIES, TILES
from .rules import COLOURS, EMPTY, EV_EAT, EV_STORM, F_CHOOSE, F_DROP, F_PLACE, F_ROTATE, F_SETUP, F_STORM, FRAME_NAMES

PENDING = {F_SETUP: "set up the planet", F_ROTATE: "rotate the planet 1, 2 or 3 steps clockwise (1 or 3 spend a Star)",
           F_CHOOSE: "activate a Sky Object", F_PLACE: "place life-forms",
           F_STORM: "move the life-forms out from under the Storm", F_DROP: "choose which tile the Meteor drops"}


class View:
    __slots__ = ()

    def pending_text(self) -> str:
        if not self.frames:
            return "nothing: the game is over"
        frame = self.frames[-1]
        if frame[0] == F_PLACE:  # (F_PLACE, object, targets, pieces still to place, colours used)
            return f"{PENDING[F_PLACE]}: {self._most(frame)} more, as many as can be placed"
        if frame[0] == F_DROP:  # GV-7.1: which tile falls; where is fixed, the place under the Meteor
            return f"{PENDING[F_DROP]} onto {self.game.content.positions[self.game.meteor]}"
        return PENDING[frame[0]]

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        names = self.game.content.colours
        n = self.game.num_players
        colours = self._colours()
        prompt = f"{names[self.player]}, {self.pending_text()}" if self.frames else self.pending_text()
        board = {"turn": self.turn, "positions": self._positions(), "water": self._life(WATER),
                 "supply": {"grass": self.supply[TILES.index("grass")], "snow": self.supply[TILES.index("snow")]},
                 "bots": colours[n:]}
        return observation(
            self, viewer, phase=FRAME_NAMES[self.frames[-1][0]] if self.frames else "over", prompt=prompt,
            log=self.decision_log(viewer), board=board,
            seats=[seat(s, names[s], colours[s], {}) for s in range(n)], scores=self.scores())

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        return [self.event_text(e) for e in self.events] + self.final_count()

    def final_count(self) -> list[str]:
        """Once the game is over, how each colour's score came (GV-9.2, GV-9.3): its fossils, then its
        Life-Forms on the planet by the layers under them; the Bots' too, which score but cannot win (GV-1.5)."""
        if self.frames:
            return []
        names, heights = self.game.content.colours, [len(stack) + 1 for stack in self.stacks] + [1]
        lines = []
        for c in range(COLOURS):
            fossils = sum(self.fossils[c * COLOURS:(c + 1) * COLOURS])
            layers = [heights[i // 3] for i, colour in enumerate(self.occ) if colour == c]
            on = " + ".join(map(str, sorted(layers, reverse=True)))
            who = names[c] if c < self.game.num_players else f"{names[c]} (a Bot, which cannot win)"
            lines.append(f"{who} scores {fossils + sum(layers)}: {fossils} for fossils, {sum(layers)} for "
                         f"{counted(len(layers), 'life-form')} on the planet"
                         + (f" ({on} {'layer' if layers == [1] else 'layers'})" if layers else ""))
        return lines

    def _life(self, loc: int) -> dict:
        names = self.game.content.colours
        return {SPECIES[s]: (names[c] if (c := self.occ[loc * 3 + s]) != EMPTY else None) for s in range(3)}

    def _positions(self) -> list[dict]:
        """The eight positions clockwise from north: the Sky Object above, the stack and its life-forms
        (None on Water, whose life-forms are the board's `water`)."""
        content = self.game.content
        objects = {v: k for k, v in content.object_at.items()}
        out = []
        for p in range(8):
            loc, slot = self.location_at(p), (p - self.offset) & 7
            out.append({
                "position": content.positions[p], "object": objects.get(p),
                "tiles": [TILES[t] for t in self.stacks[slot]], "height": self.height(loc),
                "life": self._life(loc) if loc != WATER else None, "home": bool(self.home >> slot & 1),
            })
        return out

    def _colours(self) -> list[dict]:
        """Every colour, the seats' first, then the Bots (GV-1.5)."""
        names = self.game.content.colours
        n = self.game.num_players
        scores, alive = self.all_scores(), self.on_planet()
        return [{
            "colour": names[c], "bot": c >= n, "stars": self.stars[c] if c < n else None,
            "pool": {SPECIES[s]: self.pool[c * 3 + s] for s in range(3)},
            "fossils": {names[v]: k for v in range(COLOURS) if (k := self.fossils[c * COLOURS + v])},
            "score": scores[c], "on_planet": alive[c],
        } for c in range(COLOURS)]

    def event_text(self, event: tuple) -> str:
        kind, actor, victim, species, position = event
        names = self.game.content.colours
        where = location_name(position, self.game.content.positions)
        if kind == EV_STORM:
            whose = "its own" if actor == victim else f"{names[victim]}'s"
            return f"{names[actor]} moved {whose} {SPECIES[species]} from under the Storm to " \
                   f"{'the Water' if where == 'water' else where}"
        if kind == EV_EAT:
            if actor == victim:
                return f"{names[actor]} ate its own {SPECIES[species]} at {where}: back to the pool"
            return f"{names[actor]} ate {names[victim]}'s {SPECIES[species]} at {where}"
        fate = "back to the pool" if actor == victim else f"to {names[actor]}'s fossils"
        return f"the Meteor killed {names[victim]}'s {SPECIES[species]} at {where}: {fate}"


SKY = {
    "sun": "Sun (GV-5): place up to 4 life-forms of your own colour, one per location, under it and on the "
           "locations touching it; as many as you can.",
    "rainbow": "Rainbow (GV-5.4): like the Sun, but 4 life-forms of 4 different colours, the Bots' included.",
    "storm": "Storm (GV-6): move each life-form under it to a location touching it that has none of its species.",
    "meteor": "Meteor (GV-7): drop a Grass or Snow tile, or a lone starting tile, onto the location under it; "
              "what lives there dies (to your fossils; your own go back to your pool).",
    "moon": "Moon (GV-8): cannot be chosen; where it looks, the HerbiVore eats the Plant, then the CarniVore "
            "the HerbiVore, and the eaten go to the eater's fossils.",
    "carnivore": "CarniVore: eats the HerbiVore at its location under the Moon (GV-8.3).",
    "herbivore": "HerbiVore: eats the Plant at its location under the Moon, and is eaten by the CarniVore (GV-8.3).",
    "plant": "Plant: eaten by the HerbiVore at its location under the Moon (GV-8.3).",
    "stars": "Stars (GV-3.2): rotating 2 steps is free; 1 or 3 steps cost a Star.",
    "stone": "Stone and Sand start on the planet, one per slot; a lone starting tile may be moved by the Meteor "
             "(GV-7.2).",
    "sand": "Sand: see stone.",
    "grass": "Grass and Snow wait off the board; the Meteor drops them, and the game ends in the turn the last "
             "one lands (GV-9.1). A stack never holds two tiles of a kind (GV-7.3).",
    "snow": "Snow: see grass.",
    "water": "Water: every slot without tiles; all of it is one location, touching every land (GV-2.2).",
}


PLACES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # clockwise from north (GV-1.7)


def lookup(name: str) -> str:
    key = name.strip().lower()
    if key.upper() in PLACES:  # "info NE": a place round the planet, and its neighbours
        i = PLACES.index(key.upper())
        after = PLACES[(i + 1) % 8]
        return (f"{key.upper()}: one of the eight places round the planet (GV-1.7), between {PLACES[i - 1]} and "
                f"{after}; a land here touches both and the Water (GV-2.3). A rotation step moves what is here to "
                f"{after} (GV-3.3).")
    found = [text for word, text in SKY.items() if word.startswith(key)] if key else []
    return "\n".join(found) or f"nothing named {name!r}; try: {', '.join(SKY)}, or a place (N, NE, …)"
