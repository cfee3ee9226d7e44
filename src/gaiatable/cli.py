"""The gaiatable command line: list, play, sim, replay."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import __version__
from .agents import make_agent, split_specs
from .agents.spec import named
from .core.driver import agent_seed, check_seats, play_game
from .core.errors import GaiatableError
from .core.game import REFEREE, SPECTATOR, counted
from .core.params import parse_params
from .core.record import Recorder, read_record, replay, resume_point, write_record
from .core.registry import game_class, load_game, registered_games
from .core.rulings import FOLDER as RULINGS
from .core.rulings import clauses
from .terminal import render
from .terminal.human import HumanAgent, QuitGame, Spectator
from .terminal.replay import show
from .terminal.views.common import scores_line

app = typer.Typer(help="Play, simulate and replay board games about living planets.", no_args_is_help=True,
                  add_completion=False, rich_markup_mode=None)
replay_app = typer.Typer(help="Check or step through a game record.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(replay_app, name="replay")
lab_app = typer.Typer(help="The balance lab: simulate many games into tables, then read them as a report.",
                      no_args_is_help=True, rich_markup_mode=None)
app.add_typer(lab_app, name="lab")
console = Console()
err = Console(stderr=True, soft_wrap=True)


def _game_from(name: str, params: list[str] | None, seats: int | None, option: str = "--seats"):
    given: dict = parse_params(params or [])
    cls = game_class(name)
    if seats is not None and not cls.min_players <= seats <= cls.max_players:
        players = f"{cls.min_players}" if cls.min_players == cls.max_players else \
            f"{cls.min_players} to {cls.max_players}"
        raise GaiatableError(f"{cls.name} is for {players} players; {option} names {seats}")
    if seats is not None and "players" not in given and any(p.name == "players" for p in cls.params_spec):
        given["players"] = seats
    return load_game(name, **given)


def _specs(text: str | None, game: str, first: str, option: str) -> list[str]:
    """The agents of --seats or --agents; by default `first` then random bots for the game's default
    number of players."""
    if text is None:
        cls = game_class(game)
        players = next((p.default for p in cls.params_spec if p.name == "players"), cls.min_players)
        return [first] + ["random"] * (players - 1)
    specs = split_specs(text)
    if not specs or any(not part.strip() for part in text.split(",")):
        raise GaiatableError(f"{option} {text!r} has an empty seat: name an agent for every seat")
    return specs


def _check_record_path(record: Path) -> None:
    if record.is_dir():
        raise GaiatableError(f"--record {record} is a folder: name the file to write")
    if record.exists():
        raise GaiatableError(f"--record {record} already exists: records are never overwritten, choose another name")
    if not record.parent.is_dir():
        raise GaiatableError(f"--record {record}: the folder {record.parent} does not exist")


def _fail(exc: Exception) -> None:
    err.print("[red]error:[/red]", escape(str(exc)))  # a message's own [brackets] are words, not styles
    raise typer.Exit(2)


PARAM_HELP = ("a game parameter as name=value; repeat -p for each (-p players=3 -p names=Gaia,Vora); "
              "`gaiatable rules GAME` lists them")


def version_callback(value: bool) -> None:
    if value:
        print(f"gaiatable {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=version_callback, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Play, simulate and replay board games about living planets."""


