"""What a viewer sees of Phanerozoic: the rows, the piles and the chosen cards are public; hands,
secret choices, kept cards and goals only their own seat sees, until the end (PH-8.2, PH-10.1)."""

from __future__ import annotations

import re
from functools import reduce
from operator import or_

from ...core.game import REFEREE
from ...core.observation import Observation, observation, seat
from .content import (
    ANIMAL,
    EATS_ANIMALS,
    EATS_BOTH,
    EATS_PLANTS,
    KINDS,
    MUTATION,
    PLANT,
    ROWS,
    SPECIES,
    STAR,
    bits,
    growth_words,
    side_name,
)
from .content import ICONS as ICON_NAMES
from .rules import (
    F_BONUS,
    F_CHOICE,
    F_TARGET,
    F_USE,
    P_ACTION,
    P_AUTOMA,
    P_CHOOSE,
    P_DRAFT,
    P_DRAW,
    P_GOAL,
    P_GOALS,
    P_OVER,
)

PHASE_NAMES = ("goals", "draw", "choose", "draft", "automa", "action", "goal", "over")
FRAME_NAMES = ("target", "bonus", "use", "choice")


class View:
    __slots__ = ()

    def pending_text(self) -> str:
        if self.frames:
            kind = self.frames[-1][0]
            label = self.game.content.label(self.frames[-1][1])
            kind_of = self.game.content.kinds[self.frames[-1][1]]
            target = {SPECIES: f"choose the parent {label} evolves from",  # PH-6, PH-4, PH-5
                      MUTATION: f"choose the card {label} is tucked under"}.get(kind_of,
                                                                              f"choose the card {label} acts on")
            bonus = self.game.content.bonus[self.frames[-1][1]]
            return {F_TARGET: target,
                    F_BONUS: f"choose the living card that gets {label}'s discard bonus ({bonus:+d} population)",
                    F_USE: f"keep, discard or play {label}", F_CHOICE: "the Automa reveals a card to choose by"}[kind]
        if self.phase == P_CHOOSE and self.game.solo:
            return f"choose a card to play ({self.step + 1} of {self.game.content.automa_picks})"
        if self.phase == P_DRAFT and not self.game.solo:  # PH-2.5: the snake order, said where it is played
            picks = 2 * self.game.num_players
            order = ", ".join(f"seat {self.drafter_at(i)}" for i in range(picks))
            nth = ("1st", "2nd", "3rd")[self.step] if self.step < 3 else f"{self.step + 1}th"
            return f"draft a card from the middle (the {nth} of {picks} picks, in the order: {order})"
        if self.phase == P_ACTION and not self.game.solo:  # PH-3.1: whose turns come, said as the draft's are
            order = ", ".join(f"seat {s}" for s in self.actors_left())
            return f"keep, discard or play one of your chosen cards (the actions left, in turn: {order})"
        return {P_GOALS: "deal the goals", P_DRAW: "draw cards", P_CHOOSE: "secretly choose a card",
                P_DRAFT: "draft a card from the middle", P_AUTOMA: "the Automa reveals a card",
                P_ACTION: "keep, discard or play one of your chosen cards", P_GOAL: "choose the goal you keep",
                P_OVER: "nothing: the game is over"}[self.phase]

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        c, n = self.game.content, self.game.num_players
        over = self.phase == P_OVER

        def sees(s: int) -> bool:
            return viewer == REFEREE or viewer == s or over

        cards = self._cards
        board = {
            "round": self.round, "rounds": c.rounds[n - 1], "start": self.start,
            "plants": [self._living(t) for t in self.row_cards(PLANT)],
            "animals": [self._living(t) for t in self.row_cards(ANIMAL)],
            "extinct": cards(self.extinct), "discard": cards(self.discard), "deck": self.deck.bit_count(),
            "pool": cards(self.pool), "automa": self._automa(viewer) if self.game.solo else None,
            "unplayable": self._unplayable(self.pool | reduce(or_, self.chosen, 0)),
            # none once the round's nature has acted (a goal to keep, PH-8.1): the next round's cards come first
            "forecast": [] if over or self.phase == P_GOAL else self.nature_forecast(),
        }
        seats = [seat(s, f"seat {s}", self._public(s), self._private(s) if sees(s) else None) for s in range(n)]
        phase = FRAME_NAMES[self.frames[-1][0]] if self.frames else PHASE_NAMES[self.phase]
        return observation(self, viewer, phase=phase, prompt=self.pending_text(),
                           log=self.decision_log(viewer), board=board,
                           seats=seats, scores=[self.points_held(s) if sees(s) else None for s in range(n)])

    def nature_forecast(self) -> list[str]:
        """What this round's nature phase would do if nobody played another card (PH-7): public, as the living
        cards it acts on are."""
        ahead = self.copy()
        ahead.log = []
        ahead._nature()
        return ahead.log[1:-1]  # less its heading and the rows' summary

    def previewable(self, action: int) -> bool:
        """A chosen card's use (kept, discarded, played, its target) shows only what the table shows: the card
        is face up (PH-2.4, PH-3.1), the rows are public. Not a move that ends the game: the final count tells
        every goal (PH-8.2); nor one that asks for its target first: it has brought nothing about yet."""
        if self.phase != P_ACTION:
            return False
        after = self.copy()
        after.apply_legal(action)
        return after.phase != P_OVER and len(after.frames) <= len(self.frames)

    def foresee(self, after) -> list[str]:
        """How a move changes what this round's nature phase will leave of each card (PH-7), while it has yet
        to act: "after this round's nature: Bryophyta (41) survives at 2 (without this move: extinct)"."""
        if after.round != self.round or after.phase in (P_GOAL, P_OVER):
            return []  # the move ended the round: its log tells what nature did
        was, will = self._after_nature(), after._after_nature()
        label = self.game.content.label

        def change(card: int) -> str:
            now, then = will.get(card), was.get(card)
            if then is None:
                return f"{label(card)} new, {'dying out' if now == 'extinct' else f'at {now}'}"
            ends = {None: "leaves the rows", "extinct": "dies out"}.get(now, f"at {now}")
            return f"{label(card)} {'survives ' if then == 'extinct' and now else ''}{ends} (without this move: {then})"

        changed = [change(card) for card in sorted(was.keys() | will.keys()) if was.get(card) != will.get(card)]
        return [f"after this round's nature: {', '.join(changed)}"] if changed else []

    def _after_nature(self) -> dict[int, int | str]:
        """Each card living now, with its population once this round's nature phase has acted, or "extinct"."""
        ahead = self.copy()
        ahead._nature()
        return {card: ahead.pop.get(card, "extinct") for card in self.pop}

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        return list(self.log) + (self.final_count() if self.phase == P_OVER else [])

    def points_held(self, s: int) -> int:
        """What a seat's goals give as the table stands: of two goals, the better, since one is kept (PH-8.1)."""
        goals = self.goals[s]
        return max(map(self.goal_score, goals)) if len(goals) > 1 else self.goal_points(goals)

    def final_count(self) -> list[str]:
        """How each score came, goal by goal, once the game is over (PH-8.2, PH-9.6)."""
        owners = [(f"seat {s}", self.goals[s]) for s in range(self.game.num_players)]
        if self.game.solo:
            owners.append(("the Automa", self.automa_goals))
        return [f"{who} scores {self.goal_points(goals)}: " + " · ".join(map(self._goal_count, goals))
                for who, goals in owners]

    def _goal_count(self, g: int) -> str:
        """A goal's points and what made them, in its lines' words: "Living Fossils 5 (alive leaves-cards: Algae (2) +4;
        alive fins-cards: Trilobita (5) +1)"."""
        c = self.game.content
        goal, made = c.goals[g], []
        for line, words in zip(goal.lines, goal_lines(c, goal), strict=True):
            cards, what = self.counted(line), words.split(": ")[0]
            each = f"{line.points:+d}" if len(cards) == 1 else f"{len(cards)} × {line.points:+d}"
            if cards:
                named = "" if line.species >= 0 else f": {', '.join(map(c.label, cards))}"
                made.append(f"{what}{named} {each}")
        return f"{goal.name} {self.goal_score(g)} ({'; '.join(made) or 'nothing it counts'})"

    def _cards(self, mask: int) -> list[str]:
        return [self.game.content.label(card) for card in bits(mask)]

    def _unplayable(self, mask: int) -> dict[str, str]:
        """The cards of `mask` that could not be played as the table stands, each with what forbids it (PH-3.4):
        a pick in the draft or a card in the hand is weighed before it is chosen."""
        c = self.game.content
        return {c.label(card): "{} ({})".format(*self._why_unplayable(card))
                for card in bits(mask) if not self.options(card)}

    def _living(self, card: int) -> dict:
        c = self.game.content
        return {
            "card": c.label(card), "common": c.commons[card], "population": self.pop[card],
            "stars": self.stars(card), "habitat": ("water", "land")[c.habitat[card]],
            "icons": [icon for i, icon in enumerate(ICON_NAMES) if self.icons(card) >> i & 1],
            "growth": ICON_NAMES[self.growth(card)], "mutations": [c.label(m) for m in self.tucked[card]],
        }

    def _public(self, s: int) -> dict:
        """What everyone sees of a seat: its face-up chosen cards, and how many cards and goals it hides."""
        return {"chosen": self._cards(self.chosen[s]), "hand": self.hands[s].bit_count(),
                "kept": self.kept[s].bit_count(), "goals": len(self.goals[s]), "has_chosen": self.picks[s] >= 0}

    def _private(self, s: int) -> dict:
        c = self.game.content
        return {"hand": self._cards(self.hands[s]), "kept": self._cards(self.kept[s]),
                "choice": c.label(self.picks[s]) if self.picks[s] >= 0 else None,
                "unplayable": self._unplayable(self.hands[s] | self.kept[s]),
                "goals": [self.goal_view(g) for g in self.goals[s]]}

    def _automa(self, viewer: int | str) -> dict:
        """Solo: the Automa's goals (one may stay face down, PH-9.1) and the cards it will reveal."""
        hidden = 0 if self.phase == P_OVER or viewer == REFEREE else self.game.hidden_automa_goals
        return {"goals": [self.goal_view(g) for g in self.automa_goals[hidden:]], "hidden_goals": hidden,
                "cards": self._cards(self.automa), "score": self.automa_score() if not hidden else None}

    def goal_view(self, goal: int) -> dict:
        content = self.game.content
        return {"name": content.goals[goal].name, "lines": goal_lines(content, content.goals[goal]),
                "points": self.goal_score(goal)}  # as the table stands

