"""Planetarium's solo game (PT-7): after each turn two dice move the Planets, and the Matter they
collect goes face down onto the track, lowering the target."""

from __future__ import annotations

from .content import MATTER
from .rules import EMPTY, P_MOVE, P_OVER


class Solo:
    __slots__ = ()

    def _dice(self, total: int) -> None:
        """PT-7.2: 2-7 moves every Planet on an orbit up to the total, A, B, C then D; 8+ moves none."""
        self.log.append(f"the dice show {total}")
        if total <= 7:
            orbit = self.game.content.orbit
            for planet in range(4):
                if orbit[self.planet_at[planet]] <= total:
                    self._drift(planet)
        if self.track >= self.game.track_length and self.final_by < 0:  # PT-7.6: your final turn
            self.final_by, self.final_left = 0, ()
            self.log.append("the Evolution Track is full: your final turn")
        elif self.cap_reached(self.turn):
            self.phase = P_OVER
            return
        self.phase, self.turn = P_MOVE, self.turn + 1

    def _drift(self, planet: int) -> None:
        """PT-7.3, PT-7.4: a dice-moved Planet sweeps to the first Matter ahead on its orbit; with none
        there it takes a thin line toward the neighbouring orbit with the most Matter if one starts where
        it stands, or else moves directly forward one space. On an arm of orbit VII it steps forward, and
        from the arm's last space onto orbit VI, sweeping on if it can. A move that would end on a Planet
        is not made."""
        content = self.game.content
        here = self.planet_at[planet]
        target = self._first_matter_ahead(here)
        if target is None and content.orbit[here] == 7:
            step = content.thick[here]
            if step not in self.planet_at:
                collects = self.matter_at[step] != EMPTY
                self._land(planet, step)
                if content.orbit[step] == 6 and not collects:  # onto orbit VI, sweeping on if nothing stopped it
                    target = self._first_matter_ahead(step)
        elif target is None:
            target = self._thin_target(here)
        if target is not None and target not in self.planet_at:
            self._land(planet, target)

    def _first_matter_ahead(self, here: int) -> int | None:
        """Along the thick line of `here`'s own orbit (or arm), the first space holding Matter."""
        content = self.game.content
        d = content.thick[here]
        while d >= 0 and d != here and content.orbit[d] == content.orbit[here]:
            if self.matter_at[d] != EMPTY:
                return d
            d = content.thick[d]
        return None

    def _land(self, planet: int, space: int) -> None:
        self.planet_at[planet] = space
        kind = self.matter_at[space]
        if kind != EMPTY:  # PT-7.5: the Virtual Player's Matter goes face down onto the track
            self.matter_at[space] = EMPTY
            self.track += 1
            self.facedown += 1
            self.log.append(f"{self.planet_name(planet)} collects {MATTER[kind]}: face down on the track")

    def _thin_target(self, here: int) -> int | None:
        """PT-7.3: from a space where thin lines start, the line to the neighbouring orbit with the most
        Matter (the one nearer the sun on a tie); from any other space, directly forward one space."""
        content = self.game.content
        if not content.thin[here]:
            return content.thick[here]
        orbit = content.orbit[here]
        counts = {o: sum(1 for s, m in enumerate(self.matter_at) if m != EMPTY and content.orbit[s] == o)
                  for o in (orbit - 1, orbit + 1) if 1 <= o <= 7}
        goal = max(sorted(counts), key=lambda o: counts[o])  # sorted: the nearer orbit wins a tie
        for d in content.thin[here]:
            if content.orbit[d] == goal:
                return d
        return content.thick[here]
