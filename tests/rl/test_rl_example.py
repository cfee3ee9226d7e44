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