@app.command("list")
def list_games(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """The games, with their player counts."""
    games = [cls().describe() for cls in registered_games()]
    if as_json:
        print(json.dumps(games, indent=2))
        return
    table = Table("game", "title", "players", "information", "actions")
    for g in games:
        lo, hi = g["players"]
        table.add_row(g["name"], g["title"], f"{lo}" if lo == hi else f"{lo}-{hi}",
                      "perfect" if g["perfect_information"] else "hidden", str(g["actions"]))
    console.print(table)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="game name, e.g. gaia-vora")]) -> None:
    """A game's parameters (defaults and ranges) and where its rules are written down."""
    try:
        cls = game_class(game)
    except GaiatableError as exc:
        _fail(exc)
    console.print(f"[bold]{cls.title}[/bold] ({cls.name}), {cls.min_players}-{cls.max_players} players, "
                  f"default bot {cls.default_agent!r}, strong bot {cls.strong_agent!r}")
    console.print(escape(cls.how_to_play_text()), highlight=False)
    table = Table("parameter", "default", "allowed", "meaning")
    for p in cls.params_spec:
        allowed = ", ".join(map(str, p.choices)) if p.choices else \
            f"{'' if p.min is None else p.min}..{'' if p.max is None else p.max}" if (p.min, p.max) != (None, None) \
            else {str: "text", bool: "true or false"}.get(type(p.default), type(p.default).__name__)
        table.add_row(p.name, repr(p.default), allowed, p.doc)
    console.print(table if cls.params_spec else "It has no parameters.")
    numbers = list(clauses(cls.name))
    console.print(f"Give one with -p name=value. The rules, clause by clause: {RULINGS / f'{cls.name}.md'}"
                  + (f" (while playing, `info {numbers[-1]}` says one)" if numbers else ""))


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game name, e.g. gaia-vora")] = None,
    seats: Annotated[str | None, typer.Option(help="agent per seat, comma-separated (default: you and random "
                                                 "bots)")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for chance and bots (default: from the clock)")] = None,
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help=PARAM_HELP)] = None,
    record: Annotated[Path | None, typer.Option(help="where to save the record (default: records/…)")] = None,
    resume: Annotated[Path | None, typer.Option(help="go on with the unfinished game of this record: its game, "
                                                     "parameters, seats and seed")] = None,
) -> None:
    """Play in the terminal: humans type moves, bots answer."""
    history: list = []
    try:
        if resume is not None:
            if game or seed is not None or param:
                raise GaiatableError("--resume takes the game, seed and parameters from the record: give none")
            rep, history = resume_point(read_record(resume), str(resume))
            g, seed = rep.game, rep.header["seed"] if rep.header["seed"] is not None else int(time.time())
            specs = split_specs(seats) if seats else ["human" if s == "person" else s for s in rep.header["seats"]]
        elif game is None:
            raise GaiatableError("name a game (gaiatable list shows them), or --resume a record")
        else:
            seed = int(time.time()) if seed is None else seed
            specs = _specs(seats, game, "human", "--seats")
            g = _game_from(game, param, len(specs))
        agents = [make_agent(spec, seat=i, seed=agent_seed(seed, i), game=g) for i, spec in enumerate(specs)]
        check_seats(g, len(agents))
        if record is not None:
            _check_record_path(record)
    except GaiatableError as exc:
        _fail(exc)
    recorder = Recorder()
    people = [a for a in agents if isinstance(a, HumanAgent)]
    path = record or Path("records") / f"{g.name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl"
    players = f"{g.num_players} player{'s' if g.num_players > 1 else ''}"
    console.print(f"[bold]{g.title}[/bold], {players}, seed {seed}"
                  + (f", resumed after {counted(len(history), 'decision')}." if history else ".") + (
        " Type a move, its number, or the start of its words (Tab completes); '?' for help." if people else
        " A game of bots, decision by decision; Ctrl-C stops it."))
    try:
        result = play_game(g, agents, seed, [recorder, *(people or [Spectator()])], history)
    except (QuitGame, KeyboardInterrupt):
        result = None
        recorder.stopped()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record(path, recorder.lines)
    except OSError as exc:
        _fail(GaiatableError(f"the record could not be saved to {path}: {exc.strerror}"))
    if result is None:
        console.print(f"\nLeft the game. The record so far is in {path}")
        return
    final = result.state.observe(SPECTATOR)
    console.print(render(final))
    console.print(scores_line(final))
    console.print(f"Record saved to {path}")


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="game name")],
    agents: Annotated[str | None, typer.Option(help="agent per seat, comma-separated (default: random bots; "
                                                  "with --ladder: random,greedy,default,strong)")] = None,
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="base seed; game i gets its own seed from it")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    records: Annotated[Path | None, typer.Option(help="write each game's record into this folder")] = None,
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help=PARAM_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON on stdout")] = False,
    ladder: Annotated[bool, typer.Option("--ladder", help="round robin of the agents (default: the standard "
                                         "ones), --games per pair, rated on the Elo scale")] = False,
) -> None:
    """Simulate many games and summarise them, or rate agents against each other (--ladder)."""
    if ladder:
        _ladder(game, agents, games, seed, workers, param, as_json)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .lab.sim import SimJob, simulate
    g, specs = _bots(game, agents, param)
    job = SimJob(g.name, g.params, tuple(specs), seed, str(records) if records else None)
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=True, disable=games < 20) as progress:
        task = progress.add_task(f"{g.name}", total=games)
        summary = simulate(job, games, workers, progress=lambda n: progress.advance(task, n))
    if as_json:
        print(json.dumps(summary))
        return
    table = Table("seat", "agent", "wins", "win rate", "mean score")
    for s, spec in enumerate(specs):
        table.add_row(str(s), spec, f"{summary['wins_by_seat'][s]:g}", f"{summary['win_rate_by_seat'][s]:.3f}",
                      f"{summary['mean_scores'][s]:.2f}")
    console.print(table)
    games_text = f"{summary['games']} game{'s' if summary['games'] > 1 else ''}"
    console.print(f"{games_text}, {summary['draws']} drawn, {summary['mean_decisions']:.1f} decisions per game, "
                  f"{summary['decisions_per_second']:,} decisions/s")
    if summary["truncated_games"]:
        console.print(f"[yellow]{summary['truncated_games']} of them stopped at the turn cap (max_turns), not by "
                      "the rules: counted as draws[/yellow]")


