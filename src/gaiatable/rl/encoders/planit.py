"""Planit: each planet's gauges, tokens, higher animals and (face-up) hand, and the discards."""

from __future__ import annotations

from ..encoding import Encoder, scaled, vocabulary

RANKS = ("reptiles", "birds", "mammals", "devolutionary humans", "evolutionary humans")


class PlanitEncoder(Encoder):
    game_name = "planit"
    phases = ("deal", "draw", "play", "roll", "lethal", "heal", "over")
    score_scale = 60.0

    def layout(self) -> None:
        content = self.game.content_json()
        self.cards = list(content["deck"])
        self._card = vocabulary(self.cards)
        self._copies = dict(content["deck"])
        self._rank = vocabulary(RANKS)
        self.deck_size = float(sum(content["deck"].values()))
        gauges = content["gauges"]
        self.temperatures, self.o2s = gauges["temperature_spaces"], gauges["o2_spaces"]
        self.turns = float(self.game.max_turns or 1000)
        c = len(self.cards)
        self.per_seat = self.temperatures + self.o2s + 4 + len(RANKS) + c
        self.turn = self.add("board.turn", 1, f"turns played / {self.turns:g}").start
        self.deck = self.add("board.deck", 1, f"cards left in the deck / {self.deck_size:g}").start
        self.discards = self.add("board.discards", c, f"per card kind ({', '.join(self.cards)}): discarded / its "
                                 "copies in the deck").start
        self.seats = self.add("seats", self.players * self.per_seat,
                              "per relative seat: the temperature space, one-hot; the O2 space, one-hot; ice age "
                              "happened; plant token healthy; animal token healthy; ozone layer; which of "
                              f"{', '.join(RANKS)} it has; cards of each kind in its face-up hand / 4").start

    def write(self, obs, out) -> None:
        board = obs["board"]
        out.put(self.turn, scaled(board["turn"], self.turns))
        out.put(self.deck, board["deck"] / self.deck_size)
        for card, n in board["discards"].items():
            out.put(self.discards + self._card[card], scaled(n, self._copies[card]))
        flags_at = self.temperatures + self.o2s
        ranks_at, hand_at = flags_at + 4, flags_at + 4 + len(RANKS)
        for k, seat in enumerate(self.rotate(obs["seats"], obs["viewer"])):
            s = seat["public"]
            at = self.seats + k * self.per_seat
            out.one(at + s["temperature"])
            out.one(at + self.temperatures + s["o2"])
            out.run(at + flags_at, [1.0 if s["ice_age_happened"] else 0.0,
                                    1.0 if s["plant_token"] == "healthy" else 0.0,
                                    1.0 if s["animal_token"] == "healthy" else 0.0, 1.0 if s["ozone"] else 0.0])
            for rank in s["higher_animals"]:
                out.one(at + ranks_at + self._rank[rank])
            held = {}
            for card in s["hand"]:
                held[card] = held.get(card, 0) + 1
            for card, n in held.items():
                out.put(at + hand_at + self._card[card], scaled(n, 4))


ENCODER = PlanitEncoder
