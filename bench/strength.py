"""The bots' strength in every game, two seats: the ladder docs/bots.md prints, regenerated.

    python bench/strength.py [--game G ...] [--games N] [--seed S] [--workers W] [--agents A,B,...]

For each game, a round robin of random, greedy, the game's default and its strong bot (`--games` a
pair, seats alternated), rated on the Elo scale with random at 0; written to
docs/strength/<game>-ladder.json (seed, parameters and the specs behind each name inside) and printed
as the markdown rows of docs/bots.md's ladder. The server's bots start rated from these games:
every ladder file's games, through the rating model, make
src/gaiatable/server/bot_ratings.json. The same figures come one game at a time from
`gaiatable sim GAME --ladder --games N --seed S --workers W --json`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gaiatable import load_game, registered_games
from gaiatable.agents.spec import named, split_specs
from gaiatable.lab.ladder import ladder

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "strength"
SEEDS = ROOT / "src" / "gaiatable" / "server" / "bot_ratings.json"
AGENTS = "random,greedy,default,strong"


def rate(cls, agents: list[str], games: int, seed: int, workers: int) -> dict:
    game = load_game(cls.name, **({"players": 2} if any(p.name == "players" for p in cls.params_spec) else {}))
    names: dict[str, str] = {}  # spec -> its names: two names of one spec (a default that is greedy) are one player
    for agent in agents:
        spec = named(agent, game)
        names[spec] = f"{names[spec]} = {agent}" if spec in names else agent
    result = ladder(game.name, game.params, list(names), games, seed, workers)
    result["names"] = names
    return result


def markdown(result: dict) -> str:
    names = result["names"]
    cells = [f"{names.get(r['agent'], r['agent'])} {r['elo']:+.0f} [{r['elo_low']:+.0f}, {r['elo_high']:+.0f}]"
             for r in result["ladder"]]
    pairs = [f"{names.get(p['agent'], p['agent'])}–{names.get(p['opponent'], p['opponent'])} "
             f"{p['wins']}–{p['draws']}–{p['losses']}" for p in result["pairs"]]
    return f"| {result['game']} | {result['games_per_pair']} | {'; '.join(cells)} | {'; '.join(pairs)} |"


def write_seeds() -> None:
    """The bots' starting ratings on the server, by game and spec, from every ladder written so far."""
    from gaiatable.server.ratings import from_ladder
    seeds = {}
    for path in sorted(OUT.glob("*-ladder.json")):
        result = json.loads(path.read_text())
        seeds[result["game"]] = from_ladder(result, result["seed"])
    SEEDS.write_text(json.dumps(seeds, indent=1, sort_keys=True) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (default: every game)")
    parser.add_argument("--games", type=int, default=100, help="games a pair")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agents", default=AGENTS)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for cls in registered_games():
        if args.game and cls.name not in args.game:
            continue
        result = rate(cls, split_specs(args.agents), args.games, args.seed, args.workers)
        (OUT / f"{cls.name}-ladder.json").write_text(json.dumps(result, indent=1) + "\n")
        print(markdown(result), flush=True)
        write_seeds()


if __name__ == "__main__":
    main()
