// A first game, step by step: what to look at and what to tap, at the top of How to play. The rules' own
// summary under it says why; these lines say how, on this table.
export const FIRST_STEPS = {
  "earth-our-home": [
    "The prompt (at the foot of a phone's screen, beside the board on a desk) names the species you place and counts the counters of your turn.",
    "The habitats your counter may go to are lit. Tap one: it fills yellow.",
    "Tap it again, or press confirm: the counter is laid. Do it for each counter of your turn.",
    "Each habitat shows its counters against its room (1/3). A counter in a full one starts a survival contest: the species with the lowest conflict value there loses a counter, and every species tied at the lowest loses one, so one rival counter can cost you several. The table warns you first.",
    "The other genus's counters since your last move are numbered 1, 2, 3… on the map, and listed under the prompt.",
  ],
  "gaia-vora": [
    "Rotate the planet: \"rotate 1\", \"rotate 2\" or \"rotate 3\" (1 and 3 cost a Star). The board shows where everything would go before you confirm.",
    "Activate one Sky Object over the planet: its move names it (\"sun\", \"rainbow\", \"storm\", \"meteor\"); the Moon only eats.",
    "Follow the prompt: the Sun places four of your Life-Forms (tap a lit location, then the kind), the Meteor drops a tile.",
    "Your score: each of your Life-Forms counts the layers under it. High stacks pay, and under the Moon herbivores eat plants and carnivores eat herbivores.",
    "Look where your turn leaves your Life-Forms: the next rotation carries what stands at NW (then W, then SW) under the Moon, and what another colour eats there is its Fossil, gone from your pool for good.",
    "And what stands at N (then NW, then W) may come under the Meteor, whose dropped tile kills it: the marks ☾1–3 and ☄1–3 on the planet show both reaches.",
  ],
  phanerozoic: [
    "Read your two goals (named at the top: a click on a name shows its card): they alone score, and \"pts now\" on a goal says what it would give as the table stands.",
    "Choose one card of your hand in secret: tap it. Then draft from the middle in turn until you hold three chosen cards.",
    "For each chosen card: play it (a lit card), keep it for next round, or discard it (a discarded species feeds a living card; any other card is just gone).",
    "Nature then acts on its own: the green box says who grew, ate or died out.",
    "The plants and animals belong to nobody, and your rival's secret goals count them too: what you add may score for them as well.",
  ],
  planit: [
    "Your planet is the panel with your name: temperature on the left gauge, O2 on the right.",
    "You draw to four cards by yourself. Tap a card of your hand: its moves are offered with the prompt (beside the board on a desk, at the foot of a phone's screen), one for each planet it may go on, and its discard.",
    "Plants cool your planet, or raise its O2 when the temperature is Just Right; animals warm it, or evolve a higher animal at 21% O2 and Just Right.",
    "Hazards set the other planet back. The die roll and what it did are said under the prompt and in the log.",
  ],
  planetarium: [
    "First keep one of your two Final cards: discard the other (\"discard F…\").",
    "Each turn, move one token: tap a Planet or a Matter token, then one of the lit spaces it may reach.",
    "A Planet that meets Matter puts it on your mat for that Planet.",
    "Then play a card whose needs your mat meets (tap it), or \"no card\". Cards score their points; the most points wins when the track fills.",
  ],
};
