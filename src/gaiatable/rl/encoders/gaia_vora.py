"""Gaia-Vora: the eight positions of the planet, the water, and the four colours (players from the
viewer on, then the Bots), each colour with its pool, fossils and score."""

from __future__ import annotations

from ..encoding import Encoder, scaled, vocabulary

COLOURS = 4  # colour slots: the players from the viewer on, then the Bots in board order


class GaiaVoraEncoder(Encoder):
    game_name = "gaia-vora"
    phases = ("setup", "rotate", "choose", "place", "storm", "drop", "over")
    score_scale = 40.0

    def layout(self) -> None:
        content = self.game.content_json()
        self.positions = list(content["positions"])
        self.objects = sorted(content["objects"])
        self.species = sorted(content["life_forms"])
        self.tiles = sorted(content["tiles"])
        self._object = vocabulary(self.objects)
        # offsets inside a position's run: the objects, the tile kinds, then height, home and life
        self._tile_at = {t: len(self.objects) + i for i, t in enumerate(self.tiles)}
        self._height_at = len(self.objects) + len(self.tiles)
        self._species_at = [(species, i * COLOURS) for i, species in enumerate(self.species)]
        self.turns = float(self.game.max_turns or 400)
        s, t = len(self.species), len(self.tiles)
        self.per_position = len(self.objects) + t + 2 + s * COLOURS
        self.per_colour = 5 + s + COLOURS
        self.turn = self.add("board.turn", 1, f"turns played / {self.turns:g}").start
        self.position = self.add("board.positions", len(self.positions) * self.per_position,
                                 f"per position ({', '.join(self.positions)}): its Sky Object one-hot over "
                                 f"{', '.join(self.objects)}; its tiles of each kind ({', '.join(self.tiles)}) / 4; "
                                 f"its height / 5; home position; per species ({', '.join(self.species)}) the "
                                 "colour slot of the life-form there, one-hot").start
        self.water = self.add("board.water", s * COLOURS, "per species: the colour slot of the life-form in the "
                              "water, one-hot").start
        self.supply = self.add("board.supply", t, "the supply of each tile kind / 4").start
        self.colour = self.add("colours", COLOURS * self.per_colour,
                               "per colour slot (the players from the viewer on, then the Bots): in play; a Bot; "
                               "Stars left / 8; score / 40; life-forms on the planet / 12; per species "
                               "life-forms in its pool / 5; fossils it holds of each colour slot / 8").start

    def write(self, obs, out) -> None:
        board = obs["board"]
        owners = [s["public"] for s in self.rotate(obs["seats"], obs["viewer"])] + list(board["bots"])
        slot = {owner["colour"]: i for i, owner in enumerate(owners)}
        out.put(self.turn, scaled(board["turn"], self.turns))
        self.position_values(board["positions"], slot, out)
        self.life(board["water"], slot, self.water, out)
        supply = board["supply"]
        out.run(self.supply, [scaled(supply.get(t, 0), 4) for t in self.tiles])
        species, index, value = self.species, out.index, out.value
        at = self.colour
        for o in owners:
            pool = o["pool"]
            out.run(at, [1.0, 1.0 if o["bot"] else 0.0, scaled(o["stars"] or 0, 8), scaled(o["score"], 40),
                         scaled(o["on_planet"], 12), *[scaled(pool[s], 5) for s in species]])
            fossils = at + 5 + len(species)
            for colour, n in o["fossils"].items():  # only the colours it holds
                index.append(fossils + slot[colour])
                value.append(n / 8 if n < 8 else 1.0)
            at += self.per_colour

    def position_values(self, positions: list[dict], slot: dict[str, int], out) -> None:
        """Every position's run: only the non-zero values, in one loop with local names (it is most of
        the encoding). A tile kind is written once, however many of it the stack holds."""
        index, value = out.index, out.value
        objects, tile_at, height_at, species_at = self._object, self._tile_at, self._height_at, self._species_at
        at = self.position
        for pos in positions:
            if pos["object"] is not None:
                index.append(at + objects[pos["object"]])
                value.append(1.0)
            tiles = pos["tiles"]
            for t in set(tiles):
                index.append(at + tile_at[t])
                value.append(tiles.count(t) * 0.25)
            if pos["height"]:
                index.append(at + height_at)
                value.append(scaled(pos["height"], 5))
            if pos["home"]:
                index.append(at + height_at + 1)
                value.append(1.0)
            life = pos["life"]
            if life:
                for species, offset in species_at:
                    colour = life[species]
                    if colour is not None:
                        index.append(at + height_at + 2 + offset + slot[colour])
                        value.append(1.0)
            at += self.per_position

    def life(self, life: dict | None, slot: dict[str, int], at: int, out) -> None:
        if not life:
            return
        for species, offset in self._species_at:
            colour = life[species]
            if colour is not None:
                out.index.append(at + offset + slot[colour])
                out.value.append(1.0)


ENCODER = GaiaVoraEncoder
