"""The example trains a tabular Q-learner through the Gymnasium interface and beats random."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).parents[2] / "examples" / "tictactoe_q_learning.py"


def load_example():
    spec = importlib.util.spec_from_file_location("tictactoe_q_learning", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_q_learning_beats_random_on_a_tiny_budget():
    example = load_example()
    q = example.train(episodes=3000, seed=0)
    learned = example.play(example.greedy(q), games=300, seed=0)
    baseline = example.play(example.random_policy(0), games=300, seed=0)
    assert learned["wins"] >= baseline["wins"] + 45  # 15 points of 300 games
    assert learned["losses"] * 3 < baseline["losses"]


def test_maskable_ppo_learns_through_the_gymnasium_interface_as_it_is():
    """A smoke run of examples/maskable_ppo.py: MaskablePPO takes the env's action masks without a wrapper,
    learns a little on tic-tac-toe, and its choices are always legal (an illegal one would end a game lost)."""
    pytest.importorskip("sb3_contrib")
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE.parent / "maskable_ppo.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    model = example.learner("tictactoe", seed=0)
    model.learn(total_timesteps=2048)
    result = example.evaluate(model, "tictactoe", games=30, seed=0)
    assert result["won"] + result["drawn"] + result["lost"] == 30 and result["illegal"] == 0
    assert result["win_rate"] >= 0.5  # a random first player wins about 60%; it has not forgotten how to play