def lookup(content, name: str) -> str:
    """A card by its location number or the start of its name, or a goal by name: everything printed on it."""
    key = name.strip().lower()
    label = re.search(r"\((\d+)\)$", key)  # a card as the views name it: "Wattieza (36)"
    key = label.group(1) if label else key
    if key.isdecimal():
        cards = [c for c in range(content.size) if content.locs[c] == int(key)]
    else:
        cards = [c for c in range(content.size) if key and (content.names[c].lower().startswith(key)
                                                              or content.commons[c].lower().startswith(key))]
    goals = [g for g in content.goals if key and g.name.lower().startswith(key)]
    word = key.removesuffix("-cards").removesuffix("-card")
    icons = [icon_text(content, ICON_NAMES.index(w)) for w in (word, word.removesuffix("s")) if w in ICON_NAMES][:1]
    if not cards and not goals and not icons:
        return f"no card, goal or icon {name!r}: name a card by its number (info 35) or its name, or an icon (info fur)"
    return "\n".join(icons + [card_text(content, c) for c in cards[:6]] +
                     [f"goal {g.name}: " + "; ".join(line for line in goal_lines(content, g)) for g in goals])


def icon_text(content, icon: int) -> str:
    """An icon (PH-4.3, PH-4.4): what shows it, printed on a species or given by a mutation's side; the goals
    count the living or extinct cards that show it ('alive fur-cards')."""
    c, name = content, ICON_NAMES[icon]
    printed = [c.label(t) for t in range(c.size) if c.kinds[t] == SPECIES and c.icons[t] >> icon & 1]
    given = [c.label(t) for t in range(c.size) if c.kinds[t] == MUTATION and icon in c.sides[t]]
    return (f"{name}: an icon. A card shows it when printed on it or when a mutation giving it is tucked under it; "
            f"goals count the cards showing it ('alive {name}-cards'). Printed on: {', '.join(printed) or 'none'}. "
            f"Given by the mutations: {', '.join(given) or 'none'}.")


