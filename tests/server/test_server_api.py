"""The HTTP and websocket API: tables, moves, authority, secrecy, replays and records."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from pathlib import Path

import pytest
from conftest import bearer, my_turn, new_table, wait_for
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gaiatable.core.record import parse_lines, replay
from gaiatable.core.registry import load_game
from gaiatable.server.app import create_app
from gaiatable.server.bots import Bots
from gaiatable.server.limits import UNLIMITED
from gaiatable.server.listeners import Listener
from gaiatable.server.rooms import Rooms
from gaiatable.server.storage import SeatRow, Store, TableRow, token_hash

PERSON, BOT = {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}


def test_games_lists_every_registered_game_with_parameters(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"gaia-vora", "phanerozoic", "planit", "planetarium", "earth-our-home", "tictactoe"} <= set(games)
    assert games["gaia-vora"]["players"] == [2, 4]
    assert "content" not in {p["name"] for p in games["planit"]["params"]}  # no server-side files from the web
    assert {"easy", "medium", "standard", "strong"} == set(games["phanerozoic"]["bots"])
    assert games["phanerozoic"]["bots"]["strong"].startswith("ismcts:")  # the game's own strong spec
    # the seats as each game calls them, by player count: the lobby's rows say what the table will
    assert games["tictactoe"]["seat_names"] == {"2": ["x", "o"]}
    assert games["planetarium"]["seat_names"]["2"] == ["seat 0", "seat 1"]
    assert len(games["gaia-vora"]["seat_names"]["4"]) == 4


def test_every_game_says_how_it_is_played_citing_its_clauses(client):
    import re

    for game in client.get("/api/games").json():
        text = game["how_to_play"]
        clauses = re.findall(r"\b(?![IVX]+-)([A-Z]{2,3})-\d", text)  # not a space named by its orbit ("II-5")
        assert len(text) > 80 and clauses, game["name"]  # a few lines, each part traceable to a ruling
        rulings = (Path(__file__).parents[2] / "docs" / "rulings" / f"{game['name']}.md").read_text()
        assert all(f"**{c}-" in rulings for c in clauses), game["name"]
    table, _ = new_table(client, "tictactoe", [PERSON, BOT])
    assert client.get(f"/api/tables/{table}/info", params={"name": "rules"}).json()["text"].startswith("Take turns")
    table, _ = new_table(client, "gaia-vora", [PERSON, BOT])  # a word no piece is named by finds the rule in words
    scoring = client.get(f"/api/tables/{table}/info", params={"name": "score"}).json()["text"]
    assert "nothing named 'score'" in scoring and "How to play: Score: 1 per Fossil" in scoring


def test_every_integer_parameter_has_a_range_the_server_enforces(client):
    from gaiatable import registered_games
    from gaiatable.core.params import Param

    for cls in registered_games():  # a declaration without one does not load
        assert all(p.choices or (p.min is not None and p.max is not None)
                   for p in cls.params_spec if type(p.default) is int), cls.name
    with pytest.raises(TypeError, match="needs a range"):
        Param("rounds", 3, "rounds to play")
    for params in ({"players": 2, "max_turns": 10**30}, {"players": 2, "stars": -1}, {"players": 10**20}):
        response = client.post("/api/tables", json={"game": "gaia-vora", "params": params, "seats": [PERSON, BOT]})
        assert response.status_code == 422 and "must be at" in response.json()["detail"], response.text


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
    for odd in ("²", "①", "x³"):  # digit-like signs that are no number are refused like any unknown text
        refused(422, {"version": 0, "text": odd}, tokens[0], "not an action")
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
                         "between 0 and 5000"),
                        ({"game": "tictactoe", "seats": [PERSON, {"kind": "bot", "agent": "mcts:iters=+9_999_999"}]},
                         "between 0 and 5000"),
                        ({"game": "tictactoe", "seats": [PERSON, {"kind": "bot", "agent": "mcts:c=nan"}]}, "c must"),
                        ({"game": "tictactoe", "seats": [BOT, BOT]}, "at least one person"),
                        ({"game": "planit", "params": {"max_turns": 0}, "seats": [PERSON, BOT]}, "max_turns"),
                        ({"game": "planit", "params": {"names": "x" * 300}, "seats": [PERSON, BOT]}, "malformed"),
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
    assert done.status_code == 200 and done.json()["plies"] == 0 and done.json()["version"] == 2
    assert done.json()["observation"]["board"]["cells"][0] == "."


def test_undo_is_offered_only_where_it_would_be_taken(client):
    """A decision that turned the secret picks face up (PH-2.4) is not offered back, and is refused if asked."""
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON])
    views = [client.get(f"/api/tables/{table}", headers=bearer(t)).json() for t in tokens]
    first, second = sorted(range(2), key=lambda seat: not views[seat]["legal"])  # both pick; the engine asks one
    picked = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[first]),
                         json={"version": views[first]["version"], "action": views[first]["legal"][0]["id"]}).json()
    assert picked["undo"]  # still secret: it may be taken back
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[second])).json()
    shown = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[second]),
                        json={"version": view["version"], "action": view["legal"][0]["id"]}).json()
    assert shown["history"][-1]["actor"] == second and not shown["undo"]
    refused = client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[second]),
                          json={"version": shown["version"]})
    assert refused.status_code == 409 and "revealed" in refused.json()["detail"]


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
    assert client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).json()["rematch"] == first["table"]
    assert not any(t["table"] == first["table"] and any(s["open"] for s in t["seats"])
                   for t in client.get("/api/tables").json())  # the seats are kept for the players
    second = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1])).json()
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1])).json()  # a double click
    assert first["table"] == second["table"] == again["table"] != table
    assert (first["seat"], second["seat"], again["seat"]) == (1, 0, 0)
    turned = [client.get(f"/api/tables/{t}").json()["turned"] for t in (table, first["table"])]
    assert turned == [0, 1]  # how far the seats moved on: a player keeps its first seat's colour
    assert client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[0]), json={"version": version}
                       ).status_code == 409  # a finished game's record is final


def test_replay_steps_are_redacted_for_the_viewer(client):
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON])
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()
    step = client.get(f"/api/tables/{table}/replay?ply={view['plies']}", headers=bearer(tokens[1])).json()
    assert step["observation"]["seats"][0]["private"] is None and step["observation"]["seats"][1]["private"]
    # the deals so far, worded as the viewer's log words them: the other seat's cards unnamed
    said = {seat: [e["text"] for e in client.get(f"/api/tables/{table}/replay?ply={view['plies']}",
                                                   headers=bearer(tokens[seat])).json()["since_turn"]]
            for seat in (0, 1)}
    history = client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).json()["history"]
    logged = [e["text"] for e in history]
    assert step["turns"] == [] and said[1] == logged and said[0] != said[1] and len(said[1]) == view["plies"]
    assert step["history"] == history  # the replay's log at the last step is the live log, as this seat reads it
    early = client.get(f"/api/tables/{table}/replay?ply=3", headers=bearer(tokens[1])).json()["history"]
    assert early == history[:3]  # the log as it stood at the step
    assert client.get(f"/api/tables/{table}/replay?ply=99999").status_code == 404
    assert client.get(f"/api/tables/{table}/record").status_code == 409  # secrets stay until the end


def test_the_websocket_pushes_each_change_to_each_viewer(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    with client.websocket_connect(f"/ws/tables/{table}") as ws, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        ws.send_json({"token": tokens[1]})
        watcher.send_json({})
        assert latest(ws)["viewer"] == 1 and latest(watcher)["viewer"] == "spectator"
        client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 4})
        pushed = latest(ws, version=1)
        assert pushed["legal"]  # seat 1 is to move
        assert latest(watcher, version=1)["legal"] == []
        ws.send_bytes(b"\x00")  # ignored, as is anything a client sends


def test_a_watched_bot_moves_a_pace_after_the_change_before_it_and_an_unwatched_one_at_once(db_url):
    """`serve --bot-pace`: while somebody watches the table, a bot's move stays in view a moment."""
    pace = 0.5

    def answer_time(table: str, token: str, heard) -> float:
        started = time.monotonic()
        client.post(f"/api/tables/{table}/moves", headers=bearer(token), json={"version": 0, "action": 4})
        heard()
        return time.monotonic() - started

    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED, bot_pace=pace)) as client:
        table, tokens = new_table(client, "tictactoe", [PERSON, BOT])
        assert answer_time(table, tokens[0], lambda: wait_for(client, table, tokens[0], my_turn)) < pace / 2
        table, tokens = new_table(client, "tictactoe", [PERSON, BOT])
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"token": tokens[0]})
            latest(ws, version=0)
            assert answer_time(table, tokens[0], lambda: latest(ws, version=2)) >= pace * 0.9


