"""Storage against SQLite and a real PostgreSQL server: the migrations, the moves as the source of
truth, and two writers racing for one ply."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import bearer, my_turn, new_table, wait_for
from fastapi.testclient import TestClient
from sqlalchemy import update

from gaiatable.server.app import create_app
from gaiatable.server.storage import Conflict, SeatRow, Store, TableRow


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    base = request.getfixturevalue("postgres_url")
    name = f"t{abs(hash(request.node.name)) % 10**8}"
    store = Store(base)
    with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        c.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}")
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    store.engine.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


def test_migrations_create_the_schema_and_run_twice(url):
    store = Store(url)
    store.migrate()
    store.migrate()  # already at the head: nothing to do
    table = TableRow(id="t1", game="tictactoe", params={}, seed=2**62, companion=False, version=0, plies=0,
                     to_move=0, finished=False)
    store.create(table, [SeatRow(seat=0, kind="person", name="Ann", token="h0", claimed=True),
                         SeatRow(seat=1, kind="bot", agent="random", name="random", token="h1", claimed=True)])
    assert store.table("t1").seed == 2**62  # 63-bit seeds fit
    assert [s.kind for s in store.seats("t1")] == ["person", "bot"]


def test_two_writers_cannot_both_take_one_ply(url):
    store = Store(url)
    store.migrate()
    store.create(TableRow(id="t2", game="tictactoe", params={}, seed=1, companion=False, version=0, plies=0,
                          to_move=0, finished=False), [])
    store.add_moves("t2", 0, 0, [(0, 4)], to_move=1, finished=False)
    with pytest.raises(Conflict):
        store.add_moves("t2", 0, 0, [(0, 5)], to_move=1, finished=False)  # based on the old version
    assert [(m.ply, m.action) for m in store.moves("t2")] == [(0, 4)]


def test_a_game_with_bots_replays_from_storage(url):
    with TestClient(create_app(url, bot_workers=0)) as client:
        table, tokens = new_table(client, "phanerozoic", [{"kind": "person"}, {"kind": "bot", "agent": "easy"}])
        view = wait_for(client, table, tokens[0], my_turn)
        for _ in range(5):
            view = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                               json={"version": view["version"], "action": view["legal"][0]["id"]}).json()
            view = wait_for(client, table, tokens[0], my_turn)
    with TestClient(create_app(url, bot_workers=0)) as client:
        again = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    assert again["observation"] == view["observation"] and again["plies"] == view["plies"]


def test_tables_nobody_changed_for_the_days_kept_are_removed_with_their_moves(url):
    with TestClient(create_app(url, bot_workers=0)) as client:
        old = client.post("/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()["table"]
        store = client.app.state.store
        with store.engine.begin() as c:  # as if a month had passed
            c.execute(update(TableRow).where(TableRow.id == old).values(updated=datetime(2000, 1, 1)))
        new = client.post("/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()["table"]
        assert store.prune(days=30) == [old]
        assert store.table(old) is None and store.moves(old) == [] and store.seats(old) == []
        assert store.table(new) is not None and store.seats(new)


def test_a_table_from_before_accounts_plays_on_after_the_upgrade(url):
    """Migration 0004 (accounts, ratings, rated tables) keeps every existing table playable."""
    from sqlalchemy import create_engine, text

    from gaiatable.server.migrations import upgrade
    from gaiatable.server.storage import token_hash

    engine = create_engine(url)
    upgrade(engine, "0003")
    with engine.begin() as c:  # a table as the server before accounts wrote it: x has played the centre
        c.execute(text("INSERT INTO tables (id, game, params, seed, companion, version, plies, to_move, finished,"
                       " created, updated, stamp) VALUES ('old', 'tictactoe', '{}', 7, false, 1, 1, 1, false,"
                       " :now, :now, 1)"), {"now": datetime(2026, 1, 1)})
        c.execute(text("INSERT INTO seats (table_id, seat, kind, agent, name, token, claimed) VALUES "
                       "('old', 0, 'person', NULL, 'Ann', :x, true), ('old', 1, 'person', NULL, 'Bo', :o, true)"),
                  {"x": token_hash("x-token"), "o": token_hash("o-token")})
        c.execute(text("INSERT INTO moves (table_id, ply, actor, action, at) VALUES ('old', 0, 0, 4, :now)"),
                  {"now": datetime(2026, 1, 1)})
    engine.dispose()
    with TestClient(create_app(url, bot_workers=0)) as client:
        view = client.get("/api/tables/old", headers=bearer("o-token")).json()
        assert view["viewer"] == 1 and not view["rated"] and view["history"][0]["text"].endswith("b2")
        assert view["turned"] == 0  # migration 0006: a table from before is the first of its series
        moved = client.post("/api/tables/old/moves", headers=bearer("o-token"), json={"version": 1, "text": "a1"})
        assert moved.status_code == 200, moved.text
        assert client.post("/api/tables/old/undo", headers=bearer("o-token"), json={"version": 2}).status_code == 200


def test_processes_starting_together_seed_the_bots_once(url):
    if url.startswith("sqlite"):
        pytest.skip("several processes share PostgreSQL only (serve --workers); one serves an SQLite file")
    from concurrent.futures import ThreadPoolExecutor

    from gaiatable.server.account_api import bot_specs
    from gaiatable.server.accounts import Accounts

    Store(url).migrate()
    starting = [Accounts(Store(url)) for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda accounts: accounts.seed_bots(bot_specs()), starting))
    board = starting[0].leaderboard("tictactoe")
    assert sorted(r["name"] for r in board) == ["easy", "medium", "standard", "strong"]


def test_one_account_racing_for_two_seats_of_a_rated_table_gets_one(url):
    if url.startswith("sqlite"):
        pytest.skip("several processes share PostgreSQL only (serve --workers); one serves an SQLite file")
    from concurrent.futures import ThreadPoolExecutor

    from gaiatable.server.accounts import AccountRow
    from gaiatable.server.storage import Seated

    store = Store(url)
    store.migrate()
    with store.engine.begin() as c:
        account = c.execute(AccountRow.__table__.insert().values(name="Ada", key="ada", kind="person",
                                                                 created=datetime(2026, 1, 1))).inserted_primary_key[0]
    store.create(TableRow(id="r3", game="gaia-vora", params={"players": 3}, seed=1, companion=False, version=0,
                          plies=0, to_move=0, finished=False, rated=True),
                 [SeatRow(seat=i, kind="person", name="", token=f"h{i}", claimed=False) for i in range(3)])

    def claim(seat):
        try:
            return store.claim_seat("r3", seat, "Ada", f"t{seat}", account=account)
        except Seated:
            return "seated"
    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(claim, [1, 2]))
    assert sorted(outcomes, key=str) == [True, "seated"]
    assert [s.account_id for s in store.seats("r3")].count(account) == 1


def test_a_table_read_while_another_process_moved_on_it_catches_up_with_that_move(url):
    """Several processes (docs/server.md): a move another process commits while this one reads the table
    notifies a process that holds no such table yet; the read is then compared with storage's stamp."""
    import asyncio

    from gaiatable.server.bots import Bots
    from gaiatable.server.rooms import Rooms

    if not url.startswith("postgresql"):
        pytest.skip("several processes share PostgreSQL only (serve --workers); one serves an SQLite file")
    Store(url).migrate()

    async def scenario():
        mover, reader = Rooms(Store(url), Bots(0)), Rooms(Store(url), Bots(0))
        table, tokens = await mover.create("tictactoe", {}, [{"kind": "person"}, {"kind": "person"}])
        held, loop, read = await mover.get(table), asyncio.get_running_loop(), reader._load

        def read_then_the_other_moves(table_id):
            room = read(table_id)
            asyncio.run_coroutine_threadsafe(mover.move(held, tokens[0], held.version, 4), loop).result()
            return room

        reader._load = read_then_the_other_moves
        room = await reader.get(table)
        return room.moves, room.version

    assert asyncio.run(scenario()) == ([(0, 4)], 1)