def card_faces(content) -> list[dict]:
    """Every card as printed, keyed by the label the observations name it by; the goals too (by name)."""
    c, faces = content, []
    for card in range(c.size):
        face = {"key": c.label(card), "name": c.names[card], "number": c.locs[card], "kind": KINDS[c.kinds[card]],
                "text": card_text(c, card).split(": ", 1)[1]}
        if c.kinds[card] == SPECIES:
            face |= {"common": c.commons[card], "row": ROWS[c.row[card]], "habitat": ("water", "land")[c.habitat[card]],
                     "stars": c.stars[card], "growth": ICON_NAMES[c.growth[card]], "bonus": c.bonus[card],
                     "icons": [ICON_NAMES[i] for i in range(len(ICON_NAMES)) if c.icons[card] >> i & 1
                               and i != c.growth[card]],
                     "needs": [ICON_NAMES[i] for i in range(len(ICON_NAMES)) if c.needs[card] >> i & 1],
                     "evolves_with": ICON_NAMES[c.evolves_with[card]] if c.evolves_with[card] >= 0 else None,
                     "returns": any(card == start for start, _ in c.start)}  # to an empty row (PH-2.1)
        elif c.kinds[card] == MUTATION:
            face["sides"] = {"plant": side_text(c.sides[card][0]), "animal": side_text(c.sides[card][1])}
        faces.append(face)
    faces += [{"key": g.name, "name": g.name, "kind": "goal", "text": "; ".join(goal_lines(c, g)),
               "lines": goal_lines(c, g)} for g in c.goals]
    return faces


