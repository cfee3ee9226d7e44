"""Accounts, sessions and ratings through the HTTP API: signing up and in, what a session opens, the
attacks it must resist, and rated tables changing people's and bots' ratings."""

from __future__ import annotations

import logging
import time

import pytest
from conftest import bearer, my_turn, wait_for
from fastapi.testclient import TestClient

from gaiatable.server import ratings
from gaiatable.server.account_api import COOKIE
from gaiatable.server.app import create_app
from gaiatable.server.limits import UNLIMITED, Limits

PASSWORD = "correct horse battery"


def sign_up(client, name: str, password: str = PASSWORD, cookie: bool = False) -> dict:
    """A new account's session; the client stays an API client (bearer tokens) unless `cookie`."""
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    if not cookie:
        client.cookies.clear()
    return response.json()


def rating(client, game: str, name: str) -> dict:
    return next(r for r in client.get(f"/api/ratings/{game}").json() if r["name"] == name)


def play_to_the_end(client, table: str, token: str) -> dict:
    view = wait_for(client, table, token, my_turn)
    while not view["finished"]:
        moved = client.post(f"/api/tables/{table}/moves", headers=bearer(token),
                            json={"version": view["version"], "action": view["legal"][0]["id"]})
        assert moved.status_code == 200, moved.text
        view = wait_for(client, table, token, my_turn)
    return view


def test_sign_up_in_and_out_with_clear_refusals(client):
    made = sign_up(client, "Ada", cookie=True)
    assert made["name"] == "Ada" and made["token"].startswith("gts_") and made["csrf"]
    assert client.cookies.get(COOKIE) == made["token"]  # the browser is signed in at once
    for name, password, why in (("Ada", PASSWORD, "taken"), ("ADA", PASSWORD, "taken"), ("a", PASSWORD, "3 to 24"),
                                ("strong", PASSWORD, "name of a bot"), ("Bob", "short", "8 to 128"),
                                ("Bobby123", "bobby123", "may not be the name")):
        refused = client.post("/api/accounts", json={"name": name, "password": password})
        assert refused.status_code in (409, 422) and why in refused.json()["detail"], (name, refused.text)
    me = client.get("/api/me", headers=bearer(made["token"])).json()
    assert me["name"] == "Ada" and me["tables"] == []
    for name, password in (("Ada", "wrong password"), ("Nobody", PASSWORD)):  # alike: no telling which was wrong
        refused = client.post("/api/session", json={"name": name, "password": password})
        assert refused.status_code == 401 and refused.json()["detail"] == "wrong name or password"
    again = client.post("/api/session", json={"name": "ada", "password": PASSWORD})
    assert again.status_code == 200 and again.json()["name"] == "Ada" and again.json()["token"] != made["token"]
    assert client.delete("/api/session", headers=bearer(made["token"])).status_code == 204
    gone = client.get("/api/me", headers=bearer(made["token"]))
    assert gone.status_code == 401 and "sign in again" in gone.json()["detail"]  # used after sign-out
    assert client.get("/api/me", headers=bearer(again.json()["token"])).status_code == 200  # the other lives on


def test_a_session_the_client_brought_is_never_adopted(client):
    client.cookies.set(COOKIE, "gts_planted-by-someone-else", domain="testserver.local")
    assert client.get("/api/me").status_code == 401
    made = sign_up(client, "Ada", cookie=True)
    assert client.cookies.get(COOKIE) == made["token"] != "gts_planted-by-someone-else"
    client.cookies.set(COOKIE, "gts_planted-by-someone-else", domain="testserver.local")
    assert client.get("/api/me").status_code == 401


def test_a_change_asked_with_the_cookie_needs_the_csrf_token(client):
    made = sign_up(client, "Ada", cookie=True)
    seats = [{"kind": "person", "account": "Ada"}, {"kind": "bot", "agent": "easy"}]
    forged = client.post("/api/tables", json={"game": "tictactoe", "seats": seats})
    assert forged.status_code == 403 and "X-CSRF-Token" in forged.json()["detail"]
    assert client.get("/api/tables").json() == []  # nothing was made
    made_table = client.post("/api/tables", json={"game": "tictactoe", "seats": seats},
                             headers={"X-CSRF-Token": made["csrf"]})
    assert made_table.status_code == 201
    assert client.delete("/api/session").status_code == 403  # signing out is a change too
    assert client.get("/api/me").json()["csrf"] == made["csrf"]  # reading needs no token, and gives it


