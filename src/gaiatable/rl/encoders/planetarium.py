"""Planetarium: the Matter on every space, the four Planets, where each of the 52 cards is as far as
the viewer knows (on a Planet with whose marker, discarded, or in the viewer's own hand), the track,
and each seat's markers, hand counts and mat."""

from __future__ import annotations

from ..encoding import Encoder, scaled, vocabulary

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")
DECKS = ("low", "high", "final")


def space_names(board: dict) -> list[str]:
    """The board's spaces in order: orbits I..VI, then each arm of orbit VII (as the game names them)."""
    names = [f"{ROMAN[o]}-{i}" for o, size in enumerate(board["orbits"]) for i in range(size)]
    arm = ROMAN[len(board["orbits"])]
    return names + [f"{arm}-{a}.{i}" for a in range(len(board["arm_entry"])) for i in range(board["arm_length"])]


class PlanetariumEncoder(Encoder):
    game_name = "planetarium"
    phases = ("deal matter", "deal cards", "discard", "first", "move", "play", "gravity", "take", "drawing", "keep",
              "finals", "dice", "marker", "over")

    def layout(self) -> None:
        content = self.game.content_json()
        self.spaces = space_names(content["board"])
        self._space = vocabulary(self.spaces)
        self.matter = sorted(content["matter"])
        self._matter = vocabulary(self.matter)
        self.planets = [p["name"] for p in content["planets"]]
        self._planet = vocabulary(self.planets)
        card_ids = [c["id"] for c in content["cards"]]
        self._card = vocabulary(card_ids)
        self.markers = float(content["rules"]["markers"])
        self.turns = float(self.game.max_turns or 500)
        n, s, m, p, c = self.players, len(self.spaces), len(self.matter), len(self.planets), len(card_ids)
        self.per_seat = 1 + 3 + p * m
        self.turn = self.add("board.turn", 1, f"turns played / {self.turns:g}").start
        self.matter_at = self.add("board.matter", s * m, "per space (orbits I..VI, then the arms of VII): its "
                                  f"Matter, one-hot over {', '.join(self.matter)}").start
        # (space, Matter) -> its index: a board's `matter` items are these pairs, looked up in one pass
        self._matter_cell = {(space, kind): self.matter_at + i * m + j
                             for i, space in enumerate(self.spaces) for j, kind in enumerate(self.matter)}
        self.planet_at = self.add("planets.space", p * s, f"per Planet ({', '.join(self.planets)}): its space, "
                                  "one-hot").start
        self.habitable = self.add("planets.habitable", p, "per Planet: its Habitable side is up").start
        self.where = self.add("cards.where", c * (p + 2), f"per card ({card_ids[0]}..{card_ids[-1]}): on Planet "
                              f"{', '.join(self.planets)}; discarded face up; in the viewer's hand").start
        self.marker = self.add("cards.marker", c * n, "per card on a Planet: the relative seat whose marker is "
                               "on it").start
        self.track = self.add("track", 3, "the track: spaces filled, face-down cards, the acceleration space, "
                              "each / its length").start
        self.decks = self.add("decks", 3, "cards left in the Low, High and Final decks / 20").start
        self.target = self.add("solo.target", 1, "solo: the target score / 110 (0 otherwise)").start
        self.final = self.add("final_turns", 2 * n, "the relative seat that started the final turns, one-hot; the "
                              "relative seats with a final turn still to play").start
        # where a card's run of `cards.where` and of `cards.marker` starts, by card id
        self._where_of = {card: self.where + i * (p + 2) for i, card in enumerate(card_ids)}
        self._marker_of = {card: self.marker + i * n for i, card in enumerate(card_ids)}
        self.seats = self.add("seats", n * self.per_seat, f"per relative seat: markers left / {self.markers:g}; "
                              "cards in hand from the Low, High, Final decks / 4; per Planet, per Matter type, "
                              "the Matter on its mat / 8").start
        # each relative seat's mat cells: planet -> Matter -> index
        self._mats = [{planet: {kind: self.seats + k * self.per_seat + 4 + i * m + j
                                for j, kind in enumerate(self.matter)}
                       for i, planet in enumerate(self.planets)} for k in range(n)]

    def write(self, obs, out) -> None:
        # written with local appends: this runs once per environment step
        board, viewer, n = obs["board"], obs["viewer"], self.players
        index, value = out.index, out.value
        add, put = index.append, value.append
        add(self.turn)
        put(scaled(board["turn"], self.turns))
        out.ones(map(self._matter_cell.__getitem__, board["matter"].items()))
        where, marker, p, s = self._where_of, self._marker_of, len(self.planets), len(self.spaces)
        cards = []
        for planet in board["planets"]:
            i = self._planet[planet["name"]]
            add(self.planet_at + i * s + self._space[planet["space"]])
            if planet["side"] == "habitable":
                add(self.habitable + i)
            for card in planet["cards"]:
                add(where[card["id"]] + i)
                if card["marker"] is not None:
                    add(marker[card["id"]] + (card["marker"] - viewer) % n)  # relative seat
        for pile in board["discards"].values():
            cards += [where[card["id"]] + p for card in pile]
        seats = self.rotate(obs["seats"], viewer)
        cards += [where[card["id"]] + p + 1 for card in seats[0]["private"]["hand"]]
        index += cards
        value.extend([1.0] * (len(index) - len(value)))  # every index appended bare above is a one
        track = board["track"]
        out.run(self.track, [scaled(track[k], track["length"]) for k in ("filled", "facedown", "acceleration")])
        out.run(self.decks, [scaled(board["decks"][d], 20) for d in DECKS])
        if board["target"] is not None:
            out.put(self.target, scaled(board["target"], 110))
        final = board["final_turns"]
        if final is not None:
            out.one(self.final + self.relative(final["by"], viewer))
            out.ones([self.final + n + self.relative(seat, viewer) for seat in final["left"]])
        markers = self.markers
        for k, seat in enumerate(seats):
            public = seat["public"]
            hand = public["hand"]
            out.run(self.seats + k * self.per_seat, [public["markers"] / markers,
                                                      *[scaled(hand[d], 4) for d in DECKS]])
            cells = self._mats[k]
            for planet, mat in public["mat"].items():  # only the Matter types it holds
                row = cells[planet]
                index += [row[kind] for kind in mat]
                value += [count / 8 if count < 8 else 1.0 for count in mat.values()]


ENCODER = PlanetariumEncoder