def card_text(content, card: int) -> str:
    c = content
    if c.kinds[card] == SPECIES:
        row = ("plant", "animal")[c.row[card]]
        needs = [ICON_NAMES[i] for i in range(len(ICON_NAMES)) if c.needs[card] >> i & 1]
        parent = ", ".join(["★" * c.stars[card] or "no star", *needs])
        if c.evolves_with[card] >= 0:
            parent += f", {growth_words(c.evolves_with[card])}"
        common = f" ({c.commons[card]})" if c.commons[card] and c.commons[card] != c.names[card] else ""
        icons = "".join(f"{ICON_NAMES[i]}, " for i in range(len(ICON_NAMES)) if c.icons[card] >> i & 1)
        return (f"{c.label(card)}{common}: {row} species, {('water', 'land')[c.habitat[card]]}, "
                f"{'★' * c.stars[card] or 'no star'}, {icons}{growth_words(c.growth[card])}; evolves from a "
                f"living {row} with a mutation that shows {parent}; discard bonus {c.bonus[card]:+d}")
    if c.kinds[card] == MUTATION:
        plant, animal = (side_text(side) for side in c.sides[card])
        return f"{c.label(card)}: mutation, tucked under a living card: a plant gains {plant}, an animal {animal}"

    return f"{c.label(card)}: event: {event_text(c.events[card])}"


def side_text(side: int) -> str:
    if side == STAR:
        return "a size star"
    if side in (EATS_PLANTS, EATS_ANIMALS, EATS_BOTH):
        return f"{growth_words(side)} ({side_name(side)}: it replaces the card's growth requirement)"
    return ICON_NAMES[side]


def event_text(event) -> str:
    if event.effect == "drift":
        return "a mutation tucked under a living card goes to the discard pile"
    if event.effect == "recover":
        return "take a card from the discard pile and act with it"
    if event.effect == "one":
        row = ("plant", "animal")[event.row] if event.row >= 0 else "plant or animal"
        where = f" {('water', 'land')[event.habitat]}" if event.habitat >= 0 else ""
        return f"one living{where} {row}'s population {event.amount:+d}"
    which = [f"showing {ICON_NAMES[event.icon]}"] if event.icon >= 0 else []
    which += [f"growing by {ICON_NAMES[event.growth]}"] if event.growth >= 0 else []
    which += [f"with at least {event.min_stars} ★"] if event.min_stars else []
    return f"every living card {' and '.join(which)}: population {event.amount:+d}"


def goal_lines(content, goal) -> list[str]:
    return [f"{'alive' if line.alive else 'extinct'} "
            f"{content.names[line.species] if line.species >= 0 else ICON_NAMES[line.icon] + '-cards'}: "
            f"{line.points:+d}" for line in goal.lines]
