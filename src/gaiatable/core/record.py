"""Game records as JSON Lines: a header, one line per decision (chance included) with a state hash
every few plies, and a result line, or a stop line when the players left before the end. Replaying a
record reproduces the game exactly.

Format 2 seals the header into every hash (a hash is the digest of the header's digest and the state's
hash), so an edited header (another seed, other seats) no longer verifies; a record that ends with
neither a result nor a stop line was cut short. Format 1 records (plain state hashes, no stop line)
still replay."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .driver import Decision, GameResult, Observer
from .errors import GaiatableError, IllegalAction, RecordError
from .game import CHANCE, Game, State, canonical_json, counted, digest
from .registry import load_game

FORMAT = "gaiatable-record/2"
FORMATS = ("gaiatable-record/1", FORMAT)  # what replays: the first has no seal and no stop line
HASH_EVERY = 10


def header_line(game: Game, seed: int | None, seats: list[str]) -> dict:
    return {
        "type": "header", "format": FORMAT, "game": game.name, "game_version": game.version,
        "content_hash": game.content_hash(), "params": game.params, "seed": seed, "seats": seats,
    }


def seal_of(header: dict) -> str:
    """The header's digest, which every hash of a format 2 record carries."""
    return digest({key: value for key, value in header.items() if key != "_line"})


def sealed(state: State, seal: str) -> str:
    """The state's hash, sealed with the header's digest ("" for format 1: the plain hash)."""
    return digest(seal + state.state_hash()) if seal else state.state_hash()


def decision_line(state: State, ply: int, actor: int, action: int, seal: str) -> dict:
    """The line for `action`, taken by `actor` at `ply`; call after applying it to `state`."""
    line = {
        "type": "decision", "ply": ply, "actor": "chance" if actor == CHANCE else actor,
        "action": action, "text": state.action_text(action), "struct": state.action_struct(action),
    }
    if (ply + 1) % HASH_EVERY == 0:
        line["hash"] = sealed(state, seal)
    return line


def result_line(state: State, plies: int, seal: str) -> dict:
    return {"type": "result", "plies": plies, "scores": state.scores(), "returns": state.returns(),
            "hash": sealed(state, seal)}


def stop_line(state: State, plies: int, seal: str) -> dict:
    """The players left after `plies` decisions, the game unfinished: `state` as they left it."""
    return {"type": "stop", "plies": plies, "hash": sealed(state, seal)}


class Recorder(Observer):
    """Writes the record of a game as it is played: `lines` holds what was played so far, so a game
    that stops early (a person leaves) still has its record."""

    def __init__(self) -> None:
        self.lines: list[dict] = []
        self.seal = ""
        self.game: Game | None = None

    def started(self, game: Game, seed: int | None, seats: list[str]) -> None:
        self.lines = [header_line(game, seed, seats)]
        self.seal, self.game = seal_of(self.lines[0]), game

    def decided(self, decision: Decision) -> None:
        self.lines.append(decision_line(decision.state, decision.ply, decision.actor, decision.action, self.seal))

    def undone(self) -> None:
        self.lines.pop()

    def finished(self, result: GameResult) -> None:
        self.lines.append(result_line(result.state, result.plies, self.seal))

    def stopped(self) -> None:
        """The players left before the end: the record says so (a record without it was cut short)."""
        if not self.lines or self.lines[-1]["type"] in ("result", "stop"):
            return
        state = self.game.new_initial_state()  # the game as recorded (undone decisions are not)
        for line in self.lines[1:]:
            state.apply(line["action"])
        self.lines.append(stop_line(state, len(self.lines) - 1, self.seal))


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
    stop: dict | None = None  # the players left before the end

    @property
    def status(self) -> str:
        """finished, stopped (the players left), or cut short (neither line: the game may have gone on)."""
        if self.result is not None:
            return "finished"
        if self.stop is not None or self.header.get("format") == FORMATS[0]:
            return "unfinished: the players stopped here"
        return "cut short: no result or stop line, the game may have gone on"

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
    if header.get("format") not in FORMATS:
        raise RecordError(f"{at}: unknown format {header.get('format')!r} (expected {FORMAT})")
    seal = seal_of(header) if header["format"] != FORMATS[0] else ""
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
    decisions, result, stop = [], None, None
    for line in lines[1:]:
        at = f"{where} line {line['_line']}"
        if result is not None or stop is not None:
            raise RecordError(f"{at}: nothing may follow the {'result' if result else 'stop'} line")
        if line["type"] == "result":
            result = line
            _check_result(state, line, len(decisions), at, seal)
            continue
        if line["type"] == "stop" and seal:
            stop = line
            _check_stop(state, line, len(decisions), at, seal)
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
        if "hash" in line and line["hash"] != sealed(state, seal):
            raise RecordError(f"{at} (ply {ply}): state hash differs: the game went differently here"
                              + (", or the header was changed" if seal else ""))
        decisions.append(line)
        if keep_states:
            states.append(state.copy())
    if result is None and state.is_terminal():
        raise RecordError(f"{where}: the game is over after {counted(len(decisions), 'decision')}, but the record "
                          "does not end with its result line: it was cut off")
    if not keep_states:
        states = [state]
    return Replay(game, header, states, decisions, result, stop)


def resume_point(lines: list[dict], where: str = "record") -> tuple[Replay, list[tuple[int, int]]]:
    """An unfinished record, checked, and its decisions (actor, action) to replay before going on."""
    rep = replay(lines, where)
    if rep.finished:
        raise RecordError(f"{where}: the game is over: there is nothing to resume")
    return rep, [(CHANCE if d["actor"] == "chance" else d["actor"], d["action"]) for d in rep.decisions]


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


def _check_result(state: State, line: dict, plies: int, at: str, seal: str) -> None:
    if not state.is_terminal():
        raise RecordError(f"{at}: result line, but the game is not over after {plies} decisions")
    if line.get("plies") != plies:
        raise RecordError(f"{at}: result says {line.get('plies')!r} decisions, the record has {plies}")
    for key, value in (("scores", state.scores()), ("returns", state.returns()), ("hash", sealed(state, seal))):
        if line.get(key) != value:
            raise RecordError(f"{at}: result {key} {line.get(key)!r} differs from the replayed {value!r}")


def _check_stop(state: State, line: dict, plies: int, at: str, seal: str) -> None:
    if state.is_terminal():
        raise RecordError(f"{at}: stop line, but the game is over after {plies} decisions: a result line is due")
    if line.get("plies") != plies:
        raise RecordError(f"{at}: stop line says {line.get('plies')!r} decisions, the record has {plies}")
    if line.get("hash") != sealed(state, seal):
        raise RecordError(f"{at}: stop hash differs from the replayed game, or the header was changed")