def rated_pair(client, game: str = "tictactoe", **extra) -> tuple[str, dict, dict]:
    """A rated table Ada opens with her seat and an open one, which Bob takes signed in."""
    ada, bob = sign_up(client, "Ada"), sign_up(client, "Bob")
    made = client.post("/api/tables", headers=bearer(ada["token"]), json={
        "game": game, "rated": True, "seats": [{"kind": "person", "account": "Ada"}, {"kind": "person", "open": True}],
        **extra})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    claimed = client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "ignored"}, headers=bearer(bob["token"]))
    assert claimed.status_code == 200, claimed.text
    return table, ada, bob


def test_a_signed_in_players_seat_follows_them_and_no_one_elses_opens(client):
    table, ada, bob = rated_pair(client)
    view = client.get(f"/api/tables/{table}", headers=bearer(ada["token"])).json()  # another device: the session
    assert view["viewer"] == 0 and view["legal"] and view["seats"][0]["name"] == "Ada"
    assert view["seats"][0]["signed_in"] is True and view["seats"][1]["name"] == "Bob"  # the account's name
    assert client.get(f"/api/tables/{table}", headers=bearer(bob["token"])).json()["viewer"] == 1
    move = {"version": view["version"], "action": view["legal"][0]["id"]}
    assert client.post(f"/api/tables/{table}/moves", headers=bearer(bob["token"]), json=move).status_code == 409
    assert client.post(f"/api/tables/{table}/moves", headers=bearer(ada["token"]), json=move).status_code == 200
    eve = sign_up(client, "Eve")
    watched = client.get(f"/api/tables/{table}", headers=bearer(eve["token"])).json()
    assert watched["viewer"] == "spectator" and watched["legal"] == []  # no seat of hers: she watches
    move["version"] += 1
    assert client.post(f"/api/tables/{table}/moves", headers=bearer(eve["token"]), json=move).status_code == 401
    assert client.post(f"/api/tables/{table}/seats/1/claim", json={}, headers=bearer(eve["token"])).status_code == 409
    mine = client.get("/api/me", headers=bearer(ada["token"])).json()["tables"]
    assert [(t["table"], t["seat"], t["your_turn"]) for t in mine] == [(table, 0, False)]
    assert client.get("/api/me", headers=bearer(bob["token"])).json()["tables"][0]["your_turn"] is True


