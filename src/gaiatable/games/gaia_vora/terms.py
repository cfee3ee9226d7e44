"""The words of Gaia-Vora a player meets on the board and in the moves, explained (`info WORD`)."""

TERMS = {
    "life-form": "Life-Forms (GV-1.1): each colour has 3 CarniVores (triangles), 4 HerbiVores (circles) and 5 Plants "
                 "(diamonds), placed from its Reincarnation Pool; a location holds at most one of each kind (GV-2.1). "
                 "At the end each scores one point per layer under it, the Water included (GV-9.3).",
    "fossil": "Fossils (GV-8.4, GV-9.2): a Life-Form that is eaten goes on the Fossil card of the eater's colour, "
              "whoever's turn it is; one the Meteor kills may go on the dropping player's. Each Life-Form on your "
              "Fossil card scores 1 point at the end.",
    "bot": "Bots (GV-1.5): with fewer than four players the colours nobody plays are neutral Bots. They never take a "
           "turn; any player may place their Life-Forms with the Rainbow; what they eat goes on their Fossil card; "
           "they score like anyone but cannot win.",
    "pool": "Reincarnation Pool (GV-1.1): your Life-Forms not on the planet, waiting to be placed.",
    "height": "A location's height (GV-9.3): its tiles plus the Water under them, 1 to 5. A Life-Form there scores "
              "that many points at the end.",
    "tile": "Tiles (GV-2.4, GV-7): Stone, Sand, Grass and Snow stack on the Water; the Meteor drops Grass and Snow. "
            "The game ends in the turn the last Grass or Snow tile lands (GV-9.1).",
    "location": "Locations (GV-2): the eight places round the planet and the Water in the middle; the Sky Objects "
                "stay above the places while the planet turns under them.",
}
TERMS["rotate"] = ("Rotating (GV-3.2, GV-3.3): the planet turns clockwise only, one, two or three steps; each step "
                   "moves what is at one place to the next place clockwise (N to NE, NE to E, …), under Sky Objects "
                   "that stay. Two steps are free; one or three spend a Star.")
TERMS["layer"] = TERMS["height"]
TERMS["rotation"] = TERMS["clockwise"] = TERMS["rotate"]
