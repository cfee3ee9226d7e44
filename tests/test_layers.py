"""The layers point one way: the rules load and play without any front end's library, and core
imports nothing above it."""

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).parent.parent / "src" / "gaiatable"

WITHOUT_FRONT_ENDS = """
import sys
for name in ("rich", "typer", "click", "fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic",
             "pettingzoo", "gymnasium", "pyspiel", "open_spiel"):
    sys.modules[name] = None  # importing them now fails, as if they were not installed
import random
import gaiatable
for cls in gaiatable.registered_games():
    game = gaiatable.load_game(cls.name)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        state.observe(0)
    print(cls.name, state.returns())
assert not any(m.startswith("gaiatable.terminal") or m == "gaiatable.cli" for m in sys.modules)
"""


def test_every_game_loads_and_plays_without_the_front_ends_libraries():
    done = subprocess.run([sys.executable, "-c", WITHOUT_FRONT_ENDS], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert {line.split()[0] for line in done.stdout.splitlines()} >= {"gaia-vora", "phanerozoic", "planit", "tictactoe"}


def imports_of(path: Path) -> set[str]:
    """The gaiatable modules a file imports, as absolute names."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            out.add(f"{base}.{node.module}" if base and node.module else base or node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {name for name in out if name and name.startswith("gaiatable")}


def test_core_imports_nothing_above_it():
    for path in (SRC / "core").glob("*.py"):
        above = {m for m in imports_of(path) if not m.startswith("gaiatable.core")}
        assert not above, f"{path.name} imports {above}"


def test_games_import_only_core_and_themselves():
    for path in (SRC / "games").rglob("*.py"):
        game = ".".join(path.relative_to(SRC.parent).parts[:3])
        foreign = {m for m in imports_of(path) if not m.startswith(("gaiatable.core", game))}
        assert not foreign, f"{path.relative_to(SRC)} imports {foreign}"


def test_the_server_uses_the_engine_and_the_bots_never_the_terminal():
    for path in (SRC / "server").rglob("*.py"):
        foreign = {m for m in imports_of(path)
                   if not m.startswith(("gaiatable.core", "gaiatable.agents", "gaiatable.server")) and m != "gaiatable"}
        assert not foreign, f"{path.relative_to(SRC)} imports {foreign}"


def test_the_rl_adapters_use_the_engine_and_the_bots_only():
    for path in (SRC / "rl").rglob("*.py"):
        foreign = {m for m in imports_of(path) if not m.startswith(
            ("gaiatable.core", "gaiatable.agents", "gaiatable.rl")) and m != "gaiatable"}
        assert not foreign, f"{path.relative_to(SRC)} imports {foreign}"


def test_the_rl_package_and_its_encodings_load_without_the_rl_libraries():
    code = ("import sys\n"
            "for name in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel'):\n"
            "    sys.modules[name] = None\n"
            "import gaiatable, gaiatable.rl, gaiatable.rl.encoding as e\n"
            "game = gaiatable.load_game('phanerozoic', players=3)\n"
            "print(e.encoder_for(game).encode(game.new_initial_state().observe(0)).shape)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_no_source_file_is_much_over_500_lines():
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > 520}
    assert not long, long


def test_each_games_docstring_table_states_its_action_count():
    """The table a game's docstring opens with (players, chance, information, actions) stays true."""
    import re

    from gaiatable import registered_games
    for cls in registered_games():
        doc = __import__(cls.__module__, fromlist=["_"]).__doc__
        row = next(line for line in doc.splitlines() if line.startswith("|") and re.search(r"\d", line))
        stated = int(row.rstrip(" |").rsplit("|", 1)[1].split(":")[0].replace(",", "").strip())
        assert stated == cls().num_distinct_actions, cls.name