def test_a_guest_who_signs_in_keeps_the_seats_they_held(client):
    made = client.post("/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "guest"}, {"kind": "person", "name": "friend"}]}).json()
    table, mine = made["table"], made["tokens"][0]
    ada = sign_up(client, "Ada")
    held = [{"table": table, "token": mine}, {"table": table, "token": "not-a-seat"},
            {"table": "nosuch", "token": mine}]
    assert client.post("/api/me/seats", json={"seats": held}).status_code == 401  # a guest has no account to keep them
    kept = client.post("/api/me/seats", headers=bearer(ada["token"]), json={"seats": held})
    assert kept.status_code == 200 and kept.json() == {"kept": [table]}
    assert [(t["table"], t["seat"]) for t in client.get("/api/me", headers=bearer(ada["token"])).json()["tables"]] \
        == [(table, 0)]
    view = client.get(f"/api/tables/{table}", headers=bearer(ada["token"])).json()  # another device: the session
    assert view["viewer"] == 0 and view["legal"]
    assert client.get(f"/api/tables/{table}", headers=bearer(mine)).json()["viewer"] == 0  # and so does the credential
    bob = sign_up(client, "Bob")  # a seat already kept is no one else's to keep
    assert client.post("/api/me/seats", headers=bearer(bob["token"]), json={"seats": held}).json() == {"kept": []}
    too_many = client.post("/api/me/seats", headers=bearer(bob["token"]), json={"seats": held * 70})
    assert too_many.status_code == 422 and "200" in too_many.text


def test_no_one_is_seated_by_another(client):
    ada, _ = sign_up(client, "Ada"), sign_up(client, "Bob")
    for caller in (None, ada["token"]):
        refused = client.post("/api/tables", headers=bearer(caller), json={"game": "tictactoe", "seats": [
            {"kind": "person", "account": "Bob"}, {"kind": "bot", "agent": "easy"}]})
        assert refused.status_code == 422 and "only your own account" in refused.json()["detail"]


def test_a_rated_game_against_a_bot_moves_both_ratings(client):
    ada = sign_up(client, "Ada")
    before = rating(client, "tictactoe", "easy")
    assert before["kind"] == "bot" and before["games"] == 0  # seeded from the lab's games, before any
    seats = [{"kind": "person", "account": "Ada"}, {"kind": "bot", "agent": "easy"}]
    table = client.post("/api/tables", headers=bearer(ada["token"]), json={
        "game": "tictactoe", "seats": seats, "rated": True}).json()["table"]
    view = wait_for(client, table, ada["token"], my_turn)
    assert view["rated"] and not view["undo"]
    first = client.post(f"/api/tables/{table}/moves", headers=bearer(ada["token"]),
                        json={"version": view["version"], "text": "b2"})
    assert first.status_code == 200
    refused = client.post(f"/api/tables/{table}/undo", headers=bearer(ada["token"]),
                          json={"version": first.json()["version"]})
    assert refused.status_code == 409 and "rated" in refused.json()["detail"]
    view = play_to_the_end(client, table, ada["token"])
    mine, bot = rating(client, "tictactoe", "Ada"), rating(client, "tictactoe", "easy")
    assert mine["games"] == bot["games"] == 1
    won = view["observation"]["scores"][0] > view["observation"]["scores"][1]
    assert (mine["rating"] > 1000) == won and (bot["rating"] < before["rating"]) == won
    assert mine["uncertainty"] < 667  # a newcomer's 2 sigma shrinks with a game
    assert client.get("/api/me", headers=bearer(ada["token"])).json()["ratings"]["tictactoe"]["games"] == 1
    profile = client.get("/api/players/ada").json()
    assert profile["recent"][0]["table"] == table
    assert [p["kind"] for p in profile["recent"][0]["players"]] == ["person", "bot"]  # who sat there
    bots = [r for r in client.get("/api/ratings/tictactoe").json() if r["kind"] == "bot"]
    below, above = [r for r in bots if r["rating"] < mine["rating"]], [r for r in bots if r["rating"] > mine["rating"]]
    strongest = max(below, key=lambda r: r["rating"])["name"] if below else None
    assert profile["ratings"]["tictactoe"]["above"] == strongest  # "you are rated above medium"
    weakest = min(above, key=lambda r: r["rating"])["name"] if above else None
    assert profile["ratings"]["tictactoe"]["below"] == weakest  # the next bot to beat


def test_no_rating_is_shown_below_zero_and_the_leaderboard_keeps_its_order(client):
    """A rating below zero (Planit's easy bot, beaten by every other, read "-103?") is shown as 0; the leaderboard
    still orders by the rating itself, the weakest last."""
    assert ratings.shown(-2.6, 9.0) == {"rating": 0, "uncertainty": 720}
    assert ratings.shown(*ratings.NEWCOMER)["rating"] == 1000
    board = client.get("/api/ratings/planit").json()
    assert all(r["rating"] >= 0 for r in board) and board[-1]["name"] == "easy", board


def test_a_rated_four_seat_game_with_bots_rates_every_seat_once(client):
    ada, bob = sign_up(client, "Ada"), sign_up(client, "Bob")
    seats = [{"kind": "person", "account": "Ada"}, {"kind": "bot", "agent": "easy"}, {"kind": "person", "open": True},
             {"kind": "bot", "agent": "medium"}]
    made = client.post("/api/tables", headers=bearer(ada["token"]), json={
        "game": "gaia-vora", "seats": seats, "params": {"players": 4}, "rated": True})
    assert made.status_code == 201, made.text
    table, sessions = made.json()["table"], [ada, bob]
    assert client.post(f"/api/tables/{table}/seats/2/claim", json={}, headers=bearer(bob["token"])).status_code == 200
    view = wait_for(client, table, None, lambda v: True)
    while not view["finished"]:
        mover = next((s for s in sessions if client.get(f"/api/tables/{table}", headers=bearer(s["token"]))
                      .json()["legal"]), None)
        if mover is None:  # a bot thinks
            view = wait_for(client, table, None, lambda v, seen=view["version"]: v["finished"] or v["version"] != seen)
            continue
        mine = client.get(f"/api/tables/{table}", headers=bearer(mover["token"])).json()
        client.post(f"/api/tables/{table}/moves", headers=bearer(mover["token"]),
                    json={"version": mine["version"], "action": mine["legal"][0]["id"]})
        view = client.get(f"/api/tables/{table}").json()
    for _ in range(100):  # a bot's last move ends the game; its rating is written as the game ends
        board = {r["name"]: r for r in client.get("/api/ratings/gaia-vora").json()}
        if all(name in board for name in ("Ada", "Bob", "easy", "medium")):
            break
        time.sleep(0.1)
    assert all(board[name]["games"] == 1 for name in ("Ada", "Bob", "easy", "medium"))
    winners = view["observation"]["result"]["winners"]
    names = ["Ada", "easy", "Bob", "medium"]
    assert [board[n]["wins"] for n in names] == [int(len(winners) == 1 and i in winners) for i in range(4)]


def test_a_rated_rematch_keeps_its_players_and_a_rated_leave_resigns(client):
    table, ada, bob = rated_pair(client)
    left = client.post(f"/api/tables/{table}/leave", headers=bearer(ada["token"]), json={"bot": "strong"})
    assert left.status_code == 200 and left.json()["forfeit"] == 0 and left.json()["finished"]  # no bot plays for her
    assert left.json()["forfeit_by"] == "resigning"
    assert rating(client, "tictactoe", "Ada")["rating"] < 1000 < rating(client, "tictactoe", "Bob")["rating"]
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(bob["token"]))
    assert again.status_code == 200, again.text
    new = again.json()["table"]
    view = client.get(f"/api/tables/{new}", headers=bearer(again.json()["token"])).json()
    assert view["rated"] and [s["name"] for s in view["seats"]] == ["Bob", "Ada"] and view["viewer"] == 0
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(ada["token"])).json()["table"] == new
    assert client.get(f"/api/tables/{new}", headers=bearer(ada["token"])).json()["viewer"] == 1


