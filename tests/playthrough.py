"""Golden playthroughs: whole games written out as reviewable text, like OpenSpiel's playthrough files.

Each file in tests/golden/ holds a game's parameters and, ply by ply, who decided, the action (id
and text as the referee reads it), how each seat and a spectator read it, the legal actions, the log,
and a digest of the observation the decider saw; the full observations of every viewer every
FULL_EVERY plies and at the end; and the final scores. tests/test_golden.py replays the recorded
actions and rebuilds the text, which must match exactly, so a change of rule, text or observation
shows up as a diff of these files. After a deliberate change, regenerate them and review the diff:

    python tests/playthrough.py        # the recorded actions again: a change of words or observations
    python tests/playthrough.py --new  # every game played again by its agents: a change of rules or bots
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from gaiatable import CHANCE, REFEREE, SPECTATOR, load_game
from gaiatable.agents import make_agent
from gaiatable.core.driver import agent_seed, turn_view
from gaiatable.core.game import digest
from gaiatable.core.seeding import sample_outcome

GOLDEN = Path(__file__).parent / "golden"
FULL_EVERY = 100

# (file stem, game, params, seed, agent for every seat): one per player count and variant
CASES = [
    ("tictactoe", "tictactoe", {}, 1, "random"),
    ("gaia-vora-2p", "gaia-vora", {"players": 2}, 1, "random"),
    ("gaia-vora-3p", "gaia-vora", {"players": 3}, 2, "random"),
    ("gaia-vora-4p-3-stars", "gaia-vora", {"players": 4, "stars": 3}, 3, "random"),
    ("planit-2p", "planit", {"players": 2}, 1, "greedy"),
    ("planit-3p", "planit", {"players": 3}, 2, "greedy"),
    ("planit-4p-capped", "planit", {"players": 4, "max_turns": 30}, 3, "random"),
    ("phanerozoic-solo", "phanerozoic", {"players": 1}, 1, "random"),
    ("phanerozoic-solo-hard", "phanerozoic", {"players": 1, "automa_goals": 3, "automa_hidden": 1}, 2, "random"),
    ("phanerozoic-2p", "phanerozoic", {"players": 2}, 3, "random"),
    ("phanerozoic-3p", "phanerozoic", {"players": 3}, 4, "random"),
    ("phanerozoic-4p", "phanerozoic", {"players": 4}, 5, "random"),
    ("earth-our-home-2p", "earth-our-home", {"players": 2}, 1, "greedy"),
    ("earth-our-home-3p", "earth-our-home", {"players": 3}, 2, "random"),
    ("earth-our-home-4p", "earth-our-home", {"players": 4}, 3, "random"),
    ("earth-our-home-3p-random-first", "earth-our-home", {"players": 3, "first_player": "random"}, 6, "random"),
    ("planetarium-solo", "planetarium", {"players": 1}, 1, "random"),
    ("planetarium-solo-hard", "planetarium", {"players": 1, "target": 110}, 2, "random"),
    ("planetarium-2p-capped", "planetarium", {"players": 2, "max_turns": 60}, 3, "greedy"),
    ("planetarium-3p-capped", "planetarium", {"players": 3, "max_turns": 40}, 4, "random"),
    ("planetarium-4p-capped", "planetarium", {"players": 4, "max_turns": 30}, 5, "random"),
]


def viewers(game) -> list:
    return [*range(game.num_players), SPECTATOR]


def write(game, params: dict, seed: int, actions: list[int]) -> str:
    """The playthrough text of `actions` played from the start."""
    state = game.new_initial_state()
    out = ["# Golden playthrough, replayed by tests/test_golden.py; regenerate: python tests/playthrough.py",
           f"game {game.name}", f"params {json.dumps(params, sort_keys=True)}", f"seed {seed}",
           f"content {game.content_hash()}"]
    for ply, action in enumerate(actions):
        actor = state.current_player()
        who = "chance" if actor == CHANCE else f"seat {actor}"
        seen_by = SPECTATOR if actor == CHANCE else actor
        legal = state.legal_actions()
        out.append(f"ply {ply} {who}: {action} {state.action_text(action)}")
        out.append(f"  legal {len(legal)} {digest(legal, 8)}; observation {digest(state.observe(seen_by), 8)}")
        if not game.perfect_information:
            texts = {v: game.decision_text(action, None if actor == CHANCE else actor, v) for v in viewers(game)}
            out.append("  read by " + " | ".join(f"{v}: {t}" for v, t in texts.items()))
        if ply % FULL_EVERY == 0:
            out += observations(state, ply)
        state.apply(action)
        out += [f"  log: {line}" for line in state.observe(REFEREE)["log"]]
    out += observations(state, len(actions))
    out.append(f"end scores {state.scores()} returns {state.returns()} winners {state.winners()} "
               f"truncated {state.truncated()}")
    return "\n".join(out) + "\n"


def observations(state, ply: int) -> list[str]:
    return [f"  observe {v!r} at ply {ply}: {json.dumps(state.observe(v), sort_keys=True)}"
            for v in viewers(state.game)]


def actions_of(text: str) -> list[int]:
    return [int(line.split(": ", 1)[1].split()[0]) for line in text.splitlines() if line.startswith("ply ")]


def header(text: str) -> tuple[str, dict, int]:
    fields = dict(line.split(" ", 1) for line in text.splitlines()[1:4])
    return fields["game"], json.loads(fields["params"]), int(fields["seed"])


def generate(name: str, params: dict, seed: int, agent: str) -> str:
    game = load_game(name, **params)
    agents = [make_agent(agent, seat=s, seed=agent_seed(seed, s), game=game) for s in range(game.num_players)]
    rng, state, actions = random.Random(seed), game.new_initial_state(), []
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = agents[actor].act(turn_view(state, actor))
        state.apply(action)
        actions.append(action)
    return write(game, params, seed, actions)


def main(new: bool = False) -> None:
    GOLDEN.mkdir(exist_ok=True)
    for stem, name, params, seed, agent in CASES:
        path = GOLDEN / f"{stem}.txt"
        if path.exists() and not new:
            text = write(load_game(name, **params), params, seed, actions_of(path.read_text()))
        else:
            text = generate(name, params, seed, agent)
        path.write_text(text)
        print(f"{path}: {path.stat().st_size // 1024} KB", file=sys.stderr)


if __name__ == "__main__":
    main(new="--new" in sys.argv[1:])
