"""Game records as JSON Lines: a header, one line per decision (chance included) with a state hash
every few plies, and a result line. Replaying a record reproduces the game exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .driver import Decision, GameResult, Observer
from .errors import GaiatableError, IllegalAction, RecordError
from .game import CHANCE, Game, State, canonical_json, counted
from .registry import load_game

FORMAT = "gaiatable-record/1"
HASH_EVERY = 10


def header_line(game: Game, seed: int | None, seats: list[str]) -> dict:
    return {
        "type": "header", "format": FORMAT, "game": game.name, "game_version": game.version,
        "content_hash": game.content_hash(), "params": game.params, "seed": seed, "seats": seats,
    }


def decision_line(state: State, ply: int, actor: int, action: int) -> dict:
    """The line for `action`, taken by `actor` at `ply`; call after applying it to `state`."""
    line = {
        "type": "decision", "ply": ply, "actor": "chance" if actor == CHANCE else actor,
        "action": action, "text": state.action_text(action), "struct": state.action_struct(action),
    }
    if (ply + 1) % HASH_EVERY == 0:
        line["hash"] = state.state_hash()
    return line


def result_line(state: State, plies: int) -> dict:
    return {"type": "result", "plies": plies, "scores": state.scores(), "returns": state.returns(),
            "hash": state.state_hash()}


class Recorder(Observer):
    """Writes the record of a game as it is played: `lines` holds what was played so far, so a game
    that stops early (a person leaves) still has its record."""

    def __init__(self) -> None:
        self.lines: list[dict] = []

    def started(self, game: Game, seed: int | None, seats: list[str]) -> None:
        self.lines = [header_line(game, seed, seats)]

    def decided(self, decision: Decision) -> None:
        self.lines.append(decision_line(decision.state, decision.ply, decision.actor, decision.action))

    def undone(self) -> None:
        self.lines.pop()

    def finished(self, result: GameResult) -> None:
        self.lines.append(result_line(result.state, result.plies))


def dumps(lines: list[dict]) -> str:
    return "".join(canonical_json(line) + "\n" for line in lines)


def write_record(path: str | Path, lines: list[dict]) -> None:
    Path(path).write_text(dumps(lines))


def parse_lines(text: str, where: str = "record") -> list[dict]:
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{where} line {n}: not valid JSON ({exc.msg}, column {exc.colno})") from None
        if not isinstance(line, dict) or "type" not in line:
            raise RecordError(f"{where} line {n}: expected an object with a 'type'")
        line["_line"] = n
        out.append(line)
    return out


def read_record(path: str | Path) -> list[dict]:
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from None
    return parse_lines(text, str(path))


@dataclass
class Replay:
    game: Game
    header: dict
    states: list[State]  # the state before each decision, then the final state
    decisions: list[dict]
    result: dict | None

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.result is not None


def replay(lines: list[dict], where: str = "record", keep_states: bool = False, game: Game | None = None) -> Replay:
    """Replay and check a record; raise RecordError saying which line is wrong and why.

    The game is loaded from the header, unless given (a game outside the registry)."""
    if not lines or lines[0].get("type") != "header":
        raise RecordError(f"{where}: the first line must be the header")
    header = lines[0]
    at = f"{where} line {header.get('_line', 1)}"
    if header.get("format") != FORMAT:
        raise RecordError(f"{at}: unknown format {header.get('format')!r} (expected {FORMAT})")
    try:
        game = game or load_game(str(header.get("game")), **dict(header.get("params") or {}))
    except (GaiatableError, TypeError) as exc:
        raise RecordError(f"{at}: {exc}") from None
    if header.get("game") != game.name:
        raise RecordError(f"{at}: the header names the game {header.get('game')!r}, but this is {game.name!r}")
    _check_params(header.get("params"), game.params, at)
    if header.get("game_version") != game.version:
        raise RecordError(f"{at}: game version {header.get('game_version')!r}, but this engine has {game.version!r}")
    if header.get("content_hash") != game.content_hash():
        raise RecordError(f"{at}: content hash differs from this engine's {game.name} content")
    state = game.new_initial_state()
    states = [state.copy()] if keep_states else []
    decisions, result = [], None
    for line in lines[1:]:
        at = f"{where} line {line['_line']}"
        if result is not None:
            raise RecordError(f"{at}: nothing may follow the result line")
        if line["type"] == "result":
            result = line
            _check_result(state, line, len(decisions), at)
            continue
        if line["type"] != "decision":
            raise RecordError(f"{at}: unknown line type {line['type']!r}")
        ply = len(decisions)
        if line.get("ply") != ply:
            raise RecordError(f"{at}: expected ply {ply}, found {line.get('ply')!r}")
        actor = state.current_player()
        expected_actor = "chance" if actor == CHANCE else actor
        if line.get("actor") != expected_actor:
            raise RecordError(f"{at} (ply {ply}): the decision belongs to {expected_actor!r}, "
                              f"not {line.get('actor')!r}")
        action = line.get("action")
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"{at} (ply {ply}): illegal action {action!r}: {exc}") from None
        if line.get("text") != state.action_text(action):
            raise RecordError(f"{at} (ply {ply}): text {line.get('text')!r} does not match action {action} "
                              f"({state.action_text(action)!r})")
        if "hash" in line and line["hash"] != state.state_hash():
            raise RecordError(f"{at} (ply {ply}): state hash differs: the game went differently here")
        decisions.append(line)
        if keep_states:
            states.append(state.copy())
    if result is None and state.is_terminal():
        raise RecordError(f"{where}: the game is over after {counted(len(decisions), 'decision')}, but the record "
                          "does not end with its result line: it was cut off")
    if not keep_states:
        states = [state]
    return Replay(game, header, states, decisions, result)


def _check_params(given, resolved: dict, at: str) -> None:
    """A record names every parameter with its checked value, so that it replays the same game even
    if a default changes."""
    given = given if isinstance(given, dict) else {}
    missing = [name for name in resolved if name not in given]
    if missing:
        raise RecordError(f"{at}: the header leaves out the parameter(s) {', '.join(missing)}: a record names "
                          "every parameter")
    for name, value in resolved.items():
        if given[name] != value:
            raise RecordError(f"{at}: the header gives {name} = {given[name]!r}, which reads as {value!r}")


def _check_result(state: State, line: dict, plies: int, at: str) -> None:
    if not state.is_terminal():
        raise RecordError(f"{at}: result line, but the game is not over after {plies} decisions")
    if line.get("plies") != plies:
        raise RecordError(f"{at}: result says {line.get('plies')!r} decisions, the record has {plies}")
    for key, value in (("scores", state.scores()), ("returns", state.returns()), ("hash", state.state_hash())):
        if line.get(key) != value:
            raise RecordError(f"{at}: result {key} {line.get(key)!r} differs from the replayed {value!r}")
