"""End to end in a real browser: Playwright driving Debian's Chromium against `gaiatable serve`.

Set GAIATABLE_SCREENSHOTS=docs/screenshots to refresh the board pictures in the docs."""

from __future__ import annotations

import math
import os
import random
import re
import shutil
from itertools import pairwise
from pathlib import Path

import httpx2
import pytest
from conftest import free_port, start

from gaiatable import load_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]
sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SCREENSHOTS = os.environ.get("GAIATABLE_SCREENSHOTS")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    process = start(str(tmp_path_factory.mktemp("web") / "tables.db"), port)  # a plain path is an SQLite file
    yield f"http://127.0.0.1:{port}"
    process.kill()
    process.wait()


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM:
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def new_page(browser, phone: bool = False):
    """A page at desk size (or a phone's, touch and all) whose script errors gather in `page.errors`."""
    size = dict(zip(("width", "height"), SIZES["-phone"] if phone else (1280, 900), strict=True))
    page = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def lobby(browser, server: str, game: str | None = None):
    """A new page on the lobby, its games loaded, `game` chosen in the New table form."""
    page = new_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    if game:
        page.select_option("#game", game)
    return page


def wait_for_my_turn_or_the_end(page) -> bool:
    """True when a move is to be made, False when the game is over."""
    page.wait_for_function("document.querySelector('.turn .yours') || document.querySelector('.turn .over')",
                           timeout=60000)
    return page.locator(".turn .over").count() == 0


def play_listed(page, move) -> None:
    """Click a listed move (a Locator) and confirm it where the page asks before playing (the default); on a phone,
    where the list folds to the moves the board cannot offer, unfolded first as a player would, and a long kind of
    moves folded in the list opened."""
    for _ in range(5):  # (a view drawn meanwhile folds it again)
        if page.locator(".dock.folded").count() and not move.is_visible() and page.locator("#fold").is_visible():
            page.click("#fold")
        if not move.is_visible():  # in a long kind of moves folded in the list
            move.evaluate("(b) => { const group = b.closest('details'); if (group) group.open = true; }")
        try:
            move.click(timeout=5000)
            break
        except sync_api.TimeoutError:
            continue
    else:
        move.click()  # its error says why
    confirm = page.locator("#choices button.move", has_text=re.compile(r"^confirm: "))
    try:  # asked (every listed move but a pass, where the page asks before playing)
        confirm.first.click(timeout=1500)
    except sync_api.TimeoutError:
        pass  # played at once


def click_a_move(page) -> None:
    """A board target when there is one (choosing among what it offers), else the first listed move."""
    version = page.evaluate("document.body.dataset.version")
    targets = page.locator(".board-svg .target")
    if targets.count():
        targets.first.click()
        offered = page.locator(".choices .move")
        if offered.count() > 1:  # picked among several: played, or confirmed where its confirmation shows more
            offered.first.click()
        confirm = offered.filter(has_text=re.compile(r"^confirm: "))
        if confirm.count():
            confirm.first.click()
    else:
        play_listed(page, page.locator(".move-list .move").first)
    page.wait_for_function(f"document.body.dataset.version !== '{version}' || document.querySelector('.turn .over')",
                           timeout=60000)


def test_the_bots_turns_are_drawn_a_move_at_a_time_each_move_pulsing_once(browser, tmp_path):
    """`serve --bot-pace`: a watched table's bots move a pace apart, and the page draws each move as it comes;
    what an earlier move of the turn marked keeps its mark without pulsing again (changes.js, "settled")."""
    port, pace = free_port(), 0.4
    process = start(f"sqlite:///{tmp_path / 'tables.db'}", port, "--bot-pace", str(pace))
    try:
        base = f"http://127.0.0.1:{port}"
        made = httpx2.post(base + "/api/tables", json={"game": "gaia-vora", "seats": [
            {"kind": "person", "name": "Ann"}, *[{"kind": "bot", "agent": "medium"}] * 2]}).json()
        page = new_page(browser)
        page.goto(f"{base}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
        page.wait_for_selector(".turn .yours")
        page.evaluate("""() => { window.drawn = [];
            new MutationObserver(() => drawn.push([+document.body.dataset.version, performance.now()]))
              .observe(document.body, { attributeFilter: ["data-version"] }); }""")
        auth = {"Authorization": f"Bearer {made['tokens'][0]}"}
        while (view := httpx2.get(f"{base}/api/tables/{made['table']}", headers=auth).json())["legal"]:
            httpx2.post(f"{base}/api/tables/{made['table']}/moves", headers=auth,
                        json={"version": view["version"], "action": view["legal"][0]["id"]})
        mine = view["version"]
        page.wait_for_function("v => +document.body.dataset.version > v && document.querySelector('.turn .yours')",
                               arg=mine, timeout=30_000)
        steps = [(v, t) for v, t in page.evaluate("drawn") if v > mine]
        assert len({v for v, _ in steps}) >= 4, steps  # two bots' turns, a move at a time
        assert steps[-1][1] - steps[0][1] >= (len(steps) - 1) * pace * 900, steps  # (a rotation's motion may hold one)
        board = page.locator("#board")
        assert board.locator(".fresh.settled").count() and board.locator(".fresh:not(.settled)").count()
        assert not page.errors
    finally:
        process.kill()
        process.wait()


def test_a_whole_gaia_vora_game_against_bots_by_clicking_with_a_reload(server, browser):
    page = lobby(browser, server, "gaia-vora")
    page.select_option("[name=param-players]", "2")
    page.select_option(".seat:nth-of-type(2) [name=agent]", "easy")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/t/"))
    moves = 0
    while wait_for_my_turn_or_the_end(page):
        assert page.locator(".turn").inner_text().startswith("Your move: ")
        assert "null" not in page.locator(".turn").inner_text()
        click_a_move(page)
        moves += 1
        if moves == 10:
            page.reload()  # the table comes back exactly where it was
            page.wait_for_selector(".board-svg")
        assert moves < 2000
    assert "won" in page.locator(".turn").inner_text() or "draw" in page.locator(".turn").inner_text()
    banner = page.locator("#result")  # the end over the board too: who won, the scores, how they came
    assert banner.is_visible() and "Game over" in banner.inner_text() and "for fossils" in banner.inner_text()
    counted = banner.locator(".ending li").all_inner_texts()  # the final count alone, Bots' included (GV-1.5)
    assert counted and all(" scores " in line for line in counted), counted
    assert any("(a Bot, which cannot win)" in line for line in counted), counted
    assert "Unrated: sign in, then open a rated table" in page.inner_text("#turn")  # a guest told why no rating moved
    if "draw" not in banner.inner_text():
        winner = page.locator(".seat-chip.winner")
        assert winner.count() >= 1 and "won" in winner.first.inner_text()
    assert not page.errors
    record = httpx2.get(server + page.locator("#record").get_attribute("href"))
    assert record.status_code == 200 and record.text.count("\n") > moves
    # the replay steps back through the game
    page.click("#replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function("document.querySelector('#replay-at').textContent.includes('/')")
    total = int(page.locator("#replay-at").inner_text().split("/")[1].split(":")[0])
    assert page.locator("#replay-at").inner_text().endswith("; then the game ends")  # the board shows the final count
    badge = "getComputedStyle(document.querySelector('#connection[data-state=live]'), '::before').content"
    assert page.evaluate(badge) == '"replay"'  # not "live" beside a board of the past
    page.click("#replay-back")
    page.wait_for_function(f"document.querySelector('#replay-at').textContent.startsWith('{total - 1} /')")
    page.fill("#replay-ply", "0")
    page.dispatch_event("#replay-ply", "input")
    page.wait_for_function("document.querySelector('#replay-at').textContent.startsWith('0 /')")
    scores = page.locator("#seats .score").all_inner_texts()  # the seats' scores are the step's: at 0, none yet
    assert scores and all(text in ("", " · 0") for text in scores), scores
    assert page.locator("#result").is_hidden()  # the end's result is not the step's
    page.click("#replay-close")
    assert page.locator("#result").is_visible() and page.evaluate(badge) == '"● "'
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / "gaia-vora-over.png"), full_page=True)


def test_the_replays_arrows_step_from_a_players_move_to_the_next_saying_the_chance_between(server, browser):
    """A Planit game is a few dozen moves among hundreds of draws and rolls: ◀ ▶ go from one player's turn to the
    next, saying the move and what chance brought after it, the log as it stood there; the slider still reaches
    every step."""
    page = new_page(browser)
    made = httpx2.post(server + "/api/tables", json={"game": "planit", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    assert wait_for_my_turn_or_the_end(page)
    for _ in range(4):
        click_a_move(page)
        assert wait_for_my_turn_or_the_end(page)
    page.click("#replay")
    page.wait_for_function("document.querySelector('#replay-at').textContent.includes('/')")
    history = httpx2.get(f"{server}/api/tables/{made['table']}",
                         headers={"Authorization": f"Bearer {made['tokens'][0]}"}).json()["history"]
    turns = [e["ply"] for e in history if e["actor"] >= 0]
    at = lambda: int(page.inner_text("#replay-at").split(" /")[0])  # noqa: E731
    for _ in range(3):
        before = at()
        page.click("#replay-back")
        page.wait_for_function(f"!document.querySelector('#replay-at').textContent.startsWith('{before} /')")
        said = page.inner_text("#replay-at")
        assert at() == max(p for p in turns if p < before), (said, turns)  # a player's turn, chance skipped
        mover = next(e for e in history if e["ply"] == max(p for p in turns if p < at()))
        assert mover["text"] in said and "; then chance: " in said, said
    # the log follows the replay: a line for each player's move before the step, none after
    moved = ("[...document.querySelectorAll('#log li:not(.consequence) > .actor')]"
             ".filter((a) => a.textContent !== 'chance').length")
    assert page.evaluate(moved) == sum(e["actor"] >= 0 and e["ply"] < at() for e in history) > 0
    step = at() + 1
    page.fill("#replay-ply", str(step))  # the slider: one step, a draw or roll among them
    page.dispatch_event("#replay-ply", "input")
    page.wait_for_function(f"document.querySelector('#replay-at').textContent.startsWith('{step} /')")
    assert not page.errors


def test_a_replay_step_says_what_its_move_brought_about(server, browser):
    """GV-8: a rotation's meals show on the board only as pieces gone; the replay's step said "yellow: rotate 1"
    and no more. It says what the move brought about, as the log does."""
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    auth = {"Authorization": f"Bearer {made['tokens'][0]}"}
    for _ in range(400):  # Ann's first choice each time, the bot its own, until a move makes a meal
        view = httpx2.get(f"{server}/api/tables/{made['table']}", headers=auth).json()
        meal = next((e for e in view["history"] if e["actor"] >= 0 and any(" ate " in line for line in e["log"])), None)
        if meal or view["finished"]:
            break
        if view["legal"]:
            httpx2.post(f"{server}/api/tables/{made['table']}/moves", headers=auth,
                        json={"version": view["version"], "action": view["legal"][0]["id"]})
    assert meal, "no meal in a whole game"
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector(".board-inner")
    page.click("#replay")
    page.wait_for_function("document.querySelector('#replay-at').textContent.includes('/')")
    step = meal["ply"] + 1  # the table after the move
    page.fill("#replay-ply", str(step))
    page.dispatch_event("#replay-ply", "input")
    page.wait_for_function(f"document.querySelector('#replay-at').textContent.startsWith('{step} /')")
    said = page.inner_text("#replay-at")
    eaten = next(line for line in meal["log"] if " ate " in line)
    assert meal["text"] in said and eaten in said, (said, meal)
    assert not page.errors

def test_a_replay_opened_at_the_foot_of_a_phones_page_shows_the_board(server, browser):
    """On a phone the replay's button lies under the board, at the page's foot: opened there, the replay stepped
    through a board out of sight."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "tictactoe", page, params={})
    while wait_for_my_turn_or_the_end(page):
        click_a_move(page)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.click("#replay")
    page.wait_for_function("document.querySelector('#replay-at').textContent.includes('/')")
    board = page.locator("#board .board-svg").bounding_box()
    assert 0 <= board["y"] < page.viewport_size["height"] / 2, board  # its top in sight
    assert not page.errors

def test_a_replay_draws_the_board_where_play_does_and_offers_no_undo(server, browser):
    """The replay's board lay unframed, 280 px lower than in play, its foot cut off; and the undo of the game's last
    move stayed offered beside a step of the replay. The arrow keys did not step it, and its buttons moved as the
    step's words changed length, so that a second click missed."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    click_a_move(page)
    wait_for_my_turn_or_the_end(page)
    page.wait_for_selector("#undo", state="visible")
    top = "document.querySelector('#board .board-frame .board-svg').getBoundingClientRect().top"
    playing = page.evaluate(top)
    page.click("#replay")
    page.wait_for_function("document.querySelector('#replay-at').textContent.includes('/')")
    assert abs(page.evaluate(top) - playing) < 2 and page.locator("#undo").is_hidden()
    assert page.locator("label.ask").is_hidden()  # nothing to ask about: nothing is played in a replay

    def at() -> str:
        return page.locator("#replay-at").inner_text().split(" /")[0]

    def buttons() -> list[tuple[float, float]]:
        return [(b["x"], b["y"]) for b in (page.locator(f"#replay-{k}").bounding_box() for k in ("back", "next"))]
    last, placed = at(), buttons()
    names = "|".join(re.sub(r" \(you\)$", "", n) for n in page.locator("#seats .who").all_inner_texts())  # who decided
    said = page.locator("#replay-at").inner_text()
    assert re.match(rf"\d+ / \d+: ({names})\b", said), (said, names)
    page.keyboard.press("ArrowLeft")  # the keys step as the buttons do
    page.wait_for_function(f"!document.querySelector('#replay-at').textContent.startsWith('{last} /')")
    assert int(at()) < int(last)
    page.keyboard.press("Home")  # the first step: its words and prompt of another length, the buttons where they were
    page.wait_for_function("document.querySelector('#replay-at').textContent.startsWith('0 /')")
    assert buttons() == placed, (buttons(), placed)
    page.keyboard.press("End")
    page.wait_for_function(f"document.querySelector('#replay-at').textContent.startsWith('{last} /')")
    page.keyboard.press("Escape")
    assert page.locator("#replay-bar").is_hidden()
    assert page.locator("#undo").is_visible() and not page.errors
    page.goto(server + "/")  # the lobby opens on the game played last
    page.wait_for_selector("#game option", state="attached")
    assert page.locator("#game").input_value() == "planetarium" and not page.errors


def shown_cards(page, part: str = "") -> set[int]:
    """The numbers of the card faces drawn in the page, or in one part of Phanerozoic's board ('your hand')."""
    scope = f"[data-part='{part}'] " if part else ""
    return set(page.evaluate(f"[...document.querySelectorAll(\"{scope}.card-face[data-card]\")]"
                             ".map((e) => Number(e.dataset.card))"))


def number(label: str) -> int:
    return int(label.rsplit("(", 1)[1].rstrip(")"))  # "Tiktaalik (29)": 29, unique in the deck


def test_two_browsers_play_one_phanerozoic_table_each_seeing_only_its_hand(server, browser):
    made = httpx2.post(server + "/api/tables", json={"game": "phanerozoic", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    table, tokens = made["table"], made["tokens"]
    pages = [new_page(browser), new_page(browser)]
    for seat, page in enumerate(pages):
        page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
        page.wait_for_selector("[data-part='your hand'] .card-face .card-chips, [data-part='your hand'] .card-text")
    algae = pages[0].locator("[data-part='plants'] .card-face").first  # the starting plant: its face drawn
    assert [algae.locator(f".icon-chip{tone}[data-icon='{icon}'] svg").count() for tone, icon in (
        ("", "water"), (".growth", "sunlight"))] == [1, 1]
    hands = []
    for seat in range(2):
        view = httpx2.get(f"{server}/api/tables/{table}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        hands.append(view["observation"]["seats"][seat]["private"]["hand"])
    for seat, page in enumerate(pages):
        assert shown_cards(page, "your hand") == {number(label) for label in hands[seat]}
        theirs = set(hands[1 - seat]) - set(hands[seat])
        assert not shown_cards(page) & {number(label) for label in theirs}
        assert not any(label in page.locator("body").inner_text() for label in theirs)
    for _ in range(3):  # each plays when it is their turn; the other browser follows live
        for seat, page in enumerate(pages):
            to_move = httpx2.get(f"{server}/api/tables/{table}").json()["observation"]["to_move"]
            if to_move == seat:
                page.wait_for_selector(".turn .yours")
                click_a_move(page)
    assert not pages[0].errors and not pages[1].errors


SIZES = {"": (1280, 800), "-phone": (390, 844)}


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 60) <= size["height"]


def test_every_games_board_at_desk_and_phone_size_reads_without_scrolling(server, browser):
    """At 1280x800 and 390x844: no sideways scrolling, the prompt and the first of the current moves in view
    without scrolling, no page or console error;
    no serious accessibility violation (axe-core); on a phone the board zooms inside its frame; the screenshots
    in docs/screenshots."""
    games = httpx2.get(server + "/api/games").json()
    for game in games:
        players = 2 if game["players"][0] <= 2 <= game["players"][1] else game["players"][0]
        made = httpx2.post(server + "/api/tables", json={"game": game["name"], "params": {"players": players} if any(
            p["name"] == "players" for p in game["params"]) else {}, "seats": [{"kind": "person", "name": "You"}] + [
            {"kind": "bot", "agent": "easy"}] * (players - 1)}).json()
        for suffix, (width, height) in SIZES.items():
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            errors = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            page.on("console", lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None)
            page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
            page.wait_for_selector(".board-inner")
            to_move = wait_for_my_turn_or_the_end(page)
            where = f"{game['name']} at {width}x{height}"
            assert page.evaluate("document.documentElement.scrollWidth") <= width, where
            assert in_view(page, "#turn"), where
            if to_move:  # the current choices too, without scrolling (folded, those the board cannot offer or the hint;
                # a long kind of moves the board offers, its line in the list)
                assert in_view(page, "#moves :is(button.move, .fold-hint, summary):visible >> nth=0"), where
            assert page.locator("#to-lobby").is_visible(), where  # a way back that does not give the seat away
            if suffix:  # a phone: two seats and the board's size share one line, and the board starts under it
                chips = page.locator(".seat-chip").evaluate_all("(cs) => cs.map((c) => c.getBoundingClientRect().top)")
                assert len(set(chips[:2])) == 1, where
                assert page.locator("#board").bounding_box()["y"] < 120, where
            assert not errors, where
            if not suffix:
                assert serious_violations(page) == [], where
            if SCREENSHOTS:
                page.screenshot(path=str(Path(SCREENSHOTS) / f"{game['name']}{suffix}.png"), full_page=True)
            if SCREENSHOTS and suffix:  # the same table some moves on, at both sizes: cards played, a board in use
                for _ in range(10):
                    if not wait_for_my_turn_or_the_end(page):
                        break
                    click_a_move(page)
                wait_for_my_turn_or_the_end(page)
                page.screenshot(path=str(Path(SCREENSHOTS) / f"{game['name']}-later{suffix}.png"), full_page=True)
                page.set_viewport_size(dict(zip(("width", "height"), SIZES[""], strict=True)))
                page.reload()  # drawn as a desk draws it (its own zoom)
                wait_for_my_turn_or_the_end(page)
                page.screenshot(path=str(Path(SCREENSHOTS) / f"{game['name']}-later.png"), full_page=True)
                page.set_viewport_size({"width": width, "height": height})
            if suffix and page.locator("#zoom-in").is_visible():
                # a phone: the board grows inside its frame, the page never; nothing hides under the dock
                page.click("#zoom-in")
                page.click("#zoom-in")
                zoomed = page.evaluate("document.querySelector('#board .board-svg').getBoundingClientRect().width")
                assert zoomed > width, where
                assert page.evaluate("document.documentElement.scrollWidth") <= width, where
                dock, room, docked = page.evaluate("""[document.querySelector('.dock').offsetHeight,
                    parseFloat(getComputedStyle(document.querySelector('.table-page')).paddingBottom),
                    getComputedStyle(document.querySelector('.dock')).position === 'fixed']""")
                assert room >= dock or not docked, where  # a game over docks nothing (played on, for the pictures)
            page.context.close()
    phone = browser.new_context(viewport=dict(zip(("width", "height"), SIZES["-phone"], strict=True)),
                                is_mobile=True).new_page()
    console = []
    phone.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    phone.goto(server + "/")
    phone.wait_for_selector("#leaderboard tr")
    for game in games:  # every game's form and leaderboard fit a phone's width
        phone.select_option("#game", game["name"])
        phone.wait_for_function(f"document.querySelector('#ratings-game').value === {game['name']!r}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= SIZES["-phone"][0], game["name"]
        assert phone.locator("#companion").is_visible() == game["chance"], game["name"]  # dice or draws to enter
        if game["name"] != "tictactoe":  # a sentence a line, as at the table (tic-tac-toe's is one sentence)
            assert phone.locator("details.how .how-text li").count() > 1, game["name"]
    assert console == []  # not signed in: nothing refused, nothing missing
    phone.context.close()
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector(".board-inner")
    page.goto(server + "/")  # the lobby, from a browser that sits at one table
    page.wait_for_selector("#my-tables a")
    assert page.locator("#my-tables li").count() == 1 and page.locator("#open-tables li").count() >= len(games) - 1
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / "lobby.png"), full_page=True)


def test_the_others_turns_since_your_move_step_by_step_on_the_board(server, browser):
    """Two bots' turns at once are hard to follow: "step through them" opens the replay at this seat's last
    move, and ▶ shows each of the others' moves in turn, named, until the table as it is now."""
    page = new_page(browser)
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 3}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}]}).json()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    while not page.locator(".turn .since").count():  # a turn of several decisions, then the bots'
        assert wait_for_my_turn_or_the_end(page)
        click_a_move(page)
        assert wait_for_my_turn_or_the_end(page)
    history = httpx2.get(f"{server}/api/tables/{made['table']}",
                         headers={"Authorization": f"Bearer {made['tokens'][0]}"}).json()["history"]
    since = max(e["ply"] for e in history if e["actor"] == 0) + 1
    plies = history[-1]["ply"] + 1
    page.click(".turn .since .step-through")
    page.wait_for_function(f"document.querySelector('#replay-at').textContent.startsWith('{since} /')")
    assert page.inner_text("#turn").startswith("Replay: ")
    said = []
    while not page.inner_text("#replay-at").startswith(f"{plies} /"):
        before = page.inner_text("#replay-at")
        page.click("#replay-next")
        page.wait_for_function(f"document.querySelector('#replay-at').textContent !== {before!r}")
        said.append(page.inner_text("#replay-at"))
    movers = {e["actor"] for e in history if e["ply"] >= since and e["actor"] > 0}
    assert movers == {1, 2} and len(said) >= 2, said  # both bots' moves, each a step of its own
    page.click("#replay-close")
    page.wait_for_function("document.querySelector('#turn').textContent.startsWith('Your move')")
    assert not page.errors


def test_what_happened_since_keeps_every_line_that_names_the_seat_however_many_moves_came(server, browser):
    """Gaia-Vora with two bots: the box under the prompt cut the Meteor's "killed yellow's carnivore" for lines of
    routine moves; a line naming the player's seat is told whatever the room, the rest left to the log."""
    page = lobby(browser, server)
    told = page.evaluate("""async () => {
        const { sinceTold } = await import('/static/js/changes.js');
        const entries = [...Array(6).keys()].map((i) => ({ ply: i, actor: i % 2 + 1, text: `move ${i}`,
            log: [`green ate white's plant at N (${i})`,
                  ...(i === 5 ? ["the Meteor killed yellow's carnivore at NE"] : [])] }));
        const { told, left } = sinceTold(entries, 8, 'yellow');
        return [told.flatMap((t) => t.consequences), left];
    }""")
    assert "the Meteor killed yellow's carnivore at NE" in told[0] and told[1] == 6 - 2, told
    assert not page.errors


def test_a_phones_folded_account_of_what_happened_says_first_what_befell_the_players_own(server, browser):
    """Planit on a phone: the folded line said only the bot's last move ("Thalassa: gaia: lower temp…") while
    Thalassa's CFC had destroyed the player's ozone and a Salt Cycle cost them a turn: the folded line says the
    latest line naming the player's own first, not a roll that did nothing."""
    page = lobby(browser, server)
    said = page.evaluate("""async () => {
        const { befell } = await import('/static/js/changes.js');
        const entries = [{ actor: 1, log: ["cfc: Terra's ozone layer is destroyed"] },
            { actor: -1, log: ['Terra drew salt cycle, played at once: it loses this turn'] },
            { actor: 1, log: ['rolled 1 on the methane chart for Terra: no effect', 'Thalassa drew gaia'] }];
        return [befell(entries, 'Terra'), befell(entries.slice(0, 1), 'Thalassa'), befell(entries, 'Gaia'),
            befell([{ log: ['white scored 3'] }], 'red')];
    }""")
    assert said == ["Terra drew salt cycle, played at once: it loses this turn", None, None, None], said
    assert not page.errors


def test_a_decision_whose_targets_lie_half_above_the_screen_brings_the_first_into_view(server, browser):
    """After the player's own decision, the next one's pieces to click all out of sight above (or only their lower
    halves in sight, where a card's name and a place's name are not) come into view; the page had stayed put."""
    page = new_page(browser, phone=True)  # a page longer than the board
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    assert wait_for_my_turn_or_the_end(page)
    play_listed(page, page.locator("#moves button.move", has_text="rotate 2"))
    page.wait_for_selector("#moves button.move:text-is('sun')", state="attached")
    # the Sun's places and the Water (lit once it is activated) scrolled until each shows at most its lower half
    tops = page.evaluate("""[...document.querySelectorAll('.board-svg .location')].filter((g) =>
        ['N', 'NW', 'W', 'water'].includes(g.dataset.location))
        .map((g) => g.querySelector('circle').getBoundingClientRect())
        .map((r) => scrollY + r.top + r.height * 0.6)""")
    page.evaluate(f"scrollTo(0, {max(tops)})")
    assert page.evaluate("scrollY") == round(max(tops))
    page.locator("#moves button.move", has_text="sun").evaluate("(b) => b.click()")  # not scrolled to, as a click would
    page.locator("#choices button.move", has_text=re.compile(r"^confirm: ")).evaluate("(b) => b.click()")
    page.wait_for_function("document.querySelector('#turn').textContent.includes('place life-forms')")
    page.wait_for_function("""(() => { const r = document.querySelector('.board-svg .location.target')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()""")
    assert not page.errors


def read_qr(png: bytes) -> str | None:
    """The text of the QR code in a screenshot, read by ZXing (a reader the page's encoder has never met)."""
    import io

    import zxingcpp
    from PIL import Image
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    return found[0].text if found else None


