"""Planit state and rules. Clause numbers (PL-x.y) refer to docs/rulings/planit.md.

Cards are identified by kind only (cards of a kind are alike), so hands and piles are counts. The
draw pile's order never exists: drawing is a chance decision over the cards in it (PL-2.4).
"""

from __future__ import annotations

from ...core.game import CHANCE, REFEREE, TERMINAL, State
from .actions import (
    DISCARD,
    DRAW,
    HAZARD,
    HAZARDS,
    HEAL,
    LETHAL,
    OWN,
    OZONE,
    RAIN_FOREST,
    RANKS,
    ROLL,
    USES,
    VICTIMS,
    card_of,
)
from .content import CARDS, CHARTS

CARD = {name: i for i, name in enumerate(CARDS)}
GAIA, PLANTS, ANIMALS = CARD["gaia"], CARD["plants"], CARD["animals"]
FIRE, SOLAR, SALT = CARD["fire"], CARD["solar_output"], CARD["salt_cycle"]
OZONE_CARD, CFC = CARD["ozone"], CARD["cfc"]
IMMEDIATE = (FIRE, SOLAR, SALT)
CHART = {name: i for i, name in enumerate(CHARTS)}
DEVOLUTIONARY, EVOLUTIONARY = 3, 4

F_DEAL, F_DRAW, F_PLAY, F_ROLL, F_LETHAL, F_HEAL = range(6)
FRAME_NAMES = ("deal", "draw", "play", "roll", "lethal", "heal")
PENDING = ("deal", "draw a card", "play or discard a card", "roll the die", "choose the victim of the lethal attack",
           "choose the token to heal")


