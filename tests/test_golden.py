"""Golden playthroughs (tests/playthrough.py): every committed game replays to exactly the same text."""

import pytest
from playthrough import CASES, GOLDEN, actions_of, header, write

from gaiatable import load_game, registered_games

FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_golden_playthrough_replays_exactly(path):
    text = path.read_text()
    name, params, seed = header(text)
    again = write(load_game(name, **params), params, seed, actions_of(text))
    for n, (want, got) in enumerate(zip(text.splitlines(), again.splitlines(), strict=False), 1):
        assert got == want, (f"{path.name} line {n} differs; if the change is meant, regenerate with "
                             f"`python tests/playthrough.py` and review the diff\nwas: {want[:300]}\nnow: {got[:300]}")
    assert again == text


def test_every_game_and_player_count_has_a_golden_playthrough():
    covered = {(name, params.get("players")) for _, name, params, _, _ in CASES}
    for cls in registered_games():
        players = range(cls.min_players, cls.max_players + 1) if any(p.name == "players" for p in cls.params_spec) \
            else [None]
        for n in players:
            assert (cls.name, n) in covered, f"no golden playthrough of {cls.name} with {n} players"
    assert {p.stem for p in FILES} == {stem for stem, *_ in CASES}