def test_what_a_rated_table_needs_is_said(client):
    ada = sign_up(client, "Ada")
    me, easy = {"kind": "person", "account": "Ada"}, {"kind": "bot", "agent": "easy"}
    for body, why in (({"seats": [{"kind": "person"}, easy]}, "name a different account"),
                      ({"seats": [me, me]}, "name a different account"),
                      ({"seats": [me, {"kind": "bot", "agent": "mcts:iters=7"}]}, "lobby's"),
                      ({"seats": [me, easy, easy], "game": "gaia-vora", "params": {"players": 3}}, "another strength"),
                      ({"seats": [me, easy], "game": "gaia-vora", "params": {"players": 2, "max_turns": 5}},
                       "remove max_turns"),
                      ({"seats": [me, easy], "clock": {"move": 60, "then": "strong"}}, "'then': 'lose'")):
        body = {"game": "tictactoe", "rated": True, **body}
        refused = client.post("/api/tables", json=body, headers=bearer(ada["token"]))
        assert refused.status_code == 422 and why in refused.json()["detail"], refused.text
    made = client.post("/api/tables", headers=bearer(ada["token"]), json={
        "game": "tictactoe", "rated": True, "seats": [me, {"kind": "person", "open": True}]})
    table = made.json()["table"]
    anonymous = client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "X"})
    assert anonymous.status_code == 401 and "sign in" in anonymous.json()["detail"]
    twice = client.post(f"/api/tables/{table}/seats/1/claim", json={}, headers=bearer(ada["token"]))
    assert twice.status_code == 409 and "already holds a seat" in twice.json()["detail"]
    alone = client.post(f"/api/tables/{table}/leave", headers=bearer(ada["token"]), json={})
    assert alone.json()["forfeit"] == 0  # she resigned before anyone sat down: nobody to rate against
    assert "Ada" not in [r["name"] for r in client.get("/api/ratings/tictactoe").json()]


