"""The words of Phanerozoic a player meets on the cards and in the moves, explained (`info WORD`)."""

EATS = ("A growth requirement (PH-7): a card that grows by sunlight doubles its population each nature phase "
        "(PH-7.2); one that eats plants (a Herbivore), animals (a Carnivore) or both (an Omnivore) eats the "
        "closest suitable target as much as its population, grows if fed and shrinks if not (PH-7.3 to PH-7.9). "
        "A Herbivore, Carnivore or Omnivore mutation replaces the card's own requirement; the latest tucked "
        "wins.")

TERMS = {
    "mutation": "Mutations (PH-4): a mutation card is tucked under one living plant (its plant side) or animal (its "
                "animal side) and gives it that icon or a size star; a card may carry any number of them. A new "
                "species needs a parent with at least one (PH-6.2).",
    "eats": EATS, "herbivore": EATS, "carnivore": EATS, "omnivore": EATS, "growth requirement": EATS,
    "tuck": "Tucking (PH-4.1): playing a mutation puts it under a living plant or animal, where it adds its icon.",
    "population": "Population (PH-5.6, PH-7): the number on a living card, 1 to 8; plants that need sunlight double "
                  "it each nature phase, hungry cards eat it; at 0 the card goes extinct (PH-7.7).",
    "nature phase": "The nature phase (PH-7): after each round's actions, without choices: plants that need "
                    "sunlight grow, then hungry plants and animals eat the closest suitable target, grow if fed and "
                    "shrink if not.",
    "species": "Species (PH-6): a plant or animal card. A new one evolves from a living parent in its row that has a "
               "mutation and shows every icon in the new card's bottom row; both then hold half the population.",
    "evolve": "Evolving a species (PH-6): play a species card onto a living parent in its row that carries a "
              "mutation (PH-6.2) and shows every icon and star of the new card's \"evolves from\" line, its own or "
              "its mutations' (PH-6.3, PH-6.4). The new card takes half the parent's population, the parent keeps "
              "half (both rounded up), and the parent's mutations go to the discard pile (PH-6.6).",
    "goal": "Goals (PH-8): each player holds two secret goals; at the end of round 3 (round 4 with two players) "
            "each keeps one of them (PH-8.1). After the last round the goals kept score: each line its points per "
            "matching card alive, or extinct (PH-8.2). Goals are the only points.",
    "discard bonus": "Discard bonus (PH-3.3): discarding a species card may add population to one living plant or "
                     "animal of your choice, up to 8: +2 for a species of at most one star, +1 for a larger one.",
    "keep": "Keep (PH-3.2): the card turns face down and opens your next round's hand.",
    "draft": "Drafting (PH-2.5): after the secret choices, the cards nobody chose are taken in turn, the starting "
             "player first.",
    "size": "Size (PH-4.4): a card's printed stars plus one per star mutation; a hungry card larger than its target "
            "eats its full hunger, otherwise half (PH-7.6).",
    "extinct": "Extinction (PH-7.7): a card brought to 0 population goes to the extinction pile; the goals count "
               "extinct cards too.",
}
TERMS["star"] = TERMS["size"]
TERMS["tucked"] = TERMS["tuck"]
TERMS["evolution"] = TERMS["evolve"]
