"""Earth: Our Home: the habitats' counters by relative seat and level, and each genus's species."""

from __future__ import annotations

from ..encoding import Encoder, scaled, vocabulary

HABITAT_TYPES = ("marine", "tropical", "temperate")
GENE_KINDS = ("A", "B", "C", "D")
MAX_LEVEL = 5.0


class EarthOurHomeEncoder(Encoder):
    game_name = "earth-our-home"
    phases = ("first", "deal", "mutate", "place", "over")
    score_scale = 150.0

    def layout(self) -> None:
        content = self.game.content_json()
        self.habitat_ids = [h["id"] for h in content["habitats"]]
        self._habitat = vocabulary(self.habitat_ids)
        n, h = self.players, len(self.habitat_ids)
        self.epochs = float(content["rules"]["epochs"])
        self.epoch = self.add("board.epoch", 1, f"the epoch / {self.epochs:g}").start
        self.first = self.add("board.first", n, "the first seat of the epoch, by relative seat").start
        self.capacity = self.add("board.capacity", h, "each habitat's capacity / 12, habitats in content order "
                                 "(A, B, C, D, E01.., W01.., PAC)").start
        self.counters = self.add("board.counters", h * n, "per habitat, per relative seat: its counters there "
                                 "/ the capacity").start
        self.levels = self.add("board.levels", h * n, "per habitat, per relative seat: the sum of their levels "
                               f"/ ({MAX_LEVEL:g} x the capacity)").start
        self.seats = self.add("seats", n * 12, "per relative seat: species level / 5; genes of kind A, B, C, D / 4; "
                              "conflict value in marine, tropical, temperate habitats / 10; counters laid / 20; "
                              "turns played this epoch / 3; wiped out").start
        # capacities are static content: their values, and each habitat's run of counters and levels
        capacity = dict(zip(self.game.content.ids, self.game.content.capacity, strict=True))
        caps = [capacity[h] for h in self.habitat_ids]
        self._capacities = ([self.capacity + i for i in range(h)], [c / 12 if c < 12 else 1.0 for c in caps])
        self._cells = {habitat: (i * n, 1.0 / cap, 1.0 / (MAX_LEVEL * cap))
                       for i, (habitat, cap) in enumerate(zip(self.habitat_ids, caps, strict=True))}

    def write(self, obs, out) -> None:
        viewer = obs["viewer"]
        board = obs["board"]
        out.put(self.epoch, board["epoch"] / self.epochs)
        if board["first"] is not None:  # None until drawn (first_player="random")
            out.one(self.first + self.relative(board["first"], viewer))
        self.habitats(board["habitats"], viewer, out)
        for k, seat in enumerate(self.rotate(obs["seats"], viewer)):
            s = seat["public"]
            kinds = [gene[0] for gene in s["genes"]]
            conflict = s["conflict"]
            out.run(self.seats + 12 * k, [s["level"] / MAX_LEVEL, *(scaled(kinds.count(g), 4) for g in GENE_KINDS),
                                          *(scaled(conflict[t], 10) for t in HABITAT_TYPES), scaled(s["laid"], 20),
                                          scaled(s["turns"], 3), 1.0 if s["wiped"] else 0.0])

    def habitats(self, habitats: list[dict], viewer: int, out) -> None:
        """Capacity, counters and levels: the loop over every counter on the board, so written with
        local names only."""
        n, cells = self.players, self._cells
        index, value = out.index, out.value
        index += self._capacities[0]  # a capacity is at least 1
        value += self._capacities[1]
        relative = [(seat - viewer) % n for seat in range(n)]
        placed: dict[int, float] = {}  # habitat * n + relative seat -> share of the capacity
        levels: dict[int, float] = {}
        for habitat in habitats:
            counters = habitat["counters"]
            if counters:
                base, share, level_share = cells[habitat["id"]]
                for counter in counters:
                    k = base + relative[counter["seat"]]
                    placed[k] = placed.get(k, 0.0) + share
                    levels[k] = levels.get(k, 0.0) + counter["level"] * level_share
        counters_at, levels_at = self.counters, self.levels
        index += [counters_at + k for k in placed]
        value += [x if x < 1.0 else 1.0 for x in placed.values()]
        index += [levels_at + k for k in levels]
        value += [x if x < 1.0 else 1.0 for x in levels.values()]

ENCODER = EarthOurHomeEncoder