class PlanitState(State):
    __slots__ = ("temp", "o2", "ice_age", "plant_ok", "animal_ok", "ranks", "ozone", "hands", "pile", "discards",
                 "player", "turn", "winner", "frames", "events")

    def __init__(self, game):
        self.game = game
        self._legal = None
        n, g = game.num_players, game.content.gauges
        self.temp = [g["start_temperature"]] * n
        self.o2 = [0] * n
        self.ice_age = [False] * n  # the sink has filled once (PL-3.3)
        self.plant_ok = [True] * n
        self.animal_ok = [True] * n
        self.ranks = [0] * n  # bit r: higher animal RANKS[r] on the planet
        self.ozone = [False] * n
        self.hands = [[0] * len(CARDS) for _ in range(n)]  # count per card kind, face up
        self.pile = list(game.content.deck)
        self.discards = [0] * len(CARDS)
        self.player = 0
        self.turn = 0
        self.winner = -1
        self.frames: list[tuple] = [(F_DEAL, 0, 3)]
        self.events: list[tuple] = []

    def copy(self) -> PlanitState:
        new = PlanitState.__new__(PlanitState)
        new.game = self.game
        new._legal = self._legal
        new.temp = self.temp[:]
        new.o2 = self.o2[:]
        new.ice_age = self.ice_age[:]
        new.plant_ok = self.plant_ok[:]
        new.animal_ok = self.animal_ok[:]
        new.ranks = self.ranks[:]
        new.ozone = self.ozone[:]
        new.hands = [h[:] for h in self.hands]
        new.pile = self.pile[:]
        new.discards = self.discards[:]
        new.player = self.player
        new.turn = self.turn
        new.winner = self.winner
        new.frames = self.frames[:]
        new.events = self.events[:]
        return new

    # -- protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.frames:
            return TERMINAL
        kind = self.frames[-1][0]
        return CHANCE if kind in (F_DEAL, F_DRAW, F_ROLL) else self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.frames:
            return []
        kind = self.frames[-1][0]
        if kind == F_ROLL:
            return [(ROLL + d, 1 / 6) for d in range(6)]
        if kind in (F_DEAL, F_DRAW):
            pile = self.pile
            cards = [k for k in range(len(CARDS)) if pile[k] and not (kind == F_DEAL and k in IMMEDIATE)]
            total = sum(pile[k] for k in cards)
            return [(DRAW + k, pile[k] / total) for k in cards]
        return []

    def _legal_actions(self) -> tuple[int, ...]:
        if not self.frames:
            return ()
        frame = self.frames[-1]
        kind = frame[0]
        if kind == F_PLAY:
            return self._plays()
        if kind == F_LETHAL:
            return tuple(LETHAL + v for v in self._victims(frame[1]))
        if kind == F_HEAL:
            return (HEAL, HEAL + 1)
        return tuple(a for a, _ in self.chance_outcomes())

    def _apply(self, action: int) -> None:
        self.events = []
        frame = self.frames.pop()
        kind = frame[0]
        if kind == F_DEAL:
            self._deal(frame, action - DRAW)
        elif kind == F_DRAW:
            self._draw(action - DRAW)
        elif kind == F_PLAY:
            self._play(action)
        elif kind == F_ROLL:
            self._roll(frame, action - ROLL + 1)
        elif kind == F_LETHAL:
            self._kill(frame[1], action - LETHAL)
        else:
            self._heal(self.player, 0 if action == HEAL else 1)
        if not self.frames:
            self._end_turn()

    # -- dealing and drawing (PL-2) --------------------------------------------------------------
    def _deal(self, frame: tuple, card: int) -> None:
        _, seat, left = frame
        self.pile[card] -= 1
        self.hands[seat][card] += 1
        if left > 1:
            self.frames.append((F_DEAL, seat, left - 1))
        elif seat + 1 < self.game.num_players:
            self.frames.append((F_DEAL, seat + 1, 3))
        else:
            self._start_turn()

    def _start_turn(self) -> None:
        self._refill()
        self.frames.append((F_DRAW,))

    def _refill(self) -> None:
        """When the deck has run out, the discards are mixed into a new deck (PL-2.5)."""
        if not any(self.pile):
            self.pile, self.discards = self.discards, [0] * len(CARDS)

    def _draw(self, card: int) -> None:
        self.pile[card] -= 1
        me = self.player
        if card in IMMEDIATE:  # PL-4.13 to PL-4.15: resolved at once on yourself
            self.discards[card] += 1
            self.events.append(("immediate", me, card))
            if card == FIRE:
                self._move_temp(me, -1)
            elif card == SOLAR:
                for seat in range(self.game.num_players):
                    self._move_temp(seat, +1)
            if card != SALT:
                self._start_turn()
            return
        self.hands[me][card] += 1
        self.frames.append((F_PLAY,))

    # -- playing a card (PL-3, PL-4) -----------------------------------------------------------
    def _plays(self) -> tuple[int, ...]:
        me, hand = self.player, self.hands[self.player]
        g = self.game.content.gauges
        just_right = self.temp[me] == g["just_right"]
        legal = [DISCARD + k for k in range(len(CARDS)) if hand[k]]
        can_evolve = self.o2[me] == g["o2_21"] and just_right
        for i, (card, use, _) in enumerate(USES):
            if not hand[CARD[card]]:
                continue
            if use == "heal":
                ok = not (self.plant_ok[me] and self.animal_ok[me])
            elif use in ("lower temperature", "raise O2"):
                ok = self.plant_ok[me] and (use == "lower temperature" or just_right)
            else:
                ok = self.animal_ok[me] and (use == "raise temperature" or can_evolve)
            if ok:
                legal.append(OWN + i)
        if hand[OZONE_CARD] and not self.ozone[me] and not self.ranks[me] >> DEVOLUTIONARY & 1:
            legal.append(OZONE)
        if hand[CARD["rain_forest"]]:
            legal.append(RAIN_FOREST)
        n = self.game.num_players
        for h, name in enumerate(HAZARDS):
            if not hand[CARD[name]]:
                continue
            for target in range(n):
                if name == "uv_radiation" and self.ozone[target]:
                    continue
                if name == "cfc" and (target == me or not self.ozone[target]):
                    continue
                legal.append(HAZARD + h * 4 + target)
        legal.sort()
        return tuple(legal)

    def _play(self, action: int) -> None:
        me = self.player
        card = card_of(action)
        self.hands[me][card] -= 1
        if DISCARD <= action < OWN:
            self.discards[card] += 1
            self.events.append(("discard", me, card))
            return
        if action == OZONE:  # PL-4.11: the card lies on the planet
            self.ozone[me] = True
            return
        self.discards[card] += 1
        if action == RAIN_FOREST:  # PL-4.10
            self.temp[me] = self.game.content.gauges["just_right"]
            return
        if action < OZONE:
            chart = USES[action - OWN][2]
            if chart == "animals_evolve" and self._next_rank(me) == EVOLUTIONARY:
                chart = "winning"  # PL-5.3
            self.frames.append((F_ROLL, CHART[chart], me))
            return
        hazard, target = divmod(action - HAZARD, 4)
        if HAZARDS[hazard] == "cfc":  # PL-4.12: both cards to the discards
            self.ozone[target] = False
            self.discards[OZONE_CARD] += 1
            self.events.append(("cfc", me, target))
            return
        self.frames.append((F_ROLL, CHART[HAZARDS[hazard]], target))

    # -- dice and charts (PL-3.5) ----------------------------------------------------------------
    def _roll(self, frame: tuple, die: int) -> None:
        _, chart, target = frame
        effect = self.game.content.charts[CHARTS[chart]][die - 1]
        self.events.append(("roll", self.player, CHARTS[chart], die, str(effect), target))
        kind = effect.kind
        if kind == "temp":
            self._move_temp(target, effect.amount)
        elif kind == "o2":
            self._raise_o2(target, effect.amount)
        elif kind == "evolve":
            self._evolve(target)
        elif kind == "mutant-evolve":
            nxt = self._next_rank(target)
            if self.o2[target] == self.game.content.gauges["o2_21"] and nxt < EVOLUTIONARY:
                self._evolve(target)
            else:
                self._raise_o2(target, 1)
        elif kind == "mutant":  # PL-4.5: roll again on the Mutant chart
            self.frames.append((F_ROLL, CHART["mutant"], target))
        elif kind == "lethal":
            victims = self._victims(target)
            if len(victims) == 1:
                self._kill(target, victims[0])
            elif victims:
                self.frames.append((F_LETHAL, target))
        elif kind == "heal":
            damaged = [t for t, ok in enumerate((self.plant_ok[target], self.animal_ok[target])) if not ok]
            if len(damaged) == 1:
                self._heal(target, damaged[0])
            elif damaged:
                self.frames.append((F_HEAL,))
        elif kind == "win":
            self.winner = target
            self.ranks[target] |= 1 << EVOLUTIONARY
        elif kind == "lose-devolutionary":
            self.ranks[target] &= ~(1 << DEVOLUTIONARY)

    def _move_temp(self, seat: int, amount: int) -> None:
        top = self.game.content.gauges["temperature_spaces"] - 1
        self.temp[seat] = min(top, max(0, self.temp[seat] + amount))  # PL-3.6: clamped

    def _raise_o2(self, seat: int, amount: int) -> None:
        g = self.game.content.gauges
        self.o2[seat] = min(g["o2_spaces"] - 1, self.o2[seat] + amount)
        if not self.ice_age[seat] and self.o2[seat] >= g["sink_full"]:  # PL-3.3
            self.ice_age[seat] = True
            self.temp[seat] = 0
            self.events.append(("ice age", seat))

    def _next_rank(self, seat: int) -> int:
        """Evolution adds the lowest missing higher animal (PL-5.1)."""
        ranks = self.ranks[seat]
        r = 0
        while ranks >> r & 1:
            r += 1
        return r

    def _evolve(self, seat: int) -> None:
        rank = self._next_rank(seat)
        self.ranks[seat] |= 1 << rank
        self.events.append(("evolve", seat, rank))
        if rank == DEVOLUTIONARY and self.ozone[seat]:  # PL-5.2: they destroy their ozone layer
            self.ozone[seat] = False
            self.discards[OZONE_CARD] += 1

    def _victims(self, target: int) -> list[int]:
        """What a lethal attack may destroy (PL-4.16): healthy tokens and higher animals."""
        out = []
        if self.plant_ok[target]:
            out.append(0)
        if self.animal_ok[target]:
            out.append(1)
        out.extend(2 + r for r in range(DEVOLUTIONARY + 1) if self.ranks[target] >> r & 1)
        return out

    def _kill(self, target: int, victim: int) -> None:
        if victim == 0:
            self.plant_ok[target] = False
        elif victim == 1:
            self.animal_ok[target] = False
        else:
            self.ranks[target] &= ~(1 << (victim - 2))
        self.events.append(("lethal", self.player, target, victim))

    def _heal(self, seat: int, token: int) -> None:
        if token == 0:
            self.plant_ok[seat] = True
        else:
            self.animal_ok[seat] = True
        self.events.append(("heal", seat, token))

    # -- turn end --------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if self.winner >= 0:
            return  # PL-5.4: the first to Evolutionary Humans wins at once
        cap = self.game.params["max_turns"]
        if cap and self.turn + 1 >= cap:
            return
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self._start_turn()

    def truncated(self) -> bool:
        return not self.frames and self.winner < 0

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.frames or self.winner < 0:
            return [0.0] * n
        return [1.0 if s == self.winner else -1.0 for s in range(n)]

    def scores(self) -> list[float]:
        """Progress, for summaries (not a rule): 11 per higher animal plus the O2 marker's space."""
        return [float(11 * bin(self.ranks[s]).count("1") + self.o2[s]) for s in range(self.game.num_players)]

    # -- illegal actions -------------------------------------------------------------------------
    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        kind = self.frames[-1][0]
        if kind != F_PLAY:
            if kind == F_LETHAL:
                return "choose a life form the attack can destroy", "PL-4.16"
            if kind == F_HEAL:
                return "choose which damaged token to heal", "PL-4.3"
            return "this is a chance decision", "PL-2.4"
        me, hand = self.player, self.hands[self.player]
        card = card_of(action)
        if card is None:
            return "now is the time to play or discard a card", "PL-2.2"
        if not hand[card]:
            return f"you have no {CARDS[card].replace('_', ' ')} card in your hand", "PL-2.2"
        g = self.game.content.gauges
        if OWN <= action < OZONE:
            _, use, _ = USES[action - OWN]
            if use == "heal":
                return "both carbon-cycle tokens are healthy: nothing to heal", "PL-4.3"
            if use in ("lower temperature", "raise O2"):
                if not self.plant_ok[me]:
                    return "your plant token is damaged: heal it with Gaia first", "PL-4.1"
                return "plants raise O2 only when the temperature is Just Right", "PL-4.1"
            if not self.animal_ok[me]:
                return "your animal token is damaged: heal it with Gaia first", "PL-4.2"
            if self.o2[me] != g["o2_21"]:
                return "higher animals evolve only once O2 has reached 21%", "PL-4.2"
            return "higher animals evolve only when the temperature is Just Right", "PL-4.2"
        if action == OZONE:
            if self.ozone[me]:
                return "only one Ozone Layer is allowed per planet", "PL-4.11"
            return "no new Ozone Layer while Devolutionary Humans live on the planet", "PL-5.2"
        hazard, target = divmod(action - HAZARD, 4)
        if HAZARDS[hazard] == "uv_radiation":
            return "UV Radiation cannot be used against a planet protected by an Ozone Layer", "PL-4.4"
        if target >= self.game.num_players:
            return "there is no such planet", "PL-1.1"
        if target == me:
            return "CFCs destroy an opponent's ozone layer", "PL-4.12"
        return "that planet has no Ozone Layer to destroy", "PL-4.12"

    # -- views -----------------------------------------------------------------------------------
    def observe(self, viewer: int | str = REFEREE) -> dict:
        """Hands are face up and every pile's contents follow from what is in view: all is public."""
        content = self.game.content
        g = content.gauges
        names = self.game.planet_names
        planets = []
        for s in range(self.game.num_players):
            planets.append({
                "seat": s, "name": names[s],
                "temperature": self.temp[s], "just_right": g["just_right"],
                "temperature_label": "ICE AGE" if self.temp[s] == 0 else
                ("JUST RIGHT" if self.temp[s] == g["just_right"] else str(self.temp[s] * 10)),
                "o2": self.o2[s], "o2_label": o2_label(self.o2[s], g),
                "ice_age_happened": self.ice_age[s],
                "plant_token": "healthy" if self.plant_ok[s] else "damaged",
                "animal_token": "healthy" if self.animal_ok[s] else "damaged",
                "higher_animals": [RANKS[r] for r in range(len(RANKS)) if self.ranks[s] >> r & 1],
                "ozone": self.ozone[s],
                "hand": [CARDS[k] for k in range(len(CARDS)) for _ in range(self.hands[s][k])],
            })
        frame = self.frames[-1] if self.frames else None
        return {
            "game": "planit", "viewer": viewer, "turn": self.turn, "to_move": self.current_player(),
            "pending": FRAME_NAMES[frame[0]] if frame else "over",
            "prompt": f"{names[self.player]}, {self.pending_text()}",
            "planets": planets, "deck": sum(self.pile),
            "discards": {CARDS[k]: n for k, n in enumerate(self.discards) if n},
            "events": [self.event_text(e) for e in self.events],
            "winner": self.winner if self.winner >= 0 else None,
        }

    def pending_text(self) -> str:
        if not self.frames:
            return "the game is over"
        return PENDING[self.frames[-1][0]]

    def event_text(self, event: tuple) -> str:
        names = self.game.planet_names
        kind = event[0]
        if kind == "roll":
            _, _, chart, die, effect, target = event
            return f"rolled {die} on the {chart.replace('_', ' ')} chart for {names[target]}: {effect}"
        if kind == "immediate":
            return f"{names[event[1]]} drew {CARDS[event[2]].replace('_', ' ')}: played at once"
        if kind == "discard":
            return f"{names[event[1]]} discarded {CARDS[event[2]].replace('_', ' ')}"
        if kind == "cfc":
            return f"{names[event[1]]}'s CFCs destroyed {names[event[2]]}'s ozone layer"
        if kind == "ice age":
            return f"{names[event[1]]}: the O2 sink is full: ICE AGE"
        if kind == "evolve":
            return f"{names[event[1]]} evolved {RANKS[event[2]]}"
        if kind == "lethal":
            return f"lethal attack on {names[event[2]]}: {VICTIMS[event[3]]} destroyed"
        return f"{names[event[1]]} healed its {'plant' if event[2] == 0 else 'animal'} token"

    def to_json(self) -> dict:
        return {
            "temp": list(self.temp), "o2": list(self.o2), "ice_age": list(self.ice_age),
            "plant_ok": list(self.plant_ok), "animal_ok": list(self.animal_ok), "ranks": list(self.ranks),
            "ozone": list(self.ozone), "hands": [list(h) for h in self.hands], "pile": list(self.pile),
            "discards": list(self.discards), "player": self.player, "turn": self.turn, "winner": self.winner,
            "frames": [list(f) for f in self.frames], "events": [list(e) for e in self.events],
        }


def o2_label(o2: int, g: dict) -> str:
    if o2 < g["sink_full"]:
        return f"sink {o2 * 100 // g['sink_full']}% full"
    if o2 == g["sink_full"]:
        return "SINK FULL"
    if o2 >= g["o2_21"]:
        return "21% O2"
    return f"O2 rising ({o2 - g['sink_full']}/{g['o2_21'] - g['sink_full']})"