def against_a_bot(server, game: str, page, params: dict | None = None) -> dict:
    """A two-seat table of `game`, Ann (seat 0, the page's) against an easy bot, open in `page` at Ann's turn
    (or the end); returns Ann's view as the server gives it."""
    made = httpx2.post(server + "/api/tables", json={
        "game": game, "params": {"players": 2} if params is None else params,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    wait_for_my_turn_or_the_end(page)
    return httpx2.get(f"{server}/api/tables/{made['table']}",
                      headers={"Authorization": f"Bearer {made['tokens'][0]}"}).json()


def test_a_window_resized_across_the_phone_width_redraws_the_board_for_it_at_once(server, browser):
    """Earth: Our Home's discs lie side by side on a desk and one above the other on a phone: a window narrowed (a
    phone turned) had kept the desk's discs until the next move; it is drawn for its width at once, both ways."""
    page = new_page(browser)
    page.set_viewport_size({"width": 1280, "height": 800})
    against_a_bot(server, "earth-our-home", page)
    shape = "(() => { const [, , w, h] = document.querySelector('#board .board-svg').getAttribute('viewBox')" \
            ".split(' ').map(Number); return w > h ? 'wide' : 'tall'; })()"
    assert page.evaluate(shape) == "wide"
    version = page.evaluate("document.body.dataset.version")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(f"{shape} === 'tall'", timeout=5000)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(f"{shape} === 'wide'", timeout=5000)
    assert page.locator("#zoom").is_visible() and page.evaluate("document.body.dataset.version") == version
    assert not page.errors


def test_on_a_phone_two_seats_share_one_line_and_a_long_name_gives_way_not_the_score(server, browser):
    """Chips whose width followed the score wrapped onto two lines and back, moving the board under a finger;
    "won" was cut at the screen's edge. Two seats keep one line; a long name is shortened, the score never."""
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Annabel Longname-Fitzgerald"}, {"kind": "bot", "agent": "strong"}]}).json()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    wait_for_my_turn_or_the_end(page)
    # measured at one moment: a view arriving meanwhile draws the chips anew
    boxes = page.evaluate("""() => [...document.querySelectorAll('#seats .seat-chip')].slice(0, 2).map((chip) => {
        const box = chip.getBoundingClientRect(), score = chip.querySelector('.score').getBoundingClientRect();
        return { y: box.y, right: box.right, score: score.width, scoreRight: score.right }; })""")
    assert boxes[0]["y"] == boxes[1]["y"] and boxes[1]["right"] <= 390, boxes
    assert all(b["score"] > 0 and b["scoreRight"] <= b["right"] + 0.5 for b in boxes), boxes
    page.context.close()


def test_a_page_without_the_seats_credential_says_it_is_watching_and_how_to_play_here(server, browser):
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = new_page(browser)  # another device: the table's address without the invitation's credential
    page.goto(f"{server}/t/{made['table']}")
    page.wait_for_selector(".board-inner")
    said = page.inner_text("#turn")
    assert "You are watching" in said and "another device" in said and page.locator("#moves button.move").count() == 0


def test_a_player_carries_their_own_seat_to_a_phone_by_its_link(server, browser):
    """A seat against a bot, played on a desk, goes on on a phone: "play on another device" gives the seat's
    own link, and the phone that opens it plays the seat."""
    desk = new_page(browser)
    against_a_bot(server, "tictactoe", desk, params={})
    desk.click("#invite")
    assert desk.inner_text("#invite") == "play on another device"
    link = desk.locator(".invite-list.own code.link").inner_text()
    code = desk.locator(".invite-list.own .qr-box svg.qr")  # shown at once, for the phone's camera, and it reads
    assert code.is_visible() and read_qr(code.screenshot()) == link  # the link, key and all
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(link)
    assert wait_for_my_turn_or_the_end(phone)
    assert phone.locator(".board-svg .cell.target").count() > 0 and "You are watching" not in phone.inner_text("#turn")
    phone.context.close()
    # a game that numbers its seats: the link is named as the page names the seat, and shown where it opened
    desk = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "planetarium", desk)
    desk.evaluate("document.querySelector('.side-rest').scrollTop = 0")
    desk.click("#invite")
    assert desk.locator(".invite-list.own strong").inner_text() == "Ann: "
    assert in_view(desk, ".invite-list.own code.link")
    desk.context.close()


def test_my_tables_call_seats_known_only_by_number_player_1_and_on(server, browser):
    made = httpx2.post(server + "/api/tables", json={"game": "phanerozoic", "params": {"players": 2}, "seats": [
        {"kind": "person"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector(".board-inner")
    page.goto(server + "/")
    page.wait_for_selector("#my-tables a")
    line = page.locator("#my-tables li", has_text="Phanerozoic").inner_text()
    assert "player 1 · easy bot" in line and "seat 0" not in line, line


def test_a_click_on_the_board_offers_its_moves_in_view_and_plays_nothing_until_chosen(server, browser):
    """Gaia-Vora at 1280x800, scrolled to the board's foot: a location's moves appear in the dock, in view, with
    the location marked; cancel takes them away; a choice plays it."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "gaia-vora", page)
    page.locator(".board-svg [data-location='water']").click()  # the turn starts with a rotation: the planet offers it
    assert page.locator("#choices .move").all_inner_texts() == ["rotate 1", "rotate 2", "rotate 3"]
    # a pointer's click leaves no choice focused: a ring on "rotate 1" read as a choice already made
    assert not page.evaluate("document.activeElement.matches('#choices button')")
    page.click("#choices .cancel")
    while True:  # play on until a location offers moves (after the rotation and a Sky Object)
        wait_for_my_turn_or_the_end(page)
        if page.locator(".board-svg .location.target").count():
            break
        play_listed(page, page.locator(".move-list .move").first)
        page.wait_for_timeout(300)
    version = page.evaluate("document.body.dataset.version")
    page.mouse.wheel(0, 600)
    page.locator(".board-svg .location.target").first.click()
    page.wait_for_selector("#choices .move")
    assert in_view(page, "#choices") and page.locator(".board-svg .selected").count() == 1
    assert page.evaluate("document.body.dataset.version") == version  # nothing played yet
    page.click("#choices .cancel")
    assert page.locator("#choices .move").count() == 0 and page.locator(".board-svg .selected").count() == 0
    page.locator(".board-svg .location.target").first.click()
    assert page.locator("#choices .move").count() > 1  # a location offers its pieces and their directions
    picked = page.locator("#choices .move").first.inner_text()
    page.locator("#choices .move").first.click()  # with "ask before playing", picked among several it is confirmed,
    confirm = page.locator("#choices .move").all_inner_texts()  # as one picked in the list is
    assert len(confirm) == 1 and confirm[0].startswith("confirm: ") and picked.startswith(confirm[0][9:]), confirm
    assert page.evaluate("document.body.dataset.version") == version
    page.locator("#choices .move").click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_a_deal_of_many_cards_is_one_line_of_the_log(server, browser):
    made = httpx2.post(server + "/api/tables", json={"game": "planetarium", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    view = httpx2.get(f"{server}/api/tables/{made['table']}").json()
    chance = sum(1 for e in view["history"] if e["actor"] < 0)
    assert chance > 6  # the set-up deals every hand, a card at a time
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector("#log details summary")
    assert page.locator("#log > li").count() < chance
    assert f"{chance} outcomes" in page.locator("#log details summary").first.inner_text()
    page.click("#log details summary")
    assert page.locator("#log details .chance-run li").count() >= 1 and not page.errors


def test_a_listed_move_pointed_at_says_what_it_would_bring_about(server, browser):
    """In a game that hides nothing a listed move under the pointer says what it would bring about (a meal,
    points, a win) before any click, also for a player who plays at once; leaving it, the words go."""
    made = httpx2.post(server + "/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    url = f"{server}/api/tables/{made['table']}"
    for seat, cell in ((0, "a1"), (1, "a2"), (0, "b1"), (1, "b2")):  # x to move, c1 wins
        auth = {"Authorization": f"Bearer {made['tokens'][seat]}"}
        view = httpx2.get(url, headers=auth).json()
        move = next(m for m in view["legal"] if m["text"] == cell)
        httpx2.post(url + "/moves", headers=auth, json={"action": move["id"], "version": view["version"]})
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    wait_for_my_turn_or_the_end(page)
    page.hover(".move-list button.move:text-is('c1')")
    page.wait_for_function("document.querySelector('.hover-said').textContent.startsWith('c1: points: x 0 → 1')")
    page.mouse.move(5, 5)
    page.wait_for_function("document.querySelector('.hover-said').textContent === ''")
    page.context.close()


def test_anothers_turn_says_whose_it_is(server, browser):
    """Planetarium's prompt names nobody ("play a Low or High card, …"): on another's turn it read as an order."""
    made = httpx2.post(server + "/api/tables", json={"game": "planetarium", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    url = f"{server}/api/tables/{made['table']}"
    for _ in range(10):  # the opening steps, each seat's, until Bo is to move
        view = httpx2.get(url).json()
        to_move = view["observation"]["to_move"]
        if to_move == 1:
            break
        mine = httpx2.get(url, headers={"Authorization": f"Bearer {made['tokens'][to_move]}"}).json()
        httpx2.post(url + "/moves", headers={"Authorization": f"Bearer {made['tokens'][to_move]}"},
                    json={"action": mine["legal"][0]["id"], "version": mine["version"]})
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector("#turn strong")
    said = page.inner_text("#turn strong")
    assert said.startswith("Bo's move: ") or said.startswith("Bo, "), said
    assert not page.errors


def test_seats_known_only_by_number_are_called_by_who_sits_there(server, browser):
    """Planetarium and Phanerozoic number their seats from 0 ("seat 1 draws…"): the page says "easy bot draws…"
    and "Ann (you)", on the chips, the board, the log and the moves alike; Gaia-Vora keeps its colours."""
    for game in ("planetarium", "phanerozoic"):
        page = new_page(browser)
        view = against_a_bot(server, game, page)
        assert any(re.search(r"\bseat [01]\b", e["text"] + " ".join(e["log"])) for e in view["history"])
        page.wait_for_selector("#log li")
        chips = page.locator("#seats .seat-chip").all_inner_texts()
        assert chips[0].startswith("Ann (you)") and chips[1].startswith("easy bot"), chips
        shown = page.locator("main").inner_text()
        assert not re.search(r"\bseat [01]\b", shown), re.search(r".{40}\bseat [01]\b.{40}", shown, re.S)
        assert not page.errors
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    assert "(you)" in page.locator("#seats").inner_text() and "yellow" in page.locator("#seats").inner_text()


def serious_violations(page) -> list[str]:
    """What axe-core finds on the page that is serious or critical: the rule and the first element."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']} ({v['nodes'][0]['target']})" for v in found
            if v["impact"] in ("serious", "critical")]


def test_the_lobby_and_a_table_have_no_serious_accessibility_violation(server, browser):
    page = lobby(browser, server)
    assert serious_violations(page) == []
    against_a_bot(server, "gaia-vora", page)
    assert serious_violations(page) == []


def test_earth_our_home_map_stays_put_on_a_phone_whoever_is_to_move(server, browser):
    """The line saying where the counter goes (EO-4) keeps its height when it is empty or shorter: a tap
    aimed at a hexagon lands there, though the prompt changed since the finger set off."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    view = against_a_bot(server, "earth-our-home", page)
    tops = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const top = (o) => {
            document.querySelector('#board').replaceChildren(renderBoard(o, { legal: [], play: () => {} }));
            return document.querySelector('#board .board-svg').getBoundingClientRect().top;
        };
        return [top(obs), top({ ...obs, to_move: 1 - obs.viewer }),
                top({ ...obs, board: { ...obs.board, placing: 'in the sea, next to a habitat holding species 1' } })];
    }""", view["observation"])
    assert tops[0] == tops[1] == tops[2], tops
    page.context.close()


def test_a_hovered_move_button_points_at_the_place_on_the_board_that_offers_it(server, browser):
    """The moves list says "place W17 Central Atlantic"; hovering or focusing it lights that habitat, so the
    words and the map meet (EO-4: a counter's place)."""
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    move = next(m for m in view["legal"] if len(m["struct"]["habitat"]) > 1)  # A-D are drawn on both discs
    button = page.locator(f"#moves button.move[data-action='{move['id']}']")
    habitat = page.locator(f".board-svg .habitat[data-habitat='{move['struct']['habitat']}']")
    assert "pointed" not in habitat.get_attribute("class")
    button.evaluate("(b) => { const group = b.closest('details'); if (group) group.open = true; }")  # a kind folded
    button.hover()
    assert "pointed" in habitat.get_attribute("class")
    assert page.locator(".board-svg .pointed").count() == 1
    page.mouse.move(0, 0)
    assert page.locator(".board-svg .pointed").count() == 0
    assert not page.errors


def test_earth_our_home_shows_every_species_conflict_values_newest_first(server, browser):
    """EO-2.2, EO-4.2: an older species keeps only the genes of its epoch, so it loses contests the newest would
    win; the table shows each species' values, not the newest's alone."""
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    # a desk's table, a phone's block a genus: the first genus's lines
    for size, first in (((1280, 900), ".seat-table tr:nth-child(2)"), ((390, 844), ".genera .genus:first-child")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        lines = page.evaluate("""async ([obs, first]) => {
            const { renderBoard } = await import('/static/js/boards/index.js');
            obs.seats[0].public.conflicts = [{ species: 2, marine: 3, tropical: 5, temperate: 3 },
                                             { species: 1, marine: 1, tropical: 1, temperate: 1 }];
            document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
            return [...document.querySelectorAll(`#board ${first} .conflict`)].map((c) => c.textContent);
        }""", [view["observation"], first])
        assert lines == ["species 2: marine 3 · tropical 5 · temperate 3",
                         "species 1: marine 1 · tropical 1 · temperate 1"], size
    own = view["observation"]["seats"][0]["public"]
    assert [c["species"] for c in own["conflicts"]] == list(range(own["level"], 0, -1))  # the view sends them all
    assert not page.errors


def test_earth_our_home_says_what_each_species_would_score_at_its_18th_counter(server, browser):
    """EO-5.1: a land habitat gives 2, a marine one 1, to each species with a counter there; the board says what
    each would get as the map stands (an older species' counters count nothing), and that one has scored once it
    laid its epoch's last counter."""
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    scores = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const level = obs.seats[0].public.level = 2;
        const [land, sea] = ['temperate', 'marine'].map((t) => obs.board.habitats.filter((x) => x.type === t));
        land[0].counters = [{ seat: 0, level }, { seat: 0, level }];
        sea[0].counters = [{ seat: 0, level }, { seat: 1, level: 1 }];
        sea[1].counters = [{ seat: 0, level: 1 }];
        const said = () => {
            const board = renderBoard(obs, { legal: [], play: () => {}, viewer: 0 });
            document.querySelector('#board').replaceChildren(board);
            return [...document.querySelectorAll('#board .epoch-score')].map((e) => e.textContent);
        };
        const now = said();
        obs.seats[1].public.turns = obs.board.turns_per_epoch; // its last counter laid: scored
        return [now, said()];
    }""", view["observation"])
    other = view["observation"]["seats"][1]["name"]
    assert scores == [["you +3", f"{other} +1"], ["you +3", f"{other} (scored)"]]  # added to the chips
    assert not page.errors


def test_phanerozoic_foretells_this_rounds_nature_on_each_living_card(server, browser):
    """PH-7: the nature phase is public and certain as the board stands; the board says what it would do, in a box
    and on each living card, with a card that would die out said so."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    board = view["observation"]["board"]
    plant, animal = board["plants"][0]["card"], board["animals"][0]["card"]
    forecast = [f"{plant} grows in the sunlight: 3 → 6", f"{animal} eats 6 of {plant}: 6 → 0", f"{plant} goes extinct",
                f"{animal} grows after eating enough: 2 → 4"]
    shown = page.evaluate("""async ([obs, forecast]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        obs.board.forecast = forecast;
        const board = renderBoard(obs, { legal: [], play: () => {} });
        const desk = (li) => { const words = li.cloneNode(true); // the desk's words, not the phone's short ones
            words.querySelectorAll('.phone-only').forEach((e) => e.remove()); return words.textContent; };
        const notes = (row) => [...board.querySelectorAll(`[data-part='${row}'] .card-notes li`)].map(desk);
        return [[...board.querySelectorAll("[data-part='forecast'] li")].map((li) => li.textContent),
                notes('plants'), notes('animals')];
    }""", [view["observation"], forecast])
    assert shown == [forecast, ["this round's end, as it stands: 3 → 6 → 0 (dies out)"],
                     ["this round's end, as it stands: 2 → 4"]], shown
    assert view["observation"]["board"]["forecast"]  # the server sends it (test_phanerozoic.py: PH-EX-4)
    assert not page.errors


def test_a_phanerozoic_draft_says_which_cards_in_the_middle_cannot_be_played_now(server, browser):
    """PH-4.3: a player drafted a mutation every living card already showed the icon of, a wasted pick. The middle
    says of each card the observation names unplayable what forbids it, before it is drafted; the rest say nothing."""
    def stuck(view):
        board = view["observation"]["board"]
        return view["observation"]["phase"] == "draft" and [
            label for label in board["pool"] if "PH-4.3" in board["unplayable"].get(label, "")]

    page, labels, view = phanerozoic_until(server, browser, stuck, prefer="play")
    middle = page.locator("[data-part='the middle: drafted in turn']")
    for label in view["observation"]["board"]["pool"]:
        notes = middle.locator(f".card-face[data-card='{label.split('(')[1][:-1]}'] .card-notes").all_inner_texts()
        why = view["observation"]["board"]["unplayable"].get(label)
        assert ("PH-" in " ".join(notes)) == bool(why), (label, notes, why)
    mutation = middle.locator(f".card-face[data-card='{labels[0].split('(')[1][:-1]}']")
    assert "as the table stands, no living card can take it" in mutation.locator(".card-notes").inner_text()
    # each half of its name says the row it gives to ("Large/Backbone" was read as a star for an animal too)
    assert mutation.locator(".card-name .side-row").all_inner_texts() == ["plant", "animal"]
    assert not page.errors


def test_on_a_phone_a_phanerozoic_card_shows_its_name_icons_and_population_until_tapped_and_opens_in_place(
        server, browser):
    """Two cards a row on a phone, each folded to what is read at every turn; a tap shows all the card says (its kind,
    its mutations, how nature has treated it) where it is, and a second tap folds it. A desk shows every card whole."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "phanerozoic", page, params={"players": 2})
    living = page.locator("[data-part='plants'] .card-face").first
    living.evaluate("e => e.scrollIntoView({block: 'center'})")
    assert living.locator(".card-stat").is_visible() and living.locator(".chip").first.is_visible()
    assert not living.locator(".card-sub").is_visible()
    where = living.bounding_box()
    living.click()
    assert living.locator(".card-sub").is_visible()
    assert living.bounding_box()["y"] == where["y"] and living.bounding_box()["height"] > where["height"]
    living.click()
    assert not living.locator(".card-sub").is_visible()
    page.set_viewport_size({"width": 390, "height": 480})  # a short phone: the animals lie under the dock
    animal = page.locator("[data-part='animals'] .card-face").first  # its top in sight just above the dock
    animal.evaluate("e => window.scrollTo(0, scrollY + e.getBoundingClientRect().top - document.querySelector('.dock')"
                    ".getBoundingClientRect().top + 40)")
    assert animal.bounding_box()["y"] + animal.bounding_box()["height"] > page.locator(".dock").bounding_box()["y"]
    animal.click(position={"x": 10, "y": 10})
    box, dock = animal.bounding_box(), page.locator(".dock").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= dock["y"]  # opened, it came up above the dock
    desk = new_page(browser)
    against_a_bot(server, "phanerozoic", desk, params={"players": 2})
    assert desk.locator("[data-part='plants'] .card-face .card-sub").first.is_visible()
    assert not page.errors and not desk.errors


def test_a_phanerozoic_chosen_card_used_this_round_leaves_a_slot_saying_what_became_of_it(server, browser):
    """PH-3: a chosen card kept, discarded or played left the row, and every part after it moved (a click landed
    below the fold): each leaves a slot in its place, a kept one face down, saying what became of it."""
    def acted(view):
        obs, history = view["observation"], view["history"]
        revealed = [i for i, e in enumerate(history) if any(line.startswith("chosen: ") for line in e["log"])]
        since = history[revealed[-1] + 1:] if revealed else []
        used = [e for e in since if re.match(r"(keeps?|discard|play)\b", e["text"])]
        return obs["phase"] == "action" and {e["actor"] for e in used} == {0, 1} and used

    page, used, view = phanerozoic_until(server, browser, acted, prefer="discard")
    chosen = page.locator("[data-part='chosen this round'] .card-face")
    slots = chosen.locator(".card-name").all_inner_texts()
    face_up = sum(len(seat["public"]["chosen"]) for seat in view["observation"]["seats"])
    assert chosen.count() == face_up + len(used), (slots, used)
    said = [text for text in slots if re.match(r"(kept|discarded|played)\b", text)]
    expected = ["kept, face down" if e["text"] == "keeps a card" else re.sub(
        r"^(keep|discard|play) ", lambda m: {"keep": "kept: ", "discard": "discarded: ", "play": "played: "}[m[1]],
        e["text"]) for e in used]
    assert sorted(said) == sorted(expected), (said, expected)
    assert page.locator("[data-part='chosen this round'] .card-face.used").count() == len(used)
    assert not page.errors


def test_a_folded_phanerozoic_card_on_a_phone_still_shows_what_it_evolves_from_and_its_mutations(server, browser):
    """What a card can parent is decided by its mutations, and what a species needs by its printed requirement: both
    stay on a folded card (its subtitle and discard bonus wait for a tap)."""
    kinds = {face["key"]: face["kind"] for face in load_game("phanerozoic").cards()}

    def both(view):
        obs = view["observation"]
        mutated = [c["card"] for c in obs["board"]["plants"] + obs["board"]["animals"] if c["mutations"]]
        species = [label for label in obs["board"]["pool"] if kinds[label] == "species"]
        return obs["phase"] == "draft" and mutated and species and (mutated[0], species[0])

    page, (mutated, species), view = phanerozoic_until(server, browser, both, prefer="play", phone=True)
    living, new = (page.locator(f".card-face[data-card='{label.split('(')[1][:-1]}']") for label in (mutated, species))
    assert not living.locator(".card-sub").is_visible() and not living.locator(".tucked-head").is_visible()
    assert living.locator(".card-text .mutation").first.is_visible()
    assert new.locator(".needs-icons").is_visible() and not new.locator(".needs-bonus").is_visible()
    assert new.locator(".needs-label").inner_text().startswith("from a")
    assert not page.errors


def test_on_a_phone_a_folded_phanerozoic_card_is_opened_by_a_first_tap_even_where_taps_play_at_once(server, browser):
    """A player who had chosen to play taps at once tapped a folded card to read it, and it was chosen in secret,
    with no undo: the first tap opens it and offers its move, the second plays it."""
    page = new_page(browser, phone=True)
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('gaiatable.ask', 'off')")
    against_a_bot(server, "phanerozoic", page, params={"players": 2})
    mine = page.locator("[data-part='your hand'] .card-face.species.target")
    if not mine.count():
        pytest.skip("the deal gave no species card to choose")
    version = page.evaluate("document.body.dataset.version")
    mine.first.click()
    assert page.evaluate("document.body.dataset.version") == version  # opened, offered, not played
    assert mine.first.locator(".card-sub").is_visible() and page.locator("#choices button.move").count() == 1
    mine.first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert not page.errors


def test_phanerozoic_at_desk_size_shows_the_cards_a_round_is_played_with_beside_the_living_ones(server, browser):
    """At 1280x800 the chosen cards (the ones to keep, discard or play), the middle and the hand come right under
    the living cards, side by side: each is in view without scrolling when the prompt is about it."""
    page = new_page(browser)
    page.set_viewport_size({"width": 1280, "height": 800})
    against_a_bot(server, "phanerozoic", page, params={"players": 2})
    assert in_view(page, "[data-part='your hand'] .card-face >> nth=0")  # a card to choose, in secret
    while page.evaluate("!/chosen cards\\b/.test(document.querySelector('#turn strong').textContent)"):
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
    assert in_view(page, "[data-part='chosen this round'] .card-face.target >> nth=0"), page.inner_text("#turn")
    while page.evaluate("!/draft a card/.test(document.querySelector('#turn strong').textContent)"):
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
    # drafting, the middle lies right under the living cards, as many a row as the width holds: in view from the top
    page.evaluate("scrollTo(0, 0)")
    assert in_view(page, "[data-part='the middle: drafted in turn'] .card-face >> nth=0")
    tops = page.eval_on_selector_all("[data-part='the middle: drafted in turn'] .card-face",
                                     "(cards) => cards.map((c) => c.offsetTop)")  # (not moved by a pop)
    assert tops.count(tops[0]) >= min(4, len(tops)), tops
    assert not page.errors


def test_phanerozoic_says_where_a_goal_counts_extinct_a_card_that_comes_back_to_an_empty_row(server, browser):
    """PH-2.1, PH-8.2: Algae and Trilobite return to an empty row at each round's start, so "extinct sunlight-cards"
    or "extinct Trilobita" counts them only when the last round's nature kills them; a goal that counts them says so."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    said = page.evaluate("""async ([obs, table]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { faces } = await import('/static/js/boards/card.js');
        const cards = faces(await (await fetch(`/api/tables/${table}/cards`)).json());
        const caption = (lines) => {
            obs.seats[obs.viewer].private.goals = [{ name: 'G', points: 0, lines }];
            const board = renderBoard(obs, { legal: [], play: () => {}, cards });
            return [...board.querySelectorAll('p.caption')].map((p) => p.textContent)
                .find((t) => / comes? back /.test(t)) ?? null;
        };
        return [caption(['extinct sunlight-cards: +2']), caption(['extinct Trilobita: +3', 'extinct water-cards: +1']),
                caption(['alive fins-cards: +4', 'extinct Dimetrodon: +2'])];
    }""", [view["observation"], view["table"]])
    assert said[0] and said[0].startswith("Algae comes back"), said
    assert said[1] and said[1].startswith("Algae and Trilobita come back"), said  # both live in the water
    assert said[2] is None, said
    assert not page.errors


def test_a_phanerozoic_population_that_changed_counts_to_its_new_value(server, browser):
    """A living card's population, changed since the board was drawn (nature ate it, a card fed it), counts from
    what it was to what it is, tinted as it rises or falls, instead of jumping."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    seen = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { glide, positions } = await import('/static/js/glide.js');
        const board = document.querySelector('#board'), ctx = { legal: [], play: () => {} };
        const figure = () => board.querySelector("[data-part='plants'] .card-stat-value");
        const living = obs.board.plants[0];
        living.population = 2;
        board.replaceChildren(renderBoard(obs, ctx));
        const before = positions(board);
        living.population = 8;
        board.replaceChildren(renderBoard(obs, ctx));
        const busy = glide(board, before);
        const first = [figure().textContent, figure().className];
        await new Promise((done) => setTimeout(done, busy + 200));
        return [busy, first, figure().textContent];
    }""", view["observation"])
    busy, (first, tinted), last = seen
    assert busy > 0 and first == "2" and "rising" in tinted and last == "8", seen
    assert not page.errors


def test_a_phanerozoic_card_played_on_a_target_is_one_line_of_the_log(server, browser):
    """A card played, then its target chosen, is one decision to read: the log says what came of it ("tucks X
    under Y") and not "play X" and "target Y" besides; a discard and its bonus's target read as one line."""
    made = httpx2.post(server + "/api/tables", json={"game": "phanerozoic", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    table, tokens = made["table"], made["tokens"]
    rank = ("play ", "target ", "discard ")  # what each seat plays first, where it may
    for _ in range(200):
        seat = httpx2.get(f"{server}/api/tables/{table}").json()["observation"]["to_move"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        view = httpx2.get(f"{server}/api/tables/{table}", headers=auth).json()
        history = view["history"]
        tucked = any(" tucks " in line for e in history for line in e["log"])
        bonus = any(a["actor"] == b["actor"] and a["text"].startswith("discard ") and b["text"].startswith("target ")
                    for a, b in pairwise(history))  # a discard's bonus given to a living card
        if tucked and bonus:
            break
        move = min(view["legal"], key=lambda m: next((i for i, r in enumerate(rank) if m["text"].startswith(r)), 9))
        httpx2.post(f"{server}/api/tables/{table}/moves", json={"version": view["version"], "action": move["id"]},
                    headers=auth).raise_for_status()
    else:
        pytest.fail("no mutation was tucked and no discard bonus given in 200 moves")
    page = new_page(browser)
    page.goto(f"{server}/t/{table}#seat=0&token={tokens[0]}")
    page.wait_for_selector("#log li")
    lines = page.locator("#log > li").all_inner_texts()
    tucked = [re.search(r" tucks (.+) under ", line)[1] for line in lines if " tucks " in line]
    assert tucked and not [line for line in lines if re.match(r"(Ann|Bo) target ", line)], lines
    assert not [line for line in lines if any(re.match(rf"(Ann|Bo) play {re.escape(card)}", line) for card in tucked)]
    assert [line for line in lines if re.match(r"(Ann|Bo) discard .+, target ", line)], lines
    assert not page.errors


def test_phanerozoic_opens_the_discard_pile_when_a_move_picks_a_card_in_it(server, browser):
    """An event that brings a card back from the discard pile (Recover) targets cards drawn in the pile: the pile
    is open then, and comes up before the hand, so the cards to click are in view; otherwise it stays folded at
    the foot."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    opened = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        obs.board.discard = ['Algae (2)', 'Calamites (27)'];
        const target = { id: 7, text: 'target Algae (2)', struct: { kind: 'target', card: 2 } };
        const pile = (legal) => {
            const played = [];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: (id) => played.push(id) }));
            const found = document.querySelector('#board details.pile');
            const hand = document.querySelector("#board [data-part='your hand']");
            return [found.open, Boolean(found.compareDocumentPosition(hand) & Node.DOCUMENT_POSITION_FOLLOWING)];
        };
        return [pile([]), pile([target])];
    }""", view["observation"])
    assert opened == [[False, False], [True, True]]
    assert not page.errors


def test_a_card_recover_takes_from_the_discard_pile_is_drawn_where_it_is_used(server, browser):
    """PH-5.5: the card Recover takes is kept, discarded or played at once: it is drawn, lit for its moves."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    drawn = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const legal = ['keep', 'discard'].map((kind, id) => ({ id, text: `${kind} Cicadidae (22)`,
                                                              struct: { kind, card: 22 } }));
        const prompt = 'keep, discard or play Cicadidae (22)';
        document.querySelector('#board').replaceChildren(renderBoard({ ...obs, prompt }, { legal, play: () => {} }));
        const part = document.querySelector('#board [data-part^="taken from the discard pile"]');
        return part && [...part.querySelectorAll('.card-face.target')].map((c) => c.dataset.card);
    }""", view["observation"])
    assert drawn == ["22"]
    assert not page.errors


def test_a_card_kept_last_round_warns_while_the_next_is_chosen_that_unchosen_it_goes_to_the_middle(server, browser):
    """PH-2.8: a kept card is part of the next hand, not reserved; while that hand chooses, the card says so."""
    page = new_page(browser)
    against_a_bot(server, "phanerozoic", page)
    kept = set()  # the numbers of the cards Ann keeps: every one she may
    for _ in range(40):
        if not wait_for_my_turn_or_the_end(page):
            break
        if kept and page.inner_text(".turn").startswith("Your move: secretly choose a card"):
            break
        version = page.evaluate("document.body.dataset.version")
        played = page.evaluate("""() => { // a keep where there is one, else the first move: read and clicked at once
            const moves = [...document.querySelectorAll('.move-list button.move')];
            const move = moves.find((b) => /^keep (?!goal )/.test(b.textContent)) ?? moves[0];
            move.click();
            return move.textContent; }""")
        confirm = page.locator("#choices button.move").filter(has_text=re.compile(r"^confirm: "))
        if confirm.count():
            confirm.first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        if played.startswith("keep "):
            kept.add(re.search(r"\((\d+)\)", played).group(1))
    else:
        pytest.fail("no second round's choice in 40 moves")
    hand = page.locator("[data-part='your hand'] .card-face")
    warned = hand.filter(has_text="kept last round: unless you choose it now, it goes to the middle")
    assert {card.get_attribute("data-card") for card in warned.all()} == kept and hand.count() > len(kept)
    assert not page.errors


def test_a_mutation_tucked_under_a_living_card_is_a_target_of_its_own(server, browser):
    """PH-5.4: Genetic Drift discards a tucked mutation; the mutation is clicked on the card it lies under,
    and that click offers the mutation's move, not the card's."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page, params={"players": 2})
    offered = page.evaluate(r"""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const plant = { ...obs.board.plants[0], mutations: ['Leaves/Fins (3)'] };
        const n = Number(/\((\d+)\)$/.exec(plant.card)[1]);
        const legal = [{ id: 7, text: 'target Leaves/Fins (3)', struct: { kind: 'target', card: 3 } },
                       { id: 8, text: `target ${plant.card}`, struct: { kind: 'target', card: n } }];
        document.querySelector('#board').replaceChildren(
            renderBoard({ ...obs, board: { ...obs.board, plants: [plant] } }, { legal, play: () => {} }));
        document.querySelector('#board .mutation.target').click();
        return [...document.querySelectorAll('#board .choices button.move')].map((b) => b.textContent);
    }""", view["observation"])
    assert offered == ["confirm: target Leaves/Fins (3)"]
    assert not page.errors


def test_earth_our_home_says_why_a_counter_may_not_go_to_a_habitat_clicked(server, browser):
    """EO-3.4: while placing, a habitat the counter may not go to is dimmed, and a click on it says the rule
    that forbids it, as typing the move would, and that rule's words on a click; nothing is played."""
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    barred = page.locator(".habitat.explains").first
    assert float(barred.evaluate("(h) => getComputedStyle(h.querySelector('polygon')).opacity")) < 1  # dimmed
    barred.click()
    page.wait_for_selector("#choices .why")
    said = page.inner_text("#choices .why")
    assert re.fullmatch(r'Not "place [EW]\d\d": [^\']+ \(rule EO-[\d.]+\)\.', said), said  # the move not said twice
    page.click("#choices .why button.rule")  # the rule's number opens its words
    number = re.search(r"EO-[\d.]+", said)[0]
    assert page.inner_text("#choices .rule-text").startswith(f"Rule {number}: ")
    assert page.evaluate("document.body.dataset.version") == str(view["version"]) and not page.errors


def test_earth_our_home_marks_p_on_every_habitat_that_touches_the_pacific(server, browser):
    """EO-1.2: a counter enters the Pacific box from any habitat marked P; the map marks exactly those."""
    content = load_game("earth-our-home").content
    pacific = content.ids.index("PAC")
    rim = {content.ids[h] for h in range(len(content.ids)) if pacific in content.adjacent[h]}
    page = new_page(browser)
    against_a_bot(server, "earth-our-home", page)
    marked = set(page.evaluate("""() => [...document.querySelectorAll('.board-svg .habitat')]
        .filter((h) => h.querySelector('.pacific-mark')).map((h) => h.dataset.habitat)"""))
    assert marked == rim and len(rim) > 4
    assert "touches the Pacific box: a counter enters it from here" in page.inner_text(".key")
    # at a desk the box lies between the two discs, not below them (where it pushed the key out of sight)
    box = page.locator('.board-svg .habitat[data-habitat="PAC"]').bounding_box()
    west = page.locator('.board-svg .habitat[data-habitat="W27"]').bounding_box()
    east = page.locator('.board-svg .habitat[data-habitat="E25"]').bounding_box()
    assert west["x"] + west["width"] <= box["x"] and box["x"] + box["width"] <= east["x"]
    assert box["y"] + box["height"] <= page.locator(".board-svg").bounding_box()["y"] + page.locator(".board-svg")\
        .bounding_box()["height"]
    page.set_viewport_size({"width": 390, "height": 844})  # on a phone, one disc above the other: below them, said
    page.wait_for_selector(".board-svg .pacific-note")
    assert "enter from a habitat marked P" in page.locator(".board-svg .pacific-note").text_content()
    assert not page.errors


def test_earth_our_home_names_the_habitat_pointed_at_under_the_map(server, browser):
    """EO-1.1: the hexagons have room for a code only; pointing at one names it under the map, with its kind and
    its room, the Pacific's border said (EO-1.2); leaving the map clears the line."""
    from gaiatable import load_game
    content = load_game("earth-our-home").content
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    code = next(c for c in ("W16", "E13", "W30") if c in content.ids)
    page.hover(f".board-svg .habitat[data-habitat='{code}']")
    said = page.inner_text(".eoh .readout")
    name = content.names[content.ids.index(code)]
    assert said.startswith(f"{code} {name}: ") and "of 3 counters" in said, said
    version = page.evaluate("document.body.dataset.version")  # a counter laid: whose it is, of which species
    play_listed(page, page.locator(".move-list .move").first)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    held = page.locator(".board-svg .habitat:has(.counter)").first
    page.hover(f".board-svg .habitat[data-habitat='{held.get_attribute('data-habitat')}']")
    genera = "|".join(seat["name"] for seat in view["observation"]["seats"])  # "blue square": seats go by genera
    assert re.search(rf"\(({genera}) species \d", page.inner_text(".eoh .readout")), page.inner_text(".eoh .readout")
    page.hover("header.top")
    assert page.inner_text(".eoh .readout").startswith("Point at a habitat")
    assert not page.errors


def test_among_several_moves_the_consequence_said_names_the_move_hovered_last(server, browser):
    """What a move would bring about is said for the move pointed at, named: the first, focused when the choice
    opens, is not the one chosen, and an answer that comes late for a move left behind never overwrites it; a
    slow answer for the one move to confirm says first that it is coming, so the confirm is not pressed unread."""
    page = new_page(browser)
    against_a_bot(server, "tictactoe", page, params={})
    said = page.evaluate("""async () => {
        const { offer } = await import('/static/js/boards/index.js');
        const box = document.createElement('div');
        document.body.append(box);
        const slow = { 'mark a': 300, 'mark b': 0 }, words = { 'mark a': 'This move: a wins.', 'mark b': '' };
        const consequences = (m) => new Promise((done) => setTimeout(() => done(words[m.text]), slow[m.text]));
        const moves = [{ id: 1, text: 'mark a' }, { id: 2, text: 'mark b' }];
        offer(box, moves, { play: () => {}, consequences, obs: { game: 'tictactoe' } });
        box.querySelectorAll('button.move')[1].dispatchEvent(new Event('mouseenter'));
        await new Promise((done) => setTimeout(done, 500));
        return box.querySelector('.consequence').textContent;
    }""")
    assert said == "mark b: nothing else changes."
    # the one move a click names is offered to confirm at once; a slow answer is first said to be coming
    said = page.evaluate("""async () => {
        const { offer } = await import('/static/js/boards/index.js');
        const box = document.createElement('div');
        document.body.append(box);
        const consequences = () => new Promise((done) => setTimeout(() => done('This move: a wins.'), 500));
        offer(box, [{ id: 1, text: 'mark a' }], { play: () => {}, consequences, obs: { game: 'tictactoe' } });
        const said = () => box.querySelector('.consequence').textContent;
        const at = (ms) => new Promise((done) => setTimeout(() => done(said()), ms));
        return [await at(300), await at(400)];
    }""")
    assert said == ["What it brings: working it out…", "This move: a wins."]
    assert not page.errors


def test_a_rematch_turns_the_seats_and_each_player_keeps_its_name_number_and_colour(server, browser):
    """A rematch turns the seats by one (the first player changes): two standard bots were renumbered by their new
    seats and every colour moved on. A player keeps, through the series, the number and colour of its first seat."""
    page = new_page(browser)
    page.goto(server + "/")
    said = page.evaluate("""async () => {
        const { seatNames, namedObservation } = await import('/static/js/names.js');
        const { seatColour } = await import('/static/js/boards/svg.js');
        const rules = [0, 1, 2].map((seat) => ({ seat, name: `seat ${seat}` }));
        const ann = { kind: 'person', name: 'Ann' }, bot = { kind: 'bot', agent: 'default' };
        const game = (seats, turned) => {
            const view = { observation: { seats: rules, prompt: '' }, seats, turned };
            return namedObservation(view.observation, seatNames(view), view).seats.map((s) => [s.name, seatColour(s)]);
        };
        return [game([ann, bot, bot], 0), game([bot, bot, ann], 1), game([bot, ann, bot], 2)];
    }""")
    first = dict(said[0])
    assert list(first) == ["Ann", "standard bot 2", "standard bot 3"], said
    assert all(dict(game) == first for game in said[1:]), said
    assert [name for name, _ in said[1]] == ["standard bot 2", "standard bot 3", "Ann"]
    assert not page.errors



def test_a_rematch_says_the_players_new_colour_where_seats_are_named_by_colour(server, browser):
    """Gaia-Vora's seats are colours: the rematch's turn of the seats gives the player another, said until the
    player's first move (a player had found themselves green, unsaid); games named by seat number keep colours."""
    page = new_page(browser)
    page.goto(server + "/")
    said = page.evaluate("""async () => {
        const { colourTurned } = await import('/static/js/names.js');
        const colours = ['yellow', 'green', 'blue'].map((name, seat) => ({ seat, name }));
        const numbers = [0, 1, 2].map((seat) => ({ seat, name: `seat ${seat}` }));
        const ann = { kind: 'person', name: 'Ann' }, bot = { kind: 'bot', agent: 'default' };
        const view = (seats, turned, history = []) =>
            ({ observation: { seats, prompt: '' }, seats: [bot, bot, ann], turned, history });
        return [colourTurned(view(colours, 1), 2), colourTurned(view(colours, 0), 2),
            colourTurned(view(colours, 1, [{ actor: 2, ply: 3 }]), 2), colourTurned(view(numbers, 1), 2)];
    }""")
    assert said == ["You play blue now: the seats turned by one for the rematch; you were yellow.", None, None, None]
    assert not page.errors

def test_the_last_move_line_keeps_what_it_brought_about_and_drops_only_its_retelling(server, browser):
    """"You played: rotate 1." must go on with the player's own meal (GV-8: "yellow ate green's plant") and an
    Earth: Our Home score, and leave out only a line retelling the move ("seat 0 moves gas from I-3 to I-0")."""
    page = new_page(browser)
    page.goto(server + "/")
    said = page.evaluate("""async () => {
        const { broughtAbout } = await import('/static/js/names.js');
        const meals = ["yellow ate green's plant at N", "green ate yellow's herbivore at N"];
        return [broughtAbout('rotate 1', meals, 'yellow'),
                broughtAbout('place W06 Labrador Sea', ["blue square scores 11 for its habitats"], 'blue square'),
                broughtAbout('move I-3 I-0', ['seat 0 moves gas from I-3 to I-0', "gas to seat 0's mat on planet A"],
                             'seat 0'),
                broughtAbout('target 5', ['seat 0 tucks Roots/Fins (28) under Trilobita (5)'], 'seat 0')];
    }""")
    assert said == [["yellow ate green's plant at N", "green ate yellow's herbivore at N"],
                    ["blue square scores 11 for its habitats"], ["gas to seat 0's mat on planet A"], []]
    assert not page.errors


def test_a_move_list_drawn_under_a_still_pointer_lights_no_button_until_the_pointer_moves(server, browser):
    """After a click the list is drawn anew: the button that lands under the resting pointer must not look
    chosen (a hover border read as a suggestion); once the pointer moves, hovering lights as ever."""
    page = new_page(browser)
    against_a_bot(server, "tictactoe", page, params={})
    button = page.locator(".move-list button.move").first
    hover = "getComputedStyle(document.querySelector('.move-list button.move')).borderColor"
    box = button.bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + 5)  # over it; the list was drawn before the pointer came
    page.evaluate("document.querySelector('.move-list').classList.add('resting')")  # as when drawn under it
    still = page.evaluate(hover)
    page.mouse.move(box["x"] + 8, box["y"] + 6)
    assert page.locator(".move-list.resting").count() == 0 and page.evaluate(hover) != still
    assert not page.errors


def test_on_a_phone_the_header_leads_to_the_rules_and_the_log_below_the_board(server, browser):
    """A phone's page is long (board, hand, key, then the rules and the log): the header's "rules" opens How to
    play and brings it into view, "log" brings the log; on a desk both sit beside the board and the links hide."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "phanerozoic", page)
    page.evaluate("document.querySelector('#how').open = false")
    page.click(".jump [data-to='how']")
    page.wait_for_function("document.querySelector('#how').open")
    page.wait_for_function("""(() => { const r = document.querySelector('#how').getBoundingClientRect();
        return r.top > -2 && r.top < innerHeight / 2; })()""")
    page.click(".jump [data-to='log-head']")
    page.wait_for_function("""(() => { const r = document.querySelector('#log-head').getBoundingClientRect();
        return r.top > -2 && r.bottom < document.querySelector('.dock').getBoundingClientRect().top; })()""")
    header = page.locator("header.top").bounding_box()
    assert header["height"] < 40, header  # one slim line: the board starts high
    page.context.close()
    desk = new_page(browser)
    against_a_bot(server, "phanerozoic", desk)
    assert not desk.locator(".jump").is_visible()
    desk.context.close()


def test_on_a_desk_the_side_panel_scrolls_below_the_moves_never_under_them(server, browser):
    """The prompt and the moves stay at the top of the side panel; the rules, look-up and log scroll in a part of
    their own below them, so no text runs on under a move button, and that part keeps room however many moves."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "planetarium", page)
    page.evaluate("document.querySelector('#how').open = true")
    page.evaluate("document.querySelector('.side-rest').scrollTop = 120")
    dock = page.locator(".side .dock").bounding_box()
    for part in ("#how", "#lookup", "#log"):
        box = page.locator(part).bounding_box()
        visible = page.evaluate(f"""(() => {{ const r = document.querySelector('{part}').getBoundingClientRect(),
            rest = document.querySelector('.side-rest').getBoundingClientRect();
            return Math.max(r.top, rest.top); }})()""")
        assert visible >= dock["y"] + dock["height"] - 1, (part, box, dock)
    # scrolled, its top edge is shaded: what lies above it went up under the moves, it is not the moves' own
    page.wait_for_function("document.querySelector('.side-rest').classList.contains('scrolled')")
    page.evaluate("document.querySelector('.side-rest').scrollTop = 0")
    page.wait_for_function("!document.querySelector('.side-rest').classList.contains('scrolled')")
    against_a_bot(server, "planit", page)  # more moves than the dock shows: its foot says so
    tall = page.evaluate("document.querySelector('.dock').scrollHeight")  # a deal's count of moves varies
    page.set_viewport_size({"width": 1280, "height": tall // 2 + 120})  # the dock shows half of them (7.5em kept)
    page.wait_for_function("document.querySelector('.dock').classList.contains('more')")
    said = page.evaluate("getComputedStyle(document.querySelector('.dock'), '::after').content")
    assert "more moves below" in said
    # the moves scroll in the dock, leaving the part below 28% of the window, or 10 lines, whichever is less:
    # a sliver of a cut line there read as text hidden under the moves
    rest, high = page.locator(".side-rest").bounding_box(), page.viewport_size["height"]
    em = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.side-rest')).fontSize)")
    assert rest["height"] >= min(10 * em, 0.28 * high) - 1, (rest, high)
    box = page.locator("#typed").bounding_box()
    assert rest["y"] <= box["y"] and box["y"] + box["height"] <= rest["y"] + rest["height"], (box, rest)
    page.evaluate("document.querySelector('.dock').scrollTop = 1e6")
    page.wait_for_function("!document.querySelector('.dock').classList.contains('more')")
    page.context.close()


def test_on_a_desk_the_side_panel_ends_at_the_windows_foot_and_a_look_up_never_moves_the_page(server, browser):
    """The sticky panel, as tall as the window but starting below the header, ran past the window's foot (the
    look-up's line cut off); a look-up's answer scrolled the whole page, the header gone."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "planit", page)
    foot = "document.querySelector('.side').getBoundingClientRect().bottom"
    assert page.evaluate(foot) <= 800
    page.fill("#lookup-name", "ice age")
    page.click("#lookup button")
    page.wait_for_function("document.querySelector('#lookup-text').textContent.length > 0")
    assert page.evaluate("scrollY") == 0 and page.evaluate(foot) <= 800
    text = page.locator("#lookup-text").bounding_box()
    rest = page.locator(".side-rest").bounding_box()
    assert rest["y"] - 1 <= text["y"] < rest["y"] + rest["height"]  # the answer begins in sight (to a pixel's rounding)
    page.evaluate("scrollTo(0, 300)")
    page.wait_for_function(f"{foot} > 780 && {foot} <= 800")  # scrolled, the panel reaches down to the foot
    page.click("#lookup-close")  # read, the answer closes
    assert page.locator("#lookup-text").is_hidden() and page.input_value("#lookup-name") == ""
    # and the part it was read in is back at its top: left scrolled, the typed move lay half under the moves
    assert page.evaluate("document.querySelector('.side-rest').scrollTop") == 0
    page.context.close()


def test_a_board_wider_than_a_phone_says_it_pans_until_it_is_panned(server, browser):
    """Planetarium opens at 150% on a phone: the frame says that it pans; the hint goes once the player
    touches the board (the board stays put under the finger), and a desk, where the board fits, shows none."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    against_a_bot(server, "planetarium", phone)
    hint = phone.locator(".board-frame .pan-hint")
    assert hint.is_visible() and "Drag the board sideways" in hint.inner_text()
    top = phone.locator(".board-frame .board-svg").bounding_box()["y"]
    phone.locator(".board-frame").dispatch_event("pointerdown")
    assert not hint.is_visible()
    assert phone.locator(".board-frame .board-svg").bounding_box()["y"] == top  # a tap lands where it aimed
    desk = new_page(browser)
    against_a_bot(server, "planetarium", desk)
    assert not desk.locator(".board-frame .pan-hint").is_visible()
    assert desk.locator(".board-frame .board-svg").bounding_box()["width"] > 500  # beside the hand, whole
    phone.context.close()


def test_phanerozoic_says_what_each_goal_gives_and_what_a_new_species_costs_its_parent(server, browser):
    """PH-8.1: of two goals one is kept, so each says its own points and they are not added; PH-6.6: a new
    species' parent keeps half its population and loses its mutations, said on the move that chooses it; PH-2.8:
    a kept card is not reserved, said on the keep."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page)
    obs = view["observation"]
    goals = obs["seats"][obs["viewer"]]["private"]["goals"]
    assert len(goals) == 2 and all(isinstance(g["points"], int) for g in goals)
    assert obs["scores"][obs["viewer"]] == max(g["points"] for g in goals)
    aim = page.locator(".ph .aim").inner_text()
    assert all(f"({g['name']})" in aim for g in goals) and "you keep one" in aim, aim
    assert aim.startswith("You score only by your secret goals")
    # a goal named there says what it counts, and a click brings its card (below the hand) into sight
    link = page.locator(".ph .aim .goal-link").last
    assert link.get_attribute("title") == "; ".join(goals[1]["lines"])
    link.click()
    page.wait_for_function(f"""(() => {{ const r = document.querySelector(
        '.ph [data-part="your goals"] .card-face[data-card="{goals[1]['name']}"]').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }})()""")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: what the goals give, no more, at the top
    assert page.locator(".ph .aim").inner_text().startswith("As the table stands, your goals would give")
    said = page.evaluate(r"""async ([obs, goal]) => {
        const { describeMove } = await import('/static/js/boards/index.js');
        const plant = { ...obs.board.plants[0], mutations: ['Leaves/Fins (3)'] };
        const board = { ...obs.board, plants: [plant] };
        const evolving = { ...obs, prompt: 'choose the parent Glossopteris (46) evolves from', board };
        const n = Number(/\((\d+)\)$/.exec(plant.card)[1]);
        const event = { ...evolving, prompt: 'choose the card Ideal Conditions (60) acts on' };
        return [describeMove({ text: `keep goal ${goal.name}`, struct: { kind: 'goal', goal: goal.name } }, obs),
                describeMove({ text: `target ${plant.card}`, struct: { kind: 'target', card: n } }, evolving),
                describeMove({ text: `target ${plant.card}`, struct: { kind: 'target', card: n } }, event),
                describeMove({ text: `keep ${plant.card}`, struct: { kind: 'keep', card: n } }, obs),
                describeMove({ text: `keep ${plant.card}`, struct: { kind: 'keep', card: n } },
                             { ...obs, board: { ...obs.board, round: obs.board.rounds } }),
                describeMove({ text: `keep ${plant.card}`, struct: { kind: 'keep', card: n } }, { ...obs,
                  seats: obs.seats.map((s) => (s.private
                    ? { ...s, private: { ...s.private, kept: ['Anomalocaris (9)'] } } : s)) })];
    }""", [obs, goals[0]])
    assert said[0] == f"keep goal {goals[0]['name']} ({goals[0]['points']} pts now)"
    assert said[1].endswith("Glossopteris (46) evolves from it; it keeps half its population, and loses its "
                            "mutations to the discard pile: Leaves/Fins (3)"), said[1]
    population = obs["board"]["plants"][0]["population"]
    assert said[2] == f"target {obs['board']['plants'][0]['card']} (population {population})"  # an event's
    assert said[3].endswith("(in your hand next round; not chosen then, it goes to the middle)")  # PH-2.8
    assert said[4].endswith("(the last round: a kept card is never played)")
    assert said[5].endswith("(in your hand next round with Anomalocaris (9): one card is chosen, the rest go to the "
                            "middle)")  # PH-2.3
    assert not page.errors


def test_phanerozoic_says_what_the_last_nature_phase_did_on_the_board_and_on_its_cards(server, browser):
    """PH-7: nature acts between the players' turns; the board lists what it did and each living card says its
    population through it."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page)
    plant = view["observation"]["board"]["plants"][0]["card"]
    said = page.evaluate("""async ([obs, plant]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const log = ['nature phase of round 1', `${plant} grows in the sunlight: 3 → 6`,
                     `Trilobita (5) eats 2 of ${plant}: 6 → 4`, 'plants: x; animals: y', 'round 2 begins'];
        const ctx = { legal: [], play: () => {}, history: [{ ply: 9, log }, { ply: 10, log: ['seat 0 draws'] }] };
        document.querySelector('#board').replaceChildren(renderBoard(obs, ctx));
        const card = document.querySelector(`#board [data-part='plants'] .card-face[data-card]`);
        return [[...document.querySelectorAll('#board .nature:not(.forecast) li')].map((li) => li.textContent),
                document.querySelector('#board .nature:not(.forecast) summary').textContent,
                card.querySelector('.card-notes li').textContent];
    }""", [view["observation"], plant])
    assert said[0] == [f"{plant} grows in the sunlight: 3 → 6", f"Trilobita (5) eats 2 of {plant}: 6 → 4"]
    assert "end of round 1" in said[1]
    assert said[2] == "nature, round 1: 3 → 6 → 4"  # each step: "3 → 4" read as if it had not grown
    # PH-2.1: eaten to nothing, then back in the empty row: said with the nature phase, and on the card
    said = page.evaluate("""async ([obs, plant]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const log = ['nature phase of round 1', `Trilobita (5) eats 6 of ${plant}: 6 → 0`, `${plant} goes extinct`,
                     'plants: none; animals: y'];
        const back = [`${plant} returns to the plant row with population 3`];
        const ctx = { legal: [], play: () => {}, history: [{ ply: 9, log }, { ply: 10, log: back }] };
        document.querySelector('#board').replaceChildren(renderBoard(obs, ctx));
        const card = document.querySelector(`#board [data-part='plants'] .card-face[data-card]`);
        return [[...document.querySelectorAll('#board .nature:not(.forecast) li')].map((li) => li.textContent),
                card.querySelector('.card-notes li').textContent];
    }""", [view["observation"], plant])
    assert said[0][-1] == f"{plant} returns to the plant row with population 3", said
    assert said[1] == "nature, round 1: 6 → 0, back with 3"
    assert not page.errors


def test_a_second_click_on_a_cell_plays_it_and_the_end_keeps_the_board_in_view_at_desk_size(server, browser):
    """A click offers the move, a second click on the same piece plays it (the confirmation is where the hand
    is); at 1280x800 the result above the board leaves the whole board in view."""
    made = httpx2.post(server + "/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    while wait_for_my_turn_or_the_end(page):
        version = page.evaluate("document.body.dataset.version")
        cell = page.locator(".board-svg .cell.target").first
        cell.click()
        assert page.evaluate("document.body.dataset.version") == version  # offered, not played
        assert page.inner_text(".choices-head").endswith(": click the same place again or confirm:")  # the way is said
        cell.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    board = page.locator("#board .board-svg").bounding_box()
    assert page.locator("#result").is_visible() and board["y"] + board["height"] <= 800
    page.context.close()


def test_on_a_phone_a_finished_game_says_its_result_above_the_board_and_docks_nothing_over_the_page(server, browser):
    """While a game runs, a phone's prompt and moves sit in a bar over the screen's foot; once it is over there is
    nothing to choose: the result shows above the board and the bar joins the page, leaving the log readable."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "tictactoe", page, params={})
    assert page.evaluate("getComputedStyle(document.querySelector('.dock')).position") == "fixed"
    assert not page.locator("#result").is_visible()
    while wait_for_my_turn_or_the_end(page):
        click_a_move(page)
    page.wait_for_selector("#result", state="visible")
    assert page.evaluate("getComputedStyle(document.querySelector('.dock')).position") == "static"
    result, zoom = page.locator("#result").bounding_box(), page.locator("#zoom").bounding_box()
    assert zoom["y"] >= result["y"] + result["height"]  # the board's size, on the board, never over the result
    page.evaluate("document.querySelector('#log').scrollIntoView({ block: 'end' })")
    log = page.locator("#log").bounding_box()
    assert log["y"] + log["height"] <= SIZES["-phone"][1] + 1  # the log's foot in view, nothing over it
    assert not page.errors
    page.context.close()


def test_a_typed_word_offers_the_moves_it_names_and_a_whole_move_is_played(server, browser):
    """Typing part of a move offers the moves holding those words, as a board click would; a move's whole
    text is played; words naming no move get the rules' answer."""
    page = new_page(browser)
    view = against_a_bot(server, "tictactoe", page, params={})
    texts = [m["text"] for m in view["legal"]]
    column = texts[0][0]  # a column's letter: every move in it
    page.fill("#typed-move", column)
    page.press("#typed-move", "Enter")
    offered = page.locator("#choices button.move").all_inner_texts()
    assert offered == [t for t in texts if column in t] and len(offered) > 1, offered
    page.click("#choices .cancel")
    page.fill("#typed-move", "zz")
    page.press("#typed-move", "Enter")
    page.wait_for_function("document.querySelector('#error').textContent.includes('zz')")
    version = page.evaluate("document.body.dataset.version")
    page.fill("#typed-move", texts[-1])
    page.press("#typed-move", "Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator("#choices button.move").count() == 0 and not page.errors


def test_planit_for_three_shows_the_planets_in_a_row_and_your_whole_hand_in_sight_at_desk_size(server, browser):
    """PL-2.2: three planets stood two and one, the hand beside the third cut off at 1280x800 (two of four cards
    seen). They stand in one row, smaller, and every card of the hand below them is in sight, its name, picture
    and uses (a card of many charts runs on below); the others' hands below."""
    made = httpx2.post(server + "/api/tables", json={"game": "planit", "params": {"players": 3}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    wait_for_my_turn_or_the_end(page)
    page.wait_for_selector(".planets > [data-part='hand 0'] .card-face")
    tops = {round(page.locator(f"#planit-{seat}").bounding_box()["y"]) for seat in range(3)}
    assert len(tops) == 1, tops
    cards = page.locator(".planets > [data-part='hand 0'] .card-face")
    tops = [cards.nth(i).bounding_box()["y"] for i in range(cards.count())]
    assert len(tops) >= 4 and all(top + 220 <= 800 for top in tops), tops  # each card's name, picture and uses
    assert page.locator(".planets > .card-row").count() == 1 and page.locator(".planit > .card-row").count() == 2
    assert "Round 1 (two good players take about 67)" in page.inner_text(".planit")  # PL-3.7: a long race, said
    page.context.close()


def test_planit_for_two_draws_the_planets_as_wide_as_a_desk_allows_with_the_hand_in_sight(server, browser):
    """Two planets stood at 380 px each with a fifth of the row empty, small beside the hand: they fill the row,
    and the hand's cards still show their names and pictures at 1280x800."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "planit", page)
    boards = [page.locator(f"#planit-{seat}").bounding_box() for seat in range(2)]
    row = page.locator(".planets").bounding_box()
    assert boards[0]["y"] == boards[1]["y"] and sum(b["width"] for b in boards) > 0.9 * row["width"], (boards, row)
    first = page.locator(".planets > [data-part='hand 0'] .card-face").first.bounding_box()
    assert first["y"] + 60 <= 800, first  # a card's name and picture in sight
    page.context.close()

def test_a_move_played_before_a_reload_is_said_with_the_token_it_moved(server, browser):
    """PT-2.3: "You played: move III-6 III-3" named no token once the page had forgotten the words it offered the
    move in (a reload, another device): the log's retelling says which."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    version = page.evaluate("document.body.dataset.version")
    play_listed(page, page.locator(".move-list .move", has_text="move ").first)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.reload()
    said = page.locator("#last-text")
    said.wait_for()
    assert re.match(r"You played: move \S+ \S+ \(moves (planet [A-D]|gas|rock|water|metal) from \S+ to \S+\)\.",
                    said.inner_text()), said.inner_text()
    assert not page.errors


def test_planetarium_warns_when_any_players_card_may_fill_the_track(server, browser):
    """PT-6.1: a bot's High card filled the track four spaces from its end, and the player's Final was lost
    unawares: near the end, the track says that any card may end the game now, and what follows."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const track = obs.board.track, words = [];
        for (const left of [10, 4]) {
            track.filled = track.length - left;
            words.push(renderBoard(obs, { legal: [], play: () => {} }).querySelector('.pt-track').textContent);
        }
        return words;
    }""", view["observation"])
    assert "(10 to go)" in said[0] and "may fill it now" not in said[0]
    assert "(4 to go) Any player's card may fill it now: its player plays Finals at once, then each other player has " \
           "one last turn" in said[1]
    assert not page.errors


def test_planetarium_shows_its_track_above_the_board_both_in_sight_at_desk_size(server, browser):
    """PT-5.1, PT-6.1: the Evolution Track is the game's clock; it lay 1,400 px down the page, never seen while
    playing. At 1280x800 it stands above the disc, and the disc stays whole in view under it."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "planetarium", page)
    track, disc = page.locator(".pt > .pt-track").bounding_box(), page.locator(".pt .board-svg").bounding_box()
    assert 0 <= track["y"] and track["y"] + track["height"] <= disc["y"] + 1, (track, disc)
    assert disc["y"] + disc["height"] <= 801 and disc["height"] > 450, disc
    # the Planets' cards follow the board's key, however long the hand beside them (they lay 1,100 px down)
    key, planets = page.locator(".pt .key").bounding_box(), page.locator(".pt .pt-planets").bounding_box()
    hand = page.locator(".pt [data-part='your hand']").bounding_box()
    assert 0 <= planets["y"] - (key["y"] + key["height"]) < 40, (key, planets)
    assert planets["x"] + planets["width"] <= hand["x"], (planets, hand)  # beside the hand
    page.context.close()


def test_gaia_vora_shows_the_whole_planet_at_desk_size(server, browser):
    """At 1280x800 the planet's southern places (S, SE, SW) lay under the fold: the whole disc is in view, under the
    player's own line."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    against_a_bot(server, "gaia-vora", page)
    page.evaluate("scrollTo(0, 0)")
    disc, mine = page.locator(".gv .board-svg").bounding_box(), page.locator(".gv-mine").bounding_box()
    assert mine["y"] + mine["height"] <= disc["y"] and disc["y"] + disc["height"] <= 800, (mine, disc)
    assert disc["height"] > 480, disc  # and not shrunk past reading
    page.context.close()

def test_a_move_typed_as_its_button_says_it_is_played(server, browser):
    """Planit's buttons name the planet ("gaia: raise o2 on Terra") where the rules' words do not: typed as the
    button says it, the move is played, not refused as no action of the game."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page, params={"players": 2})
    shown = page.locator("#moves button.move", has_text=" on ").first.inner_text()
    assert shown not in [m["text"] for m in view["legal"]]  # the rules' words differ
    version = page.evaluate("document.body.dataset.version")
    page.fill("#typed-move", shown)
    page.press("#typed-move", "Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.inner_text("#error") == "" and page.input_value("#typed-move") == "" and not page.errors


def test_points_since_your_move_are_explained_once_and_the_seats_stay_on_one_line(server, browser):
    """Three players, each with points since the viewer's move: "since your move" is said on the first chip only;
    said on each, the chips wrapped onto a second line at desk size and the board jumped down."""
    page = new_page(browser)
    against_a_bot(server, "planit", page, params={"players": 2})
    said = page.evaluate("""() => {
        const seats = document.querySelector('#seats'), chip = seats.querySelector('.seat-chip');
        seats.replaceChildren(...[1, 2, 3].map((n) => {
            const copy = chip.cloneNode(true);
            copy.append(Object.assign(document.createElement('span'), { className: 'gain', textContent: ` +1${n}` }));
            return copy;
        }));
        const gains = [...seats.querySelectorAll('.gain')];
        const tops = new Set([...seats.children].map((c) => Math.round(c.getBoundingClientRect().top)));
        return [gains.map((g) => getComputedStyle(g, '::after').content), tops.size];
    }""")
    assert said == [['" since your move"', "none", "none"], 1], said
    assert not page.errors


def test_points_since_your_move_keep_the_seats_rows_where_the_words_would_wrap_them(server, browser):
    """Gaia-Vora with two bots named at length: "since your move" on the first chip wrapped the chips onto a
    second row when the bots scored, and the board moved down under the pointer; the words go, the rows stay."""
    made = httpx2.post(server + "/api/tables", json={"game": "gaia-vora", "params": {"players": 3}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "standard"}, {"kind": "bot", "agent": "standard"}]})
    made = made.json()
    page = new_page(browser)
    page.set_viewport_size({"width": 1180, "height": 800})  # a desk's narrower window: the chips' row is full
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    rows = "new Set([...document.querySelectorAll('#seats .seat-chip')].map((c) => c.offsetTop)).size"
    for _ in range(12):  # Ann's decisions, until the bots' points since her move show
        if not wait_for_my_turn_or_the_end(page) or page.locator("#seats .gain").count():
            break
        click_a_move(page)
    assert page.locator("#seats .gain").count(), "no bot scored in Ann's first turns"
    assert page.evaluate(rows) == 1, page.inner_text("#seats")
    assert not page.errors


def test_a_whole_tic_tac_toe_game_by_keyboard_alone(server, browser):
    """Tab to a cell, Enter offers it, Enter again (the confirmation has the focus) marks it; every control
    reached on the way has a name."""
    made = httpx2.post(server + "/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    while wait_for_my_turn_or_the_end(page):
        version = page.evaluate("document.body.dataset.version")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(60):  # from the top of the page, Tab until a free cell has the focus
            page.keyboard.press("Tab")
            focused = page.evaluate("""(() => { const e = document.activeElement;
              return { cell: e.classList.contains('cell') && e.classList.contains('target'),
                       name: e.getAttribute('aria-label') || e.textContent.trim()
                             || e.getAttribute('placeholder') || '' }; })()""")
            assert focused["name"], "a control with no name"
            if focused["cell"]:
                break
        else:
            raise AssertionError("no free cell reachable by Tab")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.textContent").startswith("confirm: ")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    over = page.locator(".turn").inner_text()
    assert "won" in over or "draw" in over
    assert page.locator(".win-line").count() == ("won" in over)  # three in a row is struck through
    board = page.locator("#board .board-svg").bounding_box()  # the result above it leaves the whole board in view
    assert page.locator("#result").is_visible() and board["y"] + board["height"] <= page.viewport_size["height"]
    assert not page.errors


def test_after_a_keyboard_move_the_focus_waits_on_the_board_and_the_arrows_walk_it(server, browser):
    """TTT-1: turns alternate: after Ann's move by keyboard and the bot's answer, the focus is on a free cell
    again (not at the top of the page), and an arrow key moves it to the next free cell that way."""
    made = httpx2.post(server + "/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    wait_for_my_turn_or_the_end(page)
    page.focus(".cell.target[aria-label='mark a1']")
    version = page.evaluate("document.body.dataset.version")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}' && !!document.querySelector('.turn .yours')")
    focused = "document.activeElement.classList.contains('cell') && document.activeElement.getAttribute('aria-label')"
    page.wait_for_function(focused)
    start = page.evaluate(focused)
    down = start[-1] != "3" and page.locator(".cell.target").evaluate_all(
        f"(cells) => cells.some((c) => c.getAttribute('aria-label').slice(-1) > '{start[-1]}')")
    page.keyboard.press("ArrowDown" if down else "ArrowUp")
    moved = page.evaluate(focused)
    assert moved and (moved[-1] > start[-1] if down else moved[-1] < start[-1]), (start, moved)  # a row further
    assert not page.errors


def test_what_changed_since_the_player_last_looked_is_marked_on_the_board_and_in_the_log(server, browser):
    """Ann marks a1; when her turn comes back, the bot's mark pulses and the log lines since her look do too; a
    reload of the page keeps the marks."""
    page = new_page(browser)
    against_a_bot(server, "tictactoe", page, params={})
    assert page.locator(".board .fresh").count() == 0  # a first look: nothing is new
    version = page.evaluate("document.body.dataset.version")
    play_listed(page, page.locator(".cell[data-cell='0']"))
    page.wait_for_function(f"document.body.dataset.version !== '{version}' && document.querySelector('.turn .yours')")
    fresh = page.evaluate("[...document.querySelectorAll('.board .fresh')].map((e) => e.textContent)")
    assert "O" in fresh and set(fresh) <= {"O", "X"}, fresh  # the bot's mark (Ann's too if its view was skipped)
    lines = page.locator(".log li.fresh").all_inner_texts()
    assert lines and all("a1" not in line for line in lines), lines
    page.reload()  # the marks are kept for the tab: a reload marks what was marked
    page.wait_for_selector(".turn .yours")
    assert page.evaluate("[...document.querySelectorAll('.board .fresh')].map((e) => e.textContent)") == fresh
    assert not page.errors


def test_what_happened_since_always_tells_a_contest_however_many_moves_came(server, browser):
    """Earth: Our Home: two bots laid twelve counters, and the box under the prompt cut off the one line that
    mattered, a survival contest that took the player's counter (EO-4). Every decision is told, then what came of
    them while eight lines allow; a scoring or a contest always."""
    page = new_page(browser)
    page.goto(server + "/")
    told = page.evaluate("""async () => {
        const { sinceTold } = await import('/static/js/changes.js');
        const laid = (seat, n) => ({ actor: seat, text: `place E${n}`, log: [`seat ${seat} places species 1 in E${n}`,
            `E${n} fills up`] });
        const entries = [1, 2].flatMap((seat) => [1, 2, 3, 4, 5, 6].map((n) => laid(seat, 10 * seat + n)));
        entries[9].log.push('survival contest at E25: seat 0 species 2 loses a counter');
        entries[11].log.push('seat 2 scores 7 for its species');
        const { told, left } = sinceTold(entries, 8);
        return [told.map((t) => t.tells), told.flatMap((t) => t.consequences), left];
    }""")
    retold, consequences, left = told
    assert retold[0] == "seat 1 places species 1 in E11" and len(retold) == 12  # every decision, by its own line
    assert consequences == ["survival contest at E25: seat 0 species 2 loses a counter",
                            "seat 2 scores 7 for its species"] and left == 12, told
    assert not page.errors


def test_earth_our_home_marks_a_habitat_the_next_counter_would_take_from_the_player(server, browser):
    """EO-4.1: a full habitat where the player's species has its only counter among another genus's and the lowest
    conflict value is lost to the next counter laid there, anyone's: drawn dashed red inside and said in its
    words. A player learnt of a rival's flooding only from the contests it won."""
    page = new_page(browser)
    view = against_a_bot(server, "earth-our-home", page)
    found = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const me = obs.viewer, rival = 1 - me, level = obs.seats[me].public.level || 1;
        obs.seats[me].public.level = level;
        const values = (v) => [{ species: level, marine: v, tropical: v, temperate: v }];
        obs.seats[me].public.conflicts = values(1);
        obs.seats[rival].public.conflicts = [{ species: 1, marine: 2, tropical: 2, temperate: 2 }];
        const [lost, held, kept] = obs.board.habitats.filter((h) => h.capacity === 3);
        const fill = (h, counters) => { h.counters = counters.map(([seat, lv]) => ({ seat, level: lv })); };
        fill(lost, [[me, level], [rival, 1], [rival, 1]]);  // full, alone, weakest: the next counter takes it
        fill(held, [[me, level], [me, level], [rival, 1]]);  // two of the species: one survives a contest
        fill(kept, [[me, level], [rival, 1]]);  // room left: no contest yet
        const d = document.createElement('div');
        document.body.prepend(d);
        d.replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const marked = (h) => Boolean(d.querySelector(`.habitat[data-habitat='${h.id}'] .exposed`));
        const strong = { ...obs, seats: obs.seats.map((s, i) => (i === me ? { ...s, public: { ...s.public,
            conflicts: values(3) } } : s)) };  // stronger than the rival there: a contest costs the rival
        const said = d.querySelector(`.habitat[data-habitat='${lost.id}'] title`)?.textContent;
        const before = [marked(lost), marked(held), marked(kept)];
        d.replaceChildren(renderBoard(strong, { legal: [], play: () => {} }));
        return [before, marked(lost), said];
    }""", view["observation"])
    assert found[0] == [True, False, False] and found[1] is False, found
    assert "the next counter laid here takes your species' only one" in found[2], found
    assert not page.errors


def test_earth_our_home_numbers_laid_keep_every_level_and_count_readable(server, browser):
    """Earth: Our Home: each counter laid since the player's last move is numbered beside it; a number covered a
    neighbour's level digit where a habitat's counters ran to a second row (a contest's fourth), or the star's
    and triangle's wider shapes. Every habitat filled past its room (the Pacific: a turn's six) with every genus's
    shape, at a desk and on a phone: no number covers a level digit, a habitat's count n/3 or another number."""
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        view = against_a_bot(server, "earth-our-home", page)
        found = page.evaluate("""async (obs) => {
            const { renderBoard, replayChanges } = await import('/static/js/boards/index.js');
            const names = ['blue square', 'red circle', 'green triangle', 'yellow star'];
            obs.seats = names.map((name, seat) => ({ ...obs.seats[seat % 2], name, seat }));
            const entries = [];
            obs.board.habitats.forEach((h, k) => {
                // a contest's fourth too; the Pacific (room for 11) a whole turn's six
                const seats = Array.from({ length: Math.min(h.capacity + 1, 6) }, (_, i) => (i + k) % 4);
                h.counters = seats.map((seat, i) => ({ seat, level: 1 + (i % 5) }));
                h.counters.forEach((c) => entries.push({ actor: c.seat, text: `place ${h.id}`, log: [] }));
            });
            const d = document.querySelector('#board');
            d.replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
            replayChanges(obs, entries, 'marks');
            const box = (e) => e.getBoundingClientRect();
            const meet = (r, d, [padX, padY] = [0, 0]) => !(r.left >= d.right - padX || d.left + padX >= r.right
                || r.top >= d.bottom - padY || d.top + padY >= r.bottom);
            const marks = [...d.querySelectorAll('.board-svg .laid-order circle')].map(box);
            const digits = [...d.querySelectorAll('.board-svg .habitat .counter text')].map(box);
            const rooms = [...d.querySelectorAll('.board-svg .habitat .room')].map(box);
            return { marks: marks.length, counters: d.querySelectorAll('.board-svg .habitat .counter').length,
                digits: marks.filter((m) => digits.some((t) => meet(m, t, [1, 2]))).length,  // a digit's glyph
                rooms: marks.filter((m) => rooms.some((t) => meet(m, t))).length,
                marks_met: marks.filter((m, i) => marks.some((o, j) => i !== j && meet(m, o, [1, 1]))).length };
        }""", view["observation"])
        assert found["marks"] == found["counters"], found  # every counter laid is numbered
        assert found["digits"] == found["rooms"] == found["marks_met"] == 0, (phone, found)
        assert not page.errors


def test_a_bots_whole_turn_stays_marked_until_the_player_moves_again(server, browser):
    """Earth: Our Home: Ann lays her six counters, the bot its six; at her turn all six of the bot's stay
    marked, on the board and in the log, not only its last, and numbered on the map in the order laid."""
    page = new_page(browser)
    against_a_bot(server, "earth-our-home", page)
    for _ in range(6):  # EO-3.1: her six (a loop on "her turn" ran on into epoch 2 when the bot was quick)
        wait_for_my_turn_or_the_end(page)
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(".move-list .move").first)
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    wait_for_my_turn_or_the_end(page)
    texts = page.locator(".log li.fresh").all_inner_texts()  # everything since Ann's latest decision
    assert sum(t.startswith("red circle place") for t in texts) >= 6, texts
    actors = page.evaluate("[...document.querySelectorAll('.log li.fresh > .actor')].map((e) => e.textContent)")
    assert "blue square" not in actors, texts  # none of Ann's own decisions
    assert page.locator(".board .fresh").count() >= 6 and not page.errors
    # each of the bot's counters numbered in the order laid, on the counter itself (one a contest took, not)
    placed = [t.split()[3] for t in reversed(texts) if t.startswith("red circle place")]
    badges = page.evaluate("""[...document.querySelectorAll('.board-svg .laid-order')].map((b) =>
        [Number(b.textContent), b.dataset.habitat, b.dataset.seat])""")
    contested = set(page.evaluate("[...document.querySelectorAll('.habitat.contested')].map((h) => h.dataset.habitat)"))
    shown = {(n, where) for n, where, seat in badges if seat == "1"}
    laid = {(n + 1, where) for n, where in enumerate(placed)}
    assert shown <= laid and {(n, w) for n, w in laid if w not in contested} <= shown, (badges, placed)
    covered = page.evaluate("""[...document.querySelectorAll('.board-svg .laid-order')].filter((b) => {
        const r = b.getBoundingClientRect(), count = document.querySelector(
            `.board-svg .habitat[data-habitat="${b.dataset.habitat}"] .room`).getBoundingClientRect();
        return r.left < count.right && count.left < r.right && r.top < count.bottom && count.top < r.bottom;
    }).map((b) => b.dataset.habitat)""")
    assert not covered  # a habitat's count n/3 stays readable beside the numbers
    hidden = page.evaluate("""[...document.querySelectorAll('.board-svg .laid-order circle')].flatMap((b) => {
        const r = b.getBoundingClientRect();  // a level digit's glyph under a number (its box pads it 2 px a side)
        return [...document.querySelectorAll('.board-svg .habitat .counter text')].filter((t) => {
            const d = t.getBoundingClientRect();
            return !(r.left >= d.right - 2 || d.left + 2 >= r.right || r.top >= d.bottom - 2 || d.top + 2 >= r.bottom);
        }).map((t) => t.closest('.habitat').dataset.habitat);
    })""")
    assert not hidden, hidden  # every counter's level stays readable beside the numbers
    # Ann's current species (all her counters, in epoch 1) outlined bold, none of the bot's
    outlined = page.evaluate("""['rect', 'circle'].map((shape) =>  // blue squares, red circles
        [...document.querySelectorAll(`.board-svg .counter > ${shape}`)].map((c) => c.matches('.current')))""")
    assert outlined[0] and all(outlined[0]) and not any(outlined[1]), outlined
    since = page.inner_text(".turn .since")  # and under the prompt, in words: the bot's turn, its last moves
    assert since.startswith("Since your last move (") and since.count("red circle: place") >= 6  # its whole turn(s)
    told = re.findall(r"red circle: place (\S+)", since)
    assert told == placed[-len(told):], told  # in the order played: the last, last
    page.reload()  # a first look has no board to compare with, but the log still knows the bot's turn
    wait_for_my_turn_or_the_end(page)
    assert page.locator(".log li.fresh").all_inner_texts() == texts
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: folded, its summary says the last move
    page.reload()
    wait_for_my_turn_or_the_end(page)
    summary = page.inner_text(".turn .since summary")
    assert re.match(r"Since your last move: (.+ · )?red circle: place .+ \(\d+ lines\)$", summary), summary
    is_open = "document.querySelector('.turn .since').open"
    assert not page.evaluate(is_open)
    page.click(".turn .since summary")  # opened by the player: most lines in sight, the rest scroll, and stay open
    assert page.evaluate(is_open) and 130 < page.locator(".turn .since ul").bounding_box()["height"] <= 0.35 * 844 + 1
    page.reload()
    wait_for_my_turn_or_the_end(page)
    assert page.evaluate(is_open)
    page.click("#seats")  # a touch outside the dock: read, it folds and gives the board back
    assert not page.evaluate(is_open)
    page.reload()  # a touch is no preference: open again
    wait_for_my_turn_or_the_end(page)
    assert page.evaluate(is_open)
    told = page.get_attribute(".turn .since", "data-told")  # opened for these moves only: another turn's are folded
    page.evaluate("([key, value]) => sessionStorage.setItem(key, value)", ["gaiatable.since", "another table 0 6"])
    page.reload()
    wait_for_my_turn_or_the_end(page)
    assert not page.evaluate(is_open) and page.get_attribute(".turn .since", "data-told") == told


def test_a_scoring_is_announced_once_and_a_closed_announcement_stays_closed(server, browser):
    """A bot's turn drawn a move at a time redraws the page at each move: a scoring already said is not said
    again (the toast a player closed came back at every move), and a new one is said alone."""
    page = new_page(browser, phone=True)
    page.goto(server + "/")
    said = page.evaluate("""async () => {
        const { announce } = await import('/static/js/announce.js');
        const toast = () => [...document.querySelectorAll('.toast p')].map((p) => p.textContent);
        const seen = [];
        announce([['12 red scores 5', 'red circle scores 5']]);
        seen.push(toast());
        seen.push(document.querySelector('.toast').getBoundingClientRect().height);
        document.querySelector('.toast').click();
        announce([['12 red scores 5', 'red circle scores 5']]);
        seen.push(toast());
        announce([['12 red scores 5', 'red circle scores 5'], ['15 blue scores 3', 'blue square scores 3']]);
        seen.push(toast());
        return seen;
    }""")
    assert said[:1] + said[2:] == [["red circle scores 5"], [], ["blue square scores 3"]]
    assert said[1] < 60  # a line's box (pinned at top and foot at once, a phone's was the screen's height)
    assert not page.errors


def test_on_a_desk_a_scoring_is_announced_below_the_seats_scores_it_tells_of(server, browser):
    """EO-5.1: over the seats' chips, the announcement hid the very score it told of; over the board's size at the
    board's right, it hid the zoom."""
    page = new_page(browser)
    against_a_bot(server, "earth-our-home", page)
    toast, seats, zoom = page.evaluate("""async () => {
        (await import('/static/js/announce.js')).announce([['9 red scores 4',
            'red circle scores 35 for the habitats of its species, and a few more words to make the line long']]);
        await new Promise((done) => setTimeout(done, 500));  // (it slides in)
        return [document.querySelector('.toast'), document.querySelector('#seats'), document.querySelector('#zoom')]
            .map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; }); }""")
    assert seats[1] <= toast[0] <= seats[1] + 20, (toast, seats)
    assert toast[3] < zoom[2] or toast[0] > zoom[1], (toast, zoom)
    assert not page.errors


def test_on_a_phone_a_tapped_habitat_stays_above_the_grown_dock_and_a_scoring_is_announced(server, browser):
    """EO-3.1, EO-5.1 on a phone: a lit habitat tapped just above the dock stays in sight above the confirmation
    the dock grows to show (a second tap there plays it); the bot's epoch scoring, at its 18th counter, is said
    over the board for a few seconds."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "earth-our-home", page)
    lit = page.locator(".board-svg .habitat.target").last
    dock_top = page.locator(".dock").bounding_box()["y"]
    box = lit.bounding_box()
    page.evaluate(f"scrollBy(0, {box['y'] + box['height'] - dock_top + 4})")  # its foot just above the dock
    lit.tap()
    page.wait_for_selector("#choices button.move")
    # a quick second tap where the habitat was lands on the dock grown over it (here, on its cancel): the dock
    # takes no tap while the habitat comes up
    cancel = page.locator("#choices .cancel").bounding_box()
    page.touchscreen.tap(cancel["x"] + cancel["width"] / 2, cancel["y"] + cancel["height"] / 2)
    page.wait_for_timeout(700)  # the smooth scroll
    assert page.locator("#choices button.move").count()
    box, dock_top = lit.bounding_box(), page.locator(".dock").bounding_box()["y"]
    assert box["y"] + box["height"] <= dock_top + 1, (box, dock_top)
    page.click("#choices .cancel")
    # each announcement as it appears: a slow machine may look only after it went
    page.evaluate("""() => { window.said = [];
        new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
            if (n.classList?.contains('toast')) said.push(n.innerText);
        }))).observe(document.body, { childList: true }); }""")
    scored = "said.some((t) => t.includes('red circle scores'))"  # (a genus wiped out is said too)
    for _ in range(24):  # Ann's counters, until the bot lays its 18th
        if page.evaluate(scored) or not wait_for_my_turn_or_the_end(page):
            break
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(".move-list .move").first)
        # each counter laid before the next is asked for: a loaded machine had clicked a list not yet redrawn
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_function(scored)
    page.wait_for_selector(".toast", state="detached", timeout=9000)  # said, then gone
    # a piece tapped while an undo is offered: the undo leaves the dock while its choices show, so a second tap
    # where the piece was never takes the last counter back
    wait_for_my_turn_or_the_end(page)
    version = page.evaluate("document.body.dataset.version")
    play_listed(page, page.locator(".move-list .move").first)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")  # the move's view, not the one before
    wait_for_my_turn_or_the_end(page)
    page.wait_for_selector("#undo", state="visible")
    page.locator(".board-svg .habitat.target").first.tap()
    page.wait_for_selector("#choices button.move")
    assert not page.locator("#undo").is_visible()
    page.click("#choices .cancel")
    assert page.locator("#undo").is_visible()
    assert not page.errors


def test_planit_draws_each_gauges_level_and_the_ladder_of_higher_animals(server, browser):
    """PL-3.1, PL-5.1: a gauge fills up to its marker as a thermometer or a sink does, and the higher animals are
    the rungs of a ladder, those evolved filled and the rest still to come."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    drawn = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        Object.assign(obs.seats[0].public,
            { temperature: 3, o2: 6, higher_animals: ['reptiles', 'birds'], ozone: true });
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const planet = document.querySelector(".planet[data-seat='0']");
        const column = (x) => [...planet.querySelectorAll(`rect.still[x='${x}']`)].map((r) => r.getAttribute('fill'));
        return [column(68), column(112), planet.querySelectorAll('.higher-animal, .rung').length,
                [...planet.querySelectorAll('.higher-animal text')].map((t) => t.textContent),
                [0, 1].map((seat) => document.querySelector(`.planet[data-seat='${seat}'] .ozone`).textContent)];
    }""", view["observation"])
    temperature, o2, rungs, evolved, ozone = drawn
    assert ozone == ["ozone layer", "no ozone layer"]  # PL-4.11: drawn as an arc over the planet's life, or none
    # the columns run from the bottom: the spaces under the marker share one tint, those above none of it
    assert len(set(temperature[:3])) == 1 and temperature[0] not in temperature[4:], temperature
    assert len(set(o2[:6])) == 1 and o2[0] not in o2[7:] and o2[0] != temperature[0], o2
    assert rungs == 5 and evolved == ["reptiles", "birds"]
    assert not page.errors


def test_planit_names_every_gauge_space_and_shows_every_hand_face_up(server, browser):
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    page.wait_for_selector("[data-part='hand 0'] .card-face .card-text")  # with its printed text
    texts = " ".join(page.locator(".card-text").all_inner_texts())
    assert texts and not re.search(r"PL-\d", texts)  # in players' words, without the rulings' numbers
    for seat in view["observation"]["seats"]:  # every hand is held face up (PL-2.2)
        assert page.locator(f"[data-part='hand {seat['seat']}'] .card-face").count() == len(seat["public"]["hand"])
    board = page.locator(".planets").inner_text()
    assert all(name in board for name in ("ICE AGE", "JUST RIGHT", "SINK FULL", "21% O2"))
    # every card has its picture, and every card kind of the deck a picture of its own
    assert page.locator(".card-face.planit").count() == page.locator(".card-face.planit svg.card-art").count()
    drawn = page.evaluate("""async () => { const { cardArt } = await import('/static/js/boards/planit-art.js');
        const faces = await (await fetch(location.pathname.replace('/t/', '/api/tables/') + '/cards')).json();
        return faces.map((face) => cardArt(face.key)?.innerHTML || ''); }""")
    assert len(drawn) == 16 and all(drawn) and len(set(drawn)) == len(drawn)
    assert not page.errors


def test_planit_says_on_each_planet_what_its_next_higher_animal_waits_for(server, browser):
    """PL-4.2, PL-5.1: in a race of some 67 turns a player had no sense of how near a planet was: each says the
    higher animal it evolves next (the lowest it lacks: one a lethal attack killed comes again first) and what the
    evolve roll still waits for (O2 at 21%, Just Right, a healthy animal token), or that it is ready."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const g = obs.board.gauges, at = (pub) => {
            const seats = obs.seats.map((s, i) => (i ? s : { ...s, public: { ...s.public, ...pub } }));
            const board = renderBoard({ ...obs, seats }, { legal: [], play: () => {} });
            return [...board.querySelectorAll('#planit-0 .next-step text')].map((t) => t.textContent).join(' ').trim();
        };
        const well = { animal_token: 'healthy' };
        return [at({ o2: g.o2_21 - 3, temperature: g.just_right + 2, animal_token: 'damaged', higher_animals: [] }),
            at({ ...well, o2: g.o2_21, temperature: g.just_right - 1, higher_animals: ['reptiles'] }),
            at({ ...well, o2: g.o2_21, temperature: g.just_right, higher_animals: ['reptiles', 'birds'] }),
            at({ ...well, o2: g.o2_21, temperature: g.just_right, higher_animals: ['birds', 'mammals'] })];
    }""", view["observation"])
    assert said == ["next: reptiles, once it has: O2 at 21% (3 to go) · Just Right (2 too hot) · healthy animals",
                    "next: birds, once it has: Just Right (1 too cold)",
                    "next: mammals Animals may roll to evolve it now",
                    "next: reptiles Animals may roll to evolve it now"], said  # a rank lost is the next again
    assert page.locator("#planit-0 .next-step").is_visible()
    assert not page.errors


def test_planit_a_card_drawn_joins_the_hand_at_its_right_end(server, browser):
    """A hand is drawn in the order it was held, a card new to it last: the rules' order (by kind) had put a card
    drawn at either end or between two held, and the card under the player's finger moved."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    order = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const drawn = (hand) => {
            const seats = obs.seats.map((s) => (s.seat === obs.viewer ? { ...s, public: { ...s.public, hand } } : s));
            const board = renderBoard({ ...obs, seats }, { legal: [], play: () => {} });
            document.querySelector('#board').replaceChildren(board);
            return [...board.querySelectorAll(`[data-part='hand ${obs.viewer}'] .card-face`)]
                .map((f) => f.dataset.card);
        };
        drawn([]);  // the hand the page drew first, played out
        return [drawn(['animals', 'methane', 'uv_radiation']), drawn(['gaia', 'animals', 'uv_radiation']),
            drawn(['animals', 'animals', 'gaia', 'plants', 'uv_radiation'])];
    }""", view["observation"])
    assert order == [["animals", "methane", "uv_radiation"], ["animals", "uv_radiation", "gaia"],
                     ["animals", "uv_radiation", "gaia", "animals", "plants"]], order
    # kept for the tab: after a reload a hand is drawn in the order it was held in (here, the rules' order reversed)
    hand = view["observation"]["seats"][0]["public"]["hand"]
    page.evaluate("""(hand) => sessionStorage.setItem('gaiatable.hands',
        JSON.stringify({ [location.pathname]: { 0: [...hand].reverse() } }))""", hand)
    page.reload()
    wait_for_my_turn_or_the_end(page)
    shown = page.locator("[data-part='hand 0'] .card-face").evaluate_all("(faces) => faces.map((f) => f.dataset.card)")
    assert shown == hand[::-1], (shown, hand)  # nothing was played meanwhile
    assert not page.errors


def test_a_folded_phone_dock_names_the_kinds_of_move_the_board_offers_each_leading_to_its_moves(server, browser):
    """Folded on a phone, the list shows only what the board cannot offer: a downgrade offered by a card in the
    hand went unseen beside "no card". The hint names each kind the board offers, with how many; a tap on one
    unfolds the list at those moves."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    view = against_a_bot(server, "planit", phone)
    counts = {}
    for move in view["legal"]:
        counts[move["struct"]["kind"]] = counts.get(move["struct"]["kind"], 0) + 1
    kinds = phone.locator(".fold-hint .board-kind")
    assert len(counts) > 1 and sorted(kinds.all_inner_texts()) == sorted(f"{k} ({n})" for k, n in counts.items())
    assert phone.locator(".fold-hint").is_visible()
    last = kinds.last.inner_text().split(" (")[0]
    kinds.last.tap()
    assert phone.locator(".dock:not(.folded)").count() == 1
    phone.wait_for_function(f"""(() => {{ const r = document.querySelector('.move-group[data-kind="{last}"]')
        .getBoundingClientRect(), dock = document.querySelector('.dock').getBoundingClientRect();
        return r.top >= dock.top && r.top < dock.bottom; }})()""")
    phone.context.close()