def latest(ws, version: int | None = None) -> dict:
    """The newest view pushed on `ws` (at `version`, when given)."""
    while True:
        view = ws.receive_json()
        if version is None or view["version"] == version:
            return view


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


def test_a_chunked_body_over_the_limit_is_refused(client):
    def chunks():
        for _ in range(100):
            yield b"x" * 1024
    response = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413


def test_a_refused_leave_changes_nothing_and_a_leave_closes_that_seats_websockets(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    refused = client.post(f"/api/tables/{table}/leave", headers=bearer(tokens[1]), json={"bot": "nonsense"})
    assert refused.status_code == 422
    assert client.get(f"/api/tables/{table}", headers=bearer(tokens[1])).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"token": tokens[1]})
        assert latest(ws)["viewer"] == 1
        left = client.post(f"/api/tables/{table}/leave", headers=bearer(tokens[1]), json={"bot": "mcts:iters=4999"})
        assert left.status_code == 200 and left.json()["seats"][1]["kind"] == "bot"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4403


def test_a_table_cut_short_before_its_first_draw_draws_it_when_next_opened(client):
    store = client.app.state.store
    store.create(TableRow(id="cut", game="phanerozoic", params={"players": 2}, seed=7, companion=False, version=0,
                          plies=0, to_move=-1, finished=False),
                 [SeatRow(seat=i, kind="person", name="", token=token_hash(f"t{i}"), claimed=True) for i in (0, 1)])
    view = client.get("/api/tables/cut", headers=bearer("t0")).json()
    assert view["plies"] > 0 and view["observation"]["to_move"] == 0


