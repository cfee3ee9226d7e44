"""The words of Planit a player meets on the gauges and the cards, explained (`info WORD`)."""

TERMS = {
    "just right": "Just Right (PL-1.2, PL-3.1): the middle of the temperature gauge, where every planet starts. "
                  "Plants raise O2 only at Just Right (PL-4.1).",
    "sink": "The O2 sink (PL-3.2): the first spaces of the O2 scale fill the sink; after SINK FULL the O2 rises "
            "toward 21%. The first time the sink is full, an Ice Age: the temperature drops to ICE AGE (PL-3.3).",
    "ice age": "Ice Age (PL-3.3): the first time a planet's O2 reaches SINK FULL its temperature falls to the "
               "bottom, ICE AGE; it must be warmed back to Just Right.",
    "o2": "O2 (PL-3.2, PL-4.2): the oxygen scale; Animals evolve the next higher animal only once O2 has reached 21%.",
    "higher animal": "Higher animals (PL-5.1, PL-4.2): Reptiles, Birds, Mammals, Devolutionary Humans, then "
                     "Evolutionary Humans, evolved in that order by Animals cards once O2 is at 21%. The first to "
                     "evolve Evolutionary Humans wins (PL-5.4).",
    "devolutionary humans": "Devolutionary Humans (PL-5.1, PL-5.2): the rank before Evolutionary Humans; evolving "
                            "them removes the planet's ozone layer. The Winning chart's setback kills them off "
                            "(PL-5.3), and they must be evolved again.",
    "carbon cycle": "Carbon-cycle tokens (PL-1.1, PL-4.16): each planet's Plant and Animal token. A lethal attack "
                    "damages one; Plants and Animals cards need the matching token healthy; Gaia heals one.",
    "winning chart": "The Winning chart (PL-5.3): the chart an Animals (or Gaia) play rolls on when the next higher "
                     "animal would be Evolutionary Humans. Its roll may evolve them, which wins the game at once "
                     "(PL-5.4), or bring a setback (the Devolutionary Humans lost, a warmer planet): the odds are "
                     "printed on the card.",
    "lethal": "A lethal attack (PL-4.16): the attacker chooses the victim among the planet's healthy carbon-cycle "
              "tokens, which is damaged (or a higher animal lost).",
}
TERMS["winning"] = TERMS["winning chart"]
TERMS["token"] = TERMS["healthy"] = TERMS["damaged"] = TERMS["carbon cycle"]
for rank in ("reptiles", "birds", "mammals", "evolutionary humans"):
    TERMS[rank] = TERMS["higher animal"]