def test_on_a_phone_a_planit_card_is_aimed_at_another_planet_by_a_tap_on_its_line(server, browser):
    """PL-4: a hazard is played on another's planet; on a phone that planet lies a scroll below the hand: with the
    card chosen, a tap on the planet's line under the player's own aims it there, as a tap on the planet does."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    for _ in range(6):  # a deal with a card for the other planet
        view = against_a_bot(server, "planit", phone)
        other = 1 - view["observation"]["viewer"]
        aimed = [m for m in view["legal"] if m["struct"].get("planet") == other and m["struct"]["kind"] == "play"]
        if aimed:
            break
    assert aimed
    card = aimed[0]["struct"]["card"]
    phone.locator(f'[data-part="hand {view["observation"]["viewer"]}"] .card-face[data-card="{card}"]').first.click()
    phone.locator(".planit-others li").first.click(position={"x": 200, "y": 40})
    phone.wait_for_function("document.querySelectorAll('#choices .move').length > 0")
    offered = phone.locator("#choices .move").all_inner_texts()
    name = view["observation"]["seats"][other]["name"]
    assert offered and all(card.replace("_", " ") in text and name in text for text in offered), offered
    phone.context.close()


def test_planit_on_a_phone_lays_your_hand_under_your_planet(server, browser):
    """PL-2.2: every hand face up; on a phone each planet has its hand under it, the player's own first, so a
    card and the gauges it moves are near each other (on a desk the planets stand side by side); a line under
    the player's planet says where each other planet stands, and the other's hand folds to its cards' names."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    view = against_a_bot(server, "planit", phone)
    me, other = view["observation"]["viewer"], 1 - view["observation"]["viewer"]
    order = phone.evaluate("""[...document.querySelectorAll('#board .planet, #board [data-part^="hand "]')]
        .map((el) => el.dataset.part || `planet ${el.dataset.seat}`)""")
    assert order == [f"planet {me}", f"hand {me}", f"planet {other}", f"hand {other}"], order
    # the other planet a scroll away, said in a line under the player's own, which leads to it
    seat = view["observation"]["seats"][other]
    said = phone.inner_text(".planit-others li .said")  # in the words of the player's own planet's next step
    assert said.startswith(f"{seat['name']}: no higher animals; next: reptiles"), said
    assert said.endswith(phone.evaluate(f"""[...document.querySelectorAll('#planit-{other} .next-step text')]
        .map((t) => t.textContent).join(' ')"""))
    # and draws it small: each gauge lying down with its marker where the planet has it, the tokens, the rungs
    cells = phone.evaluate(
        "[...document.querySelectorAll('.planit-others .glance rect')].map((r) => r.getAttribute('fill'))")
    gauges = view["observation"]["board"]["gauges"]
    temperature, o2 = len(gauges["temperature_scale"]), len(gauges["o2_scale"])
    assert len(cells) == temperature + o2 + 5
    assert cells.index("#e07a3f") == seat["public"]["temperature"]
    assert cells[temperature:].index("#27a7b5") == seat["public"]["o2"]
    phone.click(".planit-others a")
    phone.wait_for_function(f"""(() => {{ const r = document.getElementById('planit-{other}').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight; }})()""")
    # the other's hand, while not theirs to play, is its cards' names, opened whole on a tap
    theirs = phone.locator(f'details[data-part="hand {other}"]')
    names = ", ".join(name.replace("_", " ") for name in seat["public"]["hand"])
    assert theirs.locator("summary").inner_text() == f"{seat['name']}'s hand, face up as the rules say: {names}"
    faces = theirs.locator(".card-face")
    assert not faces.first.is_visible()
    theirs.locator("summary").click()
    assert faces.count() == len(seat["public"]["hand"]) and faces.first.is_visible()
    phone.context.close()