def test_companion_hidden_draws_are_typed_by_their_owner_and_never_listed(client):
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON], companion=True)
    views = [client.get(f"/api/tables/{table}", headers=bearer(t)).json() for t in tokens]
    assert views[0]["observation"]["to_move"] == -1 and views[0]["legal"] == views[1]["legal"] == []
    game = load_game("phanerozoic")
    state = game.new_initial_state()
    draw = next(a for a in state.legal_actions() if game.decision_text(a, None, 1) != game.action_text(a))
    owner = next(s for s in (0, 1) if game.decision_text(draw, None, s) == game.action_text(draw))
    other = 1 - owner
    url = f"/api/tables/{table}/moves"
    body = {"version": 0, "text": game.action_text(draw)}
    assert client.post(url, headers=bearer(tokens[other]), json=body).status_code == 403
    assert client.post(url, headers=bearer(tokens[owner]), json=body).status_code == 200
    # the owner's next deal: every goal that could be dealt to it, left or already dealt, is refused to
    # the other seat in the same words, so which goals are left never shows through the refusals
    state.apply(draw)
    deals = [a for a in range(game.num_distinct_actions) if game.action_struct(a).get("kind") == "deal"
             and game.action_struct(a).get("seat") == owner]
    assert {a in state.legal_actions() for a in deals} == {True, False}
    answers = {(r.status_code, r.json()["detail"]) for r in (
        client.post(url, headers=bearer(tokens[other]), json={"version": 1, "action": a}) for a in deals)}
    assert len(answers) == 1 and answers.pop()[0] == 403


