"""Phanerozoic: the living species with their traits, the piles, each seat's public counts, and the
viewer's own hand, kept cards, secret choice and goals (never another seat's)."""

from __future__ import annotations

from ..encoding import Encoder, scaled, vocabulary


def card_loc(text: str) -> int:
    """A card's number, from its text ('Triamya (31)' -> 31)."""
    return int(text[text.rindex("(") + 1:-1])


def card_name(text: str) -> str:
    """A card's name, from its text ('Triamya (31)' -> 'Triamya')."""
    return text[:text.rindex(" (")]


class PhanerozoicEncoder(Encoder):
    game_name = "phanerozoic"
    phases = ("goals", "draw", "choose", "draft", "automa", "action", "goal", "target", "bonus", "use", "choice",
              "over")
    score_scale = 20.0

    def layout(self) -> None:
        content = self.game.content_json()
        self._species = vocabulary([s["name"] for s in content["species"]])
        locs = sorted(x["loc"] for key in ("species", "mutations", "events") for x in content[key])
        self._card_of_loc = {loc: i for i, loc in enumerate(locs)}
        self._card: dict[str, int] = {}  # card text -> index, filled as texts are met
        self._goal = vocabulary([g["name"] for g in content["goals"]])
        traits = {t for m in content["mutations"] for t in (m["plant"], m["animal"])} - {"star"}
        growths = sorted({s["growth"] for s in content["species"]})
        icons = sorted({a for s in content["species"] for a in s["attributes"]} | traits | set(growths))
        self._icon, self._growth = vocabulary(icons), vocabulary(growths)
        self.rounds = float(max(content["rules"]["rounds"]))
        n, s, c, g = self.players, len(self._species), len(locs), len(self._goal)
        self.per_species = 6 + len(icons) + len(growths)
        self.cards = c
        self.round = self.add("board.round", 2, f"the round, and the rounds in this game, / {self.rounds:g}").start
        self.start = self.add("board.start", n, "the start player, by relative seat").start
        self.species = self.add("species", s * self.per_species,
                                "per species (content order): in play; extinct; population / 8; stars / 6; lives "
                                f"in water; mutations on it / 10; its icons ({', '.join(icons)}); its growth, "
                                f"one-hot ({', '.join(growths)})").start
        self.discard = self.add("piles.discard", c, "per card (in card-number order): in the discard pile").start
        self.pool = self.add("piles.pool", c, "per card: in the draft pool").start
        self.deck = self.add("piles.deck", 1, "cards left in the deck / 80").start
        if n == 1:
            self.automa = self.add("automa", g + c + 2, "solo: the Automa's face-up goals; its cards; face-down "
                                   "goals / 3; its score / 20").start
        self.chosen = self.add("seats.chosen", n * c, "per relative seat: the cards it has chosen, face up").start
        self.counts = self.add("seats.counts", n * 4, "per relative seat: hand / 10, kept / 3, goals / 2, "
                               "has chosen").start
        self.hand = self.add("own.hand", c, "the viewer's hand").start
        self.kept = self.add("own.kept", c, "the viewer's kept cards").start
        self.choice = self.add("own.choice", c, "the viewer's secret choice this round, one-hot").start
        self.goals = self.add("own.goals", g, "the viewer's goals (content order)").start

    def card(self, text: str) -> int:
        index = self._card.get(text)
        if index is None:
            index = self._card[text] = self._card_of_loc[card_loc(text)]
        return index

    def cards_at(self, at: int, texts, out) -> None:
        for text in texts:
            out.one(at + self.card(text))

    def write(self, obs, out) -> None:
        board, viewer = obs["board"], obs["viewer"]
        out.run(self.round, [board["round"] / self.rounds, board["rounds"] / self.rounds])
        out.one(self.start + self.relative(board["start"], viewer))
        self.living(board["plants"], board["animals"], board["extinct"], out)
        self.cards_at(self.discard, board["discard"], out)
        self.cards_at(self.pool, board["pool"], out)
        out.put(self.deck, scaled(board["deck"], 80))
        if self.players == 1:
            automa = board["automa"]
            self.goals_at(self.automa, automa["goals"], out)
            self.cards_at(self.automa + len(self._goal), automa["cards"], out)
            out.run(self.automa + len(self._goal) + self.cards,
                    [scaled(automa["hidden_goals"], 3), scaled(automa["score"], 20)])
        seats = self.rotate(obs["seats"], viewer)
        for k, seat in enumerate(seats):
            p = seat["public"]
            self.cards_at(self.chosen + k * self.cards, p["chosen"], out)
            out.run(self.counts + 4 * k, [scaled(p["hand"], 10), scaled(p["kept"], 3), scaled(p["goals"], 2),
                                          1.0 if p["has_chosen"] else 0.0])
        own = seats[0]["private"]
        self.cards_at(self.hand, own["hand"], out)
        self.cards_at(self.kept, own["kept"], out)
        if own["choice"]:
            out.one(self.choice + self.card(own["choice"]))
        self.goals_at(self.goals, own["goals"], out)

    def goals_at(self, at: int, goals: list[dict], out) -> None:
        for goal in goals:
            out.one(at + self._goal[goal["name"]])

    def living(self, plants: list[dict], animals: list[dict], extinct: list[str], out) -> None:
        per = self.per_species
        icons_at = 6
        growth_at = icons_at + len(self._icon)
        for text in extinct:
            out.one(self.species + self._species[card_name(text)] * per + 1)
        for card in plants + animals:
            at = self.species + self._species[card_name(card["card"])] * per
            out.one(at)
            out.run(at + 2, [scaled(card["population"], 8), scaled(card["stars"], 6),
                             1.0 if card["habitat"] == "water" else 0.0, scaled(len(card["mutations"]), 10)])
            for icon in card["icons"]:
                out.one(at + icons_at + self._icon[icon])
            out.one(at + growth_at + self._growth[card["growth"]])


ENCODER = PhanerozoicEncoder