def test_a_roll_reads_as_what_it_brought_about_in_one_line_of_the_log(server, browser):
    """"chance roll 2" above "rolled 2 on the plants lower temp chart for Terra: no effect" said it twice."""
    made = httpx2.post(server + "/api/tables", json={"game": "planit", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "agent": "easy"}]}).json()
    url, auth = f"{server}/api/tables/{made['table']}", {"Authorization": f"Bearer {made['tokens'][0]}"}
    view = httpx2.get(url, headers=auth).json()
    while not any(e["actor"] < 0 and any(line.startswith("rolled ") for line in e["log"])  # until a die is rolled
                  for e in view["history"]):  # (a card drawn and played at once logs a line too)
        if view["legal"]:
            move = next((m for m in view["legal"] if m["struct"]["kind"] != "discard"), view["legal"][0])
            httpx2.post(url + "/moves", headers=auth, json={"action": move["id"], "version": view["version"]})
        view = httpx2.get(url, headers=auth).json()
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector("#log li")
    lines = page.locator("#log li").all_inner_texts()
    assert any(line.startswith("rolled ") for line in lines), lines
    assert not any(re.match(r"chance\s+roll \d", line) for line in lines), lines
    assert not page.errors


def test_planit_each_planet_keeps_its_own_roll_of_the_last_round_of_turns(server, browser):
    """PL-3.5: the player's own roll was replaced on the board by the bot's a second later: each planet shows its
    latest die of the last round of turns (one decision a seat), an older one none."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    dice = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const [mine, theirs] = obs.seats.map((s) => s.rules_name ?? s.name);
        const rolled = (actor, face, planet) => ({ actor,
            log: [`rolled ${face} on the volcano chart for ${planet}: no effect`] });
        const drawn = (history) => {
            const board = renderBoard(obs, { legal: [], play: () => {}, history });
            return [0, 1].map((seat) => board.querySelectorAll(`.planet[data-seat='${seat}'] .die circle`).length);
        };
        return [drawn([rolled(0, 2, mine), rolled(1, 3, theirs)]),
                drawn([rolled(0, 2, mine), rolled(1, 3, theirs), rolled(0, 6, theirs), rolled(1, 4, theirs)])];
    }""", view["observation"])
    assert dice == [[2, 3], [0, 4]], dice  # (pips) both of this round; then the older two not
    assert not page.errors


def test_planit_draws_the_last_die_rolled_and_a_lethal_victim_is_clicked_on_the_struck_planet(server, browser):
    """PL-3.5: the die lies showing its face by the planet it was rolled for; PL-4.8: the victim of a lethal
    attack is chosen on that planet's pieces, the other planet's are not offered."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    struck = view["observation"]["seats"][1]["name"]
    page.evaluate("""async ([obs, struck]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const lethal = (victim, id) => ({ id, text: `lethal: damage ${victim}`, struct: { kind: 'lethal', victim } });
        const history = [{ ply: 1, log: [`rolled 5 on the plague chart for ${struck}: lethal`] }];
        const legal = [lethal('plant token', 81), lethal('animal token', 82), lethal('reptiles', 83)];
        const ctx = { legal, play: () => {}, history };
        const all = ['reptiles', 'birds', 'mammals', 'devolutionary humans', 'evolutionary humans'];
        obs.seats[1].public.higher_animals = all;
        document.querySelector('#board').replaceChildren(renderBoard(obs, ctx));
    }""", [view["observation"], struck])
    assert page.locator(".planet[data-seat='1'] .higher-animal.target text").all_text_contents() == ["reptiles"]
    die = page.locator(".planet[data-seat='1'] .die").bounding_box()
    for line in page.locator(".planet[data-seat='1'] .higher-animal").all():  # the die covers none of them
        box = line.bounding_box()
        assert box["y"] + box["height"] <= die["y"] or box["x"] >= die["x"] + die["width"], (box, die)
    assert page.locator(".planet[data-seat='1'] .die circle").count() == 5
    assert page.locator(".planet[data-seat='0'] .die").count() == 0
    assert page.locator(".planet[data-seat='1'] .token.target").count() == 2
    assert page.locator(".planet[data-seat='0'] .token.target").count() == 0
    page.locator(".planet[data-seat='1'] .token.target").first.click()
    assert page.locator("#board .choices button.move").all_inner_texts() == ["confirm: lethal: damage plant token"]
    said = page.evaluate("""async ([obs, struck]) => {  // the move's words name whose piece it takes
        const { describeMove } = await import('/static/js/boards/index.js');
        const prompt = `${obs.seats[0].name}, choose the victim of the lethal attack on ${struck}`;
        return describeMove({ text: 'lethal: damage plant token', struct: { kind: 'lethal', victim: 'plant token' } },
                            { ...obs, prompt });
    }""", [view["observation"], struck])
    assert said == f"lethal: damage plant token on {struck}"
    assert not page.errors


def test_planit_a_change_on_one_planet_glows_on_that_planet_not_on_the_other_drawn_alike(server, browser):
    """PL-3.1: each planet has its own gauges, drawn alike: when the bot moved my temperature to where the bot's
    stands, the marks of what changed since my last move land on my planet's gauge, none on the bot's."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    fresh = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { markChanges } = await import('/static/js/changes.js');
        const board = document.createElement('div');
        document.body.append(board);
        const look = (o, version, plies) => {
            board.replaceChildren(renderBoard(o, { legal: [], play: () => {} }));
            markChanges(board, { viewer: 'glow-test', version, plies, history: [] });
        };
        const temperatures = (mine, theirs) => ({ ...obs, seats: obs.seats.map((s, i) =>
            ({ ...s, public: { ...s.public, temperature: i === obs.viewer ? mine : theirs } })) });
        look(temperatures(5, 3), 1, 1);
        look(temperatures(3, 3), 2, 2); // mine cooled to where theirs stands: their marker's cell is drawn alike
        return [...board.querySelectorAll('.fresh')].map((el) => el.closest('.planet')?.dataset.seat ?? 'elsewhere');
    }""", view["observation"])
    me = str(view["observation"]["viewer"])
    assert fresh and set(fresh) <= {me, "elsewhere"} and me in fresh, fresh
    assert not page.errors


# A page script's start: the board's drawing and the marks of what changed, and a board to draw on (`board`).
MARKING = """
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { markChanges } = await import('/static/js/changes.js');
        const board = document.createElement('div');
        document.body.append(board);"""
WITH_CARDS = """
        const { faces } = await import('/static/js/boards/card.js');
        const table = location.pathname.split('/').pop();
        const cards = faces(await (await fetch(`/api/tables/${table}/cards`)).json());"""

def test_a_gaia_vora_sky_object_barred_for_now_is_no_change_to_mark(server, browser):
    """"storm (not now)" is the Storm's name while it may not be activated, not a change of the board's: it had
    glowed pink as one, over the Storm itself."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    fresh = page.evaluate("""async (obs) => {""" + MARKING + """
        const look = (legal, version) => {
            board.replaceChildren(renderBoard(obs, { legal, play: () => {} }));
            markChanges(board, { viewer: 'sky-test', version, plies: version, history: [] });
        };
        const sun = { id: 1, text: 'sun', struct: { kind: 'activate', object: 'sun' } };
        look([], 1);
        look([sun], 2);  // choosing a Sky Object: the Storm, not offered, reads "storm (not now)"
        return [[...board.querySelectorAll('.sky.barred .sky-name')].map((el) => el.textContent),
            [...board.querySelectorAll('.fresh')].map((el) => el.closest('.sky')?.dataset.object ?? 'elsewhere')];
    }""", view["observation"])
    assert "storm (not now)" in fresh[0] and not {name.split()[0] for name in fresh[0]} & set(fresh[1]), fresh
    assert not page.errors

def test_a_printed_growth_requirement_a_mutation_overrides_is_struck_through_on_the_card(server, browser):
    """PH-4.5: Algae, printed "grows by sunlight", with a mutation that makes it eat plants feeds by the mutation;
    its card still shows the sunlight icon (PH-4.4: it counts for the goals) but struck through, not as a diet; so
    is the diet of an earlier mutation a later one replaced (Carnivore, then Omnivore: it eats both)."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page)
    chips = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { faces } = await import('/static/js/boards/card.js');
        const table = location.pathname.split('/').pop();
        const cards = faces(await (await fetch(`/api/tables/${table}/cards`)).json());
        const eats = (c) => (c.card.startsWith('Algae')
            ? { ...c, growth: 'both', icons: [...c.icons, 'plants', 'both'] } : c);
        const board = renderBoard({ ...obs, board: { ...obs.board, plants: obs.board.plants.map(eats) } },
                                  { legal: [], play: () => {}, cards });
        const algae = [...board.querySelectorAll('.card-face')].find((c) => c.textContent.includes('Algae'));
        return [...algae.querySelectorAll('.icon-chip')].map((c) => [c.dataset.icon, c.className]);
    }""", view["observation"])
    tone = dict(chips)
    assert "overridden" in tone["sunlight"] and "overridden" in tone["plants"] and "growth" in tone["both"], chips
    assert not page.errors


def test_a_new_card_glows_whole_not_each_icon_on_it(server, browser):
    """Phanerozoic: a card drawn into the middle is marked as new once, as a card; the icons printed on it are
    part of it, not changes of their own (every icon pulsing pointed at nothing)."""
    page = new_page(browser)
    view = against_a_bot(server, "phanerozoic", page)
    fresh = page.evaluate("""async (obs) => {""" + MARKING + WITH_CARDS + """
        const look = (o, version) => {
            board.replaceChildren(renderBoard(o, { legal: [], play: () => {}, cards }));
            markChanges(board, { viewer: 'card-test', version, plies: version, history: [] });
        };
        look({ ...obs, board: { ...obs.board, pool: [] } }, 1);
        look({ ...obs, board: { ...obs.board, pool: ['Glossopteris (46)'] } }, 2);
        const middle = board.querySelector("[data-part^='the middle'] .card-face")?.textContent;
        return [...board.querySelectorAll('.fresh')].map((el) => [el.getAttribute('class'), el.textContent, middle]);
    }""", view["observation"])
    assert len(fresh) == 1 and "card-face" in fresh[0][0] and "Glossopteris" in fresh[0][1], fresh
    assert "Glossopteris" in fresh[0][2]  # the middle, drafted in turn, is a row of its own (a pick moves no other)
    assert not page.errors


def test_a_turned_planet_glows_only_where_something_changed_not_on_every_stack_it_moved(server, browser):
    """GV-3.1: a rotation moves every stack and its Life-Forms to another place (the motion shows it); the glow of
    what changed marks only a stack whose tiles or Life-Forms are new, not each one that moved."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    fresh = page.evaluate("""async (obs) => {""" + MARKING + """
        const look = (o, version) => {
            board.replaceChildren(renderBoard(o, { legal: [], play: () => {} }));
            markChanges(board, { viewer: 'turn-test', version, plies: version, history: [] });
            return [...board.querySelectorAll('.content .fresh')].map((el) => el.closest('.content').dataset.place);
        };
        const turned = (o, k, extra) => ({ ...o, board: { ...o.board, positions: o.board.positions.map((p, i) => {
            const from = o.board.positions[(i - k + 8) % 8];
            return { ...p, tiles: from.tiles, life: i === extra ? { ...from.life, plant: 'green' } : from.life };
        }) } });
        look(obs, 1);
        return [look(turned(obs, 2, null), 2), [...new Set(look(turned(turned(obs, 2, null), 1, 5), 3))]];
    }""", view["observation"])
    assert fresh[0] == [] and fresh[1] == ["5"], fresh  # turned: nothing; turned again with a new plant at 5: that
    assert not page.errors


def test_a_board_changed_all_over_pulses_once_and_keeps_no_glow(server, browser):
    """GV-3.1: a few new Life-Forms keep their glow until the seat moves; a Life-Form new on every location is
    much of the board, so its marks pulse and fade, where a glow left everywhere would point at nothing; the words
    under "Since your last move" say which."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    looks = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { markChanges, marksSaid } = await import('/static/js/changes.js');
        const board = document.createElement('div');
        board.className = 'board';
        document.body.append(board);
        const planted = (where) => ({ ...obs, board: { ...obs.board, positions: obs.board.positions.map((p, i) =>
            ({ ...p, life: where.includes(i) ? { ...p.life, plant: 'green', herbivore: 'green' } : p.life })) } });
        const look = (o, version) => {
            board.replaceChildren(renderBoard(o, { legal: [], play: () => {} }));
            markChanges(board, { viewer: 'busy-test', version, plies: version, history: [] });
            const fresh = board.querySelector('.fresh');
            fresh?.getAnimations().forEach((a) => a.finish()); // the pulse over: what stays
            return [board.querySelectorAll('.fresh').length, board.classList.contains('busy'),
                    fresh && getComputedStyle(fresh).filter, marksSaid(board)];
        };
        look(obs, 1);
        const few = look(planted([5]), 2);
        look(obs, 3);
        return [few, look(planted([0, 1, 2, 3, 4, 5, 6, 7]), 4)];
    }""", view["observation"])
    (few, few_busy, few_filter, few_said), (many, many_busy, many_filter, many_said) = looks
    assert 0 < few < many and not few_busy and many_busy, looks
    assert "drop-shadow" in few_filter and many_filter == "none", looks
    assert "is marked pink" in few_said and "is marked" not in many_said, looks  # the words follow the marks
    assert not page.errors


def test_planit_a_card_that_may_only_be_discarded_looks_it_and_is_never_thrown_away_on_one_click(server, browser):
    """PL-2.2: a card that cannot be played now may still be discarded: it is drawn as a discard, not lit as a
    play, and even with "ask before playing" off its click asks first."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const me = obs.viewer;
        obs = { ...obs, to_move: me, seats: obs.seats.map((s, i) => i === me
            ? { ...s, public: { ...s.public, hand: ['cfc', 'meteor'] } } : s) };
        const legal = [{ id: 1, text: 'discard cfc', struct: { kind: 'discard', card: 'cfc' } },
                       { id: 2, text: 'meteor on Terra', struct: { kind: 'play', card: 'meteor', planet: me } }];
        const played = [];
        const ctx = { legal, ask: false, play: (id) => played.push(id) };
        document.querySelector('#board').replaceChildren(renderBoard(obs, ctx));
        const face = (card) => document.querySelector(`#board [data-part='hand ${me}'] [data-card='${card}']`);
        face('cfc').click();
        const only = (card) => face(card).classList.contains('discard-only');
        return [only('cfc'), only('meteor'), played,
                [...document.querySelectorAll('#board .choices button.move')].map((b) => b.textContent)];
    }""", view["observation"])
    assert said == [True, False, [], ["confirm: discard cfc"]]
    assert not page.errors


def test_a_discard_chosen_from_the_list_asks_first_even_with_asking_turned_off(server, browser):
    """The box that turns asking off says a discard still asks: so it does from the move list too (a player had
    thrown a card away from the list at one click), and its confirmation plays it."""
    page = new_page(browser)
    against_a_bot(server, "planit", page)
    page.evaluate("localStorage.setItem('gaiatable.ask', 'off')")
    page.reload()
    wait_for_my_turn_or_the_end(page)
    version = page.evaluate("document.body.dataset.version")
    discard = page.locator(".move-list button.move", has_text=re.compile(r"^discard ")).first
    text = discard.inner_text()
    discard.click()
    assert page.locator("#choices button.move").all_inner_texts() == [f"confirm: {text}"]
    assert page.evaluate("document.body.dataset.version") == version  # nothing thrown away yet
    page.click("#choices button.move")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert text in page.inner_text(".log") and not page.errors


def test_planit_a_card_for_your_own_planet_chosen_then_your_planet_offers_its_uses(server, browser):
    """PL-4.2: Animals act on the player's own planet, naming none: chosen in the hand, then the player's planet
    clicked, the planet offers the Animals' uses, not the hazards that could strike it."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    offered = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const me = obs.viewer, name = obs.seats[me].name;
        obs = { ...obs, to_move: me, seats: obs.seats.map((s, i) => i === me
            ? { ...s, public: { ...s.public, hand: ['animals', 'plague'] } } : s) };
        const animals = { kind: 'play', card: 'animals', use: 'raise temperature' };
        const legal = [{ id: 1, text: 'animals: raise temperature', struct: animals },
                       { id: 2, text: `plague on ${name}`, struct: { kind: 'play', card: 'plague', planet: me } }];
        const played = [];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: (id) => played.push(id) }));
        document.querySelector(`#board [data-part='hand ${me}'] [data-card='animals']`).click();
        const aimed = [...document.querySelectorAll('#board .aimed')].map((e) => e.id);
        document.querySelector(`#board .planet[data-seat='${me}']`).closest('svg')
            .dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return [aimed, [...document.querySelectorAll('#board .choices button.move')].map((b) => b.textContent)];
    }""", view["observation"])
    me = view["observation"]["viewer"]
    assert offered == [[f"planit-{me}"], ["confirm: animals: raise temperature"]]  # the card outlines its planet
    assert not page.errors


def test_on_a_phone_a_planit_planet_tapped_after_a_card_stays_put_for_the_second_tap(server, browser):
    """Card, then planet, then the planet again plays it: on a phone the page scrolled 340 px between the two taps
    on the planet (to bring the chosen card, low in the hand, above the grown dock), and the second tap landed on
    another move. The planet tapped stays where it was."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "planit", page)
    card = page.locator("[data-part='hand 0'] .card-face.target").first
    card.scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # the first view settled
    card.tap()
    page.wait_for_selector(".board-svg.aimed")
    planet = page.locator("#" + page.evaluate("document.querySelector('.board-svg.aimed').id"))
    page.evaluate("(id) => document.getElementById(id).scrollIntoView({ block: 'start' })",
                  planet.get_attribute("id"))  # the planet's top in sight, the hand below it
    page.wait_for_timeout(300)
    box, scrolled = planet.bounding_box(), page.evaluate("scrollY")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 40)
    page.wait_for_selector("#choices button.move")
    page.wait_for_timeout(800)  # a scroll would be over
    assert page.evaluate("scrollY") == scrolled and planet.bounding_box()["y"] == box["y"]
    assert not page.errors