async def tictactoe_room(folder):
    """Rooms over a fresh SQLite file (bots in threads) and a tic-tac-toe table of two people in it."""
    store = Store(f"sqlite:///{folder / 'rooms.db'}")
    store.migrate()
    rooms = Rooms(store, Bots(0))
    table, tokens = await rooms.create("tictactoe", {}, [PERSON, PERSON])
    return rooms, await rooms.get(table), tokens


def test_a_client_that_never_reads_does_not_hold_up_the_table(tmp_path):
    """A websocket whose sends never finish: moves go on, and only its own sender waits."""

    class Stuck:
        async def send_text(self, _message):
            await asyncio.sleep(3600)

        async def close(self, **_):
            pass

    async def play():
        rooms, room, tokens = await tictactoe_room(tmp_path)
        for _ in range(3):
            rooms.attach(room, Listener(Stuck(), "spectator", None))
        started = time.monotonic()
        for ply, cell in enumerate([0, 3, 1, 4]):
            await asyncio.wait_for(rooms.move(room, tokens[ply % 2], room.version, cell), 2)
        await rooms.close()
        return time.monotonic() - started

    assert asyncio.run(play()) < 2


def test_spectators_coming_and_going_send_nothing_to_the_others(tmp_path):
    """A new viewer gets its view; the others hear only of a seat coming online or going offline."""

    class Counting:
        def __init__(self):
            self.views = []

        async def send_text(self, message):
            self.views.append(json.loads(message))

        async def close(self, **_):
            pass

    async def watch():
        rooms, room, _ = await tictactoe_room(tmp_path)
        seated, other = Counting(), Counting()
        rooms.attach(room, Listener(seated, 0, None))
        await asyncio.sleep(0.05)
        crowd = [Listener(Counting(), "spectator", None) for _ in range(50)]
        for spectator in crowd:
            rooms.attach(room, spectator)
        for spectator in crowd:
            rooms.detach(room, spectator)
        await asyncio.sleep(0.05)
        quiet = len(seated.views)
        second = Listener(other, 1, None)
        rooms.attach(room, second)  # seat 1 comes online: seat 0 is told
        await asyncio.sleep(0.05)
        online = seated.views[-1]["seats"][1]["online"]
        rooms.detach(room, second)
        await asyncio.sleep(0.05)
        offline = seated.views[-1]["seats"][1]["online"]
        await rooms.close()
        return quiet, online, offline, all(len(s.socket.views) == 1 for s in crowd)

    quiet, online, offline, each_got_its_view = asyncio.run(watch())
    assert quiet == 1 and each_got_its_view
    assert online is True and offline is False


def test_the_log_keeps_what_each_decision_brought_about_as_the_viewer_may_read_it(client):
    """Eating, a meteor, a die's effect: each history entry carries the consequences of its decision."""
    table, tokens = new_table(client, "gaia-vora", [PERSON, BOT])
    view = wait_for(client, table, tokens[0], my_turn)
    while not view["finished"] and not any(entry["log"] for entry in view["history"]):
        view = client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]),
                           json={"version": view["version"], "action": view["legal"][-1]["id"]}).json()
        view = wait_for(client, table, tokens[0], my_turn)
    entry = next(e for e in view["history"] if e["log"])
    room = client.app.state.rooms.rooms[table]
    assert entry["log"] == room.state_at(entry["ply"] + 1).observe(0)["log"]


def test_a_tables_card_faces_are_public_and_name_every_card_its_views_name(client):
    table, tokens = new_table(client, "phanerozoic", [PERSON, PERSON])
    faces = {face["key"]: face for face in client.get(f"/api/tables/{table}/cards").json()}  # no credential
    view = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()["observation"]
    living = view["board"]["plants"] + view["board"]["animals"]
    named = view["seats"][0]["private"]["hand"] + [c["card"] for c in living]
    assert named and all(label in faces for label in named)
    assert all(faces[label]["text"] and faces[label]["kind"] in ("species", "mutation", "event") for label in named)
    assert all(goal["name"] in faces for goal in view["seats"][0]["private"]["goals"])
    table, _ = new_table(client, "tictactoe", [PERSON, PERSON])
    assert client.get(f"/api/tables/{table}/cards").json() == []
    assert client.get("/api/tables/nonesuch/cards").status_code == 404


