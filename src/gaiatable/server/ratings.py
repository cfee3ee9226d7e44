"""Ratings for people and bots on one scale: openskill's Weng-Lin Plackett-Luce model.

Why this model: it rates games of two to four seats with ties from each seat's result (not only
won/lost), keeps an uncertainty per player (a newcomer's moves fast, a regular's slowly), is maintained
and free of patents (TrueSkill's are not), and is fast. A rating is shown on a familiar scale: 40 × mu,
so a newcomer starts at 1000, with ± 2 sigma (about 95%), and none is shown below 0 (as rating lists keep a
floor: the easy bot, beaten by every other, read "-103?"); leaderboards sort by the rating, the uncertainty beside it.

The bots' starting ratings (bot_ratings.json) come from the lab's bot-versus-bot ladders
(docs/strength/<game>-ladder.json): `python bench/strength.py` plays them and writes both."""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
NEWCOMER = (MODEL.mu, MODEL.sigma)
SCALE = 40
SEEDS = "bot_ratings.json"


def update(rows, outcome: list[float]) -> list[tuple[float, float]]:
    """New (mu, sigma) of each seat after a game with these results (higher is better; ties tie)."""
    teams = [[MODEL.create_rating([row.mu, row.sigma])] for row in rows]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, scores=list(outcome))]


def shown(mu: float, sigma: float) -> dict:
    return {"rating": max(0, round(SCALE * mu)), "uncertainty": round(2 * SCALE * sigma)}


@cache
def seeds() -> dict:
    return json.loads((resources.files("gaiatable.server") / SEEDS).read_text())


def seed(game: str, spec: str | None) -> tuple[float, float]:
    """A bot's starting rating in `game` by its spec (a newcomer's for a spec no ladder played)."""
    found = seeds().get(game, {}).get(spec)
    return (found["mu"], found["sigma"]) if found else NEWCOMER


def from_ladder(ladder: dict, seed: int = 0) -> dict[str, dict]:
    """Bot ratings by spec from a ladder's games (each pair's wins, draws and losses, replayed in a
    shuffled order through the model)."""
    games = []
    for pair in ladder["pairs"]:
        if pair["agent"] == pair["opponent"]:  # one player under two names: no information
            continue
        for result, count in ((1.0, pair["wins"]), (0.5, pair["draws"]), (0.0, pair["losses"])):
            games += [(pair["agent"], pair["opponent"], result)] * count
    random.Random(seed).shuffle(games)
    rated = {spec: MODEL.rating() for spec in ladder["names"]}
    for a, b, result in games:
        [[rated[a]], [rated[b]]] = MODEL.rate([[rated[a]], [rated[b]]], scores=[result, 1 - result])
    return {spec: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)} for spec, r in rated.items()}