def test_planit_a_card_chosen_then_a_planet_offers_that_cards_move_there(server, browser):
    """Card, then target: after a click on the meteor in the hand, a click on the other planet offers the
    meteor there only, and a second click there plays it, as the offer says; a planet clicked with no card
    chosen offers every card that may act on it."""
    page = new_page(browser)
    view = against_a_bot(server, "planit", page)
    offered = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const me = obs.viewer, other = 1 - obs.viewer, name = obs.seats[other].name;
        obs = { ...obs, to_move: me, seats: obs.seats.map((s, i) => i === me
            ? { ...s, public: { ...s.public, hand: ['meteor', 'volcano'] } } : s) };
        const legal = ['meteor', 'volcano'].map((card, id) =>
            ({ id, text: `${card} on ${name}`, struct: { kind: 'play', card, planet: other } }));
        const played = [];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: (id) => played.push(id) }));
        const texts = () => [...document.querySelectorAll('#board .choices button.move')].map((b) => b.textContent);
        const planet = document.querySelector(`#board .planet[data-seat='${other}']`).closest('svg');
        planet.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        const unchosen = texts();
        document.querySelector("#board [data-part='hand " + me + "'] .card-face[data-card='meteor']").click();
        const aimed = [...document.querySelectorAll('#board .aimed')].map((e) => e.id);
        planet.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        const offered = texts(), stillChosen = document.querySelector('#board .card-face.selected')?.dataset.card;
        planet.dispatchEvent(new MouseEvent('click', { bubbles: true }));  // "click it again": played
        return [unchosen, offered, aimed, stillChosen, played];
    }""", view["observation"])
    other = view["observation"]["seats"][1 - view["observation"]["viewer"]]["name"]
    assert offered[:2] == [[f"meteor on {other}", f"volcano on {other}"], [f"confirm: meteor on {other}"]]
    assert offered[2] == [f"planit-{1 - view['observation']['viewer']}"]  # chosen, the meteor outlined its target
    assert offered[3:] == ["meteor", [0]]  # the card stays chosen; the planet clicked again plays the meteor there
    assert not page.errors


def test_planetarium_names_every_space_and_draws_the_hand_as_cards_with_their_matter(server, browser):
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    page.wait_for_selector("[data-part='your hand'] .card-face .token")  # a cost drawn as Matter tokens
    chips = page.locator("[data-part='your hand'] .card-face:has(.token) .card-chips").all_inner_texts()
    assert chips and all(c.startswith("pays") for c in chips), chips  # PT-3.4: spent from the mat, said so
    board, hand = view["observation"]["board"], view["observation"]["seats"][0]["private"]["hand"]
    assert page.locator("[data-part='your hand'] .card-face").count() == len(hand)
    assert in_view(page, "[data-part='your hand'] .card-face >> nth=0")  # on a desk, beside the board
    assert page.locator(".space .space-name").count() == sum(len(orbit) for orbit in board["orbits"])
    # a token covers its space's number, so it carries the space's whole name ("II-7" on the Matter there)
    badges = page.evaluate("""() => [...document.querySelectorAll('.pt .matter, .pt .planet')]
        .map((t) => [t.dataset.space, t.querySelector('.space-badge').textContent])""")
    assert len(badges) == len(board["matter"]) + len(board["planets"])
    assert all(space == name for space, name in badges), badges
    assert page.locator("table.records").count() == 0  # no table of true and false
    assert all(f">{p['side']}<" in page.locator(f"[data-planet='{p['name']}']").inner_html() for p in board["planets"])
    mat = page.locator("[data-part='your mat']").inner_text()  # what reached a Planet is collected, not gone
    assert all(f"Planet {p['name']}" in mat for p in board["planets"])
    assert "thin line" in page.locator(".pt .key").inner_text()  # the dashed lines have a key entry too
    # the set-up's discard of a Final card says, where it is chosen, what each card is worth and needs
    listed = page.locator("#moves").inner_text()
    assert re.search(r"discard F\d\d [^(]+ \(\d+ pts; needs [^)]+\)", listed), listed
    assert not page.errors


def test_planetarium_your_mat_shows_every_matter_at_a_planet_in_its_narrow_column(server, browser):
    """PT-2.8: four kinds of Matter on the mat at one Planet: beside the board at a desk, the fourth chip lay past
    the column's edge, cut off, and each chip's words broke over two lines ("1" over "gas")."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    obs = view["observation"]
    obs["seats"][obs["viewer"]]["public"]["mat"]["D"] = {"gas": 1, "rock": 1, "water": 1, "metal": 1}
    chips = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const mat = document.querySelector("[data-part='your mat']").getBoundingClientRect();
        const planet = [...document.querySelectorAll('.mat-planet')].find((p) => p.textContent.startsWith('Planet D'));
        return [...planet.querySelectorAll('.chip')].map((c) => {
            const r = c.getBoundingClientRect(), em = parseFloat(getComputedStyle(c).fontSize);
            return [c.textContent, r.right <= mat.right + 1, r.height < 1.8 * em];
        });
    }""", obs)
    assert [c[0] for c in chips] == ["1 gas", "1 rock", "1 water", "1 metal"], chips
    assert all(inside and one_line for _, inside, one_line in chips), chips
    assert not page.errors


def test_a_planetarium_card_not_playable_while_cards_are_played_says_why(server, browser):
    """PT-3.3, PT-6.2: on the final turn three Finals had stood silent beside "done": a card not lit while cards are
    played says why on its face (a Final before the final turn: when it is played; else its needs, a tap for
    which), and none says so while no card is played (a token to move)."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    notes = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { faces } = await import('/static/js/boards/card.js');
        const table = location.pathname.split('/').pop();
        const cards = faces(await (await fetch(`/api/tables/${table}/cards`)).json());
        const said = (kind) => {
            const legal = [{ id: 1, text: kind, rules: kind, struct: { kind } }];
            const board = renderBoard(obs, { legal, play: () => {}, cards, why: async () => ({ legal: true }) });
            return [...board.querySelectorAll("[data-part='your hand'] .card-face")]
                .map((f) => f.querySelector('.card-notes')?.textContent ?? '');
        };
        return [said('no card'), said('done'), said('still')];
    }""", view["observation"])
    hand = view["observation"]["seats"][0]["private"]["hand"]
    finals = [card["id"].startswith("F") for card in hand]
    assert finals and notes[0] == ["played on your final turn" if final else "its needs are not met now (click: why)"
                                   for final in finals], notes
    assert notes[1] == ["its needs are not met now (click: why)"] * len(hand), notes
    assert notes[2] == [""] * len(hand), notes
    assert not page.errors


def test_a_planetarium_card_clicked_while_a_token_is_to_move_says_what_it_lacks_on_each_planet(server, browser):
    """PT-3.1, PT-3.3: the move is chosen for the card to play after it, yet a card clicked then said only that now
    is the time to move: it says, for each Planet, what it lacks as the board and the mat stand (its kind, orbit,
    side, the Matter on the mat), or that all it needs is there."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    view = httpx2.get(page.url.split("#")[0].replace("/t/", "/api/tables/"), headers={
        "Authorization": f"Bearer {page.evaluate(SEAT_0_TOKEN, page.url.split('/t/')[1].split('#')[0])}"}).json()
    obs, faces = view["observation"], {f["key"]: f for f in httpx2.get(
        page.url.split("#")[0].replace("/t/", "/api/tables/") + "/cards").json()}
    hand = [c["id"] for c in obs["seats"][obs["viewer"]]["private"]["hand"]]
    card = next((c for c in hand if faces[c]["planet"]), hand[0])
    page.locator(f"[data-part='your hand'] .card-face[data-card='{card}']").click()
    said = page.locator("#choices .why").inner_text()
    assert said.startswith("To play it after this move (rule PT-3.3), as things stand: "), said
    mat = obs["seats"][obs["viewer"]]["public"]["mat"]
    for planet in obs["board"]["planets"]:
        part = re.search(rf"\b{planet['name']}: ([^;.]+)", said).group(1)
        kind = faces[card]["planet"]
        assert (f"not {kind}" in part) == bool(kind and planet["kind"] != kind), (planet, part)
        short = any(mat[planet["name"]].get(k, 0) < n for k, n in faces[card]["cost"].items())
        assert ("short on your mat" in part) == short, (planet, part)
    assert page.evaluate("document.body.dataset.version") == str(view["version"])  # nothing played
    assert not page.errors


def test_a_planet_with_many_cards_played_keeps_its_space_name_clear_of_their_dots(server, browser):
    """PT-3.6: a card played on a Planet is a dot round its left side; with eight, the dots had gone round past its
    top and covered its space's name (V-8 read as V-·)."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    hits = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const card = (i) => ({ id: `L0${i}`, name: 'a card', points: 1, side: 'habitable', marker: 1, by: i % 2 });
        obs.board.planets[0].cards = [...Array(8).keys()].map(card);
        const board = renderBoard(obs, { legal: [], play: () => {} });
        document.querySelector('#board').replaceChildren(board);
        const planet = board.querySelector(`.planet[data-planet="${obs.board.planets[0].name}"]`);
        const name = planet.querySelector('.space-badge rect').getBoundingClientRect();
        const dots = [...planet.querySelectorAll('.played circle')].map((d) => d.getBoundingClientRect());
        return [dots.length, dots.filter((d) => d.left < name.right && name.left < d.right && d.top < name.bottom
            && name.top < d.bottom).length];
    }""", view["observation"])
    assert hits == [8, 0], hits
    assert not page.errors


def test_a_cards_note_on_what_it_may_do_now_is_no_change_of_the_card(server, browser):
    """A turn's next step (cards played after the move) added "its needs are not met now" to every card of the hand,
    and every card glowed pink as changed: a card is marked for what is printed on it, not its notes."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    fresh = page.evaluate("""async (obs) => {""" + MARKING + WITH_CARDS + """
        const marked = (legal, version) => {
            const board = renderBoard(obs, { legal, play: () => {}, cards, why: async () => ({ legal: true }) });
            markChanges(board, { viewer: 'notes test', version, plies: 1, history: [] });
            return [board.querySelectorAll('.card-notes').length, board.querySelectorAll('.card-face.fresh').length];
        };
        const pass = [{ id: 1, text: 'no card', rules: 'no card', struct: { kind: 'no card' } }];
        return [marked([], 1), marked(pass, 2)];
    }""", view["observation"])
    assert fresh[1][0] > 0 and fresh[1][1] == 0, fresh  # notes said, no card marked
    assert not page.errors


def test_a_planetarium_card_that_may_only_be_downgraded_says_so_and_is_not_lit_as_a_play(server, browser):
    """PT-3.11: a card whose only move now is its downgrade is drawn dashed, "downgrade only", not gold as a
    card to play (a player took Supervolcano's border for a play); the downgrade's words say what it costs."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    card = view["observation"]["seats"][0]["private"]["hand"][0]["id"]
    said = page.evaluate("""async ([obs, card]) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const legal = [{ id: 5, text: `downgrade ${card}`, struct: { kind: 'downgrade', card } }];
        const { faces } = await import('/static/js/boards/card.js');
        const cards = faces(await (await fetch(`/api/tables/${location.pathname.split('/').pop()}/cards`)).json());
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: () => {}, cards }));
        const face = document.querySelector(`#board [data-part='your hand'] .card-face[data-card='${card}']`);
        const { describeMove } = await import('/static/js/boards/index.js');
        return [face.className, face.querySelector('.card-notes')?.textContent, describeMove(legal[0], obs)];
    }""", [view["observation"], card])
    assert "discard-only" in said[0] and said[1] == "its needs are not met now: downgrade only", said
    assert said[2] == f"downgrade {card} (−1 point, then draw a Low card)", said  # its cost, no rule code
    assert not page.errors


def test_a_token_a_gravity_card_may_take_lights_the_planet_it_would_go_to(server, browser):
    """PT-2.8's Gravity: a selected token lights the Planet a Gravity move takes it to, and a click there
    plays that move (the board drawn from a real view, with a Gravity move among the legal ones)."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    obs = view["observation"]
    names = [name for orbit in obs["board"]["orbits"] for name in orbit]
    start = next(name for name in obs["board"]["matter"] if name not in {p["space"] for p in obs["board"]["planets"]})
    planet = obs["board"]["planets"][2]
    lit = page.evaluate("""async ([obs, from, to]) => {
        const { default: draw } = await import('/static/js/boards/planetarium.js');
        const offered = [];
        const legal = [{ id: 1, text: `gravity ${obs.board.orbits.flat()[from]} to C`,
                         struct: { kind: 'gravity', index: [from, to] } }];
        const box = document.createElement('div');
        box.className = 'board-inner';
        document.body.append(box);
        const choose = (ms) => offered.push(ms.map((m) => m.text));
        box.append(draw(obs, { legal, obs, cards: null, play: () => {}, choose }));
        box.querySelector(`[data-space='${obs.board.orbits.flat()[from]}'].target`).dispatchEvent(new Event('click'));
        const spots = [...box.querySelectorAll('.spot.reach')];
        spots[0]?.dispatchEvent(new Event('click'));
        const planet = box.querySelector(`[data-planet='${obs.board.planets[to].name}'] circle`);
        return { spots: spots.length, ways: box.querySelectorAll('.ways .way').length, offered,
                 at: spots.map((s) => [s.getAttribute('cx'), s.getAttribute('cy')]),
                 planet: [planet.getAttribute('cx'), planet.getAttribute('cy')] };
    }""", [obs, names.index(start), 2])
    assert lit["spots"] == 1 and lit["ways"] == 1 and lit["at"] == [lit["planet"]], (planet, lit)
    assert lit["offered"][-1] == [f"gravity {start} to C"]
    # "ask before playing" off: a piece with one place to go still shows the way first; its place plays it
    played = page.evaluate("""async () => {
        const { offer } = await import('/static/js/boards/index.js');
        const played = [], box = document.createElement('div'), move = { id: 7, text: 'move rock II-4 III-5' };
        const ctx = { ask: false, play: (id) => played.push(id), choose: () => {}, obs: { game: 'planetarium' } };
        offer(box, [move], ctx, { lit: true });
        const head = box.textContent;
        offer(box, [move], ctx);
        return [played, head];
    }""")
    assert played[0] == [7] and "click the lit place or confirm" in played[1], played


def test_planetarium_offers_its_draw_on_the_decks_beside_the_hand_and_names_each_orbit_four_times(server, browser):
    """PT-3.9: after a card, a Low or a High card is taken: the decks lie above the hand, in sight beside the board
    (under it they lay below the screen's foot), and a click takes from one (two Finals drawn lie there as cards,
    one to keep); a deck that may not be taken from now stays, saying why on a click;
    and every orbit's name (the moves' II-7: orbit II, space 7) is read in four places round the star."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const legal = [{ id: 7, text: 'take a low card', struct: { kind: 'take', index: [0] } },
                       { id: 8, text: 'take a high card', struct: { kind: 'take', index: [1] } }];
        const table = location.pathname.split('/').pop();
        const cards = new Map((await (await fetch(`/api/tables/${table}/cards`)).json()).map((f) => [f.key, f]));
        const keeps = [{ id: 9, text: 'keep F06 Ice Giant', struct: { kind: 'keep', card: 'F06' } }];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: keeps, play: () => {}, cards }));
        const finals = [...document.querySelectorAll('#board .keep-finals .card-face.target')]
            .map((c) => [c.dataset.card, c.querySelector('.card-badge').textContent,
                         c.getBoundingClientRect().bottom < innerHeight]);  // in sight beside the board, above the hand
        const played = [];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: (id) => played.push(id) }));
        const decks = [...document.querySelectorAll("#board [data-part='your hand'] .take-from .card-face")]
            .map((d) => [d.dataset.card, d.getBoundingClientRect().bottom < innerHeight,  // above the hand, in sight
                         d.classList.contains('target') || d.querySelector('.card-notes').textContent]);
        document.querySelector("#board .card-face[data-card='deck high']").click();
        const names = [...document.querySelectorAll('#board .orbit-name')].map((n) => n.textContent);
        return [decks, [...document.querySelectorAll('#board .choices button.move')].map((b) => b.textContent),
                ['I', 'II', 'III', 'IV', 'V', 'VI'].map((o) => names.filter((n) => n === o).length), finals];
    }""", view["observation"])
    # the Finals may not be taken (two held, PT-3.10): the deck stays, and a click on it says why
    assert said[0] == [["deck low", True, True], ["deck high", True, True],
                       ["deck final", True, "not now (click: why)"]]
    assert said[1:3] == [["confirm: take a high card"], [4] * 6]
    assert said[3] and said[3][0][0] == "F06" and said[3][0][1].endswith("pts") and said[3][0][2], said[3]
    assert not page.errors


def test_planetarium_shows_every_players_mat_under_each_planet(server, browser):
    """PT-2.8: a player has a mat at each Planet; what lies on each is drawn under that Planet on the board (a token
    and a count per kind), where the cards it pays are decided: the viewer's first, a rival's tinted in its colour,
    and nothing under a Planet where none holds any. The pills lie under the Matter tokens: a token near a Planet
    stays whole, and a tap on it is the token's; by the Sun, they keep clear of it too, and of a neighbouring
    Planet, its side label and pills, further out where three Planets crowd together, never past the board's
    edge. Each pill is led by its
    Planet's name: Planets drifted together have their pills side by side."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    shown = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        obs.seats[obs.viewer].public.mat = { A: { water: 2, rock: 1 }, B: {}, C: { gas: 3 }, D: {} };
        obs.seats[1 - obs.viewer].public.mat = { A: { metal: 1 }, B: { gas: 2 }, C: {}, D: {} };
        const board = renderBoard(obs, { legal: [], play: () => {} });
        const pill = (m) => `${m.querySelector('.pill-planet').textContent} `
            + `${m.classList.contains('theirs') ? '*' : ''}${m.dataset.seat}:`
            + [...m.querySelectorAll('.count')].map((t) => t.textContent).join(' ');
        const under = [...board.querySelectorAll('.matter')].every((m) =>
            board.querySelector('.mats').compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING);
        document.body.append(board); // laid out: which pill comes over which token
        const box = (e) => e.getBoundingClientRect(), meet = (a, b) => a.left < b.right && b.left < a.right
            && a.top < b.bottom && b.top < a.bottom;
        const tokens = [...board.querySelectorAll('.matter')];
        const covering = [...board.querySelectorAll('.on-mat rect')].flatMap((r) => tokens  // Planet: token's space
            .filter((t) => meet(box(r), box(t.querySelector('circle'))))
            .map((t) => `${r.closest('[data-mat]').dataset.mat}: ${t.dataset.space}`));
        board.remove();
        return [under && (!covering.length || covering), [...board.querySelectorAll('.mats [data-mat]')].map((p) =>
            [p.dataset.mat, [...p.querySelectorAll('.on-mat')].map(pill).join(' | ')])];
    }""", view["observation"])
    assert shown[0] is True, shown  # drawn before every token, so under it, and placed where no token lies
    # each pill led by its Planet's name (*: edged in its player's colour)
    assert dict(shown[1]) == {"A": "A 0:2 1 | A *1:1", "B": "B *1:2", "C": "C 0:3", "D": ""}, shown
    clear = page.evaluate("""async (obs) => {  // a Planet by the Sun: its pills keep clear of the Sun
        const { renderBoard } = await import('/static/js/boards/index.js');
        for (const seat of obs.seats) seat.public.mat = { A: { water: 2, rock: 1 }, B: {}, C: {}, D: {} };
        for (const space of ['I-0', 'I-1', 'I-2', 'I-3']) {
            obs.board.planets.find((p) => p.name === 'A').space = space;
            delete obs.board.matter[space];
            const board = renderBoard(obs, { legal: [], play: () => {} });
            document.body.append(board);
            const sun = board.querySelector("circle[fill='#ffd166']").getBoundingClientRect();
            const hit = [...board.querySelectorAll('.on-mat rect')].some((r) => { const b = r.getBoundingClientRect();
                return b.left < sun.right && sun.left < b.right && b.top < sun.bottom && sun.top < b.bottom; });
            board.remove();
            if (hit) return space;
        }
        return true;
    }""", view["observation"])
    assert clear is True, clear
    piled = page.evaluate("""async (obs) => {  // Planets on neighbouring spaces: no pile of labels and pills
        const { renderBoard } = await import('/static/js/boards/index.js');
        for (const seat of obs.seats) {
            seat.public.mat = { A: { water: 2, rock: 1 }, B: { gas: 1, metal: 1 }, C: { rock: 1 }, D: {} };
        }
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        for (const spaces of [['I-1', 'I-2'], ['II-0', 'II-1'], ['III-2', 'III-3'], ['IV-11', 'IV-0'],
                              ['II-1', 'III-1', 'III-2'], ['III-0', 'III-1', 'IV-1'], ['VI-9', 'VI-8', 'VI-10']]) {
            ['A', 'B', 'C'].forEach((name, k) => {
                const space = spaces[k] ?? { A: 'VI-6', B: 'VI-8', C: 'VI-10' }[name];
                obs.board.planets.find((p) => p.name === name).space = space;
                delete obs.board.matter[space];
            });
            const board = renderBoard(obs, { legal: [], play: () => {} });
            document.body.append(board);
            const parts = (name) => [...board.querySelectorAll(`[data-mat='${name}'] .on-mat rect,`
                + ` [data-planet='${name}'] .side-back`)].map((e) => e.getBoundingClientRect());
            const body = (name) => board.querySelector(`[data-planet='${name}'] circle`).getBoundingClientRect();
            const names = ['A', 'B', 'C'].slice(0, spaces.length);
            const hit = names.flatMap((a) => names.filter((b) => b !== a).map((b) => [a, b])).find(([a, b]) =>
                parts(a).some((r) => parts(b).some((o) => meet(r, o)) || meet(r, body(b))))
                || names.find((a) => { const edge = board.querySelector("circle[r='404']").getBoundingClientRect();
                    return parts(a).some((r) => r.left < edge.left - 20 || r.right > edge.right + 20); }); // cut off
            board.remove();
            if (hit) return [spaces, hit];
        }
        return true;
    }""", view["observation"])
    assert piled is True, piled
    assert not page.errors


def test_a_phone_says_tap_where_a_desk_says_click(server, browser):
    """A touch screen's player taps: the page's words say so ("from now on, play a tap at once")."""
    said = {}
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        against_a_bot(server, "tictactoe", page, params={})
        page.locator(".board-svg .target").first.click()
        said[phone] = page.inner_text("#choices")
        assert not page.errors
    assert "play a click at once" in said[False] and "play a tap at once" in said[True], said


def test_planetarium_says_a_term_of_its_cards_at_a_tap(server, browser):
    """The cards' icons and needs ("◆ Gravity", "remove your marker") are the game's terms: under the hand each is a
    tap from its meaning, in the rules' words (PT-3.8)."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "planetarium", page)
    page.locator("[data-part='your hand'] .terms button", has_text="gravity").tap()
    said = page.locator("[data-part='your hand'] .terms .rule-text")
    said.wait_for()
    assert said.inner_text().startswith("Gravity (a card's icon): after playing it, take one Matter")
    assert said.is_visible() and not page.errors


def test_a_matter_token_wears_its_space_name_once_tapped_or_pointed_at(server, browser):
    """PT-2.1: forty tokens each wearing "VII-2.3" crowded the board, on a phone and, players said, on a desk too;
    a Matter's name shows once tapped or pointed at (the orbits' names, the spaces' numbers and the Planets'
    names stay)."""
    page = new_page(browser, phone=True)
    planetarium_at_its_first_move(server, page)
    names = page.locator(".board-svg .matter .space-badge")
    hidden = lambda: not any(names.nth(i).is_visible() for i in range(names.count()))  # noqa: E731
    assert names.count() > 20 and hidden()
    token = page.locator(".board-svg .matter.target").first
    token.tap()
    assert token.locator(".space-badge").is_visible()
    page.set_viewport_size({"width": 1280, "height": 900})  # a desk's width: the board drawn for it, unselected
    page.wait_for_selector("#choices .cancel", state="detached")
    page.mouse.move(0, 0)
    assert hidden() and page.locator(".board-svg .planet .space-badge").first.is_visible()
    token.hover()
    assert token.locator(".space-badge").is_visible()
    assert not page.errors


def test_on_a_phone_a_zoomed_board_pans_to_the_piece_chosen_and_where_it_may_go(server, browser):
    """PT-2.1: Planetarium starts zoomed on a phone, its disc wider than the screen; a token tapped at the frame's
    left edge whose spaces lie beyond the right edge brings them into view, with the token."""
    page = new_page(browser, phone=True)
    planetarium_at_its_first_move(server, page)
    page.click("#zoom-in")  # zoomed further: a token's places lie beyond the frame's edge, whatever the deal
    page.wait_for_timeout(300)
    panned = page.evaluate("""async () => {
        const frame = document.querySelector('.board-frame');
        const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
        const inside = (el) => { const b = el.getBoundingClientRect(), f = frame.getBoundingClientRect();
            return b.left >= f.left - 1 && b.right <= f.right + 1; };
        const panned = [];
        for (let i = 0; i < document.querySelectorAll('.board-svg .target').length; i++) {
            frame.scrollLeft = 0;
            await sleep(30);
            const piece = document.querySelectorAll('.board-svg .target')[i];
            if (!inside(piece)) continue;
            piece.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            await sleep(700);  // the smooth pan
            const lit = [...document.querySelectorAll('.board-svg .reach')];
            const right = Math.max(...lit.map((e) => e.getBoundingClientRect().right));
            const span = right - piece.getBoundingClientRect().left;
            if (frame.scrollLeft > 0 && span < frame.clientWidth) panned.push([i, lit.every(inside) && inside(piece)]);
            document.querySelector('#choices .cancel')?.click();
        }
        return panned;
    }""")
    assert panned and all(shown for _, shown in panned), panned
    assert not page.errors


def planetarium_at_its_first_move(server, page, players=2):
    """`page` on a new Planetarium table against a bot (solo: alone), past the set-up's discards: a token is to
    be moved."""
    if players == 1:
        made = httpx2.post(server + "/api/tables", json={"game": "planetarium", "params": {"players": 1},
                                                          "seats": [{"kind": "person", "name": "Ann"}]}).json()
        page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
        wait_for_my_turn_or_the_end(page)
    else:
        against_a_bot(server, "planetarium", page)
    while not page.locator(".board-svg .target").count():
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(".move-list .move").first)
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}' && document.querySelector('.turn .yours')")
    return page