def test_a_servers_bot_remembers_what_it_chose_at_its_table_though_built_afresh_each_move():
    """Positions met again (docs/bots.md): the table's bot, rebuilt for every move, still chooses differently
    in a position it met before at that table, and starts afresh at another table."""
    from gaiatable.server.bots import BotTurn, choose
    turn = BotTurn(table="repeats", game="tictactoe", params={}, moves=(), seat=0, agent="greedy", seed=1)
    first, again = choose(turn), choose(turn)
    assert first != again
    assert choose(BotTurn(**{**turn.__dict__, "table": "elsewhere"})) == first


def test_a_bot_a_person_waits_for_thinks_before_bot_only_tables_that_asked_earlier():
    """Bot budgets (docs/server.md): a lane's workers go to the turns people wait for first, then to the
    bot-only tables in the order they asked; a turn cancelled while queued gives up its place."""
    from concurrent.futures import ThreadPoolExecutor

    from gaiatable.server.bots import Lane

    async def scenario():
        lane, ran, gate = Lane(ThreadPoolExecutor(1), 1), [], asyncio.Event()
        loop = asyncio.get_running_loop()

        def job(name):
            ran.append(name)
            return name

        async def blocker():
            await lane.run(lambda _: asyncio.run_coroutine_threadsafe(gate.wait(), loop).result(), None, False)

        first = asyncio.create_task(blocker())  # holds the only worker
        await asyncio.sleep(0.05)
        tasks = [asyncio.create_task(lane.run(job, name, waits)) for name, waits in
                 (("bots 1", False), ("bots 2", False), ("gone", True), ("person", True))]
        await asyncio.sleep(0.05)
        tasks[2].cancel()
        gate.set()
        await first
        await asyncio.gather(*tasks, return_exceptions=True)
        return ran, lane.free

    ran, free = asyncio.run(scenario())
    assert ran == ["person", "bots 1", "bots 2"] and free == 1


def test_health_and_metrics_say_how_the_server_is(client):
    assert client.get("/healthz").json()["status"] == "ok"
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    before = client.get("/metrics").text
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 4})
    after = client.get("/metrics").text

    def value(text, name):
        return float(re.search(rf"^{name} (\S+)$", text, re.M).group(1))

    assert value(after, "gaiatable_moves_total") == value(before, "gaiatable_moves_total") + 1
    assert value(after, "gaiatable_move_seconds_count") == value(before, "gaiatable_move_seconds_count") + 1
    assert value(after, "gaiatable_tables_in_memory") >= 1


def test_one_address_is_held_to_its_limits_and_told_when_to_come_back(db_url):
    from gaiatable.server.limits import Limits

    limits = Limits(requests_per_second=0.5, burst=10, tables_per_hour=12, sockets_per_address=2)
    with TestClient(create_app(db_url, bot_workers=0, limits=limits)) as client:
        opened = [client.post("/api/tables", json={"game": "tictactoe", "seats": [PERSON, PERSON]}) for _ in range(4)]
        assert [r.status_code for r in opened] == [201, 201, 201, 429]  # a quarter of the hour's tables at once
        assert "tables this hour" in opened[3].json()["detail"] and int(opened[3].headers["Retry-After"]) > 0
        answers = [client.get("/api/games").status_code for _ in range(7)]
        assert answers == [200] * 6 + [429]  # ten requests in a burst, then one every two seconds
        table = opened[0].json()["table"]
        sockets = [client.websocket_connect(f"/ws/tables/{table}") for _ in range(3)]
        for socket in sockets[:2]:
            socket.__enter__().send_text("{}")
            assert socket.receive_json()["version"] == 0
        third = sockets[2].__enter__()
        third.send_text("{}")
        with pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == 4429 and "too many websockets" in closed.value.reason
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_every_request_gets_an_id_and_one_access_line_without_credentials(client, caplog):
    table, tokens = new_table(client, "tictactoe", [PERSON, PERSON])
    with caplog.at_level(logging.INFO, logger="gaiatable.access"):
        answer = client.post(f"/api/tables/{table}/moves", headers={**bearer(tokens[0]), "X-Request-ID": "abc123"},
                             json={"version": 0, "action": 4})
        mine = client.get("/api/games")
    assert answer.headers["X-Request-ID"] == "abc123" and len(mine.headers["X-Request-ID"]) == 16
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "gaiatable.access"]
    assert [(x["request"], x["method"], x["status"]) for x in lines] == [
        ("abc123", "POST", 200), (mine.headers["X-Request-ID"], "GET", 200)]
    assert tokens[0] not in caplog.text


