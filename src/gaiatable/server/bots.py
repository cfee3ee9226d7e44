"""Bots think away from the server's event loop: in worker processes by default, so a strong search
never delays a person's move on another table (threads would share one interpreter lock).

A worker gets what it needs to rebuild the position (game, parameters, the moves so far) and keeps
the latest position of each table, so a long game is not replayed from the start on every turn."""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from ..agents import make_agent
from ..agents.spec import AgentSpec, named
from ..core.driver import turn_view
from ..core.errors import GaiatableError
from ..core.registry import game_class, load_game
from ..core.seeding import derive_seed
from .metrics import BOT_MOVES, BOT_WAIT

STRENGTHS = {"easy": "random", "medium": "greedy", "standard": "default", "strong": "strong"}  # the lobby's names
# The most a table may ask of a bot: more would hold a worker for too long.
LIMITS = {"iters": 5000, "depth": 200, "prior": 1000, "seconds": 10, "c": 10, "beam": 50, "replies": 3}


@dataclass(frozen=True)
class BotTurn:
    table: str
    game: str
    params: dict
    moves: tuple[int, ...]  # every action so far, chance included
    seat: int
    agent: str
    seed: int


def check_agent(spec: str, game) -> str:
    """The agent spec a seat may use, by lobby name or spec; GaiatableError says what is wrong."""
    spec = STRENGTHS.get(spec.strip().lower(), spec.strip())
    parsed = AgentSpec.parse(spec)
    agent = make_agent(parsed, game=game)  # raises for an unknown agent or option
    if agent.interactive:
        raise GaiatableError("a person's seat is 'person', not a bot")
    for option, most in LIMITS.items():
        value = getattr(agent, option, 0)
        if not (isinstance(value, int | float) and math.isfinite(value) and 0 <= value <= most):
            raise GaiatableError(f"agent {spec!r}: {option} must be between 0 and {most} on this server")
    return str(parsed)


def rated_bots(game) -> dict[str, str]:
    """The lobby's strengths by their spec in `game`: each is a rated player (a spec two strengths share
    is the stronger one's)."""
    return {named(spec, game): strength for strength, spec in STRENGTHS.items()}


def strength_of(agent: str, game) -> str | None:
    """The lobby strength a seat's bot plays as (None for another spec)."""
    return rated_bots(game).get(named(agent, game))


_positions: OrderedDict = OrderedDict()  # table -> ((name, params), game, moves, state), in this process
_KEEP = 1024  # positions kept: a few MB, and no table replays from the start each turn
_memories: dict[str, dict] = {}  # table -> seat -> what its bot chose where (agents' Repeats), in this process


def choose(turn: BotTurn) -> int:
    """The bot's action (runs in a worker)."""
    kept = _positions.pop(turn.table, None)
    if kept and kept[0] == (turn.game, turn.params) and turn.moves[:len(kept[2])] == kept[2]:
        _, game, done, state = kept
    else:
        game = load_game(turn.game, **turn.params)
        done, state = (), game.new_initial_state()
        _memories.pop(turn.table, None)  # another game (or one taken back): what the bots chose is moot
    for action in turn.moves[len(done):]:
        state.apply(action)
    _positions[turn.table] = ((turn.game, turn.params), game, turn.moves, state)
    while len(_positions) > _KEEP:
        _memories.pop(_positions.popitem(last=False)[0], None)
    agent = make_agent(turn.agent, seat=turn.seat, seed=derive_seed(turn.seed, "agent", turn.seat, len(turn.moves)),
                       game=game)
    if hasattr(agent, "repeats"):  # a bot built for this move remembers the table's earlier ones (docs/bots.md)
        agent.repeats = _memories.setdefault(turn.table, {}).setdefault(turn.seat, agent.repeats)
    return agent.act(turn_view(state, turn.seat))


def _follow(server: int) -> None:
    """In a worker: end with the server, even one killed with SIGKILL, which cannot tell its workers."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


QUICK = {"random", "greedy"}  # agents that answer in a moment: they never queue behind a search


class Lane:
    """A pool's workers, handed out in turn: a turn a person waits for goes before the turns of tables where
    only bots sit, each kind in the order asked. A table asks for one turn at a time, so tables take turns
    with the workers, and bot-only tables (a client may open many) use only what people leave idle."""

    def __init__(self, pool: Executor, size: int):
        self.pool, self.free = pool, size
        self.waiting: tuple[deque, deque] = (deque(), deque())  # a person waits, only bots wait

    async def run(self, fn, arg, person_waits: bool):
        if self.free and not any(self.waiting):
            self.free -= 1
        else:
            ticket = asyncio.get_running_loop().create_future()
            self.waiting[0 if person_waits else 1].append(ticket)
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._release()  # handed a worker just as it was cancelled: pass it on
                else:
                    self.waiting[0 if person_waits else 1].remove(ticket)
                raise
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, arg)
        finally:
            self._release()

    def _release(self) -> None:
        for queue in self.waiting:
            while queue:
                ticket = queue.popleft()
                if not ticket.done():
                    ticket.set_result(None)
                    return
        self.free += 1


class Bots:
    """Runs bot turns in two lanes, each its own worker processes (threads in this process when `workers`
    is 0): quick agents in one, searches in `workers` others, so that a crowd of expensive bots on some
    tables never holds up an easy bot elsewhere; in each lane people's tables first (`Lane`)."""

    def __init__(self, workers: int = 1):
        self.workers = workers
        self.lanes = {"quick": self._start(min(workers, 1)), "search": self._start(workers)}
        self.pending = 0  # turns asked and not answered yet

    def _start(self, workers: int) -> Lane:
        if workers > 0:
            return Lane(ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_follow, initargs=(os.getpid(),)), workers)
        return Lane(ThreadPoolExecutor(2), 2)

    @staticmethod
    def lane(turn: BotTurn) -> str:
        spec = AgentSpec.parse(named(turn.agent, game_class(turn.game)))
        return "quick" if spec.name in QUICK and not dict(spec.options).get("replies") else "search"

    async def choose(self, turn: BotTurn, person_waits: bool = True) -> int:
        lane, started = self.lane(turn), time.monotonic()
        self.pending += 1
        try:
            action = await self.lanes[lane].run(choose, turn, person_waits)
        except BrokenExecutor:  # a worker died (out of memory, killed): start afresh for the next turn
            self.lanes[lane].pool.shutdown(wait=False, cancel_futures=True)
            self.lanes[lane] = self._start(self.workers if lane == "search" else min(self.workers, 1))
            raise
        finally:
            self.pending -= 1
        BOT_MOVES.labels(lane).inc()
        BOT_WAIT.labels(lane).observe(time.monotonic() - started)
        return action

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.pool.shutdown(wait=False, cancel_futures=True)