def planetarium_until(server, reached) -> tuple[str, list[str], list[dict]]:
    """A two-person Planetarium table played by the API at random (a card wherever one can be played, no Matter
    ejected: a full track ended some games first) until `reached(views)`: the table, the seats' tokens and their
    views."""
    made = httpx2.post(server + "/api/tables", json={"game": "planetarium", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    table, tokens = made["table"], made["tokens"]
    chance = random.Random(7)
    for _ in range(300):
        views = [httpx2.get(f"{server}/api/tables/{table}", headers={"Authorization": f"Bearer {t}"}).json()
                 for t in tokens]
        if reached(views):
            return table, tokens, views
        seat = next((seat for seat, v in enumerate(views) if v["legal"]), None)  # the set-up's discards: both choose
        assert seat is not None, [e["text"] for e in views[0]["history"][-20:]]
        plays = [m for m in views[seat]["legal"] if m["text"].startswith("play ")]
        kept = [m for m in views[seat]["legal"] if not m["text"].startswith("eject ")]
        move = plays[0] if plays else chance.choice(kept or views[seat]["legal"])
        httpx2.post(f"{server}/api/tables/{table}/moves", headers={"Authorization": f"Bearer {tokens[seat]}"},
                    json={"version": views[seat]["version"], "action": move["id"]}).raise_for_status()
    pytest.fail(f"not reached in 300 moves: {reached.__doc__}")


def planetarium_with_a_card_played(server) -> tuple[str, list[str], dict]:
    """A Planetarium table where a card lies on a Planet: the table, the seats' tokens and seat 0's view."""
    def played(views):
        """a card on a Planet"""
        return any(p["cards"] for p in views[0]["observation"]["board"]["planets"])
    table, tokens, views = planetarium_until(server, played)
    return table, tokens, views[0]


def test_a_planetarium_move_is_one_line_of_the_log_in_the_words_of_what_it_did(server, browser):
    """The log said each move twice: "Ann move I-1 II-3" and "Ann moves rock from I-1 to II-3". The line of what
    came of it that says the move itself stands for it, led by the player's name; what else came of it stays."""
    table, tokens, view = planetarium_with_a_card_played(server)
    moved = [e for e in view["history"] if e["text"].startswith("move ")]
    page = new_page(browser)
    page.goto(f"{server}/t/{table}#seat=0&token={tokens[0]}")
    page.wait_for_selector("#log li")
    decisions = page.locator("#log > li:not(.consequence)").all_inner_texts()
    said = page.locator("#log > li").all_inner_texts()
    assert moved and not [line for line in said if re.match(r"(Ann|Bo) move ", line)], said
    assert len([line for line in decisions if re.match(r"(Ann|Bo) moves \S+ .*from \S+ to \S+", line)]) == len(moved)
    # what else came of it is still said
    assert [line for line in said if re.search(r"\bto (your|Ann's|Bo's) mat on planet [A-D]$", line)], said
    played = [line for line in decisions if re.match(r"(Ann|Bo) plays [LHF]\d+ ", line)]
    assert played and not [line for line in said if re.match(r"(Ann|Bo) play ", line)], said
    assert not page.errors


def test_on_a_phone_the_panel_of_a_planet_tapped_to_move_it_goes_once_it_moved(server, browser):
    """PT-2.3: a Planet tapped opens its panel while it is chosen; moved, the panel stayed over half the board,
    hiding what the move did."""
    page = planetarium_at_its_first_move(server, new_page(browser, phone=True))
    planet = page.locator(".board-svg .planet.target").first
    planet.scroll_into_view_if_needed()
    planet.tap()
    page.locator(".planet-panel").wait_for()
    version = page.evaluate("document.body.dataset.version")
    page.locator(".board-svg .reach").first.tap()  # its place to go, lit: played, or asked
    moved = f"document.body.dataset.version !== '{version}'"
    # asked: the place tapped is marked chosen (a Planet with one place to go offered its confirm already)
    asked = "document.querySelector('.board-svg .reach.chosen') && document.querySelector('#choices button.move')"
    page.wait_for_function(f"{moved} || {asked}")
    if not page.evaluate(moved):
        page.locator("#choices button.move").first.click()
    page.wait_for_function(moved)
    assert not page.locator(".planet-panel").count()
    assert not page.errors


def test_a_planet_pointed_at_or_tapped_opens_its_panel_with_its_cards_side_and_mats(server, browser):
    """What a Planet holds was read in rows 1,500 px below the board (its cards, whose they are) and in the log
    (why its side turned): pointed at, focused or tapped, a Planet opens a panel in sight, clear of the Planet,
    with its side and the points behind it (PT-3.7), each card played on it and whose, and each mat's Matter there
    (PT-2.8). The pointer gone, or the Planet clicked with it, the panel goes."""
    table, tokens, view = planetarium_with_a_card_played(server)
    planet = next(p for p in view["observation"]["board"]["planets"] if p["cards"])
    seat = view["observation"]["to_move"]
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
        wait_for_my_turn_or_the_end(page)
        token = page.locator(f'.planet[data-planet="{planet["name"]}"]')
        told = f"{'tap' if phone else 'point at'} a Planet for its cards"  # the key says the panel is there
        assert told in page.locator(".pt .key").inner_text()
        token.scroll_into_view_if_needed()
        token.tap() if phone else token.hover()
        panel = page.locator(".planet-panel")
        panel.wait_for()
        said = panel.inner_text()
        held = {"habitable": 0, "hostile": 0}
        for card in planet["cards"]:
            held[card["side"]] += card["points"]
            assert f'{card["id"]} {card["name"]} · {card["points"]} pts' in said, said
        assert f'{planet["side"]} side up' in said, said
        assert f'habitable {held["habitable"]} pts, hostile {held["hostile"]} pts' in said, said
        assert said.count("'s mat: ") == 2 and "Ann's mat" in said, said
        box, at = panel.bounding_box(), token.bounding_box()
        height = page.viewport_size["height"]
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, (box, height)  # in sight
        apart = (box["x"] + box["width"] < at["x"] or at["x"] + at["width"] < box["x"]
                 or box["y"] + box["height"] < at["y"] or at["y"] + at["height"] < box["y"])
        assert apart, (box, at)
        if not phone:
            page.mouse.move(2, 2)
            panel.wait_for(state="detached")
            token.hover()
            panel.wait_for()
            token.click()  # choosing with the mouse: the board's lit places are what is looked at
            panel.wait_for(state="detached")
        assert not page.errors


def test_planetarium_orbits_lie_in_lanes_and_a_chosen_tokens_lane_is_lit(server, browser):
    """A player swept a Planet to collect a gas that lay on the next orbit: the orbits' thin bands left which ring
    a token lay on unclear. Each orbit lies in a lane reaching halfway to its neighbours, alternately lighter, and a
    token chosen lights the lane it moves along (PT-2.2, PT-2.7)."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    lanes = page.evaluate("""[...document.querySelectorAll('.board-svg .orbit-band')].map((b) =>
        [Number(b.getAttribute('r')), Number(b.getAttribute('stroke-width')), b.getAttribute('stroke')])""")
    assert len(lanes) == 6 and len({stroke for _, _, stroke in lanes}) == 2, lanes
    for (r, w, tone), (r2, w2, tone2) in pairwise(lanes):
        assert abs((r + w / 2) - (r2 - w2 / 2)) < 0.01 and tone != tone2, lanes  # touching, alternating

    def radius(token) -> float:
        (x, y), (cx, cy) = (map(float, token.get_attribute(a).split()) for a in ("data-at", "data-centre"))
        return ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
    outer = lanes[-1][0] + 1  # orbit VI's lane: past it, the arms of orbit VII have none
    token = next(t for t in page.locator(".board-svg :is(.planet, .matter).target").all() if radius(t) < outer)
    token.click()
    lit = page.locator(".board-svg .lit-lane")
    lit.wait_for()
    assert abs(float(lit.get_attribute("r")) - radius(token)) < 0.01
    assert not page.errors


def test_a_planetarium_move_says_what_it_collects(server, browser):
    """A player moved a Planet onto an empty space expecting water, and swept another expecting water and met gas:
    the words of a move say what it gathers (PT-2.8), a Planet the Matter where it ends, a Matter the Planet."""
    def moving(views):
        """a token to move"""
        return any(m["struct"]["kind"] == "move" for v in views for m in v["legal"])
    table, tokens, views = planetarium_until(server, moving)
    seat = next(seat for seat, v in enumerate(views) if v["legal"])
    page = new_page(browser)
    page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
    page.wait_for_selector(".board-svg")
    said = page.evaluate("""async ([obs, legal]) => {
        const { describeMove } = await import('/static/js/boards/index.js');
        return legal.filter((m) => m.struct.kind === 'move').map((m) => describeMove(m, obs));
    }""", [views[seat]["observation"], views[seat]["legal"]])
    board = views[seat]["observation"]["board"]
    planets = {p["space"]: p["name"] for p in board["planets"]}
    for words in said:
        start, end = re.match(r"move (?:Planet \w|\w+) (\S+) → (\S+)", words).groups()
        if start in planets:
            gathered = f" · collects {board['matter'][end]}" if end in board["matter"] else " · nothing there"
            assert words.endswith(gathered), words
        else:
            assert (f" · onto Planet {planets[end]}" in words) == (end in planets), words
    assert not page.errors


def test_the_cards_that_may_be_played_now_lead_the_planetarium_hand(server, browser):
    """The set-up's discard (PT-1.4) is of one of two Finals, which lay last in a hand of seven, below the screen's
    foot: the cards a move names now lead the hand, in sight beside the board."""
    page = new_page(browser)
    against_a_bot(server, "planetarium", page)
    page.wait_for_selector("[data-part='your hand'] .card-face.target")
    hand = page.evaluate("""[...document.querySelectorAll("[data-part='your hand'] > .cards > .card-face")]
        .map((c) => [c.dataset.card, c.classList.contains('target'), c.getBoundingClientRect().top < innerHeight])""")
    assert [card[0] for card in hand[:2]] == [card[0] for card in hand if card[0].startswith("F")], hand
    assert all(target and seen for _, target, seen in hand[:2]), hand
    assert not any(target for _, target, _ in hand[2:]) and not page.errors, hand


def test_a_card_chosen_in_the_hand_lights_the_planets_it_may_be_played_on(server, browser):
    """A card that may be played or downgraded offered only buttons: a card chosen lights each Planet it may be
    played on (PT-3.3), and a click on one plays it there (PT-3.5)."""
    def playable(views):
        """a card to play"""
        return any(m["text"].startswith("play ") for v in views for m in v["legal"])
    table, tokens, views = planetarium_until(server, playable)
    seat = next(seat for seat, v in enumerate(views) if any(m["text"].startswith("play ") for m in v["legal"]))
    play = next(m for m in views[seat]["legal"] if m["text"].startswith("play "))
    card, planet = play["struct"]["card"], play["text"].rsplit(" ", 1)[1]
    page = new_page(browser)
    page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
    page.locator(f'[data-part="your hand"] .card-face[data-card="{card}"]').click()
    lit = page.locator(".board-svg .spot.reach")
    lit.first.wait_for()
    where = page.locator(f'.planet[data-planet="{planet}"] > circle').first.bounding_box()
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in (x.bounding_box() for x in lit.all())]
    here = next(c for c in centres if abs(c[0] - where["x"] - where["width"] / 2) < 4
                and abs(c[1] - where["y"] - where["height"] / 2) < 4)
    page.mouse.click(*here)
    page.wait_for_function(f"document.querySelector('#log').textContent.includes('plays {card} ')")
    after = httpx2.get(f"{server}/api/tables/{table}").json()["observation"]["board"]["planets"]
    assert card in [c["id"] for p in after if p["name"] == planet for c in p["cards"]] and not page.errors


def test_a_long_kind_of_moves_the_board_offers_whole_is_folded_in_the_list(server, browser):
    """Planetarium's first move listed twenty to forty buttons ("move water I-3 → II-7"), a wall beside the board
    that offers each of them: a kind of moves all on the board, more than twelve, is folded to one line that
    says how many; opened, every one is there."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    legal = page.evaluate("[...document.querySelectorAll('.move-list .move')].length")
    folded = page.locator(".move-list details.move-group")
    assert legal > 12 and folded.count() == 1 and folded.get_attribute("open") is None
    assert re.search(rf"move: {folded.locator('.move').count()} moves", folded.locator("summary").text_content())
    visible = page.evaluate("[...document.querySelectorAll('.move-list .move')].filter((b) => b.checkVisibility())"
                            ".length")
    assert visible <= 12, visible
    folded.locator("summary").click()
    assert folded.locator(".move").first.is_visible()
    assert not page.errors


def test_a_planetarium_card_pictures_what_it_asks_the_planet_its_side_and_its_matter(server, browser):
    """The hand read as a form of chips: each card now leads with a picture drawn from what it asks (PT-3.3):
    the Planet's kind (either: half and half), the side it turns the Planet to, and a token for each unit of
    Matter it costs, in the Matter's colour."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    table = page.url.split("/t/")[1].split("#")[0]
    faces = {f["key"]: f for f in httpx2.get(f"{server}/api/tables/{table}/cards").json()}
    hand = page.locator('[data-part="your hand"] .cards > .card-face').evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)")
    assert hand
    for held in hand:
        face, art = faces[held], page.locator(f'[data-part="your hand"] [data-card="{held}"] .card-art')
        assert art.get_attribute("data-planet") == (face["planet"] or "either"), held
        assert art.get_attribute("data-turns") == (face["side"] or ""), held
        drawn = art.locator(".art-matter").evaluate_all("(cs) => cs.map((c) => c.dataset.kind)")
        assert sorted(drawn) == sorted(k for k, n in face["cost"].items() for _ in range(n)), (held, drawn)
    assert not page.errors


def test_a_planetarium_sweep_round_its_orbit_says_it_is_one_not_a_step_backwards(server, browser):
    """PT-2.7: a Planet swept from II-1 to II-0 went seven spaces clockwise; read "II-1 → II-0", it looked
    like a step back against the rules' clockwise."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    said = page.evaluate("""async (obs) => {
        const { describe } = await import('/static/js/boards/planetarium.js');
        const names = obs.board.orbits.flat(), at = (name) => names.indexOf(name);
        obs.board.planets[0].space = 'II-1';
        const move = (to) => describe({ text: '', struct: { kind: 'move', index: [at('II-1'), at(to)] } }, obs);
        return [move('II-0'), move('II-2'), move('III-2')];
    }""", view["observation"])
    assert [words.split(" · ")[0] for words in said] == [
        "move Planet A II-1 → II-0 (a sweep: 7 spaces clockwise)", "move Planet A II-1 → II-2",
        "move Planet A II-1 → III-2"]


def test_a_selected_planetarium_token_lights_where_it_can_go_and_a_click_there_moves_it(server, browser):
    page = planetarium_at_its_first_move(server, new_page(browser))
    token = page.locator(".board-svg .target").first
    token.click()
    lit = page.locator(".spot.reach")
    assert lit.count() >= 1 and page.locator(".choices .move").count() >= lit.count()
    assert page.locator(".ways .way").count() == lit.count()  # and the way there is drawn to each
    label = lit.first.get_attribute("aria-label")  # what moves, from where, to where
    moved = r"move (Planet [A-D]|gas|rock|water|metal) (\S+) → (\S+)( \(a sweep: \d+ spaces clockwise\))?( · .+)?"
    _, origin, there, _, _ = re.fullmatch(moved, label).groups()
    page.click(".choices .cancel")
    assert page.locator(".spot.reach").count() == 0 and page.locator(".ways .way").count() == 0  # cancel: all out
    version = page.evaluate("document.body.dataset.version")
    token.click()  # the piece, then the place, the way drawn between them: two clicks play it, asked or not
    assert page.evaluate("document.body.dataset.version") == version
    page.locator(".spot.reach").first.click(force=True)  # a spot may lie under a token: it is drawn on top
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert re.search(rf"moves \S+ from {origin} to {there}\b", page.locator(".log").inner_text()) and not page.errors
    # the passes ("no gravity", "no card") head the list: the board has no place to click for them
    assert page.locator(".move-list button.move").first.inner_text().startswith("no ")
    # the move played at once is in the dock in the words it was offered in, with its undo beside it
    assert page.locator("#last").is_visible() and label in page.locator("#last").inner_text()
    moved = page.evaluate("document.body.dataset.version")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.version !== '{moved}'")
    assert page.locator("#last").is_hidden()
    assert not re.search(rf"from {origin} to {there}\b", page.locator(".log").inner_text())
    assert page.locator(f".board-svg [data-space='{origin}']").count() == 1  # back where it was


GLIDE_AT = """([piece, at]) => { // where the glide of `piece` shows it at `at` of its way (0 to 1), in the page
  const a = document.getAnimations().find((a) => a.effect.target.dataset?.piece === piece);
  if (!a) return null;
  a.pause();
  a.currentTime = at * a.effect.getTiming().duration;
  const b = a.effect.target.querySelector('circle').getBoundingClientRect(); // the token, not its name tag
  return [b.x + b.width / 2, b.y + b.height / 2];
}"""


def planetarium_token_move(page, tokens: str, wanted, turns: int = 12):
    """The first token (`tokens`, a selector) with a lit place whose words `wanted` accepts, and that place: looked
    for over up to `turns` of the seat's turns, each turn without one played on (the deal decides what is near)."""
    moving = ("document.querySelector('.turn .yours')"
              " && /move a Planet or a Matter/.test(document.querySelector('#turn').textContent)")
    for _ in range(turns):
        for token in page.locator(tokens).all():
            token.click()
            spot = next((s for s in page.locator(".spot.reach").all() if wanted(s.get_attribute("aria-label"))), None)
            if spot:
                return token, spot
        if page.locator(".choices .cancel").count():
            page.click(".choices .cancel")
        click_a_move(page)
        while wait_for_my_turn_or_the_end(page) and not page.evaluate(moving):
            click_a_move(page)
    raise AssertionError(f"no such move in {turns} turns")


def test_two_planetarium_planets_side_by_side_write_their_sides_apart(server, browser):
    """Two Planets a space apart on neighbouring orbits (V-9 and VI-9, side by side in the west) had "habitable"
    and "hostile" printed over each other: each side is written clear of the other and of the other Planet."""
    page = new_page(browser)
    view = against_a_bot(server, "planetarium", page)
    boxes = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const spaces = ['V-9', 'VI-9', 'II-3', 'IV-0'];
        const planets = obs.board.planets.map((p, i) => ({ ...p, space: spaces[i] ?? p.space }));
        obs = { ...obs, board: { ...obs.board, planets } };
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
        return ['V-9', 'VI-9'].map((space) => {
          const planet = document.querySelector(`#board .planet[data-space='${space}']`);
          return [box(planet.querySelector('circle')), box(planet.querySelector('rect.side-back'))];
        });
    }""", view["observation"])
    overlap = lambda a, b: a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]  # noqa: E731
    (disc_a, side_a), (disc_b, side_b) = boxes
    assert not overlap(side_a, side_b) and not overlap(side_a, disc_b) and not overlap(side_b, disc_a), boxes
    assert not page.errors


def test_planetarium_planets_on_neighbouring_spaces_are_drawn_apart_on_a_phone(server, browser):
    """Two Planets on neighbouring spaces of orbit II: on a phone, where pieces are drawn larger, one's space badge
    lay over the other's ring. Crowded Planets are drawn smaller: their rings, badges and bodies stay apart."""
    page = new_page(browser, phone=True)
    view = against_a_bot(server, "planetarium", page)
    gaps = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const [two, six] = [obs.board.orbits[1], obs.board.orbits[5]];  // C and D side by side on II, A and B far off
        obs.board.planets.forEach((p, i) => { p.space = [six[0], six[6], two[3], two[4]][i]; });
        const d = document.createElement('div');
        document.body.prepend(d);
        d.replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const r = (planet, part) => d.querySelector(`.planet[data-planet='${planet}'] ${part}`).getBoundingClientRect();
        const gap = (a, b) => Math.max(a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom);
        const scale = (planet) => d.querySelector(`.planet[data-planet='${planet}']`).getCTM().a;
        const spots = [...d.querySelectorAll('.spot')].map((c) => ['cx', 'cy', 'r'].map((k) => c[k].baseVal.value));
        const overlapping = spots.flatMap(([x, y, r], i) => spots.slice(i + 1)  // a lit place's ring over its neighbour
            .filter(([u, v, q]) => Math.hypot(u - x, v - y) < r + q - 0.01)).length;
        return [gap(r('C', '.planet-ring'), r('D', '.planet-ring')),
            gap(r('D', '.space-badge'), r('C', '.planet-ring')), gap(r('C', '.space-badge'), r('D', '.planet-ring')),
            scale('C') < scale('A'), overlapping];
    }""", view["observation"])
    assert all(gap > 0 for gap in gaps[:3]) and gaps[3], gaps  # apart, and drawn smaller than a lone one
    assert gaps[4] == 0, gaps  # the places a tap lights stay apart too: a lit one caught a tap on its neighbour
    assert not page.errors

def test_a_moved_planetarium_token_glides_round_its_orbit_to_where_it_went(server, browser):
    """A token moved along its orbit is seen travelling there, round the Sun, not jumping (or cutting across);
    with reduced motion asked for, it is drawn where it went at once."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    # a token with a move along its orbit, to a space where nothing lies (onto a Planet, Matter goes to a mat)
    empty = lambda space: not page.locator(f".board-svg [data-space='{space}']").count()  # noqa: E731
    token, spot = planetarium_token_move(page, ".board-svg .target[data-piece]", lambda label: (found := re.search(
        r" (\w+)-\d+ → (\1-\d+)$", label)) and empty(found[2]))
    label = spot.get_attribute("aria-label")
    origin, there = re.search(r" (\S+) → (\S+)$", label).groups()
    piece = token.get_attribute("data-piece").replace(origin, there)  # a Matter token is named by its space
    centre = lambda box: (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # noqa: E731
    before = centre(token.locator("circle").first.bounding_box())
    sun = centre(page.locator(".board-svg circle[fill='#ffd166']").bounding_box())
    version = page.evaluate("document.body.dataset.version")
    spot.click(force=True)  # the token chosen, a click on its place plays the move
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    start, middle = (page.evaluate(GLIDE_AT, [piece, at]) for at in (0, 0.5))
    end = centre(page.locator(f".board-svg [data-piece='{piece}'] circle").first.bounding_box())
    assert math.dist(start, before) < 3 and math.dist(start, end) > 20, (before, start, end)  # from there, to here
    radius = math.dist(before, sun)
    assert abs(math.dist(middle, sun) - radius) < 3, (middle, radius)  # halfway, still on its orbit
    assert page.evaluate("document.body.dataset.glided") and not page.errors
    page.context.close()
    calm = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce").new_page()
    calm = planetarium_at_its_first_move(server, calm)
    version = calm.evaluate("document.body.dataset.version")
    click_a_move(calm)
    calm.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert calm.evaluate("document.getAnimations().filter((a) => a.effect.target.dataset?.piece).length") == 0
    calm.context.close()


def test_the_log_says_a_bots_move_once_its_piece_has_arrived(server, browser):
    """A bot's move glides over the board for a moment; its lines in the log wait until the piece is there (a
    player read the log a second ahead of the board)."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    page.evaluate("""() => { window.seen = [];  // at each change of the log: lines waiting, the board's motions
        new MutationObserver(() => window.seen.push([document.querySelectorAll('#log li.arriving').length,
            document.getAnimations().filter((a) => !(a instanceof CSSAnimation) && a.playState === 'running'
                && a.effect.target.closest?.('#board')).length]))  // a motion, not a CSS pulse
            .observe(document.querySelector('#log'), { childList: true, subtree: true, attributes: true }); }""")
    arrived = "window.seen.some(([waiting]) => waiting > 0)"
    for _ in range(12):  # the player's moves, until the bot's
        if page.evaluate(arrived) or not wait_for_my_turn_or_the_end(page):
            break
        click_a_move(page)
    page.wait_for_function(arrived, timeout=20000)
    page.wait_for_function("!document.querySelector('#log li.arriving')", timeout=5000)
    seen = page.evaluate("window.seen")
    assert all(moving for waiting, moving in seen if waiting), seen  # hidden only while the board moves
    assert "easy bot" in page.inner_text("#log") and not page.errors


def destination(label: str) -> str:
    """The space a Planetarium move's words go to ("move rock I-2 → II-5 · onto Planet A: …": II-5)."""
    return re.search(r"→ (\S+)", label).group(1)


def test_a_planetarium_matter_token_a_planet_takes_glides_onto_it_and_fades(server, browser):
    """Matter moved onto a Planet goes to a mat: it is seen going into the Planet, not vanishing."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    _, onto = planetarium_token_move(page, ".board-svg .matter.target", lambda label: page.locator(
        f".board-svg .planet[data-space='{destination(label)}']").count())
    planet = page.locator(f".board-svg .planet[data-space='{destination(onto.get_attribute('aria-label'))}']")
    version = page.evaluate("document.body.dataset.version")
    onto.click(force=True)  # the token chosen, its place: played
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    ghost = page.locator(".board-svg .ghost")
    assert ghost.count() == 1 and ghost.get_attribute("aria-hidden") == "true" and not ghost.get_attribute("data-piece")
    assert "target" not in ghost.get_attribute("class").split()  # a picture, never a piece to click
    # the ghost ends its way on the Planet that took it, and is gone once there
    last = page.evaluate("""() => { const a = document.querySelector('.board-svg .ghost').getAnimations()[0];
      a.pause(); a.currentTime = a.effect.getTiming().duration - 1;
      const b = document.querySelector('.board-svg .ghost').getBoundingClientRect();
      a.play();
      return [b.x, b.y, b.width, b.height]; }""")
    centre = planet.bounding_box()
    assert math.dist((last[0] + last[2] / 2, last[1] + last[3] / 2), (centre["x"] + centre["width"] / 2,
                                                                       centre["y"] + centre["height"] / 2)) < 20
    page.wait_for_selector(".board-svg .ghost", state="detached")
    assert "mat on planet" in page.inner_text(".log") and not page.errors
    page.context.close()


def test_a_listed_move_asks_first_and_says_what_it_brings_about_where_that_tells_no_secret(server, browser):
    """With "ask before playing" on, a listed move is confirmed, and the confirmation says what it brings about:
    solo Planetarium hides nothing; with two players the hands are secret, but a token moved or a card played
    shows only what the table then shows (PT-3.5). A pass ("no card": nothing to look at) plays at once."""
    for players in (1, 2):
        page = planetarium_at_its_first_move(server, new_page(browser), players)
        moves = page.locator(".move-list button.move")
        kept = moves.filter(has_not_text="downgrade").last  # a downgrade throws a card away: it always asks
        for _ in range(30):  # the deal is the table's secret: a hand may hold nothing playable for some turns
            click_a_move(page)  # the token moved (or, at a card step, the pass played): on to the next step
            assert wait_for_my_turn_or_the_end(page)
            passed, other = moves.first.inner_text(), kept.inner_text()
            if passed.startswith("no ") and not other.startswith("no "):
                break
        assert passed.startswith("no ") and not other.startswith("no "), (passed, other)
        version = page.evaluate("document.body.dataset.version")
        kept.click()
        assert page.locator("#choices button.move").all_inner_texts() == [f"confirm: {other}"]
        page.wait_for_selector("#choices .consequence:not(:empty)")
        assert "seat " not in page.inner_text("#choices .consequence")  # each seat by name, as the log names it
        if players == 1:
            page.click("#choices .cancel")
            moves.first.click()
        else:
            page.click("#choices button.move")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        log = page.inner_text(".log").lower()
        # solo, the rules call the player "you"; a held card's button adds its points and needs, the log not; a
        # move the log words in full ("ann plays l15 lava plains on planet a") is said so, its words all there
        played = f"you {passed}" if players == 1 else f"ann {other.split(' (')[0]}"
        named = played.lower().split()[2:]
        assert [line for line in log.splitlines() if line.startswith(" ".join(played.lower().split()[:1]))
                and all(word in line.replace(":", " ").split() for word in named)], (played, log)
        assert "you's" not in log and not page.errors
        page.context.close()


def test_a_planetarium_token_or_card_that_cannot_be_played_says_what_holds_it(server, browser):
    """PT-2.5/PT-2.6: a token with no move, clicked while tokens are moved, says which rule holds it (the
    refusal of its step on along its line); nothing is played. PT-3.3: a card of the hand that cannot be
    played says why on each Planet (while a token is to move, what it lacks there)."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    version = page.evaluate("document.body.dataset.version")
    stuck = ".board-svg .matter.explains, .board-svg .planet.explains"
    clear = page.evaluate("""(stuck) => [...document.querySelectorAll(stuck)].findIndex((el) => {
        const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return at?.closest('.matter, .planet') === el; })""", stuck)  # one no other piece lies over, as dealt
    held = page.locator(stuck).nth(max(clear, 0))
    held.click()
    page.wait_for_selector("#choices .why")
    said = page.inner_text("#choices .why")
    assert re.fullmatch(rf'Not "move {held.get_attribute("data-space")} \S+": .+ \(rule PT-[\d.]+\)\.', said), said
    assert page.evaluate("document.body.dataset.version") == version and not page.errors
    page.click(".choices .cancel")
    page.locator("[data-part='your hand'] .card-face.explains").first.click()  # a token is moved first (PT-3.1)
    page.wait_for_selector("#choices .why")  # the move planned for it: what it lacks on each Planet
    assert page.inner_text("#choices .why").startswith("To play it after this move (rule PT-3.3)")
    page.click(".choices .cancel")
    click_a_move(page)  # a token moved, the cards are played: one that cannot be says why
    wait_for_my_turn_or_the_end(page)
    if page.locator(".move-list button.move:text-is('no gravity')").count():  # a Gravity card held: not now
        play_listed(page, page.locator(".move-list button.move:text-is('no gravity')"))
        page.wait_for_selector("[data-part='your hand'] .card-face.explains")
    page.locator("[data-part='your hand'] .card-face.explains").first.click()
    page.wait_for_selector("#choices .why")
    for said in page.locator("#choices .why").all_inner_texts():  # each reason once, with the Planets it holds on
        assert re.fullmatch(r'Not "play \w+ on [A-D]"(, "play \w+ on [A-D]")*: .+ \(rule PT-[\d.]+\)\.', said), said


def test_on_a_phone_the_prompt_leads_to_a_hand_out_of_sight_while_a_card_of_it_can_be_played(server, browser):
    """The hand lies under the board on a phone, under the moves' bar: while its cards are in play, the prompt
    has a way to it."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    planetarium_at_its_first_move(server, page)
    assert page.locator(".turn .to-hand").count() == 0  # tokens are moved first: the hand waits
    click_a_move(page)
    wait_for_my_turn_or_the_end(page)
    if page.locator(".move-list button.move:text-is('no gravity')").count():  # a Gravity card held: not now
        play_listed(page, page.locator(".move-list button.move:text-is('no gravity')"))
    page.tap(".turn .to-hand")
    hand = page.locator("[data-part='your hand']").bounding_box()
    assert -1 <= hand["y"] < 844 - page.locator(".dock").bounding_box()["height"]  # at the top, to a pixel
    page.context.close()


def test_a_seats_chip_says_the_points_it_gained_since_your_last_move(server, browser):
    """A scoring the others' turns brought about is said on each seat's chip ("+3"), not only as a figure that
    changed: the gain since the viewer's latest decision, that decision's own left out (the player made it, and
    mixed in it hid what the others did), said again first in the box of what happened since."""
    page = new_page(browser)
    table = against_a_bot(server, "gaia-vora", page)["table"]
    shown = lambda: [int(s.strip(" ·")) for s in page.locator("#seats .score").all_inner_texts()]  # noqa: E731
    scores = lambda url: [int(x) for x in httpx2.get(url).json()["observation"]["scores"]]  # noqa: E731
    for _ in range(40):
        before = shown()
        click_a_move(page)
        if not wait_for_my_turn_or_the_end(page):
            break
        view = httpx2.get(f"{server}/api/tables/{table}").json()  # public: Gaia-Vora keeps no secrets
        mine = max(e["ply"] for e in view["history"] if e["actor"] == 0)
        then = scores(f"{server}/api/tables/{table}/replay?ply={mine + 1}")  # right after the player's decision
        after = shown()
        # the player's own decision scored, and so did what came after it
        if before != then != after and [int(x) for x in view["observation"]["scores"]] == after:
            gains = page.locator("#seats .seat-chip").evaluate_all(
                "(chips) => chips.map((c) => c.querySelector('.gain')?.textContent.trim() ?? '')")
            said = [f"{'+' if a > b else '−'}{abs(a - b)}" if a != b else "" for a, b in zip(after, then, strict=True)]
            assert gains == said
            names = page.locator("#seats .who").all_inner_texts()
            assert ", ".join(f"{re.sub(r' [(].*', '', n)} {g}" for n, g in zip(names, gains, strict=True) if g) \
                in page.inner_text(".since summary")  # and in the box of what happened since
            break
    else:
        pytest.fail("no decision scored both by itself and by what came after it in 40 turns")
    assert not page.errors


def test_hot_seat_hides_each_hand_until_the_next_player_is_ready(server, browser):
    made = httpx2.post(server + "/api/tables", json={"game": "phanerozoic", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    table, tokens = made["table"], made["tokens"]
    page = new_page(browser)
    for seat in (1, 0):  # one browser holds both seats
        page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
    page.wait_for_selector("[data-part='your hand'] .card-face")
    hands = [httpx2.get(f"{server}/api/tables/{table}", headers={"Authorization": f"Bearer {t}"}).json()
             ["observation"]["seats"][seat]["private"]["hand"] for seat, t in enumerate(tokens)]
    assert shown_cards(page, "your hand") == {number(label) for label in hands[0]}
    click_a_move(page)  # Ann chooses; Bo is to choose next
    page.wait_for_selector("#cover:not([hidden])")
    assert "Pass the device to Bo" in page.locator("#cover-text").inner_text()
    page.wait_for_function("document.body.dataset.viewer === '1'")  # Bo's view has come, under the cover
    page.wait_for_timeout(300)
    covered = page.evaluate("document.documentElement.textContent")  # the DOM, visible or not
    names = {label.rsplit(" (", 1)[0] for label in hands[0] + hands[1]}
    assert not shown_cards(page) and not any(name in covered for name in names), "a hand is in the page under the cover"
    page.click("#cover-go")
    page.wait_for_selector("[data-part='your hand'] .card-face")
    assert shown_cards(page, "your hand") == {number(label) for label in hands[1]}
    assert not shown_cards(page) & {number(label) for label in hands[0] if label not in hands[1]}
    assert page.locator("#last").is_hidden()  # Bo is not offered the undo of Ann's secret choice


def test_a_hot_seat_prompt_names_the_seat_once(server, browser):
    """TTT-1: crosses move first; one device holding both seats says whose move it is once: "x, your move:
    mark a cell", not "x, your move: x, mark a cell"."""
    made = httpx2.post(server + "/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()
    page = new_page(browser)
    for seat in (1, 0):
        page.goto(f"{server}/t/{made['table']}#seat={seat}&token={made['tokens'][seat]}")
    wait_for_my_turn_or_the_end(page)
    said = page.inner_text(".turn .yours")
    assert said.endswith("your move: mark a cell"), said
    assert said.count(said.split(",")[0]) == 1, said
    assert not page.errors


def test_the_lobby_keeps_a_name_typed_after_the_player_count_and_the_table_names_bots_as_the_lobby(server, browser):
    page = lobby(browser, server, "gaia-vora")
    page.fill(".seat:nth-of-type(1) [name=name]", "Ann")
    assert page.locator("[name=param-players] option").all_inner_texts() == ["2", "3", "4"]  # chosen, not typed
    page.select_option("[name=param-players]", "4")
    page.select_option(".seat:nth-of-type(4) [name=kind]", "here")
    page.fill(".seat:nth-of-type(4) [name=name]", "Di")
    page.select_option("[name=param-players]", "3")
    assert page.locator(".seat").count() == 3
    assert page.input_value(".seat:nth-of-type(1) [name=name]") == "Ann"
    page.select_option("[name=param-players]", "4")  # a row taken away comes back as new
    assert page.input_value(".seat:nth-of-type(4) [name=name]") == ""
    page.select_option("[name=param-players]", "3")
    page.select_option(".seat:nth-of-type(2) [name=kind]", "friend")
    page.select_option(".seat:nth-of-type(3) [name=agent]", "medium")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".seat-chip")
    chips = page.locator("#seats").inner_text()
    assert "medium bot" in chips and "greedy" not in chips
    page.click("#invite")
    page.wait_for_selector(".invite-list .copy")
    link = page.locator(".invite-list code.link").first.inner_text()
    assert "#seat=1&token=" in link
    code = page.locator(".invite-list .qr-box").first  # a friend's QR code, shown on a click
    assert code.is_hidden()
    page.locator(".invite-list button.copy:text('QR code')").first.click()
    assert read_qr(code.locator("svg.qr").screenshot()) == link
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280  # the link wraps; the page stays
    assert not page.errors


def test_a_lobby_level_that_plays_as_a_stronger_one_is_named_on_that_ones_leaderboard_row(server, browser):
    """Where the lobby's standard bot plays as the strong one, the leaderboard has one row for both, and says so:
    a player who chose "standard" looked for it there in vain."""
    page = lobby(browser, server)
    games = {g["name"]: g for g in httpx2.get(server + "/api/games").json()}
    game = next(name for name, g in games.items() if g["bots"]["standard"] == g["bots"]["strong"])
    page.select_option("#ratings-game", game)
    page.wait_for_function("/plays as it/.test(document.querySelector('#leaderboard').textContent)")
    rows = page.locator("#leaderboard tr").all_inner_texts()
    assert any("strong bot (standard plays as it)" in row for row in rows), rows
    assert not any("medium bot (" in row for row in rows) and not page.errors


def test_a_provisional_rating_reads_with_a_question_mark_its_range_on_a_hover(server, browser):
    """Planit's easy bot loses every game, so its rating stays far from sure: "−103 ± 358" was read as nonsense.
    A rating whose ± is over 250 shows as "−103?" (chess sites' provisional), the ± in its title; a sure one plain."""
    page = lobby(browser, server)
    page.select_option("#ratings-game", "planit")
    page.wait_for_function("document.querySelectorAll('#leaderboard tr').length >= 3")
    ratings = httpx2.get(server + "/api/ratings/planit").json()
    cells = page.evaluate(
        "[...document.querySelectorAll('#leaderboard tr td:nth-child(3)')].map((c) => [c.textContent, c.title])")
    assert len(cells) == len(ratings)
    for r, (text, title) in zip(ratings, cells, strict=True):
        provisional = r["uncertainty"] > 250
        assert text == f"{r['rating']}{'?' if provisional else ''}" and f"± {r['uncertainty']}" in title, (r, text)
        assert ("provisional" in title) == provisional
    assert any(r["uncertainty"] > 250 for r in ratings) and any(r["uncertainty"] <= 250 for r in ratings)


@pytest.mark.parametrize("game", ["planit", "planetarium"])
def test_at_desk_size_a_lobby_seat_is_one_line_whatever_it_is(server, browser, game):
    """A seat's name, what it is and its bot's level (or its player's name) stand on one line at desk size: a level
    wrapped under its seat was read as a setting of the next one."""
    page = lobby(browser, server, game)
    for kind in ("bot", "friend", "here", "open"):
        page.select_option(".seat:nth-of-type(2) [name=kind]", kind)
        row = page.locator(".seat:nth-of-type(2) > :visible")
        tops = {round(box["y"] + box["height"] / 2) for box in (row.nth(i).bounding_box() for i in range(row.count()))}
        assert max(tops) - min(tops) <= 4, (kind, tops)
    assert not page.errors


def test_the_lobby_shows_a_solo_setting_only_for_one_player(server, browser):
    page = lobby(browser, server, "planetarium")
    target = page.locator("#params label.solo")
    page.select_option("[name=param-players]", "2")
    assert target.count() == 1 and target.is_hidden()
    page.select_option("[name=param-players]", "1")
    assert target.is_visible()
    said = target.inner_text()
    assert "solo:" not in said and "; )" not in said and "110 hard)" in said, said
    assert not page.errors


@pytest.fixture
def restartable(tmp_path):
    """A server of its own on one SQLite file with a tic-tac-toe table of two people: (base URL, the table as
    made, a function that kills the server with SIGKILL and one that starts it again)."""
    db, port = f"sqlite:///{tmp_path / 'tables.db'}", free_port()
    base = f"http://127.0.0.1:{port}"
    servers = [start(db, port)]

    def kill():
        servers[-1].kill()
        servers[-1].wait()

    made = httpx2.post(base + "/api/tables", json={"game": "tictactoe", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    yield base, made, kill, lambda: servers.append(start(db, port))
    kill()


def test_a_lost_server_is_said_over_the_board_and_a_move_made_meanwhile_says_it_was_not_sent(browser, restartable):
    """The server dies: a banner over the board says so once the loss lasts, and a move tried meanwhile says it
    was not sent (the side panel's error says why too); the server back, the banner and the error go."""
    base, made, kill, restart = restartable
    page = new_page(browser)
    page.goto(f"{base}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector(".turn .yours")
    phone = new_page(browser, phone=True)  # the other seat, on a phone: the banner spans its screen
    phone.goto(f"{base}/t/{made['table']}#seat=1&token={made['tokens'][1]}")
    phone.wait_for_selector("#connection[data-state=live]")
    assert page.locator("#offline").is_hidden()
    kill()
    page.wait_for_selector("#offline:visible", timeout=10000)
    assert "connection to the server is lost" in page.inner_text("#offline")
    phone.wait_for_selector("#offline:visible", timeout=10000)
    assert phone.locator("#offline").bounding_box()["width"] > 0.8 * phone.viewport_size["width"]
    play_listed(page, page.locator(".move-list .move").first)  # a move while the server is away
    page.wait_for_function("document.querySelector('#error').textContent.includes('cannot be reached')")
    assert "move was not sent" in page.inner_text("#offline")
    banner, board = page.locator("#offline").bounding_box(), page.locator("#board").bounding_box()
    assert banner["y"] + banner["height"] > 0 and banner["y"] < 800 and board["y"] < 800  # in sight, with the board
    restart()
    # no need to wait for the next try (unless it came first, while the server started: the banner is gone)
    page.evaluate("document.querySelector('#offline:not([hidden]) #offline-retry')?.click()")
    page.wait_for_selector("#connection[data-state=live]", timeout=30000)
    page.wait_for_selector("#offline", state="hidden")
    page.wait_for_function("document.querySelector('#error').textContent === ''", timeout=10000)
    assert not page.evaluate("document.body.classList.contains('disconnected')") and not page.errors, page.errors


def test_a_dropped_connection_reconnects_and_resyncs(browser, restartable):
    """The server dies under an open table (SIGKILL) and comes back: the page reconnects on its own
    and shows a move made meanwhile by the other player."""
    base, made, kill, restart = restartable
    page = new_page(browser)
    page.goto(f"{base}/t/{made['table']}#seat=1&token={made['tokens'][1]}")
    page.wait_for_selector("#connection[data-state=live]")
    kill()
    page.wait_for_selector("#connection[data-state^=reconnecting]")
    restart()
    httpx2.post(f"{base}/api/tables/{made['table']}/moves", json={"version": 0, "text": "b2"},
                headers={"Authorization": f"Bearer {made['tokens'][0]}"})
    page.wait_for_selector("#connection[data-state=live]", timeout=30000)
    page.wait_for_selector(".turn .yours", timeout=30000)  # Bo's turn now, as the server says
    assert page.locator("[data-cell='4'] .mark").text_content() == "X"


def test_a_guest_who_signs_up_keeps_the_tables_played_here_and_finds_them_on_another_device(server, browser):
    page = new_page(browser)
    against_a_bot(server, "tictactoe", page, params={})
    table = page.url.split("/t/")[1].split("#")[0]
    page.goto(server + "/")
    page.click("#account summary")
    assert page.inner_text("#account .keep-seats").strip() == "keep the table played here as a guest"
    assert page.is_checked("#account [name=keep-seats]")
    page.fill("[name=account-name]", "Guestkeeper")
    page.fill("[name=account-password]", "a long enough password")
    page.click("#account button:text('sign up')")
    page.wait_for_selector("#account a.me")
    other = new_page(browser)  # another device: the guest's table is among the account's
    other.goto(server + "/")
    other.click("#account summary")
    assert not other.locator("#account .keep-seats").count()  # nothing held here to keep
    other.fill("[name=account-name]", "guestkeeper")
    other.fill("[name=account-password]", "a long enough password")
    other.click("#account button:text('sign in')")
    other.wait_for_selector(f"#my-tables a[href*='{table}']")
    other.click(f"#my-tables a[href*='{table}']")
    wait_for_my_turn_or_the_end(other)
    assert other.locator(".move-list button.move").count()  # the seat opens with the session: its moves offered
    assert not page.errors and not other.errors
    other.context.close()
    page.context.close()


def test_sign_up_play_a_rated_game_against_a_bot_and_see_the_leaderboard_change(server, browser):
    page = lobby(browser, server, "tictactoe")
    page.wait_for_selector("#leaderboard tr")
    assert "Zoe" not in page.inner_text("#leaderboard")
    page.click("#account summary")
    page.click("h1, main")  # a tap elsewhere closes it, as a menu
    assert not page.evaluate("document.querySelector('#account details').open")
    page.click("#account summary")
    page.fill("[name=account-name]", "Zoe")
    page.fill("[name=account-password]", "a long enough password")
    page.click("#account button:text('sign up')")
    page.wait_for_selector("#account a.me")
    assert page.inner_text("#account a.me") == "Zoe" and page.is_visible("#rated-choice")
    page.check("#rated")
    page.select_option(".seat:nth-of-type(2) [name=agent]", "easy")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_function("document.querySelector('#title').textContent.includes('rated')")
    while wait_for_my_turn_or_the_end(page):
        click_a_move(page)
    page.wait_for_function("/Your rating: \\d+ ± \\d+ \\([+-]\\d+\\)/.test(document.querySelector('#rating-change')"
                           "?.textContent || '')")
    other = new_page(browser)  # another device, signed in
    other.goto(server + "/")
    other.click("#account summary")
    other.fill("[name=account-name]", "zoe")
    other.fill("[name=account-password]", "a long enough password")
    other.click("#account button:text('sign in')")
    other.wait_for_selector("#account a.me")
    other.select_option("#game", "tictactoe")
    other.wait_for_function("document.querySelector('#leaderboard tr.me')")
    row = other.inner_text("#leaderboard tr.me")
    assert "Zoe" in row and re.search(r"\b1\t", row), row  # one game played
    assert "(rated)" in other.inner_text("#my-tables")  # the table followed the account
    other.click("#my-tables a")
    other.wait_for_selector(".turn .over")
    other.goto(server + "/players/Zoe")
    other.wait_for_selector("#player-ratings tr td")
    assert "Tic-tac-toe" in other.inner_text("#player-ratings") and other.locator("#player-recent a").count() == 1
    assert "rated, against easy bot" in other.inner_text("#player-recent")
    if SCREENSHOTS:
        other.goto(server + "/")
        other.select_option("#game", "tictactoe")
        other.wait_for_selector("#leaderboard tr.me")
        other.screenshot(path=f"{SCREENSHOTS}/lobby-signed-in.png")
    assert not page.errors and not other.errors


def test_a_table_with_a_clock_shows_the_time_left_ticking_down(server, browser):
    page = lobby(browser, server, "tictactoe")
    page.select_option("#clock", "move:60")
    page.select_option("#clock-then", "lose")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".turn .clock")
    first = page.inner_text(".turn .clock")
    assert re.fullmatch(r" · (1 min 0|[1-5]?\d) s left", first.replace("\xa0", " ")), first
    page.wait_for_function(f"document.querySelector('.turn .clock').textContent !== {first!r}")
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / "clock.png"))
    assert not page.errors


def test_a_gaia_vora_rotation_is_shown_on_the_planet_before_it_is_chosen(server, browser):
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    assert any(m["struct"].get("kind") == "rotate" for m in view["legal"]), view["observation"]["prompt"]
    version = page.evaluate("document.body.dataset.version")
    page.hover(".move-list button.move:text('rotate 2')")
    page.wait_for_function("getComputedStyle(document.querySelector('.gv .content')).transform !== 'none'")
    moves = page.evaluate("[...document.querySelectorAll('.gv .content')].map((c) => c.style.transform)")
    assert moves[0] == "translate(200px, 200px)"  # N's contents two places clockwise, to E: the Sky Objects stay
    assert len(moves) == 8 and all(m.startswith("translate(") for m in moves)
    assert page.evaluate("document.querySelector('.gv').classList.contains('previewing')")  # heights of now fade
    assert page.locator(".gv .preview-note").first.is_visible() and page.locator(".gv .gv-mine").is_visible()
    assert page.locator(".gv .reach").first.is_hidden()  # the marks of where things stand now step aside
    page.mouse.move(5, 5)
    page.wait_for_function("[...document.querySelectorAll('.gv .content')].every((c) => c.style.transform === '')")
    # a button that comes to lie under a pointer at rest (the list redrawn after a bot's turn) previews nothing
    page.dispatch_event(".move-list button.move:text('rotate 2')", "mouseenter")
    page.dispatch_event(".move-list button.move:text('rotate 2')", "pointerenter")
    assert not page.evaluate("document.querySelector('.gv').classList.contains('previewing')")
    assert page.evaluate("document.body.dataset.version") == version  # looking played nothing
    assert not page.errors


def test_gaia_vora_marks_the_places_the_next_rotation_brings_under_the_moon_and_the_meteor(server, browser):
    """GV-3.1, GV-7.4, GV-8.1: a rotation of 1, 2 or 3 steps brings the place that many steps short of the Moon (N)
    under it, to be eaten at, and the one as many short of the Meteor (NE) under its tile; a place that is Water
    brings the whole Water under it (GV-2.2), and its mark says so."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    marks = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const said = (board) => [...board.querySelectorAll('.reach')]
            .map((m) => `${m.dataset.location} ${m.querySelector('text').textContent}`);
        const before = said(renderBoard(obs, { legal: [], play: () => {} }));
        obs.board.positions.find((p) => p.position === 'W').tiles = []; // its tiles gone: Water
        const after = renderBoard(obs, { legal: [], play: () => {} });
        const water = after.querySelector(".reach[data-object='moon'][data-location='W'] title");
        return [before, said(after), water.textContent];
    }""", view["observation"])
    assert sorted(marks[0]) == sorted(["NW ☾1", "W ☾2", "SW ☾3", "N ☄1", "NW ☄2", "W ☄3"]), marks
    assert sorted(marks[1]) == sorted(marks[0]), marks
    assert marks[2] == "rotate 2: the Water (at W) comes under the moon, which eats there"
    lost, moved = page.evaluate("""async (obs) => {  // the player's Life-Forms in the others' fossils: gone, said so
        const { renderBoard } = await import('/static/js/boards/index.js');
        const top = () => { // where the planet stands, drawn in the page: the words above it never move it
            document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
            return document.querySelector('#board .board-svg').getBoundingClientRect().top; };
        obs.seats[obs.viewer].public.pool = {};  // a short line, which the loss said lengthens
        const before = top(), mine = obs.seats[obs.viewer].public.colour;
        obs.seats[1 - obs.viewer].public.fossils = { [mine]: 3 };
        return [renderBoard(obs, { legal: [], play: () => {} }).querySelector('.gv-mine').textContent, top() - before];
    }""", view["observation"])
    assert abs(moved) < 1, moved
    assert "3 of yours in the others' fossils" in lost, lost
    stars = view["observation"]["seats"][view["observation"]["viewer"]]["public"]["stars"]  # GV-3.2: spent, gone
    assert f"{stars} Stars left (one pays a rotation of 1 or 3; spent, it is gone)" in lost, lost
    assert not page.errors