def test_a_rating_lost_to_a_stop_is_made_when_the_server_starts_again(db_url):
    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED)) as client:
        ada = sign_up(client, "Ada")
        table = client.post("/api/tables", headers=bearer(ada["token"]), json={
            "game": "tictactoe", "rated": True, "seats": [{"kind": "person", "account": "Ada"},
                                                          {"kind": "bot", "agent": "easy"}]}).json()["table"]
        client.app.state.rooms.accounts = None  # the rating fails as if the server stopped right then
        play_to_the_end(client, table, ada["token"])
        assert rating(client, "tictactoe", "easy")["games"] == 0
    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED)) as client:
        assert rating(client, "tictactoe", "Ada")["games"] == 1
        assert client.get("/api/me", headers=bearer(ada["token"])).json()["ratings"]["tictactoe"]["games"] == 1


def test_guessing_passwords_is_slowed_by_name_and_by_address(db_url, caplog):
    limits = Limits(sign_ins_per_hour=6, trusted=())
    with TestClient(create_app(db_url, bot_workers=0, limits=limits)) as client, \
            caplog.at_level(logging.INFO):
        client.post("/api/accounts", json={"name": "Ada", "password": PASSWORD})
        tries = [client.post("/api/session", json={"name": "Ada", "password": f"guess {i}"}).status_code
                 for i in range(4)]
        assert tries[:1] == [401] and tries[-1] == 429
        slowed = client.post("/api/session", json={"name": "Ada", "password": PASSWORD})
        assert slowed.status_code == 429 and int(slowed.headers["Retry-After"]) > 0  # even the right password
        assert "try again in" in slowed.json()["detail"]
        other = client.post("/api/session", json={"name": "Bob", "password": "guess"})
        assert other.status_code == 429  # another name from the same address
    assert PASSWORD not in caplog.text and "argon2" not in caplog.text


def test_no_password_or_hash_in_any_answer(client):
    made = sign_up(client, "Ada")
    answers = [client.get("/api/me", headers=bearer(made["token"])).text, client.get("/api/players/Ada").text,
               client.get("/api/ratings/tictactoe").text, client.get("/openapi.json").text]
    assert not any(PASSWORD in text or "$argon2" in text for text in answers)


@pytest.mark.parametrize("game", ["tictactoe", "planit"])
def test_the_bots_are_on_the_leaderboard_from_day_one_in_their_ladders_order(client, game):
    board = [r["name"] for r in client.get(f"/api/ratings/{game}").json() if r["kind"] == "bot"]
    assert board[-1] == "easy" and set(board) == {"easy", "medium", "standard", "strong"}
    assert client.get("/api/ratings/no-such-game").status_code == 404


def test_a_names_sign_in_limit_cannot_be_washed_out_by_other_names():
    from gaiatable.server.limits import Gate

    gate = Gate(Limits(sign_ins_per_hour=6, trusted=()))
    assert [gate.sign_in(f"10.0.0.{i}", "Ada") > 0 for i in range(3)] == [False, False, True]  # burst: 2 a name
    for i in range(20_000):  # many junk names from many addresses
        gate.sign_in(f"10.1.{i // 250}.{i % 250}", f"junk{i}")
    assert gate.sign_in("10.2.0.1", "ADA") > 0  # Ada's bucket is still spent
    assert [gate.sign_in("10.3.0.1", f"n{i}") > 0 for i in range(3)] == [False, False, True]  # 2 an address
