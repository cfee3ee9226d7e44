"""The HTTP and websocket API: tables, moves, authority, secrecy, replays and records."""

from __future__ import annotations

import json

from conftest import bearer, my_turn, new_table, wait_for
from fastapi.testclient import TestClient

from gaiatable.core.record import parse_lines, replay
from gaiatable.server.app import create_app

PERSON, BOT = {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}


def test_games_lists_every_registered_game_with_parameters(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"gaia-vora", "phanerozoic", "planit", "planetarium", "earth-our-home", "tictactoe"} <= set(games)
    assert games["gaia-vora"]["players"] == [2, 4]
    assert "content" not in {p["name"] for p in games["planit"]["params"]}  # no server-side files from the web
    assert {"easy", "medium", "strong"} == set(games["phanerozoic"]["bots"])


def test_a_game_against_a_bot_to_the_end_then_its_record_replays(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, BOT])
    assert tokens[1] is None  # bots have no credential
    view = wait_for(client, table, tokens[0], my_turn)
    while not view["finished"]:
        move = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                           json={"version": view["version"], "action": view["legal"][0]["id"]})
        assert move.status_code == 200, move.text
        view = wait_for(client, table, tokens[0], my_turn)
    assert view["observation"]["result"] is not None
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    rep = replay(parse_lines(record.text))
    assert rep.finished and len(rep.decisions) == view["plies"]


def test_a_move_as_text_like_the_terminal(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    view = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                       json={"version": 0, "text": "b2"}).json()
    assert view["observation"]["board"]["cells"][4] == "x"


def test_refusals_change_nothing_and_say_why(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    url = f"/api/tables/{table}/moves"

    def refused(status, body, token, words):
        response = client.post(url, headers=bearer(token), json=body)
        assert response.status_code == status, response.text
        assert words in response.json()["detail"]

    refused(401, {"version": 0, "action": 4}, None, "credential")
    refused(403, {"version": 0, "action": 4}, "not-a-credential", "opens no seat")
    refused(409, {"version": 0, "action": 4}, tokens[1], "not your turn")
    refused(409, {"version": 7, "action": 4}, tokens[0], "stale version 7")
    refused(422, {"version": 0, "action": 99999}, tokens[0], "not an action id")
    refused(422, {"version": 0, "text": "z9"}, tokens[0], "not an action")
    refused(422, {"version": 0}, tokens[0], "'action'")
    refused(422, {"version": "x", "action": 1}, tokens[0], "malformed request")
    refused(422, {"version": 0, "action": 1, "extra": 1}, tokens[0], "malformed request")
    client.post(url, headers=bearer(tokens[0]), json={"version": 0, "action": 4})
    refused(422, {"version": 1, "action": 4}, tokens[1], "already marked (TTT-2)")
    view = client.get(f"/api/tables/{table}").json()
    assert view["version"] == 1 and view["observation"]["board"]["cells"].count(".") == 8


def test_malformed_and_oversized_bodies(client):
    assert client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
                       ).status_code == 422
    assert client.post("/api/tables", content=b"x" * 70000, headers={"Content-Type": "application/json"}
                       ).status_code == 413
    for body, words in [({"game": "chess", "seats": [PERSON]}, "chess"),
                        ({"game": "tictactoe", "seats": [PERSON]}, "2 seats"),
                        ({"game": "tictactoe", "seats": [PERSON, {"kind": "bot", "agent": "nonsense"}]}, "nonsense"),
                        ({"game": "tictactoe", "seats": [PERSON, {"kind": "bot", "agent": "mcts:iters=999999"}]},
                         "at most"),
                        ({"game": "planit", "params": {"content": "/etc/passwd"}, "seats": [PERSON, PERSON]},
                         "content"),
                        ({"game": "planit", "params": {"players": 9}, "seats": [PERSON, PERSON]}, "players")]:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422 and words in response.json()["detail"], response.text
    assert client.get("/api/tables/nope").status_code == 404


def test_each_seat_sees_only_its_own_hand(client):
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON])
    views = [client.get(f"/api/tables/{table}", headers=bearer(t)).json() for t in tokens]
    spectator = client.get(f"/api/tables/{table}").json()
    for seat, view in enumerate(views):
        seats = view["observation"]["seats"]
        assert seats[seat]["private"] and seats[seat]["private"]["hand"]
        assert seats[1 - seat]["private"] is None
    assert all(s["private"] is None for s in spectator["observation"]["seats"])
    hand = {c["id"] if isinstance(c, dict) else c for c in views[0]["observation"]["seats"][0]["private"]["hand"]}
    assert not any(str(card) in json.dumps(views[1]["history"]) for card in hand if len(str(card)) > 2)


def test_undo_follows_the_engine_policy(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 0})
    refused = client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[1]), json={"version": 1})
    assert refused.status_code == 409 and "only your own" in refused.json()["detail"]
    done = client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[0]), json={"version": 1})
    assert done.status_code == 200 and done.json()["undone"] == "a1"
    assert done.json()["plies"] == 0 and done.json()["version"] == 2


