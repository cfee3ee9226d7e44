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
        for p, pos in enumerate(board["positions"]):
            self.position_values(p, pos, slot, out)
        self.life(board["water"], slot, self.water, out)
        supply = board["supply"]
        out.run(self.supply, [scaled(supply.get(t, 0), 4) for t in self.tiles])
        for i, o in enumerate(owners):
            fossils = [0.0] * COLOURS
            for colour, n in o["fossils"].items():
                fossils[slot[colour]] = scaled(n, 8)
            out.run(self.colour + i * self.per_colour,
                    [1.0, 1.0 if o.get("bot") else 0.0, scaled(o["stars"] or 0, 8), scaled(o["score"], 40),
                     scaled(o["on_planet"], 12), *(scaled(o["pool"].get(s, 0), 5) for s in self.species), *fossils])

    def position_values(self, p: int, pos: dict, slot: dict[str, int], out) -> None:
        at = self.position + p * self.per_position
        if pos["object"] is not None:
            out.one(at + self._object[pos["object"]])
        tiles, tiles_at = pos["tiles"], len(self.objects)
        out.run(at + tiles_at, [float(tiles.count(t)) * 0.25 for t in self.tiles]
                + [scaled(pos["height"], 5), 1.0 if pos["home"] else 0.0])
        self.life(pos["life"], slot, at + tiles_at + len(self.tiles) + 2, out)

    def life(self, life: dict | None, slot: dict[str, int], at: int, out) -> None:
        if not life:
            return
        for i, species in enumerate(self.species):
            colour = life[species]
            if colour is not None:
                out.one(at + i * COLOURS + slot[colour])


ENCODER = GaiaVoraEncoder
