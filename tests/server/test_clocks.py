"""Time controls through the HTTP API: a person who runs out of time loses or is replaced by a bot, as the
table said when it opened; game clocks are charged for the time taken; the server enforces deadlines after
a restart too. Time is moved forward by moving the server's clock, not by waiting."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from conftest import bearer, my_turn, new_table, wait_for
from fastapi.testclient import TestClient
from test_accounts import rated_pair, rating

from gaiatable.server import rooms, storage
from gaiatable.server.app import create_app
from gaiatable.server.limits import UNLIMITED

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]


@pytest.fixture
def later(monkeypatch):
    """`later(seconds)`: the server's clock runs that much ahead from now on."""
    real = storage.now

    def ahead(seconds: float) -> None:
        moved = lambda: real() + timedelta(seconds=seconds)  # noqa: E731
        monkeypatch.setattr(storage, "now", moved)
        monkeypatch.setattr(rooms, "now", moved)
    return ahead


def until(client, table: str, token: str | None, ready) -> dict:
    return wait_for(client, table, token, ready, timeout=20)


def test_who_runs_out_of_time_for_a_move_loses(client, later):
    table, tokens = new_table(client, "tictactoe", TWO, clock={"move": 3600, "then": "lose"})
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    assert view["clock"]["move"] == 3600 and view["clock"]["deadline"] and not view["finished"]
    assert client.get("/api/tables").json()[0]["deadline"] == view["clock"]["deadline"]  # the lobby shows it
    later(3590)
    time.sleep(1.5)  # the deadlines are looked at every second: a look has passed, ten seconds to spare
    assert not client.get(f"/api/tables/{table}").json()["finished"]
    later(3601)
    view = until(client, table, tokens[0], lambda v: v["finished"])
    assert view["forfeit"] == 0 and view["forfeit_by"] == "time" and view["legal"] == []
    assert view["clock"]["deadline"] is None
    late = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": view["version"],
                                                                                       "text": "b2"})
    assert late.status_code == 409 and "over" in late.json()["detail"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409  # no finished game to record


def test_a_bot_of_the_tables_choosing_takes_the_seat_of_who_runs_out(client, later):
    table, tokens = new_table(client, "tictactoe", TWO, clock={"move": 600, "then": "easy"})
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                json={"version": view["version"], "text": "b2"})
    later(601)  # Bo does not answer
    view = until(client, table, tokens[0], lambda v: v["seats"][1]["kind"] == "bot" and my_turn(v))
    assert view["seats"][1]["agent"] == "random" and view["seats"][1]["name"] == "easy for Bo"
    assert view["plies"] == 2 and view["clock"]["deadline"]  # the bot moved; Ann is on the clock again
    assert client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).status_code == 403  # Bo's seat is gone


def test_a_game_clock_is_charged_for_the_time_taken(client, later):
    table, tokens = new_table(client, "tictactoe", TWO, clock={"game": 300, "then": "lose"})
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    assert view["clock"]["time_left"] == [300, 300]
    later(100)
    view = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                       json={"version": view["version"], "text": "b2"}).json()
    assert view["clock"]["time_left"][0] == pytest.approx(200, abs=2) and view["clock"]["time_left"][1] == 300
    later(100 + 301)  # Bo's whole game clock
    assert until(client, table, None, lambda v: v["finished"])["forfeit"] == 1


def test_a_deadline_passed_while_the_server_was_down_is_enforced_when_it_starts(db_url, later):
    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED)) as client:
        table, tokens = new_table(client, "tictactoe", TWO, clock={"move": 60, "then": "lose"})
    later(61)
    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED)) as client:
        assert until(client, table, tokens[0], lambda v: v["finished"])["forfeit"] == 0


def test_a_rated_game_lost_on_time_is_rated(client, later):
    table, ada, bob = rated_pair(client, clock={"move": 60, "then": "lose"})
    later(61)
    until(client, table, ada["token"], lambda v: v["finished"])
    assert rating(client, "tictactoe", "Ada")["rating"] < 1000 < rating(client, "tictactoe", "Bob")["rating"]
    assert client.get("/api/me", headers=bearer(bob["token"])).json()["ratings"]["tictactoe"]["wins"] == 1


def test_a_clock_needs_a_limit_and_a_known_ending(client):
    for clock, why in (({"then": "lose"}, "needs seconds"), ({"move": 1}, "greater than or equal to 10"),
                       ({"move": 60, "then": "mcts"}, "then")):
        refused = client.post("/api/tables", json={"game": "tictactoe", "seats": TWO, "clock": clock})
        assert refused.status_code == 422 and why in refused.json()["detail"], refused.text


def test_the_clocks_start_when_every_seat_is_taken(client, later):
    made = client.post("/api/tables", json={"game": "tictactoe", "clock": {"move": 60, "then": "lose"}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "open": True}]}).json()
    table, ann = made["table"], made["tokens"][0]
    assert client.get(f"/api/tables/{table}").json()["clock"]["deadline"] is None  # nobody to play against yet
    later(3600)
    time.sleep(1.5)
    assert not client.get(f"/api/tables/{table}").json()["finished"]
    client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "Bo"})
    assert client.get(f"/api/tables/{table}").json()["clock"]["deadline"]  # Ann's minute starts now
    later(3600 + 61)
    assert until(client, table, ann, lambda v: v["finished"])["forfeit"] == 0


def test_who_loses_on_time_is_told_on_their_own_socket(client, later):
    table, tokens = new_table(client, "tictactoe", TWO, clock={"move": 60, "then": "lose"})
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"token": tokens[0]})
        assert socket.receive_json()["viewer"] == 0
        later(61)
        view = socket.receive_json()  # the end, as their seat sees it: the socket stays theirs
    assert view["viewer"] == 0 and view["finished"] and view["forfeit"] == 0