def test_a_move_is_previewed_as_it_would_play_in_a_game_without_secrets(client):
    table, tokens = new_table(client, "earth-our-home", [PERSON, {"kind": "person", "name": "Bo"}])
    assert client.get(f"/api/tables/{table}").json()["previews"]
    for _ in range(40):  # until a move brings something about (a contest, points); both seats played here
        token = tokens[client.get(f"/api/tables/{table}").json()["observation"]["to_move"]]
        view = client.get(f"/api/tables/{table}", headers=bearer(token)).json()
        shown = {m["id"]: client.get(f"/api/tables/{table}/preview", params={"action": m["id"]},
                                     headers=bearer(token)).json() for m in view["legal"]}
        action = max(shown, key=lambda a: len(shown[a]["log"]))
        after = client.post(f"/api/tables/{table}/moves", headers=bearer(token),
                            json={"version": view["version"], "action": action}).json()
        assert after["history"][-1]["log"] == shown[action]["log"]  # what was shown is what happened
        assert after["observation"]["scores"] == shown[action]["scores"]
        assert after["observation"]["board"] == shown[action]["board"]
        if shown[action]["log"]:
            break
    else:
        raise AssertionError("no move brought anything about in 40 decisions")
    waiting = tokens[1 - after["observation"]["to_move"]]  # the seat not to move
    refused = client.get(f"/api/tables/{table}/preview", params={"action": 0}, headers=bearer(waiting))
    assert refused.status_code == 422 and "not one of your moves" in refused.json()["detail"]
    secret, secret_tokens = new_table(client, "phanerozoic", [PERSON, BOT])  # a secret choice first (PH-2.3)
    view = client.get(f"/api/tables/{secret}", headers=bearer(secret_tokens[0])).json()
    assert not view["previews"]
    hidden = client.get(f"/api/tables/{secret}/preview", params={"action": view["legal"][0]["id"]},
                        headers=bearer(secret_tokens[0]))
    assert hidden.status_code == 409 and "keeps secrets" in hidden.json()["detail"]


def test_why_says_whether_a_named_move_is_the_seats_and_what_forbids_it_without_playing_it(client):
    table, tokens = new_table(client, "tictactoe", [PERSON, {"kind": "person", "name": "Bo"}])
    client.post(f"/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 0, "action": 4})
    taken = client.get(f"/api/tables/{table}/why", params={"text": "b2"}, headers=bearer(tokens[1])).json()
    view = client.get(f"/api/tables/{table}").json()
    assert taken["legal"] is False and taken["clause"] and "TTT" in taken["clause"] and taken["reason"]
    assert "b2" not in taken["reason"]  # the move named is not said back
    assert view["version"] == 1  # nothing played
    free = client.get(f"/api/tables/{table}/why", params={"text": "a1"}, headers=bearer(tokens[1])).json()
    assert free["legal"] is True
    waiting = client.get(f"/api/tables/{table}/why", params={"text": "a1"}, headers=bearer(tokens[0]))
    assert waiting.status_code == 409
    nonsense = client.get(f"/api/tables/{table}/why", params={"text": "fly away"}, headers=bearer(tokens[1]))
    assert nonsense.status_code == 422 and nonsense.json()["detail"]
