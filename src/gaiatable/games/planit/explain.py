"""Why a Planit move is illegal, with the clause that forbids it (docs/rulings/planit.md)."""

from __future__ import annotations

from .actions import HAZARD, HAZARDS, OWN, OZONE, USES, card_of
from .content import CARDS
from .rules import F_HEAL, F_LETHAL, F_PLAY


class Explain:
    __slots__ = ()

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
            if self.o2[me] < g["o2_21"]:
                return "higher animals evolve only once O2 has reached 21%", "PL-4.2"
            return "higher animals evolve only when the temperature is Just Right", "PL-4.2"
        if action == OZONE:
            if self.ozone[me]:
                return "only one Ozone Layer is allowed per planet", "PL-4.11"
            return "no new Ozone Layer while Devolutionary Humans live on the planet", "PL-5.2"
        hazard, target = divmod(action - HAZARD, 4)
        if target >= self.game.num_players:
            return f"there is no planet {target}: the planets are 0 to {self.game.num_players - 1}", "PL-1.1"
        if HAZARDS[hazard] == "uv_radiation":
            return "UV Radiation cannot be used against a planet protected by an Ozone Layer", "PL-4.4"
        if target == me:
            return "CFCs destroy an opponent's ozone layer", "PL-4.12"
        return "that planet has no Ozone Layer to destroy", "PL-4.12"