def _bots(game: str, agents: str | None, param: list[str] | None):
    """The game and the agents of a simulation, checked: bots only, one per seat (by default random bots,
    as many as `-p players=N` says)."""
    try:
        players = parse_params(param or []).get("players")
        option = "--agents"
        if agents is None and players and players.isdecimal():
            agents, option = ",".join(["random"] * int(players)), f"-p players={players}"
        specs = _specs(agents, game, "random", "--agents")
        g = _game_from(game, param, len(specs), option)
        for seat, spec in enumerate(specs):
            if make_agent(spec, seat=seat, game=g).interactive:
                raise GaiatableError(f"sim plays bots only: seat {seat} is {spec!r}; people play with `gaiatable play`")
        check_seats(g, len(specs))
    except GaiatableError as exc:
        _fail(exc)
    return g, specs


@lab_app.command("run")
def lab_run(
    game: Annotated[str, typer.Argument(help="game name")],
    out: Annotated[Path, typer.Option(help="the run folder (an interrupted run there resumes)")],
    agents: Annotated[str | None, typer.Option(help="agent per seat, comma-separated (default: random bots)")] = None,
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1000,
    seed: Annotated[int, typer.Option(help="base seed; game i gets its own seed from it")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    content: Annotated[Path | None, typer.Option(help="a content file of your own (as -p content=FILE)")] = None,
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help=PARAM_HELP)] = None,
    backend: Annotated[str, typer.Option(help="local (worker processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="with --backend ray: the cluster's address "
                                                     "(default: a Ray started here with --workers CPUs)")] = None,
) -> None:
    """Play many games into Parquet tables (a row per game and seat, a row per content item used)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .lab.run import LabJob, run
    g, specs = _bots(game, agents, [*(param or []), *([f"content={content}"] if content else [])])
    job = LabJob(g.name, g.params, tuple(specs), seed, games, g.content_hash())
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=True) as progress:
        task = progress.add_task(g.name, total=games)
        try:
            summary = run(job, out, workers, lambda n: progress.advance(task, n), backend, address)
        except (GaiatableError, OSError) as exc:
            _fail(GaiatableError(str(exc)))
    console.print(f"{summary['games']} games in {out}: win rate by seat {summary['win_rate_by_seat']}, "
                  f"{summary['truncated_games']} stopped at the turn cap; `gaiatable lab report {out}` to read them")


@lab_app.command("skill")
def lab_skill(
    game: Annotated[str, typer.Argument(help="game name")],
    out: Annotated[Path, typer.Option(help="the skill folder (one run per matchup; an interrupted one resumes)")],
    bot: Annotated[str, typer.Option(help="the strong bot (default: the game's own)")] = "default",
    games: Annotated[int, typer.Option(min=1, help="games per matchup")] = 200,
    seed: Annotated[int, typer.Option(help="base seed")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help=PARAM_HELP)] = None,
) -> None:
    """Luck versus skill: the bot against random bots (in every seat in turn), against itself, and random
    against random."""
    from rich.progress import Progress

    from .lab.skill import matchups, measure
    try:
        g = _game_from(game, param, None, "--param")
        agent = make_agent(bot, seat=0, game=g)
        if agent.interactive:
            raise GaiatableError(f"--bot must be a bot, not {bot!r}")
        spec = agent.spec.removeprefix("default=")
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(f"{g.name}: luck and skill", total=games * len(matchups(spec, g.num_players)))
            result = measure(g, spec, games, out, seed, workers, lambda n: progress.advance(task, n))
    except (GaiatableError, OSError) as exc:
        _fail(GaiatableError(str(exc)))
    console.print(f"{spec} wins {result['bot_vs_random']:.1%} against random (fair share {result['fair_share']:.0%}): "
                  f"skill index {result['skill_index']:+.2f}; `gaiatable lab report {out}` to read it")


@lab_app.command("report")
def lab_report(
    folder: Annotated[Path, typer.Argument(help="a run folder made by `lab run` (or a skill folder)")],
    out: Annotated[Path | None, typer.Option(help="the HTML file (default: report.html in the folder)")] = None,
    skill: Annotated[Path | None, typer.Option(help="a skill folder made by `lab skill`: its luck and skill "
                                                   "part joins the report")] = None,
) -> None:
    """Write one self-contained HTML page (plots embedded) reading a run."""
    from .lab.report import render
    try:
        page = render(folder, skill)
        target = out or folder / "report.html"
        target.write_text(page)
    except (GaiatableError, OSError) as exc:
        _fail(GaiatableError(str(exc)))
    console.print(f"wrote {target}")


@lab_app.command("tune")
def lab_tune(
    game: Annotated[str, typer.Argument(help="game name")],
    space: Annotated[Path, typer.Option(help="TOML: [params.NAME] or [numbers.\"PATH\"] low/high (content numbers "
                                                 "by dotted path); [target] fairness, length, truncated, draws")],
    out: Annotated[Path, typer.Option(help="folder for trials.csv, tradeoff.png and best.json")],
    seed: Annotated[int, typer.Option(help="seeds the optimiser and every trial's games")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help=PARAM_HELP)] = None,
) -> None:
    """Search declared parameters or content numbers toward a target (fair seats, a game length, few games
    cut short or drawn) with Optuna."""
    from rich.progress import Progress

    from .lab.tune import read_space, recheck_words, tune
    try:
        trials = read_space(space, game_class(game).name)["trials"]
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(f"tuning {game}", total=trials)
            result = tune(game, space, out, seed, workers, dict(parse_params(param or [])),
                          lambda n: progress.advance(task, n))
    except (GaiatableError, OSError) as exc:
        _fail(GaiatableError(str(exc)))
    best = result["best"]
    console.print(f"best of {result['trials']} trials (loss {best['loss']}): "
                  + ", ".join(f"{column.split(' ', 1)[1]}={best[column]}" for column in result["tuned"])
                  + f"; trials in {out / 'trials.csv'}, the trade-off in {out / 'tradeoff.png'}"
                  + (f", the best content in {result['best_content']}" if "best_content" in result else ""))
    console.print(escape(recheck_words(result["recheck"])))


@lab_app.command("compare")
def lab_compare(
    a: Annotated[Path, typer.Argument(help="a run folder")],
    b: Annotated[Path, typer.Argument(help="another run folder (a variant)")],
    alpha: Annotated[float, typer.Option(min=0.0, max=1.0, help="false discovery rate")] = 0.05,
    as_json: Annotated[bool, typer.Option("--json", help="print the comparison as JSON on stdout")] = False,
    html: Annotated[Path | None, typer.Option(help="also write the comparison as an HTML page with a plot")] = None,
) -> None:
    """Which differences between two runs are significant (each test named, corrected for their number)."""
    from .lab.compare import compare, render
    try:
        result = compare(a, b, alpha)
        if html:
            html.write_text(render(result))
    except (GaiatableError, OSError) as exc:
        _fail(GaiatableError(str(exc)))
    if as_json:
        print(json.dumps(result))
        return
    table = Table("measure", "A", "B", "test", "p", "adjusted p", "")
    for row in result["rows"]:
        table.add_row(row["measure"], f"{row['a']:.3f}", f"{row['b']:.3f}", row["test"], f"{row['p']:.3g}",
                      f"{row['p_adjusted']:.3g}", "[bold]significant[/bold]" if row["significant"] else "")
    console.print(table)
    console.print(f"{result['games'][0]} and {result['games'][1]} games; p-values adjusted for "
                  f"{len(result['rows'])} tests ({result['correction']}), significant under {alpha}")


STANDARD_AGENTS = "random,greedy,default,strong"


def _ladder(game: str, agents: str | None, games: int, seed: int, workers: int, param: list[str] | None,
            as_json: bool) -> None:
    from rich.progress import Progress

    from .lab.ladder import ladder, ladder_tables
    try:
        specs = _specs(agents or STANDARD_AGENTS, game, "random", "--agents")
        if len(specs) < 2:
            raise GaiatableError("a ladder needs at least two agents to play each other")
        g = _game_from(game, param, 2)
        check_seats(g, 2)
        agents = [make_agent(spec, game=g) for spec in specs]
        people = [a.spec for a in agents if a.interactive]
        if people:
            raise GaiatableError(f"the ladder plays bots only, not {people[0]!r}")
        specs = [named(spec, g) for spec in specs]
    except GaiatableError as exc:
        _fail(exc)
    pairs = len(specs) * (len(specs) - 1) // 2
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(f"{g.name} ladder", total=pairs * games)
        result = ladder(g.name, g.params, specs, games, seed, workers, lambda n: progress.advance(task, n))
    if as_json:
        print(json.dumps(result))
        return
    for table in ladder_tables(result):
        console.print(table)


@replay_app.command("verify")
def replay_verify(file: Path) -> None:
    """Replay a record and check every decision, hash and the result."""
    try:
        rep = replay(read_record(file), str(file))
    except GaiatableError as exc:
        _fail(exc)
    console.print(f"[green]ok[/green]: {file} replays exactly "
                  f"({rep.game.name}, {counted(len(rep.decisions), 'decision')}, {rep.status})", soft_wrap=True)


@replay_app.command("show")
def replay_show(
    file: Path,
    ply: Annotated[int | None, typer.Option(help="show the position after this many decisions")] = None,
    step: Annotated[bool, typer.Option(help="one decision at a time: Enter, b for back, a number")] = False,
    viewer: Annotated[str, typer.Option(help="whose eyes: 'spectator', 'referee' (sees every secret) or a seat "
                                             "number")] = SPECTATOR,
) -> None:
    """Show a recorded game: every decision, or the position at one ply, as `viewer` may see it."""
    try:
        rep = replay(read_record(file), str(file), keep_states=True)
    except GaiatableError as exc:
        _fail(exc)
    g = rep.game
    eyes: int | str = int(viewer) if viewer.isdecimal() else viewer
    if eyes not in (SPECTATOR, REFEREE, *range(g.num_players)):
        _fail(GaiatableError(f"viewer must be 'spectator', 'referee' or a seat from 0 to {g.num_players - 1}"))
    if ply is not None and not 0 <= ply < len(rep.states):
        _fail(GaiatableError(f"ply must be between 0 and {len(rep.states) - 1}"))
    show(console, rep, eyes, ply, step)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(
        help="an SQLite file (a path, or sqlite:///FILE; default: tables.db in the user's data folder), "
             "or postgresql+psycopg://USER@HOST/NAME")] = None,
    bots: Annotated[int, typer.Option(help="worker processes for the bots' thinking (per server process)", min=1)] = 1,
    workers: Annotated[int, typer.Option(help="server processes sharing every table (PostgreSQL)", min=1)] = 1,
    access_log: Annotated[bool, typer.Option(help="a JSON line a request on standard error")] = False,
    keep: Annotated[float, typer.Option(help="days a table nobody changes is kept (0: for ever)", min=0)] = 0,
    bot_pace: Annotated[float, typer.Option(
        help="seconds a bot's move waits after the change before it while somebody watches, so a bot's turn "
             "is seen step by step (0: at once)", min=0, max=10)] = 0.6,
) -> None:
    """Play in the browser: the lobby, tables with friends and bots, replays."""
    import uvicorn  # noqa: F401 - without the web extra, main() says how to install it

    from .server.app import create_app
    from .server.process import default_db, run

    url = db or default_db()
    if "://" not in url:  # a file's path: an SQLite database there
        url = f"sqlite:///{Path(url).resolve()}"
    if workers > 1 and not url.startswith("postgresql"):
        _fail(GaiatableError(f"--workers {workers} needs PostgreSQL (--db postgresql+psycopg://USER@HOST/NAME), "
                             "where the processes share tables and hear of each other's moves; SQLite serves one"))
    try:
        web = create_app(url, bot_workers=bots, keep_days=keep, bot_pace=bot_pace)
    except Exception as exc:  # a malformed URL or a driver that is not installed
        _fail(GaiatableError(f"cannot use the database {url!r}: {exc}"))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"gaiatable is at [bold]http://{shown}:{port}/[/bold] (tables kept in {url}"
                  f"{f', {workers} processes' if workers > 1 else ''}); Ctrl+C stops it")
    run(web, url, host, port, bots, workers, access_log, keep, bot_pace)


EXTRAS = {  # the module a command imports -> the extra that installs it
    **dict.fromkeys(("fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg", "starlette", "prometheus_client",
                     "argon2", "openskill"), "web"),
    **dict.fromkeys(("pyarrow", "matplotlib", "scipy", "optuna", "tomli_w", "pydantic"), "lab"),
    **dict.fromkeys(("numpy", "gymnasium", "pettingzoo", "pyspiel"), "rl"),
    "ray": "ray",
}


def main() -> None:
    try:
        app()
    except ModuleNotFoundError as exc:  # a front end's packages are extras: say which one to install
        root = (exc.name or "").split(".")[0]
        if root not in EXTRAS:
            raise
        err.print("[red]error:[/red]", escape(f"this command needs the {EXTRAS[root]} extra ({root} is missing): "
                                             f"pip install 'gaiatable[{EXTRAS[root]}]'"))
        raise SystemExit(2) from None