SEAT_0_TOKEN = "(table) => JSON.parse(localStorage.getItem('gaiatable.seats'))[table][0]"  # as the page holds it


def test_a_gaia_vora_rotation_previewed_fades_the_life_forms_it_would_cost(server, browser):
    """GV-8.1: the Moon eats after every step of a rotation. Previewed, a rotation had slid the pieces round but
    eaten nothing, and a player read the preview as safe: the pieces the server's preview of it no longer has where
    they went are faded, and the corner says how many. Live (the board as the server foresees it) and on a drawn
    board where a meal is due."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    page.hover(".move-list button.move:text('rotate 2')")
    page.wait_for_function("document.querySelector('.gv .preview-eaten').textContent")
    assert page.locator(".gv .preview-eaten").is_visible()
    table = page.url.split("/t/")[1].split("#")[0]
    rotate = next(m for m in view["legal"] if m["text"] == "rotate 2")
    after = httpx2.get(f"{server}/api/tables/{table}/preview", params={"action": rotate["id"]},
                       headers={"Authorization": f"Bearer {page.evaluate(SEAT_0_TOKEN, table)}"}).json()["board"]
    pieces = lambda board: sum(len(p["life"] or {}) for p in board["positions"]) + len(board["water"] or {})  # noqa: E731
    lost = pieces(view["observation"]["board"]) - pieces(after)  # a rotation adds no piece
    assert page.locator(".gv .life.gone").count() == lost
    drawn = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const { preview } = await import('/static/js/boards/gaia-vora.js');
        const rotate = { id: 1, text: 'rotate 2', struct: { kind: 'rotate', steps: 2 } };
        const moon = obs.board.positions.findIndex((p) => p.object === 'moon');
        const from = (moon - 1 + 8) % 8, wet = !obs.board.positions[from].tiles.length;  // two steps on: past the Moon
        if (wet) obs.board.water = { herbivore: 'red', plant: 'blue' };
        else obs.board.positions[from].life = { herbivore: 'red', plant: 'blue' };
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal: [rotate], play: () => {} }));
        const after = structuredClone(obs.board);
        after.positions.forEach((p, i) => { p.life = structuredClone(obs.board.positions[(i - 2 + 8) % 8].life); });
        delete (wet ? after.water : after.positions[(from + 2) % 8].life).plant;  // eaten on the way
        preview(rotate, true, async () => ({ board: after }));
        await new Promise((r) => setTimeout(r, 50));
        const gone = [...document.querySelectorAll('.gv .life.gone')]
            .map((e) => `${e.dataset.colour} ${e.dataset.species}`);
        const note = document.querySelector('.gv .preview-eaten').textContent;
        preview(rotate, false, async () => null);
        return [gone, note, document.querySelectorAll('.gv .life.gone').length];
    }""", view["observation"])
    assert drawn == [["blue plant"], "faded: 1 eaten", 0], drawn
    assert not page.errors


def test_gaia_vora_marks_the_players_life_forms_the_next_rotation_may_cost_them(server, browser):
    """GV-8.1, GV-8.3 to GV-8.5, GV-7.4, GV-7.6: a piece of the player's that the next rotation passes under the
    Moon (it eats after every step: 1 step short, any rotation), where a herbivore would eat its plant or a carnivore
    its herbivore, another colour's or its own (back to the pool), or brings under the Meteor on land, is ringed and
    wears a red mark saying which threat and rotations (☾1+, ☄2) and how; a piece in the Water under the Meteor,
    nothing. A player had read "☾1" as "rotate 2 is safe" and lost the piece passing under the Moon."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    found = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const mine = obs.seats[obs.viewer].public.colour, other = obs.seats[1 - obs.viewer].public.colour;
        const at = (name) => obs.board.positions.find((p) => p.position === name);
        for (const p of obs.board.positions) p.life = {};
        obs.board.water = {};
        at('NW').life = { herbivore: other, plant: mine };  // rotate 1: the Moon, another's meal
        at('W').life = { carnivore: mine, herbivore: mine, plant: other };  // rotate 2 or 3: its own carnivore
        at('SW').life = { carnivore: other, herbivore: mine };  // rotate 3: the Moon
        at('N').life = { carnivore: mine };  // rotate 1: the Meteor's tile
        const board = renderBoard(obs, { legal: [], play: () => {} });
        document.querySelector('#board').replaceChildren(board);
        board.querySelector('.gv').classList.add('previewing');  // a rotation previewed: the marks of now go
        const shown = [...board.querySelectorAll('.board-svg .at-risk, .risk-note')]
            .filter((e) => getComputedStyle(e).display !== 'none').length;
        const over = renderBoard({ ...obs, result: { winners: [0], draw: false } }, { legal: [], play: () => {} });
        // a tap on the place says it under its choices, where a phone shows no hover's title
        const tapped = renderBoard(obs, { legal: [], play: () => {} });
        tapped.querySelector(".location[data-location='NW']").dispatchEvent(new MouseEvent('click'));
        const said = tapped.querySelector('.choices .why')?.textContent;
        const marks = [...board.querySelectorAll('.board-svg .at-risk text')].map((t) => t.textContent).sort();
        return [[...board.querySelectorAll('.board-svg .at-risk title')].map((t) => t.textContent).sort(),
            board.querySelector('.risk-note')?.textContent, shown, over.querySelectorAll('.board-svg .at-risk').length,
            said, marks, board.querySelectorAll('.board-svg circle.at-risk').length];
    }""", view["observation"])
    assert found[2] == 0 and found[3] == 0  # nor once the game is over
    other = view["observation"]["seats"][1 - view["observation"]["viewer"]]["public"]["colour"]
    meteor = "brings it under the Meteor: a tile dropped there kills it"
    assert found[0] == sorted([  # a badge a place, its title piece by piece
        f"☄1 your carnivore here: rotate 1 {meteor}.",  # N
        f"☾1+ ☄2 your plant here: rotate 1 or more passes it under the Moon: {other}'s herbivore eats it; "
        f"rotate 2 {meteor}.",  # NW
        f"☾2+ ☄3 your herbivore here: rotate 2 or more passes it under the Moon: your own carnivore eats it, back to "
        f"your pool; rotate 3 {meteor}. ☄3 your carnivore here: rotate 3 {meteor}.",  # W
        f"☾3 your herbivore here: rotate 3 brings it under the Moon: {other}'s carnivore eats it.",  # SW
    ]), found
    assert found[5] == sorted(["☄1", "☾1+ ☄2", "☾2+ ☄3", "☾3"]) and found[6] == 5  # five pieces ringed
    assert found[1] == "5 of yours at risk from the next rotation (red marks)"
    assert found[4] == found[0][1]  # a tap on NW says it under the choices
    assert not page.errors


def test_a_place_tapped_on_a_phone_stays_in_sight_above_the_choices_it_opens(server, browser):
    """On a phone the choices open in the dock at the screen's foot and grow it: the place tapped, low on the
    screen, is brought up clear of them (the chooser had covered Gaia-Vora's S, SE and SW)."""
    page = new_page(browser, phone=True)
    against_a_bot(server, "gaia-vora", page)
    for move in ("rotate 2", "rainbow"):  # to the Rainbow's placements (by SE): a place offers rows of pieces
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(f".move-list button.move:text-is('{move}')"))
        try:  # asked, and slower than play_listed waits for
            page.locator(f"#choices button.move:text-is('confirm: {move}')").click(timeout=3000)
        except sync_api.TimeoutError:
            pass  # confirmed already
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        wait_for_my_turn_or_the_end(page)
    south = next(name for name in ("S", "SE", "SW")
                 if page.locator(f".location.target[data-location='{name}']").count())
    place = f".location[data-location='{south}']"
    bottom = f"(() => {{ const r = document.querySelector(\"{place}\").getBoundingClientRect();" \
        " return r.bottom - document.querySelector('.dock').getBoundingClientRect().top; })()"
    assert page.evaluate(bottom) < 0  # in sight above the folded dock
    page.locator(place).click()
    page.wait_for_selector(".choices .move")
    page.wait_for_function(f"{bottom} <= -7", timeout=3000)  # and clear of the grown one, its name and height too
    assert not page.errors

@pytest.mark.parametrize("phone", [False, True])
def test_gaia_vora_life_forms_stand_above_a_tall_stack_of_tiles(server, browser, phone):
    """A place's Life-Forms stood at one height whatever its stack, so on three or four tiles (GV-7.3: one of each
    kind at most) they lay over the top tile. They stand above it, however tall, on a phone's larger pieces too."""
    page = new_page(browser, phone=phone)
    view = against_a_bot(server, "gaia-vora", page)
    clear = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const stacks = { N: ['stone'], E: ['stone', 'sand', 'snow'], W: ['stone', 'sand', 'snow', 'grass'] };
        const life = { carnivore: 'white', herbivore: 'blue', plant: 'green' };
        for (const [name, tiles] of Object.entries(stacks)) {
            Object.assign(obs.board.positions.find((p) => p.position === name), { tiles, life });
        }
        const d = document.createElement('div');
        document.body.prepend(d);
        d.replaceChildren(renderBoard(obs, { legal: [], play: () => {} }));
        const tops = (name, q, side) => [...d.querySelectorAll(`.location[data-location='${name}'] ${q}`)]
            .map((e) => e.getBoundingClientRect()[side]);
        return Object.keys(stacks).map((name) => Math.min(...tops(name, '.content > rect:not(.life)', 'top'))
            - Math.max(...tops(name, '.life', 'bottom')));
    }""", view["observation"])
    assert all(gap >= 0 for gap in clear), clear  # the top tile's top below the pieces' feet
    assert not page.errors

def test_a_gaia_vora_rotation_being_confirmed_is_shown_until_it_is_played_or_cancelled(server, browser):
    """A rotation waiting for its confirmation is previewed on the planet the whole time, wherever the
    pointer goes (nothing hovers on a phone), and a cancel turns the planet back."""
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    page.click(".move-list button.move:text('rotate 2')")
    page.wait_for_selector("#choices button.move:text('confirm: rotate 2')")
    page.mouse.move(5, 5)  # off the button it was chosen with
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('.gv').classList.contains('previewing')")
    assert page.evaluate("document.querySelector('.gv .content').style.transform") == "translate(200px, 200px)"
    page.click("#choices .cancel")
    page.wait_for_function("!document.querySelector('.gv').classList.contains('previewing')")
    assert page.evaluate("[...document.querySelectorAll('.gv .content')].every((c) => c.style.transform === '')")
    assert not page.errors


def test_a_move_that_starts_a_contest_says_so_before_it_is_confirmed(server, browser):
    """Earth: Our Home, both seats played here (through the API until a placement would start a survival
    contest), then the board: the click names the move and what it would bring about, above its confirm button,
    and asks first even where the player has clicks play at once (EO-4.1)."""
    made = httpx2.post(server + "/api/tables", json={"game": "earth-our-home", "params": {"players": 2}, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    table, tokens = made["table"], made["tokens"]
    for _ in range(60):
        token = tokens[httpx2.get(f"{server}/api/tables/{table}").json()["observation"]["to_move"]]
        view = httpx2.get(f"{server}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json()
        fight = next((m for m in view["legal"] if "contest" in " ".join(httpx2.get(
            f"{server}/api/tables/{table}/preview", params={"action": m["id"]},
            headers={"Authorization": f"Bearer {token}"}).json()["log"])), None)
        if fight:
            break
        httpx2.post(f"{server}/api/tables/{table}/moves", headers={"Authorization": f"Bearer {token}"},
                    json={"version": view["version"], "action": view["legal"][-1]["id"]})
    else:
        raise AssertionError("no contest within 60 placements")
    page = new_page(browser)
    page.goto(f"{server}/t/{table}#seat={tokens.index(token)}&token={token}")
    page.evaluate("localStorage.setItem('gaiatable.ask', 'off')")  # clicks play at once: but not this one
    page.reload()
    wait_for_my_turn_or_the_end(page)
    version = page.evaluate("document.body.dataset.version")
    page.locator(f".habitat[data-habitat='{fight['struct']['habitat']}']").first.click()
    page.wait_for_function("document.querySelector('.choices .consequence')?.textContent.includes('survival contest')")
    assert page.evaluate("document.body.dataset.version") == version  # nothing played yet
    assert "is full: one more counter starts a survival contest" in page.inner_text(".choices .warn")  # EO-4.1
    # read before the confirm button, and in sight in the dock: below it, they lay under "more moves below"
    placed = page.evaluate("""(() => {
        const top = (q) => document.querySelector(q).getBoundingClientRect(), dock = top('.dock');
        const confirm = top('.choices button.move');
        return ['.choices .warn', '.choices .consequence'].map((q) => { const r = top(q);
            return r.bottom <= confirm.top + 1 && r.top >= dock.top - 1 && r.bottom <= dock.bottom + 1; }); })()""")
    assert placed == [True, True], placed
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / "earth-our-home-contest.png"))
    page.locator(".choices .move").filter(has_text=re.compile(rf"(^|: ){re.escape(fight['text'])}$")).click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert "Survival contest at" in page.inner_text("#last-text")  # the dock says what the move brought about
    other = 1 - tokens.index(token)  # the other player, looking next, finds the contest's habitat marked
    watcher = new_page(browser)
    watcher.goto(f"{server}/t/{table}#seat={other}&token={tokens[other]}")
    watcher.wait_for_selector(f".habitat.contested[data-habitat='{fight['struct']['habitat']}']")
    assert not page.errors and not watcher.errors


def test_how_to_play_folds_once_the_first_game_has_three_of_the_players_moves(server, browser):
    """Open for a first game, it then folds (the look-up and the log come up under the moves); reopened, it stays."""
    page = new_page(browser)
    against_a_bot(server, "tictactoe", page, params={})
    page.wait_for_function("document.querySelector('#how').open")
    for _ in range(2):
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
    assert page.evaluate("document.querySelector('#how').open")
    click_a_move(page)
    page.wait_for_function("!document.querySelector('#how').open")
    page.evaluate("document.querySelector('#how').open = true")
    if wait_for_my_turn_or_the_end(page):
        click_a_move(page)
    assert page.evaluate("document.querySelector('#how').open") and not page.errors
    against_a_bot(server, "gaia-vora", page)  # a turn of several decisions (rotate, a Sky Object, placings) counts once
    for _ in range(4):
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
    assert page.evaluate("document.querySelector('#how').open") and not page.errors


def test_how_to_play_opens_the_first_time_a_browser_plays_a_game(server, browser):
    page = new_page(browser)
    against_a_bot(server, "planit", page)
    page.wait_for_function("document.querySelector('#how-text').textContent.length > 80")
    assert page.evaluate("document.querySelector('#how').open")
    assert page.locator("#how-text li").count() > 3  # a sentence a line, not one wall of words
    # each with the numbers of the rules it rests on set apart at its end, where a number cited elsewhere is found
    rules = page.locator("#how-text .clauses").all_inner_texts()
    assert rules and all(re.fullmatch(r"PL-[\d.]+(, PL-[\d.]+)*", r.strip()) for r in rules), rules
    assert not re.search(r"PL-\d", page.evaluate("""[...document.querySelectorAll('#how-text li')].map((li) =>
        li.firstChild.textContent).join(' ')"""))
    planetarium = next(g["how_to_play"] for g in httpx2.get(server + "/api/games").json() if g["name"] == "planetarium")
    said = page.evaluate("""async (doc) => (await import('/static/js/api.js')).howToPlay(doc).map((li) =>
        li.textContent).join(' ')""", planetarium)
    assert "II-5 is space 5 of orbit II" in said and "VII-1.3 is step 3" in said  # a space's name is not a rule's
    steps = page.locator("#first-steps li").all_inner_texts()  # and above them, a first game step by step
    assert len(steps) >= 3 and "Tap a card of your hand" in " ".join(steps), steps
    page.reload()
    page.wait_for_function("document.querySelector('#how-text').textContent.length > 80")
    assert not page.evaluate("document.querySelector('#how').open")  # the second time, folded
    page.fill("#lookup-name", "rules")
    page.click("#lookup button")
    page.wait_for_function("document.querySelector('#lookup-text').textContent.includes('Plants')")
    page.fill("#lookup-name", "pl-2.1")  # a rule by the number a refusal gives: its words, its number kept
    page.click("#lookup button")
    page.wait_for_function("document.querySelector('#lookup-text').textContent.startsWith('Rule PL-2.1: ')")
    page.fill("#lookup-name", "Ask before  playing")  # the page's own control, as its label says it
    page.click("#lookup button")
    page.wait_for_function("document.querySelector('#lookup-text').textContent.startsWith('Ask before playing (')")
    assert not page.errors


def test_the_place_a_meteors_tile_lands_on_is_marked_and_offers_the_tiles(server, browser):
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    for move in ("rotate 2", "meteor"):  # through the page: rotate, then activate the Meteor
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(f".move-list button.move:text-is('{move}')"))
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    landing = page.locator(".gv .location.target[aria-label*=\"the Meteor's tile lands here\"]")
    assert landing.count() == 1, page.inner_text(".turn")
    landing.click()
    offered = page.locator(".choices button.move").all_inner_texts()
    assert {"drop snow", "drop grass"} & set(offered), offered
    assert "onto" in page.inner_text(".turn")  # the prompt says where it falls
    assert not page.errors


def test_a_tile_left_in_the_supply_that_may_not_land_says_why_where_the_meteor_falls(server, browser):
    """GV-7.3: a stack never holds two tiles of a kind; Grass still in the supply but not offered under the
    Meteor says so there, in the rules' words, rather than leave the player to guess."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const positions = obs.board.positions.map((p, i) => ({ ...p, object: i === 0 ? 'meteor' : null }));
        const board = { ...obs.board, positions, supply: { snow: 2, grass: 3 } };
        const reason = 'the stack under the Meteor already has a grass tile';
        const why = async (text) => ({ legal: false, reason, clause: 'GV-7.3' });
        const legal = [{ id: 7, text: 'drop snow', struct: { kind: 'drop', tile: 'snow' } }];
        const drawn = renderBoard({ ...obs, board }, { legal, play: () => {}, why });
        document.querySelector('#board').replaceChildren(drawn);
        const place = `#board .location[data-location='${positions[0].position}']`;
        document.querySelector(place).dispatchEvent(new MouseEvent('click'));
        await new Promise((done) => setTimeout(done, 50));
        return document.querySelector('#board .choices .why').textContent;
    }""", view["observation"])
    assert said == 'Not "drop grass": the stack under the Meteor already has a grass tile (rule GV-7.3).'
    # a Sky Object not offered among the others says why when clicked, rather than do nothing (GV-4.3)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const positions = obs.board.positions.map((p, i) => ({ ...p, object: ['meteor', 'moon', 'sun'][i] ?? null }));
        const why = async (text) => ({ legal: false, reason: 'no tile can land there', clause: 'GV-4.3' });
        const legal = [{ id: 3, text: 'sun', struct: { kind: 'activate', object: 'sun' } }];
        const drawn = renderBoard({ ...obs, board: { ...obs.board, positions } }, { legal, play: () => {}, why });
        document.querySelector('#board').replaceChildren(drawn);
        const said = [...document.querySelectorAll('#board .sky .sky-name')].map((el) => el.textContent);
        for (const object of ['meteor', 'moon']) {  // the Moon, never a choice, says what it does instead
            document.querySelector(`#board .sky[data-object='${object}']`).dispatchEvent(new MouseEvent('click'));
            await new Promise((done) => setTimeout(done, 50));
            said.push(document.querySelector('#board .choices .why').textContent);
        }
        return said;
    }""", view["observation"])
    assert said[:3] == ["meteor (not now)", "moon", "sun"]  # dimmed and said on the board: it had just vanished
    assert said[3] == 'Not "meteor": no tile can land there (rule GV-4.3).'
    assert said[4].startswith("The Moon is never chosen (rule GV-4.1). It makes the Life-Forms beneath it eat")
    assert not page.errors