def test_open_seats_are_claimed_once(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, {"kind": "person", "open": True}])
    assert tokens[1] is None
    lobby = client.get("/api/tables").json()
    assert any(t["table"] == table and t["seats"][1]["open"] for t in lobby)
    assert [t["table"] for t in client.get(f"/api/tables?ids={table},nope").json()] == [table]
    claimed = client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "Bo"})
    assert claimed.status_code == 200
    assert client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "Cy"}).status_code == 409
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 0})
    bo = claimed.json()["token"]
    assert client.post(f"/api/tables/{table}/moves", headers=bearer(bo), json={"version": 1, "action": 1}
                       ).status_code == 200


def test_leaving_to_a_bot_lets_the_game_go_on(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    client.post(f"/api/tables/{table}/leave", headers=bearer(tokens[1]), json={"bot": "easy"})
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 0})
    view = wait_for(client, table, tokens[0], my_turn)
    assert view["plies"] == 2
    assert client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).status_code == 403  # the old credential


def test_rematch_turns_the_seats(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    version = 0
    for seat, cell in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
        version = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[seat]),
                              json={"version": version, "action": cell}).json()["version"]
    first = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0])).json()
    second = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1])).json()
    assert first["table"] == second["table"] != table
    assert (first["seat"], second["seat"]) == (1, 0)


def test_replay_steps_are_redacted_for_the_viewer(client):
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON])
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    step = client.get(f"/api/tables/{table}/replay?ply={view['plies']}", headers=bearer(tokens[1])).json()
    assert step["observation"]["seats"][0]["private"] is None and step["observation"]["seats"][1]["private"]
    assert client.get(f"/api/tables/{table}/replay?ply=99999").status_code == 404
    assert client.get(f"/api/tables/{table}/record").status_code == 409  # secrets stay until the end


def test_the_websocket_pushes_each_change_to_each_viewer(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        assert ws.receive_json()["viewer"] == 1 and watcher.receive_json()["viewer"] == "spectator"
        client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 4})
        pushed = ws.receive_json()
        assert pushed["version"] == 1 and pushed["legal"]  # seat 1 is to move
        assert watcher.receive_json()["legal"] == []
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong", "version": 1}


def test_a_table_survives_a_restart(db_url):
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        table, tokens = new_table(client, "gaia-vora", [PERSON, BOT])
        view = wait_for(client, table, tokens[0], my_turn)
        client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                    json={"version": view["version"], "action": view["legal"][0]["id"]})
        before = wait_for(client, table, tokens[0], my_turn)
    with TestClient(create_app(db_url, bot_workers=0)) as client:
        after = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    assert after["observation"] == before["observation"] and after["version"] == before["version"]


def test_the_openapi_schema_documents_the_api(client):
    paths = client.get("/openapi.json").json()["paths"]
    for path in ["/api/games", "/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/moves",
                 "/api/tables/{table_id}/record"]:
        assert path in paths


def test_companion_mode_waits_for_the_players_to_enter_chance(client):
    table, tokens = new_table(client, "gaia-vora", [PERSON, PERSON], companion=True)
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).json()
    assert view["observation"]["to_move"] == -1 and view["plies"] == 0  # the set-up tile is chance
    outcomes = {m["text"]: m["id"] for m in view["legal"]}
    assert "setup stone on even" in outcomes
    assert client.get(f"/api/tables/{table}").json()["legal"] == []  # a spectator enters nothing
    refused = client.post(f"/api/tables/{table}/moves", json={"version": 0, "action": outcomes["setup stone on even"]})
    assert refused.status_code == 401
    entered = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[1]),
                          json={"version": 0, "text": "setup stone on even"})
    assert entered.status_code == 200 and entered.json()["history"][0]["text"] == "setup stone on even"


def test_an_uncompanioned_table_never_takes_chance_from_a_player(client):
    table, tokens = new_table(client, "gaia-vora", [PERSON, PERSON])
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    assert view["plies"] == 1 and view["observation"]["to_move"] == 0  # the server drew the set-up itself


def test_idle_tables_leave_memory_and_come_back_from_storage(client, monkeypatch):
    from gaiatable.server import rooms as live
    monkeypatch.setattr(live, "KEEP_OPEN", 2)
    made = [new_table(client, "tictactoe", [PERSON, PERSON]) for _ in range(4)]
    client.post(f"/api/tables/{made[0][0]}/moves", headers=bearer(made[0][1][0]), json={"version": 0, "action": 4})
    for table, _ in made[1:]:
        client.get(f"/api/tables/{table}")
    open_now = client.app.state.rooms.rooms
    assert len(open_now) <= 3 and made[0][0] not in open_now
    again = client.get(f"/api/tables/{made[0][0]}").json()
    assert again["observation"]["board"]["cells"][4] == "x"
