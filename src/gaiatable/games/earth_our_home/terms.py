"""The words of Earth: Our Home a player meets on the board and in the moves, explained (`info WORD`)."""

TERMS = {
    "genus": "Your genus (EO-1.1): your colour and shape (blue square, red circle, green triangle, yellow star). "
             "Each epoch it evolves a new species.",
    "species": "A species (EO-2, EO-3.4): one epoch's counters of a genus, numbered by level, 1 to 5. Level 1 lives "
               "in the sea, level 2 in the sea or on land, 3 and up on land. Only your current species is laid.",
    "gene": "Genes (EO-2): each epoch every genus is dealt one gene at random; the new species has its ancestors' "
            "genes and the new one. A: +2 conflict in temperate habitats; B: +2 in tropical ones; C and D: +1 "
            "anywhere, +2 if the gene carries your genus's symbol. In marine habitats only C and D count (EO-4.2).",
    "conflict": "Conflict value (EO-4.2): a species' strength in a habitat, the sum of what its genes give there. "
                "When a habitat overflows, the species with the lowest value there loses a counter (EO-4.1).",
    "survival contest": "Survival contest (EO-4.1): a counter beyond a habitat's room (a 4th, the Pacific's 12th) "
                        "starts one: the species with the lowest conflict value there loses a counter; tied species "
                        "each lose one.",
    "mutation": "Mutation (EO-3.2): from epoch 2, a genus that evolved lays its first counter by turning one of its "
                "older counters on the map into the new species, in a habitat open to that species.",
    "hominid": "Hominids (EO-7.1): a genus's level-5 species. After epoch 5 each habitat holding your hominids "
               "scores 1 more point.",
    "epoch": "Epochs (EO-1.1, EO-3.1): five rounds. Each deals every genus a gene, then everyone lays six counters "
             "a turn, three turns round; laying your 18th counter scores your habitats (EO-5.1).",
    "extinct": "Extinction (EO-6.1): a current species that loses its last counter in a contest dies out: -5 "
               "points, and the genus's older species takes its place.",
    "capacity": "Room (EO-3.3, EO-4.1): a habitat takes 3 counters (the Pacific 11) before a contest; each genus "
                "may have at most 3 counters of its current species in one habitat.",
}
TERMS["contest"] = TERMS["survival contest"]
TERMS["room"] = TERMS["capacity"]
TERMS["extinction"] = TERMS["extinct"]
TERMS["mutate"] = TERMS["mutation"]  # the move says "mutate W17 …"