def test_a_gaia_vora_place_offers_its_life_forms_as_pieces_a_row_per_species(server, browser):
    """GV-6: the Rainbow places a Life-Form of any colour at a place: the place's twelve moves are drawn as the
    pieces they place, a row per species, each button named by its move's whole text."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    rows = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const place = (species, colour, id) => ({ id, text: `place ${colour} ${species} N`,
            struct: { kind: 'place', colour, species, location: 'N' } });
        const legal = ['carnivore', 'herbivore', 'plant'].flatMap((sp, i) =>
            ['yellow', 'green', 'white', 'blue'].map((c, j) => place(sp, c, 4 * i + j)));
        const played = [];
        document.querySelector('#board').replaceChildren(renderBoard(obs, { legal, play: (id) => played.push(id) }));
        document.querySelector("#board .location[data-location='N']")
            .dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return [...document.querySelectorAll('#board .choices .choice-row')].map((row) => [
            row.querySelector('.choice-row-name').textContent,
            [...row.querySelectorAll('button.move')].map((b) => [b.getAttribute('aria-label'), b.textContent.trim(),
                b.querySelector('svg [data-species]')?.dataset.species])]);
    }""", view["observation"])
    assert [name for name, _ in rows] == ["carnivore:", "herbivore:", "plant:"]
    assert rows[1][1] == [[f"place {c} herbivore N", c, "herbivore"] for c in ("yellow", "green", "white", "blue")]
    assert not page.errors


def test_a_gaia_vora_place_without_tiles_says_it_is_part_of_the_water(server, browser):
    """GV-2.2: a position whose tiles have all left is Water, one location with the centre: it says so where
    a height would stand."""
    page = new_page(browser)
    view = against_a_bot(server, "gaia-vora", page)
    said = page.evaluate("""async (obs) => {
        const { renderBoard } = await import('/static/js/boards/index.js');
        const positions = obs.board.positions.map((p, i) => (i === 0 ? { ...p, tiles: [], height: 0 } : p));
        document.querySelector('#board').replaceChildren(renderBoard({ ...obs, board: { ...obs.board, positions } },
            { legal: [], play: () => {} }));
        return [...document.querySelectorAll('#board .location .height')].map((t) => t.textContent);
    }""", view["observation"])
    assert said[0] == "part of the Water" and all(t.startswith("height ") for t in said[1:]), said
    assert not page.errors


def test_a_player_may_play_a_board_click_at_once_instead_of_confirming_it(server, browser):
    page = new_page(browser)
    against_a_bot(server, "earth-our-home", page)
    assert page.is_checked("#ask")  # asking first is the default
    page.uncheck("#ask")
    version = page.evaluate("document.body.dataset.version")
    target = page.locator(".habitat.target").first
    target.click()  # one move at that habitat: played without a confirmation
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator("#last:not([hidden])").count() == 1  # and the dock offers its undo
    page.reload()
    wait_for_my_turn_or_the_end(page)
    assert not page.is_checked("#ask")  # the browser remembers
    assert not page.errors


def test_a_confirmation_offers_to_stop_asking_where_the_player_is_asked(server, browser):
    """Each "confirm" offers "from now on, play a click at once": ticked, the next board click plays at once,
    as turning "ask before playing" off does (on a phone that switch is far below the board)."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    against_a_bot(server, "earth-our-home", page)
    page.locator(".habitat.target").first.click()
    assert page.locator("#choices button.move").inner_text().startswith("confirm: ")
    page.check("#choices .at-once input")
    assert not page.is_checked("#ask")
    version = page.evaluate("document.body.dataset.version")
    page.click("#choices button.move")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    wait_for_my_turn_or_the_end(page)
    version = page.evaluate("document.body.dataset.version")
    page.locator(".habitat.target").first.click()  # no confirmation now
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert not page.errors


def test_a_listed_move_asks_before_playing_as_a_board_click_does(server, browser):
    """With "ask before playing" on (the default), a move chosen from the list is offered to confirm, its
    button saying what it does; cancel plays nothing; "from now on, play a click at once" ticked there (as on the
    board's confirm) turns asking off, and the list plays at once."""
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    version = page.evaluate("document.body.dataset.version")
    page.locator(".move-list button.move:text-is('rotate 2')").click()
    assert page.locator("#choices button.move").all_inner_texts() == ["confirm: rotate 2"]
    page.click("#choices .cancel")
    assert page.evaluate("document.body.dataset.version") == version  # nothing played
    page.locator(".move-list button.move:text-is('rotate 2')").click()  # the list's confirm offers to stop asking too
    page.check("#choices .at-once input")
    assert not page.is_checked("#ask")
    page.click("#choices .cancel")
    page.locator(".move-list button.move:text-is('rotate 2')").click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert not page.errors


def test_on_a_phone_the_fold_hint_names_the_hand_where_only_cards_are_played(server, browser):
    """Planetarium's first decision, a Final to discard, is a tap on a card below the board: "Tap the board"
    had sent the player to the wrong place."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    view = against_a_bot(server, "planetarium", page)
    assert page.evaluate("[...document.querySelectorAll('#board [data-moves]')].every((e) => e.closest('.card-face'))")
    kind = view["legal"][0]["struct"]["kind"]
    said = f"Tap a card in your hand for {kind} ({len(view['legal'])}), or see all moves."
    assert page.inner_text(".fold-hint") == said
    # Phanerozoic's draft is a tap on a card in the middle, not in the hand
    against_a_bot(server, "phanerozoic", page)
    for _ in range(6):  # each seat's secret choice first (PH-2.3), then the draft
        if "for draft" in page.inner_text(".dock"):
            break
        version = page.evaluate("document.body.dataset.version")
        play_listed(page, page.locator(".move-list .move").first)
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}' && document.querySelector('.turn .yours')")
    assert page.inner_text(".fold-hint").startswith("Tap a card for draft ("), page.inner_text(".fold-hint")
    page.context.close()


def test_on_a_phone_the_dock_folds_to_the_prompt_and_a_board_clicks_choices(server, browser):
    """A phone starts each turn folded: the prompt over the board and only the moves the board cannot offer (the
    first of a list had read as a suggestion); "all moves" unfolds the rest until the next move. A board click's
    choices take the list's place."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    against_a_bot(server, "gaia-vora", page)
    dock = page.locator(".dock")
    folded = dock.bounding_box()["height"]
    assert folded < 844 / 4 and "all moves" in page.inner_text("#fold")
    assert page.locator("#turn .yours").is_visible() and page.locator(".fold-hint").is_visible()
    shown = page.locator("#moves button.move:visible")
    assert shown.count() == page.locator("#moves button.move:not(.on-board)").count() < page.locator(
        "#moves button.move").count()  # the board offers every rotation and placing
    page.click("#fold")
    assert dock.bounding_box()["height"] >= folded and page.inner_text("#fold") == "▾ fewer"
    assert page.locator("#moves button.move.on-board").first.is_visible()
    other = page.context.new_page()  # Planetarium's Finals to keep lie in the hand below the board: the prompt
    against_a_bot(server, "planetarium", other)  # leads there, and the list names none of them
    assert other.locator("#turn .to-hand").is_visible() and other.locator("#moves button.move:visible").count() == 0
    other.click("#turn .to-hand")
    assert in_view(other, "[data-part='your hand'] .target >> nth=0")
    against_a_bot(server, "earth-our-home", other)  # habitats below the screen's foot are the map's: none listed
    assert other.locator("#moves button.move").count() > 0 and other.locator("#moves button.move:visible").count() == 0
    against_a_bot(server, "planit", other)  # a hand named by its seat is led to too, unless its first card is in sight
    led = other.locator("#turn .to-hand").is_visible() or in_view(other, "[data-part='hand 0'] .card-face >> nth=0")
    assert led and other.locator("#moves button.move:visible").count() == 0
    other.close()
    page.click("#fold")
    page.locator(".board-svg [data-location='water']").click()  # a board click's choices still show
    assert page.locator("#choices .move").count() == 3 and page.locator("#choices .move").first.is_visible()
    assert page.locator("#moves").is_hidden()  # in the list's place
    page.click("#fold")
    assert page.inner_text("#fold") == "▾ fewer"
    page.keyboard.press("Escape")
    version = page.evaluate("document.body.dataset.version")
    page.fill("#typed-move", "rotate 2")  # a whole move typed is played
    page.press("#typed-move", "Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    wait_for_my_turn_or_the_end(page)
    assert "all moves" in page.inner_text("#fold")  # the next turn starts folded again
    hint = page.inner_text(".fold-hint")  # the board once used, its hint is the kinds it offers, no more
    assert hint.startswith("Tap the board for ") and "to play" not in hint
    against_a_bot(server, "tictactoe", page, params={})  # played to its end: no moves left to fold away
    while wait_for_my_turn_or_the_end(page):
        click_a_move(page)
    assert page.locator("#fold").is_hidden()


def test_gaia_vora_says_who_its_bots_are_and_earth_our_home_which_genus_is_not_here(server, browser):
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    assert "a Bot cannot win" in page.locator(".gv").inner_text()
    for _ in range(40):  # a table whose deal gave a gene the symbol of a genus nobody plays
        made = httpx2.post(server + "/api/tables", json={"game": "earth-our-home", "params": {"players": 2}, "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
        seats = httpx2.get(f"{server}/api/tables/{made['table']}").json()["observation"]["seats"]
        genes = [g for seat in seats for g in seat["public"]["genes"]]
        absent = [m[1] for g in genes if (m := re.search(r"\+2 instead if held by (\w+ \w+)", g))
                  and m[1] not in {seat["name"] for seat in seats}]
        if absent:
            break
    assert absent, "no deal named an absent genus in 40 tables"
    page = new_page(browser)
    page.goto(f"{server}/t/{made['table']}#seat=0&token={made['tokens'][0]}")
    page.wait_for_selector(".eoh .seat-table")
    said = page.locator(".eoh .seat-table").inner_text()  # EO-2.3: a bonus nobody here can have is not offered
    assert f"(+1 anywhere; its +2 would be for {absent[0]}, not at this table)" in said, said
    assert f"held by {absent[0]}" not in said, said


def test_the_planet_is_seen_turning_when_a_bot_rotated_it(server, browser):
    """Gaia-Vora: after the bot's turn, what lies on each place slides round from where it was (its rotation,
    GV-3.1), so the player sees the planet turn instead of finding everything moved."""
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    mine = page.evaluate("document.body.dataset.version")
    while True:  # play this turn through; the bot then plays its own, a rotation first
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
        rotated = page.evaluate("""[...document.querySelectorAll('#log li')].some((li) =>
            /rotate [123]/.test(li.textContent) && li.querySelector('.actor')?.textContent === 'green')""")
        if rotated:
            break
        assert page.evaluate("document.body.dataset.version") != mine
    assert page.evaluate("document.body.dataset.turned")  # the bot's rotation was played out on the board
    assert not page.errors


def test_the_bots_placements_are_numbered_where_they_went(server, browser):
    """Gaia-Vora: the Life-Forms the bot placed since the player's last move are numbered in order on the
    places they went to (its rotation came first, GV-3.1, so each is where its move names it)."""
    page = new_page(browser)
    against_a_bot(server, "gaia-vora", page)
    for _ in range(12):  # until the bot's last turn placed something
        click_a_move(page)
        wait_for_my_turn_or_the_end(page)
        placed = page.evaluate("""[...document.querySelectorAll('#log li.fresh')].reverse()
            .filter((li) => li.querySelector('.actor')?.textContent === 'green')
            .map((li) => /place \\S+ \\S+ (\\S+)$/.exec(li.textContent)?.[1]).filter(Boolean)""")
        if placed:
            break
    else:
        pytest.fail("the bot placed nothing in 12 turns")
    numbered = page.evaluate("""[...document.querySelectorAll('.board-svg .laid-order')]
        .map((b) => [b.dataset.location, b.textContent])""")
    said = {(int(n), where) for where, words in numbered for n in words.split("·")}
    assert said == {(n + 1, where) for n, where in enumerate(placed)}, (numbered, placed)
    assert not page.errors


def phanerozoic_until(server, browser, found, prefer: str = "", phone: bool = False):
    """A two-seat Phanerozoic table played through the API (each seat's first legal move of the kind `prefer`,
    else its first) until `found(view)` names something; then the page of the seat to move, and what was found
    and the view. A game that ends first is followed by another, up to four."""
    def new_table():
        made = httpx2.post(server + "/api/tables", json={"game": "phanerozoic", "params": {"players": 2}, "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
        return made["table"], made["tokens"]

    table, tokens = new_table()
    for _ in range(1200):
        token = tokens[httpx2.get(f"{server}/api/tables/{table}").json()["observation"]["to_move"]]
        view = httpx2.get(f"{server}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json()
        what = found(view)
        if what:
            break
        if not view["legal"]:
            table, tokens = new_table()
            continue
        move = next((m for m in view["legal"] if m["struct"]["kind"] == prefer), view["legal"][0])
        httpx2.post(f"{server}/api/tables/{table}/moves", headers={"Authorization": f"Bearer {token}"},
                    json={"version": view["version"], "action": move["id"]})
    else:
        raise AssertionError("not found within 1200 decisions")
    page = new_page(browser, phone=phone)
    page.goto(f"{server}/t/{table}#seat={tokens.index(token)}&token={token}")
    wait_for_my_turn_or_the_end(page)
    return page, what, view


def test_a_phanerozoic_discard_bonus_previews_what_it_does_to_the_population_and_this_rounds_nature(server, browser):
    """PH-3.3, PH-7: a chosen card's use shows nothing the table does not, so its confirmation says what it brings
    about, as in a game without secrets: the bonus's +2 and each card whose end of this round's nature changes."""
    def bonus(view):
        return view["previews"] and [m["text"] for m in view["legal"] if m["struct"]["kind"] == "target"]

    page, targets, view = phanerozoic_until(server, browser, bonus, prefer="discard")
    assert "discard bonus" in view["observation"]["prompt"]
    page.locator(".board .card-face.target").first.click()
    said = page.locator("#choices .consequence")
    page.wait_for_function("document.querySelector('#choices .consequence')?.textContent.startsWith('This move: ')")
    assert re.search(r"\+[12]: population \d", said.inner_text()), said.inner_text()
    assert not page.errors


def test_on_a_phone_a_phanerozoic_round_starts_with_the_living_cards_in_sight(server, browser):
    """PH-2.3, PH-7: at a round's start a phone showed the goals and last round's nature (told under the prompt
    too), the living cards below the screen's foot: the nature folds, and the living cards come before the goals."""
    def second_round(view):
        obs = view["observation"]
        return obs["phase"] == "choose" and obs["board"]["round"] == 2

    page, _, _ = phanerozoic_until(server, browser, second_round, phone=True)
    assert page.locator(".ph details.nature").count() and not page.evaluate(
        "document.querySelector('.ph details.nature').open")
    plants = page.locator("[data-part='plants']").bounding_box()
    dock = page.locator(".dock").bounding_box()
    assert plants["y"] + 80 < dock["y"], (plants, dock)  # its first card's name and population in sight
    assert not page.errors


def test_on_a_phone_one_plant_and_one_animal_stand_side_by_side_and_the_goals_come_up_in_sight(server, browser):
    """At the first round a phone drew Algae and Trilobita each on a row of its own, half of it empty, and the goals
    under the screen's foot: a part of one living card takes half the width, beside the next."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    against_a_bot(server, "phanerozoic", page)
    plants, animals = (page.locator(f".ph [data-part='{part}']").bounding_box() for part in ("plants", "animals"))
    assert plants["y"] == animals["y"] and plants["x"] + plants["width"] <= animals["x"], (plants, animals)
    assert animals["x"] + animals["width"] <= 390
    goals, dock = page.locator(".ph [data-part='your goals']").bounding_box(), page.locator(".dock").bounding_box()
    assert goals["y"] + 60 < dock["y"], (goals, dock)  # the goals' names in sight above the dock
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def test_on_a_phone_a_planit_card_shows_its_odds_once_tapped(server, browser):
    """A phone's hand ran two screens below the planet with every card's chart odds: they show on the card tapped
    (chosen), as the look-up says them; a desk shows them on every card."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    against_a_bot(server, "planit", page, params={"players": 2})
    cards = page.locator("[data-part='hand 0'] .card-face")
    assert cards.count() >= 4 and not page.locator("[data-part='hand 0'] .card-notes:visible").count()
    playable = page.locator("[data-part='hand 0'] .card-face:not(.discard-only)").first
    playable.tap()
    assert playable.locator(".card-notes").is_visible() and "chart" in playable.locator(".card-notes").inner_text()
    page.context.close()
    desk = new_page(browser)
    against_a_bot(server, "planit", desk, params={"players": 2})
    assert desk.locator("[data-part='hand 0'] .card-face .card-notes").first.is_visible()


def test_the_new_tables_seats_stand_in_columns_at_desk_and_phone_size(server, browser):
    """Planit's "Thalassa" is wider than "Terra": its row's choices stood out of line with the first's. Each seat's
    choices start at one x; on a phone the bot (or the name) goes under the seat's kind, the page its width."""
    page = lobby(browser, server, "planit")
    page.wait_for_function("document.querySelectorAll('.seat').length === 2")
    lefts = page.evaluate("[...document.querySelectorAll('.seat')].map((r) => r.querySelector('[name=kind]')"
                          ".getBoundingClientRect().left)")
    assert len(set(lefts)) == 1, lefts
    page.select_option("[name=param-players]", "3")
    page.wait_for_function("document.querySelectorAll('.seat').length === 3")
    page.select_option(".seat:nth-of-type(2) [name=kind]", "open")  # neither a bot nor a name: the next row holds
    lefts = page.evaluate("[...document.querySelectorAll('.seat')].map((r) => r.querySelector('[name=kind]')"
                          ".getBoundingClientRect().left)")
    assert len(set(lefts)) == 1, lefts
    page.set_viewport_size({"width": 390, "height": 844})
    kind, agent = (page.locator(f".seat:nth-of-type(3) [name={n}]").bounding_box() for n in ("kind", "agent"))
    assert agent["y"] > kind["y"] and agent["x"] == kind["x"], (kind, agent)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_anothers_turn_reads_the_rules_prompt_as_theirs_not_yours(server, browser):
    """PH-3.1: "standard bot's move: keep, discard or play one of your chosen cards" read as if they were the
    viewer's cards: another's prompt says "their"."""
    def acting(view):
        obs = view["observation"]
        return obs["phase"] == "action" and obs["to_move"] == 1 and "your" in obs["prompt"]

    page, _, view = phanerozoic_until(server, browser, acting)
    table = page.url.split("/t/")[1].split("#")[0]
    page.context.close()
    watcher = new_page(browser)  # the table watched: Bo is to move
    watcher.goto(f"{server}/t/{table}")
    watcher.wait_for_selector("#turn strong")
    said = watcher.inner_text("#turn strong")
    rules = view["observation"]["prompt"].split(" (")[0]  # then the turns left, by name
    assert f"Bo's move: {rules.replace('your', 'their')} (the actions left, in turn: Bo, Ann" in said, said
    assert " your " not in said, said
    assert not watcher.errors


def test_a_card_that_cannot_be_played_says_what_forbids_it(server, browser):
    """Phanerozoic: a chosen card offers only keep and discard when its requirements are not met; a click on
    it says why (the rule, as typing 'play …' would), and plays nothing."""
    def stuck(view):
        kinds = {}
        for m in view["legal"]:
            kinds.setdefault(m["struct"].get("card"), set()).add(m["struct"]["kind"])
        return [card for card, k in kinds.items() if {"keep", "discard"} <= k and "play" not in k]

    page, cards, view = phanerozoic_until(server, browser, stuck)
    page.locator(f".card-face.target[data-card='{cards[0]}']").first.click()
    page.wait_for_selector("#choices .why")
    assert "Not \"play" in page.inner_text("#choices .why")
    assert page.evaluate("document.body.dataset.version") == str(view["version"]) and not page.errors


def test_a_living_card_a_mutation_cannot_take_says_why(server, browser):
    """PH-4.3 and the like: while a mutation or an event picks its target, a click on a living card it may
    not take says what forbids it ('already shows the icon'), and plays nothing."""
    def untargetable(view):
        if not any(m["struct"]["kind"] == "target" for m in view["legal"]):
            return None
        taken = {m["struct"].get("card") for m in view["legal"]}
        board = view["observation"]["board"]
        # (a card whose tucked mutation is a target, Genetic Drift's, is clicked for that mutation instead)
        living = {number(live["card"]) for live in board["plants"] + board["animals"]
                  if not {number(m) for m in live["mutations"]} & taken}
        return sorted(living - taken)

    page, cards, view = phanerozoic_until(server, browser, untargetable, prefer="play")
    page.locator(f".card-face.explains[data-card='{cards[0]}']").first.click()
    page.wait_for_selector("#choices .why")
    said = page.inner_text("#choices .why")  # 'Not "target Algae (2)": … (rule PH-5.5).'
    assert re.fullmatch(r'Not "target [^"]+": [^\']+ \(rule PH-[\d.]+\)\.', said), said
    assert page.evaluate("document.body.dataset.version") == str(view["version"]) and not page.errors


def test_the_players_own_rotation_is_seen_turning_too(server, browser):
    page = new_page(browser)
    page.on("console", lambda m: print("CONSOLE", m.text[:200]))
    against_a_bot(server, "gaia-vora", page)
    version = page.evaluate("document.body.dataset.version")
    play_listed(page, page.locator(".move-list button.move:text-is('rotate 2')"))
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.evaluate("document.body.dataset.turned") == "2"  # played out: two places round
    page.wait_for_function("[...document.querySelectorAll('.gv .content')]"
                           ".some((c) => c.style.transition.includes('0.9s'))")
    assert not page.errors


@pytest.mark.parametrize("game", ["planetarium"])
def test_fine_boards_start_larger_on_a_phone_panned_from_the_centre(server, browser, game):
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    against_a_bot(server, game, page)
    assert page.inner_text("#zoom-at") == "150%"
    frame = page.locator("#board .board-frame")
    page.wait_for_function("document.querySelector('#board .board-frame').scrollLeft > 0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not scroll
    assert frame.evaluate("(f) => f.scrollWidth > f.clientWidth") and not page.errors
    # only the picture pans: the hand, the key and the mat beside it stay whole in the page's width
    for part in page.locator(".board-inner .key, [data-part]").all():
        box = part.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, part.inner_text()[:40]
    frame.evaluate("(f) => { f.scrollLeft = 40; }")
    page.click("#ask")  # the board is drawn again: the player's pan stays where it was
    page.click("#ask")
    assert page.locator("#board .board-frame").evaluate("(f) => f.scrollLeft") == 40


def test_on_a_phone_what_you_played_takes_one_line_and_a_tap_shows_it_whole(server, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    against_a_bot(server, "earth-our-home", page)
    click_a_move(page)
    wait_for_my_turn_or_the_end(page)
    said = page.locator("#last-text")
    assert said.evaluate("(e) => getComputedStyle(e).whiteSpace") == "nowrap"
    said.tap()
    assert said.evaluate("(e) => getComputedStyle(e).whiteSpace") == "normal"
    page.context.close()


def test_a_pinch_zooms_the_board_on_a_phone_and_its_buttons_lie_over_it(server, browser):
    """Two fingers spreading on the board zoom it a step about the point between them (the page itself keeps
    its scale); the zoom's buttons float over the board's top right corner, as a map's do, while the board is
    in sight under them, below the seats (their line left whole) and above the moves, where the dock's growing never
    moves them under a finger."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    against_a_bot(server, "planetarium", page)
    frame = page.locator("#board .board-frame").bounding_box()
    buttons, dock = page.locator("#zoom").bounding_box(), page.locator(".dock").bounding_box()
    assert buttons["x"] + buttons["width"] <= 390 and buttons["y"] + buttons["height"] <= dock["y"]
    assert page.locator(".seat-chip").first.bounding_box()["y"] + 10 < frame["y"]  # the seats above, not beside
    seats = page.locator("#seats").bounding_box()
    assert buttons["y"] >= max(seats["y"] + seats["height"], frame["y"])
    page.evaluate("document.querySelector('#choices').append(Object.assign(document.createElement('p'), "
                  "{ textContent: 'a choice', style: 'height: 200px' }))")  # the dock grows: the buttons stay
    page.wait_for_timeout(100)
    assert page.locator("#zoom").bounding_box()["y"] == buttons["y"]
    assert page.evaluate("getComputedStyle(document.querySelector('#zoom')).opacity") == "0.5"  # shows the board
    page.evaluate("document.querySelector('#choices').replaceChildren()")
    page.evaluate("document.querySelector('#log').scrollIntoView()")  # the board out of sight: so are they
    page.wait_for_function("getComputedStyle(document.querySelector('#zoom')).visibility === 'hidden'")
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_function("getComputedStyle(document.querySelector('#zoom')).visibility === 'visible'")
    # the board's foot above theirs: gone, not over the key below the board
    page.evaluate("scrollBy(0, document.querySelector('#board .board-frame').getBoundingClientRect().bottom - 60)")
    page.wait_for_timeout(300)
    assert page.evaluate("getComputedStyle(document.querySelector('#zoom')).visibility") == "hidden"
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_function("getComputedStyle(document.querySelector('#zoom')).visibility === 'visible'")
    cdp = page.context.new_cdp_session(page)
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + 200

    def fingers(kind, apart):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [
            {"x": x - apart, "y": y, "id": 1}, {"x": x + apart, "y": y, "id": 2}]})

    fingers("touchStart", 30)
    for apart in range(35, 75, 5):
        fingers("touchMove", apart)
    fingers("touchEnd", 0)
    page.wait_for_function("document.querySelector('#zoom-at').textContent === '300%'")  # 150 → 200 → 300
    assert page.evaluate("visualViewport.scale") == 1
    fingers("touchStart", 60)
    fingers("touchMove", 40)
    fingers("touchEnd", 0)
    page.wait_for_function("document.querySelector('#zoom-at').textContent === '200%'")
    assert all(page.locator(f"#zoom-{part}").is_visible() for part in ("in", "at", "out"))
    for shown in ("150%", "100%"):
        page.locator("#zoom-out").tap()
        page.wait_for_function(f"document.querySelector('#zoom-at').textContent === '{shown}'")
    # at 100% only "+" stands there: the three had covered Gaia-Vora's Meteor on a narrow phone
    assert [page.locator(f"#zoom-{part}").is_visible() for part in ("in", "at", "out")] == [True, False, False]
    assert page.locator("#zoom").bounding_box()["height"] < 50
    page.context.close()


def test_on_a_desk_a_zoomed_board_keeps_what_was_in_the_middle_of_its_sight_there(server, browser):
    """The zoom's buttons grow the board about the middle of what is seen of it, both ways; grown down the page
    from its top corner, Planetarium's Sun went below the screen. A zoomed board pans in a frame as high as
    the window."""
    page = new_page(browser)
    against_a_bot(server, "planetarium", page)
    seen = """() => { const f = document.querySelector('#board .board-frame').getBoundingClientRect();
        return [(Math.max(0, f.left) + Math.min(innerWidth, f.right)) / 2,
                (Math.max(0, f.top) + Math.min(innerHeight, f.bottom)) / 2]; }"""
    to_picture = """([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(
        document.querySelector('#board .board-svg').getScreenCTM().inverse()); return [p.x, p.y]; }"""
    to_screen = """([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(
        document.querySelector('#board .board-svg').getScreenCTM()); return [p.x, p.y]; }"""
    for shown in ("150%", "200%"):
        middle = page.evaluate(seen)
        point = page.evaluate(to_picture, middle)
        page.click("#zoom-in")
        page.wait_for_function(f"document.querySelector('#zoom-at').textContent === '{shown}'")
        page.wait_for_timeout(100)
        now = page.evaluate(to_screen, point)
        assert abs(now[0] - middle[0]) < 4 and abs(now[1] - middle[1]) < 4, (shown, middle, now)
        frame = page.locator("#board .board-frame").bounding_box()
        assert frame["y"] + frame["height"] <= 900  # the frame in sight whole: its middle is the eye's
    page.context.close()


def test_a_mouse_drags_a_zoomed_board_about_and_the_drag_chooses_nothing(server, browser):
    """At 200% the board pans by the mouse wheel only, a player said: a drag moves it, as a map's does; a drag
    that starts on a token chooses nothing, and a click on it still does."""
    page = planetarium_at_its_first_move(server, new_page(browser))
    for _ in range(2):
        page.click("#zoom-in")
    page.wait_for_function("document.querySelector('#zoom-at').textContent === '200%'")
    page.wait_for_timeout(100)
    scrolled = "[document.querySelector('#board .board-frame')].map((f) => [f.scrollLeft, f.scrollTop])[0]"
    before = page.evaluate(scrolled)
    token = page.locator(".board-svg .target").first
    token.scroll_into_view_if_needed()
    box = token.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 40, steps=6)
    page.mouse.up()
    after = page.evaluate(scrolled)
    assert after[0] - before[0] > 40 or after[1] - before[1] > 30, (before, after)  # moved with the mouse
    assert page.locator(".board-svg .selected").count() == 0 and page.inner_text("#choices") == ""
    token.click()
    assert page.locator(".board-svg .selected").count() == 1 and not page.errors
    page.context.close()


def test_planit_moves_say_where_a_card_acts_and_warn_of_a_lethal_hazard_on_your_own_planet(server, browser):
    page = new_page(browser)
    page.goto(server + "/")
    said = page.evaluate("""async () => {
        const { describe } = await import('/static/js/boards/planit.js');
        const obs = { to_move: 0, seats: [{ name: 'Terra' }, { name: 'Thalassa' }] };
        const move = (text, struct) => describe({ text, struct }, obs);
        return [move('gaia: lower temperature', { kind: 'play', card: 'gaia', use: 'lower temperature' }),
                move('plague on Terra', { kind: 'play', card: 'plague', planet: 0 }),
                move('plague on Thalassa', { kind: 'play', card: 'plague', planet: 1 }),
                move('volcano on Terra', { kind: 'play', card: 'volcano', planet: 0 }),
                move('ozone', { kind: 'play', card: 'ozone' })];
    }""")
    assert said == ["gaia: lower temperature on Terra", "plague on Terra (your own planet!)", "plague on Thalassa",
                    "volcano on Terra", "ozone on Terra"]  # PL-4.10: laid on the player's own planet
    view = against_a_bot(server, "planit", page)  # PL-3.6: a play that cannot move its marker says so
    idle = page.evaluate("""async (obs) => {
        const { describe } = await import('/static/js/boards/planit.js');
        const g = obs.board.gauges, me = obs.viewer, other = 1 - me;
        obs = { ...obs, to_move: me };
        obs.seats[me].public = { ...obs.seats[me].public, o2: g.o2_spaces - 1, temperature: g.just_right };
        obs.seats[other].public = { ...obs.seats[other].public, temperature: 0 };
        const move = (text, struct) => describe({ text, struct }, obs);
        return [move('plants: raise o2', { kind: 'play', card: 'plants', use: 'raise O2', chart: 'plants_raise_o2' }),
                move('meteor on X', { kind: 'play', card: 'meteor', planet: other, chart: 'meteor' }),
                move('volcano on X', { kind: 'play', card: 'volcano', planet: other, chart: 'volcano' }),
                move('rain forest', { kind: 'play', card: 'rain_forest' })];
    }""", view["observation"])
    me = view["observation"]["seats"][view["observation"]["viewer"]]["name"]
    assert idle == [f"plants: raise o2 on {me} (changes nothing: O2 is at its top)",
                    "meteor on X (changes nothing: the temperature is at ICE AGE)", "volcano on X",
                    f"rain forest on {me} (changes nothing: Just Right already)"]
