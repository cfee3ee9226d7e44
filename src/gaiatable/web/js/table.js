// A table: the board drawn from the observation, the legal moves, the log; live over a websocket.
import { drawAccount } from "./account.js";
import { ApiError, api, botName, clockWords, dropSeat, h, heldSeats, holdSeat, howToPlay, invitations, inviteLink, me, plain,
  narrow, TAP, timeLeft, whoAmI } from "./api.js";
import { describe } from "./boards/generic.js";
import { faces } from "./boards/card.js";
import { DRAWS_PRIVATE, describeMove, foreseeWith, isPass, offer, previews, renderBoard, replayChanges, throwsAway, travels }
  from "./boards/index.js";
import { announce } from "./announce.js";
import { befell, markChanges, marksSaid, sinceTold, telling } from "./changes.js";
import { glide, positions } from "./glide.js";
import { FIRST_STEPS } from "./first-steps.js";
import { broughtAbout, colourTurned, namedObservation, retold, sayNames, seatNames } from "./names.js";
import { seatColour } from "./boards/svg.js";
import { qrCode } from "./qr.js";

const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
const phone = () => matchMedia("(max-width: 860px)").matches; // the moves docked at the screen's foot (app.css)
let view = null; // the latest view from the server, for `viewer`
let viewer = null; // the held seat whose eyes we use (null: spectator)
let accountSeat = null; // the seat the signed-in account holds here (its cookie opens it, no credential kept)
let socket = null;
let retry = 0;
let replayPly = null; // a number while stepping through the replay
let replayAsked = 0; // the latest replay request: older answers are dropped
let cards = null; // the game's card faces by label (fetched once)
let replayed = null; // the version whose changes were last played out on the board
let drawnPlies = 0; // how many decisions that version held

// -- seats held by this browser ------------------------------------------------------------------
// The seat an invitation link in the address gives this browser (null when there is none).
function takeInvitation() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!(params.has("seat") && params.has("token"))) return null;
  holdSeat(tableId, Number(params.get("seat")), params.get("token"));
  history.replaceState(null, "", location.pathname + location.search);
  return Number(params.get("seat"));
}

function held() { return heldSeats(tableId); }
function heldNumbers() {
  const seats = Object.keys(held()).map(Number);
  if (accountSeat !== null && !seats.includes(accountSeat)) seats.push(accountSeat);
  return seats.sort();
}
function tokenOf(seat) { return seat === null ? null : held()[seat] || null; }

// With several seats in one browser (hot-seat), we look through the eyes of the seat to move.
function chooseViewer(toMove) {
  const seats = heldNumbers();
  if (!seats.length) return null;
  if (seats.includes(toMove)) return toMove;
  return seats.includes(viewer) ? viewer : seats[0];
}

// -- the live connection ---------------------------------------------------------------------------
function connect() {
  if (socket) socket.close();
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`);
  socket = ws;
  const token = tokenOf(viewer);
  ws.onopen = () => {
    ws.send(JSON.stringify(token ? { token } : {}));
    retry = 0;
    setConnection("live");
    sayOffline(null);
    if (unreachable) showError(""); // the server is back: its old error no longer holds
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") receive(message);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return; // replaced on purpose
    if (event.code === 4403 && viewer !== null) { // our credential no longer opens the seat
      dropSeat(tableId, viewer);
      viewer = chooseViewer(-3);
      showError("This browser no longer holds that seat.");
    }
    if (event.code === 4404) { setConnection("no such table"); showError(event.reason); return; }
    setConnection("reconnecting…");
    sayOffline(LOST, 1500);
    retry = Math.min(retry + 1, 6);
    clearTimeout(redial);
    redial = setTimeout(connect, 500 * 2 ** (retry - 1));
  };
}

function setConnection(text) { $("connection").textContent = text; $("connection").dataset.state = text; }

// A lost connection is said over the board, where the eyes are, once it has lasted a moment (a quick reconnect
// passes unseen) or at once when a move could not be sent; the board dims until the server answers again.
const LOST = "The connection to the server is lost: trying again…";
const UNSENT = "Your move was not sent: the server cannot be reached. Trying again…";
let redial = null, offlineSoon = null;
function sayOffline(text, after = 0) {
  clearTimeout(offlineSoon);
  const show = () => {
    if (text && !$("offline").hidden && $("offline-text").textContent === UNSENT) return; // the stronger words stay
    $("offline-text").textContent = text || "";
    $("offline").hidden = !text;
    document.body.classList.toggle("disconnected", Boolean(text));
  };
  if (text && after) offlineSoon = setTimeout(show, after);
  else show();
}
function redialNow() { retry = 0; clearTimeout(redial); connect(); }

function receive(next) {
  if (next.viewer !== (viewer === null ? "spectator" : viewer)) return; // meant for eyes we no longer use
  const newest = coming || view;
  if (newest && next.viewer === newest.viewer && next.version < newest.version) return; // older than what we have
  if (newest && next.viewer === newest.viewer && next.version === newest.version && next.finished === newest.finished
    && JSON.stringify(next.seats) === JSON.stringify(newest.seats)) return; // the same again (the move's answer, then its push)
  const wanted = chooseViewer(next.observation.to_move);
  if (wanted !== viewer && !next.finished) { // hot-seat: hand the device over
    viewer = wanted;
    coverFor(next, wanted);
    connect();
    return;
  }
  next.names = seatNames(next);
  for (const m of next.legal) [m.rules, m.text] = [m.text, sayNames(describeMove(m, next.observation), next.names)];
  coming = next;
  showSoon();
}

// A view that comes while the board is still playing a move out (a bot's turn arrives a view a decision)
// is shown once the motion is over, so each motion is seen whole; until then the page is the older view's.
let busyUntil = 0, waiting = null, coming = null;
function showSoon() {
  clearTimeout(waiting);
  const show = () => {
    if (coming) [view, coming] = [coming, null];
    document.body.dataset.version = view.version;
    document.body.dataset.viewer = view.viewer;
    if (replayPly === null && $("cover").hidden) draw(); // under the cover nothing of the seat is drawn
  };
  const wait = busyUntil - performance.now();
  if (wait <= 0 || !$("cover").hidden || replayPly !== null) show();
  else waiting = setTimeout(show, wait);
}

function coverFor(next, seat) {
  const name = next.seats[seat]?.name || `player ${seat + 1}`;
  const own = seatNames(next) ? "" : ` (${next.observation.seats[seat].name})`;
  $("cover-text").textContent = `Pass the device to ${name}${own}.`;
  $("cover").hidden = false;
  for (const part of ["board", "private", "moves", "turn", "choices", "log"]) $(part).replaceChildren();
}

// -- drawing -------------------------------------------------------------------------------------------
// Who sits in a seat, in words: the player's name, the bot's strength, or the game's name for the seat.
function sitter(v, i) {
  const seat = v.seats[i];
  if (v.names) return v.names[i];
  return seat.kind === "bot" ? botName(seat.agent) : seat.name || v.observation.seats[i].name;
}

function seatLabel(v, i) {
  return seatParts(v, i).join(" ");
}

// A seat's name and, apart, who sits there ("(you)", "(easy bot)"): on a phone the chip sets them a line each
function seatParts(v, i) {
  const seat = v.seats[i];
  if (v.names) return i === viewer && v.names[i].toLowerCase() !== "you" ? [v.names[i], "(you)"] : [v.names[i]];
  const who = seat.kind === "bot" ? botName(seat.agent) : seat.open ? "open seat" : seat.name || "a player";
  return [v.observation.seats[i].name, `(${i === viewer ? "you" : who})`];
}

// A seat chip's name, and who sits there apart
function who(i) {
  const [name, role] = seatParts(view, i);
  return h("span.who", {}, h("span.name", {}, name), role ? h("span.role", {}, ` ${role}`) : null);
}

// The seat whose decision was the latest, where it is the seat whose eyes the page looks through (in a
// hot-seat game the next player is not offered the undo of the previous one's secret choice); else null.
function lastHeldMove() {
  const last = view.history[view.history.length - 1];
  return last && last.actor === viewer && heldNumbers().includes(last.actor) ? last.actor : null;
}

// Each seat's points gained by what happened after this seat's latest decision (from the first view with it: that
// decision's own points are the player's to know), said on its chip ("+5") and in what happened since: a round's
// or an epoch's scoring otherwise only changes a figure.
const tally = { since: null, version: null, scores: null, gains: [] };
function gained(obs, since) {
  if (tally.since !== since) [tally.since, tally.gains] = [since, obs.scores.map(() => 0)];
  else if (tally.scores && tally.version !== view.version) {
    tally.gains = tally.gains.map((g, i) => g + (obs.scores[i] ?? 0) - (tally.scores[i] ?? 0));
  }
  [tally.scores, tally.version] = [obs.scores, view.version];
  return tally.gains;
}
const signed = (n) => `${n > 0 ? "+" : "−"}${Math.abs(n)}`;

// The seats with their scores as `obs` has them (the live table's, or a replay step's).
function drawSeats(obs, gains = []) {
  const won = obs.result?.winners || [];
  $("seats").replaceChildren(...view.seats.map((seat, i) => h("div.seat-chip", {
    class: `seat-chip${obs.to_move === i ? " to-move" : ""}${viewer === i ? " me" : ""}${won.includes(i) ? " winner" : ""}`,
  }, h("span.dot", { class: `dot${seat.online || seat.kind === "bot" ? " on" : ""}` }),
  h("span.swatch", { style: `background:${seatColour(obs.seats[i])}`, "aria-hidden": "true" }), who(i),
  h("span.score", {}, obs.scores[i] === null || obs.scores[i] === undefined ? "" : ` · ${obs.scores[i]}`),
  gains[i] ? h("span.gain.fresh", { title: "points since your last move" }, ` ${signed(gains[i])}`) : null,
  won.includes(i) ? h("strong.won", {}, " · won") : null,
  seat.open && viewer === null && replayPly === null ? h("button.take", { onclick: () => takeSeat(i) }, "take this seat")
    : null)));
  // the gains' "since your move" said only where the chips keep to their rows: wrapped, the board moved down
  const chips = [...$("seats").children], rows = () => new Set(chips.map((c) => c.offsetTop)).size;
  $("seats").classList.remove("tight");
  if (gains.some(Boolean) && rows() > 1) $("seats").classList.add("tight");
}

function draw() {
  const obs = namedObservation(view.observation, view.names, view);
  document.title = `${view.title} · gaiatable`;
  localStorage.setItem("gaiatable.game", view.game); // the lobby opens on the game played last
  $("title").textContent = `${view.title}${view.companion ? " · companion mode" : ""}${view.rated ? " · rated" : ""}`;
  const panned = frameScroll(), before = positions($("board"));
  $("board").replaceChildren(renderBoard(obs, { legal: view.legal, play, viewer, cards, choices: $("choices"), history: view.history,
    consequences: view.previews ? consequences : null, ask: asking(), why, rule: info, keys: () => keyboard,
    playAtOnce: stopAsking() }));
  framePicture(panned);
  const since = markChanges($("board"), view);
  drawSeats(obs, gained(obs, since));
  if (Number.isFinite(since)) { // the others' moves since this seat's last decision, marked on the board
    replayChanges(obs, view.history.filter((e) => e.ply >= since && e.actor !== view.viewer), "marks");
  }
  const pulseFrom = replayed === null ? 0 : view.version === replayed ? Infinity : drawnPlies; // the log's news
  if (view.version !== replayed) { // and every move since the view drawn before this one, played out once
    const news = view.history.filter((e) => e.ply >= drawnPlies);
    const busy = replayed === null ? 0 : Math.max(replayChanges(obs, news, "motion"), glide($("board"), before, travels(obs, news, $("board"), before)));
    busyUntil = performance.now() + busy;
    [replayed, drawnPlies] = [view.version, view.plies];
  }
  drawPrivate(obs);
  drawTurn(obs);
  drawSince(obs, since);
  drawMoves();
  $("log").replaceChildren(...logGroups(view.history).reverse().flatMap((group) => logLines(group, obs, since, pulseFrom)));
  sayWhenPlayedOut($("log").querySelectorAll("li.fresh:not(.settled)"));
  drawLast();
  showTargets(obs);
  keepFocus();
  if (!howFolded && learned()) { howFolded = true; $("how").open = false; } // read: the look-up and the log move up
  placeZoom(); // where the board lies now: a result drawn above it moved it down
  if (view.version !== foldedFor) fold(true); // each turn starts folded on a phone: the board is what it shows
  foldedFor = view.version;
  $("fold").hidden = view.finished; // no moves left to fold away
  $("record").hidden = !view.finished;
  $("record").href = `/api/tables/${tableId}/record`;
  $("rematch").hidden = !view.finished || viewer === null;
  $("rematch").textContent = view.rematch ? "go to the rematch" : "rematch";
  const inviting = Object.keys(invitations(tableId)).length || view.seats.some((s) => s.open);
  $("invite").hidden = !inviting && (!heldNumbers().length || view.finished); // or your own seat, to carry away
  $("invite").textContent = inviting ? "invite" : "play on another device";
  $("typed").hidden = !view.legal.length && !(view.companion && obs.to_move === -1 && viewer !== null);
  $("leave").hidden = viewer === null || view.finished;
}

// The log's news waits for the board's motion to end: a bot's move read a second before its piece arrived.
function sayWhenPlayedOut(lines) {
  const wait = busyUntil - performance.now();
  if (wait <= 0 || !lines.length) return;
  lines.forEach((li) => li.classList.add("arriving"));
  setTimeout(() => lines.forEach((li) => li.classList.remove("arriving")), wait);
}

// A keyboard player's focus, lost with the board redrawn after a move, comes back to the board's first piece
// to play: the next move is a Tab away from where the last one was made, not from the top of the page.
let keyboard = false; // the last move was made by keys on the board or its choices
// (caught on the way down, before the piece's own handler offers its moves and asks where the focus goes)
addEventListener("keydown", (e) => { keyboard = Boolean(e.target.closest?.("#board, #choices, #moves")); }, true);
addEventListener("pointerdown", () => { keyboard = false; }, true);
function keepFocus() {
  if (!keyboard || !view.legal.length || (document.activeElement && document.activeElement !== document.body)) return;
  $("board").querySelector(".target")?.focus();
}

// A decision that follows the seat's own last one, whose pieces to click all lie above the screen, or half (a
// mutation's target above the hand it was played from), brings the first of them into view; pieces below
// it (a hand under the board) wait for the player, who sees what the move did first (the prompt leads
// there: toHand). After the others' moves, or the same decision drawn again, the page stays where it was.
let targetsShown = null;
function showTargets(obs) {
  const decision = `${view.plies} ${obs.prompt}`;
  if (decision === targetsShown || obs.to_move !== viewer) return;
  targetsShown = decision;
  if (view.history.at(-1)?.actor !== viewer) return; // only a decision that goes on from the seat's own last one
  const targets = [...$("board").querySelectorAll(".target")];
  const seen = (el) => { // at least half in sight: a card whose top lay above the screen was not found
    const r = el.getBoundingClientRect();
    return r.height > 0 && Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
  };
  if (targets.length && !targets.some(seen) && targets[0].getBoundingClientRect().top < 0) {
    targets[0].scrollIntoView({ block: "center", behavior: "smooth" });
  }
}

// Under the prompt, what the others did since this seat's latest decision (a bot's whole turn, what came
// of it), so the player need not read the log: a few lines, the rest in the log. Open on a desk, folded to
// its summary on a phone, where it lies over the board. Opened or folded by the player at a desk, as this
// browser remembers; on a phone opened for these moves only (the next turn's folded again: left open, it
// took half the screen turn after turn), and folded at the first touch outside the dock: read, it gives the
// board back.
const SINCE_LINES = 8, SINCE = "gaiatable.since", SCORES = /\bscores?\b/;
let sinceRead = null; // the moves (first ply and count) whose account a touch folded, on a phone
function drawSince(obs, since) {
  if (typeof view.viewer !== "number" || view.finished || !Number.isFinite(since)) return;
  const entries = view.history.filter((x) => x.ply >= since && x.actor !== view.viewer);
  const me = obs.seats[view.viewer];
  const { told: accounts, left } = sinceTold(entries, SINCE_LINES, me.rules_name ?? me.name);
  // each seat named as the board and the log name it ("red circle"; "easy bot" where seats have only numbers)
  const lines = accounts.flatMap(({ e, tells, consequences }) => [
    e.actor >= 0 ? h("li", {}, h("strong", {}, `${obs.seats[e.actor].name}: `),
      sayNames(tells ? tells.slice(`seat ${e.actor} `.length) : e.text, view.names)) : null,
    ...consequences.map((text) => h("li.consequence", {}, sayNames(text, view.names)))]).filter(Boolean);
  if (!lines.length) return;
  const toLog = () => $("log").scrollIntoView({ block: "start" });
  const more = left ? h("li.more", {}, h("button.link", { type: "button", onclick: toLog }, `… ${left} more in the log`)) : "";
  const count = `${lines.length + left} line${lines.length + left === 1 ? "" : "s"}`;
  // the points scored meanwhile (a round's or an epoch's scoring), first: they are what a player looks for
  const points = tally.gains.map((g, i) => (g ? `${obs.seats[i].name} ${signed(g)}` : "")).filter(Boolean).join(", ");
  // on a phone the summary says what befell the player's own (a planet, a colour: "Terra's ozone layer is
  // destroyed"), then the others' last move: folded, it is what shows
  const last = entries.filter((e) => e.actor >= 0).pop(), mine = befell(entries, me.rules_name ?? me.name);
  const said = [points && `points: ${points}`, phone() && mine ? sayNames(mine, view.names) : "",
    phone() && last ? `${obs.seats[last.actor].name}: ${sayNames(last.text, view.names)}` : ""].filter(Boolean).join(" · ");
  const told = `${since} ${entries.length}`;
  announce(entries.flatMap((e) => e.log.filter((text) => SCORES.test(text)).map((text) => [`${e.ply} ${text}`, sayNames(text, view.names)])));
  const summary = h("summary", {}, `Since your last move${said ? `: ${said}` : ""} (${count})`);
  summary.addEventListener("click", (e) => {
    const opening = !e.currentTarget.parentElement.open;
    if (!phone()) localStorage.setItem(SINCE, opening ? "on" : "off");
    else if (opening) sessionStorage.setItem(SINCE, `${tableId} ${told}`);
    else sessionStorage.removeItem(SINCE);
  });
  const open = phone() ? sessionStorage.getItem(SINCE) === `${tableId} ${told}` : localStorage.getItem(SINCE) !== "off";
  $("turn").append(h("details.since", { open: open && sinceRead !== told, "data-told": told }, summary,
    h("ul", {}, lines, more, h("li.more", {}, marksSaid($("board"))), stepThrough(since))));
}

// The others' moves since, one by one on the board: the replay from this seat's last decision, ▶ for each move.
function stepThrough(since) {
  return h("li.more", {}, h("button.link.step-through", { type: "button", onclick: () => showReplay(since) },
    "▶ step through them on the board"));
}

// The log, newest first. A run of chance outcomes with nothing else in between (a deal of many cards) is one
// line, opened on demand; the same outcome repeated reads "×N".
function logGroups(history) {
  const groups = [];
  for (const e of completed(history)) {
    const last = groups[groups.length - 1];
    if (e.actor < 0 && !e.log.length && last && last[0].actor < 0 && !last[last.length - 1].log.length) last.push(e);
    else groups.push([e]);
  }
  return groups;
}

// A decision that the same player's next one completes ("play X", then "target Y") reads as one line; as none
// where what came of it already names what was played ("tucks X under Y").
function completed(history) {
  const out = [];
  for (const e of history) {
    const before = out[out.length - 1];
    if (before && e.actor >= 0 && before.actor === e.actor && !before.log.length && e.text.startsWith("target ")) {
      const played = before.text.split(" ").slice(1).join(" ");
      out[out.length - 1] = { ...e, text: `${before.text}, ${e.text}`, told: e.log.some((line) => line.includes(played)) };
    } else out.push(e);
  }
  return out;
}


function logLines(group, obs, since, pulseFrom) {
  const ply = group[group.length - 1].ply;
  const fresh = ply >= since ? (ply >= pulseFrom ? " fresh" : " fresh settled") : "";
  const say = (text) => sayNames(text, view.names);
  const line = (e, text = say(e.text)) => h("li", { class: fresh }, h("span.actor", {}, e.actor < 0 ? "chance" : obs.seats[e.actor].name), " ", text);
  if (group.length === 1) { // newest first, what came of a decision too; a roll or draw that says what it
    const [e] = group; // brought about reads as that alone ("rolled 2 on the plants chart…", not "chance roll 2" too)
    const tells = telling(e);
    const consequences = [...e.log].reverse().filter((text) => text !== tells)
      .map((text) => h("li", { class: `consequence${fresh}` }, say(text)));
    if (tells) return [...consequences, line(e, say(tells.slice(`seat ${e.actor} `.length)))];
    return (e.actor < 0 || e.told) && consequences.length ? consequences : [...consequences, line(e)];
  }
  const counted = [];
  for (const e of group) {
    const last = counted[counted.length - 1];
    if (last && last.text === say(e.text)) last.n++;
    else counted.push({ text: say(e.text), n: 1 });
  }
  const texts = counted.map(({ text, n }) => (n > 1 ? `${text} ×${n}` : text));
  if (texts.length <= 3) return texts.reverse().map((text) => line(group[0], text));
  return [h("li", { class: fresh }, h("details", {}, h("summary", {}, h("span.actor", {}, "chance"), ` ${group.length} outcomes (deals, draws or rolls): open to read`),
    h("ul.chance-run", {}, texts.map((text) => h("li", {}, text)))))];
}

function drawPrivate(obs) {
  const mine = typeof view.viewer === "number" && !DRAWS_PRIVATE.has(obs.game) ? obs.seats[view.viewer].private : null;
  const box = $("private");
  box.replaceChildren();
  if (mine && Object.keys(mine).length) box.append(h("h3", {}, "Yours only"), describe(mine));
}

// The end of the game in words: who won, each seat's score, and the final count the log gives.
function result(obs) {
  const r = obs.result, forfeit = view.forfeit ?? null;
  const text = forfeit !== null ? `${sitter(view, forfeit)} ${view.forfeit_by === "resigning" ? "resigned" : "ran out of time"} and lost`
    : r.draw ? (r.truncated ? "Stopped at the turn limit: a draw" : "A draw")
    : `${r.winners.map((s) => seatLabel(view, s)).join(" and ")} won`;
  const scores = forfeit === null ? obs.scores.map((s, i) => `${seatLabel(view, i)} ${s ?? "?"}`).join(" · ") : "";
  // the final count: the last move's scoring lines ("green scores 20: …"), not what else the move brought about
  // (a Meteor's kill read as part of the scoring); a game that words its end otherwise, its last lines
  const last = (view.history.at(-1)?.log || []).filter((line) => line !== "the game is over");
  const counts = last.filter((line) => SCORES.test(line));
  const ending = (counts.length ? counts : last).map((line) => sayNames(line, view.names));
  return [h("strong.over", {}, `Game over. ${text}.`), scores ? h("div", {}, scores) : "",
    ending.length ? h("ul.ending", {}, ending.map((line) => h("li", {}, line))) : ""];
}

// A prompt the rules word for the player to move ("play one of your chosen cards"), read by another: theirs.
const addressed = (prompt) => prompt.replace(/\byour\b/g, "their").replace(/\byou\b/g, "they");

function drawTurn(obs) {
  const box = $("turn");
  $("result").replaceChildren(...(view.finished ? result(obs) : [])); // over the board too, where the eyes are
  $("result").hidden = !view.finished;
  document.body.classList.toggle("over", view.finished);
  if (view.finished) {
    // a player's game that no rating counted says so, and how one would (a guest had looked for the win in vain)
    const unrated = !view.rated && viewer !== null
      ? h("p.rating", {}, me ? "Unrated: tick Rated when opening a table for the result to count."
        : "Unrated: sign in, then open a rated table, for the result to count.") : "";
    box.replaceChildren(...result(obs), view.rated && me && viewer !== null ? h("p.rating", { id: "rating-change" }) : unrated);
    if (view.rated && me && viewer !== null) showRatingChange(view.game);
    document.querySelector(".side-rest").scrollTop = 0;
    return;
  }
  const mine = view.legal.length > 0;
  const enter = view.companion && obs.to_move === -1 && viewer !== null && !mine;
  const whose = heldNumbers().length > 1 ? `${view.seats[obs.to_move]?.name || obs.seats[obs.to_move].name}, your move` : "Your move";
  // the rules' prompt may start with the seat's name ("o, mark a cell"): at a hot-seat table, said once, in
  // "o, your move"; a lone seat's "Your move: yellow, rotate…" keeps it, naming the player's colour
  const named = `${obs.seats[obs.to_move]?.name}, `;
  const asked = heldNumbers().length > 1 && obs.prompt.startsWith(named) ? obs.prompt.slice(named.length) : obs.prompt;
  // another's turn says whose, where the rules' prompt names nobody (a bot's step read as an order to the player)
  const mover = view.seats[obs.to_move] ? sitter(view, obs.to_move) : null;
  const theirs = mover && !obs.prompt.startsWith(named) ? `${mover}'s move: ${addressed(obs.prompt)}` : obs.prompt;
  const prompt = h("strong", { class: mine ? "yours" : "" }, mine ? `${whose}: ${asked}` : theirs);
  const clock = view.clock?.deadline ? h("span.clock", { "data-deadline": view.clock.deadline },
    ` · ${timeLeft(view.clock.deadline)} left`) : null;
  const waiting = view.seats.some((s) => s.open) ? h("p.waiting", {}, "Waiting for a player to take the open seat" +
    (view.clock ? ": the clocks start then." : ".")) : "";
  const limit = view.clock ? h("p.limit", {}, `Time: ${clockWords(view.clock)}.`) : "";
  const watching = viewer === null && !view.seats.some((s) => s.open) ? h("p.waiting", {}, "You are watching. "
    + "To play your seat on this device, open the link \"play on another device\" gives where you play it now, "
    + "or sign in with the account that holds it.") : "";
  const turned = heldNumbers().length === 1 ? colourTurned(view, viewer) : null;
  const told = turned ? h("p.waiting.turned", {}, turned) : "";
  if (!enter) { box.replaceChildren(prompt, clock || "", toHand(), told, waiting, limit, watching); return; }
  box.replaceChildren(prompt, clock || "", waiting, limit,
    h("p", {}, "Type what the physical game gave (a die, a card drawn), as the log words it."));
}

// The seat's own hand on the board ("your hand"; Planit names each hand by its seat, all held face up)
const myHand = () => document.querySelector(`#board [data-part="your hand"], #board [data-part="hand ${view.viewer}"]`);

// On a phone a hand drawn under the board lies out of sight, under the moves: while its cards are in play
// (lit, or saying why they cannot be), the prompt leads there.
function toHand() {
  const hand = myHand();
  // a card to play, or cards saying why none can be while nothing else on the board is to be clicked
  const inPlay = hand?.querySelector(".target") || (hand?.querySelector(".explains") && !document.querySelector("#board .target"));
  if (!phone() || !inPlay) return "";
  const card = hand.querySelector(".card-face") || hand; // its first card whole in sight: no need
  if (card.getBoundingClientRect().bottom < innerHeight - document.querySelector(".dock").offsetHeight) return "";
  return h("button.link.to-hand", { type: "button", onclick: () => hand.scrollIntoView({ block: "start" }) },
    "▾ your hand");
}

// A rated game's end: the player's rating in the game now, and by how much the game changed it (when the
// page was open before the end). Asked once per page.
let endedBeforeOpening = false; // the game was over when the page opened: no change to show
let ratingText = null; // a promise of the line
function showRatingChange(game) {
  const before = endedBeforeOpening ? null : me.ratings?.[game]?.rating ?? 1000;
  ratingText ??= whoAmI().then((who) => {
    const now = who?.ratings?.[game];
    if (!now) return "";
    const change = before === null ? "" : ` (${now.rating >= before ? "+" : ""}${now.rating - before})`;
    return `Your rating: ${now.rating} ± ${now.uncertainty}${change}` + (now.above ? `, above the ${now.above} bot` : "") +
      (now.below ? `; next to beat: the ${now.below} bot.` : ".");
  });
  ratingText.then((text) => { const line = $("rating-change"); if (line) line.textContent = text; });
}

// Your latest decision, while it may still be taken back: a click that played at once is undone in one more.
function drawLast() {
  const seat = view.finished ? null : lastHeldMove();
  $("last").hidden = seat === null;
  if (seat === null) return;
  const who = heldNumbers().length > 1 ? sitter(view, seat) : "You";
  const { text, log } = view.history[view.history.length - 1], actor = view.observation.seats[seat].name;
  const came = broughtAbout(text, log, actor).map((line) => sayNames(line, view.names)).join("; ");
  // in the words it was offered in; played elsewhere (another page, a reload), the rules' words and the log's
  const told = played.has(text) ? "" : sayNames(retold(text, log, actor), view.names);
  $("last-text").classList.remove("whole"); // a new move: one line again on a phone
  $("last-text").textContent = `${who} played: ${played.get(text) || text}${told ? ` (${told})` : ""}.`
    + (came ? ` ${came[0].toUpperCase()}${came.slice(1)}.` : "");
  $("undo").hidden = !view.undo; // a rated table, or a decision that showed something, is not taken back
}

// a kind of move with more than LONG_GROUP, among other kinds, is folded in the list; alone, above WALL; one the
// board offers whole, above BOARD_GROUP: its pieces are where it is chosen, and its thirty buttons were a wall
const LONG_GROUP = 16, WALL = 40, BOARD_GROUP = 12;
function drawMoves() {
  const box = $("moves");
  if (!view.legal.length) { box.replaceChildren(); return; }
  const filter = h("input", { placeholder: `filter ${view.legal.length} moves`, class: "filter" });
  // folded (a phone), the list shows only what the board cannot offer ("no card", a pass): a move the board
  // offers is played there, and the first of a list, even of pieces out of sight, read as a suggestion
  const offering = [...document.querySelectorAll("#board [data-moves], #private [data-moves]")]
    .filter((el) => el.getClientRects().length);
  const onBoard = new Set(offering.flatMap((el) => el.dataset.moves.split(" ")));
  // a Final to discard is a card in the hand; a card drafted from the middle, a deck to take from, a living target, a card
  const inHand = (el) => /hand/.test(el.closest("[data-part]")?.dataset.part ?? "");
  const where = !offering.every((el) => el.closest(".card-face")) ? "the board" : offering.every(inHand) ? "a card in your hand" : "a card";
  const list = h("div.move-list.resting", { onpointermove: () => list.classList.remove("resting") });
  // where the game hides nothing, a move pointed at says what it would bring about, before any click: a
  // player who played at once had learned of a meal only after it
  const said = h("p.hover-said", { "aria-live": "polite" });
  const foretell = (m) => (on) => {
    said.dataset.move = on ? m.id : "";
    if (!on) { said.textContent = ""; return; }
    consequences(m).then((text) => {
      if (said.dataset.move === String(m.id)) said.textContent = text ? `${m.text}: ${text.replace(/^This move: /, "")}` : "";
    });
  };
  const fill = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = view.legal.filter((m) => words.every((w) => m.text.toLowerCase().includes(w)));
    const button = (m) => previews(h(onBoard.has(String(m.id)) ? "button.move.on-board" : "button.move",
      { onclick: () => pick(m), "data-action": m.id }, m.text), view.observation, m, view.previews ? foretell(m) : null);
    const groups = grouped(shown), folds = words.length === 0; // a filter's answer is shown whole
    list.replaceChildren(...groups.map(([kind, ms]) => { // at most 120 buttons a kind: a wall never hides "no gravity"
      const drawn = [...ms.slice(0, 120).map(button), ms.length > 120 ? h("p", {}, `… ${ms.length - 120} more: filter to find them`) : ""];
      const long = ms.every((m) => onBoard.has(String(m.id))) ? BOARD_GROUP : groups.length > 1 ? LONG_GROUP : WALL;
      return folds && ms.length > long // a wall of buttons folded: the board picks
        ? h("details.move-group", { "data-kind": kind }, h("summary.group-name", {}, `${kind}: ${ms.length} moves (a ${TAP} on the board narrows them)`), drawn)
        : h("div.move-group", { "data-kind": kind }, groups.length > 1 ? h("span.group-name", {}, kind) : null, drawn);
    }));
    requestAnimationFrame(shade);
  };
  // a shadow at the list's foot while more moves lie below it
  const shade = () => list.classList.toggle("more", list.scrollTop + list.clientHeight < list.scrollHeight - 2);
  list.addEventListener("scroll", shade);
  filter.addEventListener("input", fill);
  fill();
  // said until the player has once played from the board: then it is known, and its line is the board's
  const kinds = boardKinds(onBoard, list);
  const hint = kinds ? h("p.fold-hint", {}, `${TAP === "tap" ? "Tap" : "Click"} ${where} for `, kinds, ", or see all moves.")
    : onBoard.size && !localStorage.getItem(BOARD_USED) ? h("p.fold-hint", {}, `Tap ${where} to play, or see all moves.`) : "";
  box.replaceChildren(hint, ...(view.legal.length > 12 ? [filter] : []), list, said);
}

// Folded, the kinds of move only the board offers are named, each leading to its moves: a downgrade among a hand's
// cards went unseen beside "no card", and a turn offered only by the board (a deck to draw from) showed nothing.
function boardKinds(onBoard, list) {
  const kinds = grouped(view.legal).filter(([, ms]) => ms.every((m) => onBoard.has(String(m.id))));
  if (!kinds.length) return null;
  const open = (kind) => () => {
    fold(false);
    const group = list.querySelector(`[data-kind="${kind}"]`);
    if (group?.tagName === "DETAILS") group.open = true;
    group?.scrollIntoView({ block: "nearest" });
  };
  return kinds.map(([kind, ms], i) => [i ? (i === kinds.length - 1 ? " or " : ", ") : "",
    h("button.link.board-kind", { type: "button", onclick: open(kind) }, `${kind} (${ms.length})`)]);
}

// A listed move, chosen: first offered to confirm where the player asks before playing (as a board click
// is), with what it would bring about where the game says; a throw-away is always confirmed, a pass never.
function pick(move) {
  const ctx = { play, obs: view.observation, consequences: view.previews ? consequences : null, ask: asking(),
    playAtOnce: stopAsking() };
  if (!throwsAway(move) && (!asking() || isPass(move.struct?.kind))) { play(move.id); return; }
  offer($("choices"), [move], ctx);
  $("choices").scrollIntoView({ block: "nearest" });
}

// A move's words, as its button says them and as the rules do
const saidOf = (m) => [m.text, m.rules].map((w) => w.toLowerCase());

// The legal moves whose words hold every word typed, up to a dozen; none where they name too many.
function typedMoves(typed) {
  const words = typed.toLowerCase().split(/\s+/);
  const named = view.legal.filter((m) => saidOf(m).some((w) => words.every((word) => w.includes(word))));
  return named.length <= 12 ? named : [];
}

// The moves by kind (play, move, discard…), in the order the kinds come, a pass ("no card", "pass") first and
// a discard last: a pass has no place on the board to click, and a throw-away never sits between the plays
// it could be mistaken for.
const rank = (kind) => (isPass(kind) ? -1 : kind.startsWith("discard") ? 1 : 0);
function grouped(moves) {
  const groups = new Map();
  for (const m of moves) {
    const kind = m.struct?.kind || "move";
    groups.set(kind, [...(groups.get(kind) || []), m]);
  }
  return [...groups].sort(([a], [b]) => rank(a) - rank(b));
}

// -- acting -------------------------------------------------------------------------------------------
let unreachable = false; // the error shown is the server's absence
function showError(text, { server = false } = {}) { unreachable = server; $("error").textContent = text || ""; }

async function send(path, body, seat = viewer) {
  showError("");
  try {
    const next = await api(path, { method: "POST", body, token: tokenOf(seat) });
    sayOffline(null); // the server answered: a socket still reconnecting says so again if it must
    if (next && next.observation) receive(next);
    return next;
  } catch (err) {
    showError(err instanceof ApiError && err.status === 409 && err.message.startsWith("stale") ?
      "The table moved on: here it is as it stands now." : err.message, { server: err.status === 0 });
    if (err.status === 0) sayOffline(UNSENT);
    refresh().catch(() => {}); // refresh shows its own error
    return null;
  }
}

// What one of this seat's moves would bring about (the server's preview: log lines, scores, the board after),
// asked once per table version and move; null where it is not told.
const foreseen = new Map(); // `${version} ${action}` -> a promise of the preview
function foresee(move) {
  const key = `${view.version} ${move.id}`;
  if (!view.previews) return Promise.resolve(null);
  if (!foreseen.has(key)) {
    foreseen.set(key, api(`/api/tables/${tableId}/preview?action=${move.id}`, { token: tokenOf(viewer) }).catch(() => null));
  }
  return foreseen.get(key);
}
foreseeWith(foresee); // a board's preview shows what the server foresees (Gaia-Vora's meals)

// The same in words ("" when nothing but the move itself).
function consequences(move) {
  const obs = view.observation;
  return foresee(move).then((p) => {
    if (!p) return "";
    // a seat by the name the board shows it by ("white"), never by who sits there: two "easy bot"s are alike
    const seat = (i) => view.names?.[i] ?? obs.seats[i].name;
    const points = p.scores.map((s, i) => (s !== obs.scores[i] ? `${seat(i)} ${obs.scores[i]} → ${s}` : null))
      .filter(Boolean);
    const said = [...p.log.map((line) => sayNames(line, view.names)), ...(points.length ? [`points: ${points.join(", ")}`] : [])];
    return said.length ? `This move: ${said.join("; ")}.` : "";
  });
}

// Whether a move named in words is one of this seat's now, and if not what forbids it.
function why(text) {
  return api(`/api/tables/${tableId}/why?text=${encodeURIComponent(text)}`, { token: tokenOf(viewer) });
}

// What a name means in this game: a card, a piece, a word, a rule by its number ("EO-3.4"). Rule numbers are
// dropped from other answers (their words are enough), not from the words of the rule asked for.
const RULE = /^[A-Z]{2,3}-\d+(\.\d+)*$/i;
// The page's own controls, looked up by the words the page shows them with (a player asked the look-up what
// "ask before playing" does and got the game's "no such thing").
const CONTROLS = {
  "ask before playing": "Ask before playing (a tick box of this page): on, a move you pick, in the list or on the board (a pass aside), "
    + "waits for you to confirm it, with what it would bring about where the game can tell. Off, it is played at once, "
    + "except a place offering several moves (you choose one), a discard or downgrade, a move with a warning, and any "
    + "move but a pass in a rated game: those always ask. This browser remembers it off.",
};

async function info(name) {
  const control = CONTROLS[name.trim().toLowerCase().replace(/\s+/g, " ")];
  if (control) return control;
  const { text } = await api(`/api/tables/${tableId}/info?name=${encodeURIComponent(name)}`);
  return RULE.test(name) ? text : plain(text);
}

const played = new Map(); // the rules' text of a move played here -> the words it was offered in
async function play(action) {
  const move = view.legal.find((m) => m.id === action);
  if (move) played.set(move.rules, move.text);
  return send(`/api/tables/${tableId}/moves`, { version: view.version, action });
}

async function refresh() {
  try {
    const next = await api(`/api/tables/${tableId}`, { token: tokenOf(viewer) });
    sayOffline(null);
    if (viewer === null && typeof next.viewer === "number") accountSeat = viewer = next.viewer; // signed in
    receive(next);
  } catch (err) {
    if (err.status === 403 && viewer !== null) { dropSeat(tableId, viewer); viewer = chooseViewer(-3); return refresh(); }
    showError(err.status === 404 ? "There is no such table." : err.message, { server: err.status === 0 });
    throw err;
  }
}

async function takeSeat(seat) {
  const name = me?.name || localStorage.getItem("gaiatable.name") || prompt("Your name at the table?") || "";
  try {
    const credential = await api(`/api/tables/${tableId}/seats/${seat}/claim`, { method: "POST", body: { name } });
    holdSeat(tableId, seat, credential.token);
    viewer = seat;
    connect();
  } catch (err) { showError(err.message); }
}

async function rematch() {
  if (view.rematch && Object.keys(heldSeats(view.rematch)).length) { location.href = `/t/${view.rematch}`; return; }
  let target = null;
  for (const seat of heldNumbers()) { // in hot-seat, every seat of this browser comes along
    const credential = await send(`/api/tables/${tableId}/rematch`, undefined, seat);
    if (!credential) return;
    holdSeat(credential.table, credential.seat, credential.token);
    target = credential.table;
  }
  if (target) location.href = `/t/${target}`;
}

// -- replay ---------------------------------------------------------------------------------------------
async function showReplay(ply) {
  replayPly = Math.max(0, Math.min(ply, view.plies));
  showError(""); // an error about the live table does not belong to the replay
  const asked = ++replayAsked;
  let step;
  try {
    step = await api(`/api/tables/${tableId}/replay?ply=${replayPly}`, { token: tokenOf(viewer) });
  } catch (err) { showError(err.message); return; }
  if (asked !== replayAsked || replayPly === null) return; // a newer step was asked for, or the replay closed
  const opening = $("replay-bar").hidden;
  $("replay-bar").hidden = false;
  document.body.classList.add("replaying");
  $("typed").hidden = true;
  $("replay-ply").max = step.plies;
  $("replay-ply").value = step.ply;
  // the last step of a finished game shows the final count: said, or it read as the last move's ("keeps a card")
  const end = step.ply === step.plies && step.observation.result ? "; then the game ends" : "";
  $("replay-at").textContent = `${step.ply} / ${step.plies}` + (step.decision ? `: ${replaySaid(step)}${end}` : "");
  replayTurns = step.turns;
  const obs = namedObservation(step.observation, view.names, view);
  drawSeats(obs);
  const panned = frameScroll(); // framed and zoomed as in play: unframed, the picture sat low in the board
  $("board").replaceChildren(renderBoard(obs, { legal: [], play: () => {}, viewer, cards, choices: $("choices"),
    history: step.history }));
  framePicture(panned);
  // opened from under the board (a phone's page, read to its foot), the replay shows the board it steps through
  const seen = $("board").getBoundingClientRect();
  if (opening && (seen.top < 0 || seen.top > innerHeight / 2)) $("board").scrollIntoView({ block: "start" });
  $("moves").replaceChildren();
  // the log as it stood at the step: its last decisions, as the live log has them
  $("log").replaceChildren(...logGroups(step.history).reverse().flatMap((group) => logLines(group, obs, Infinity, Infinity)));
  $("last").hidden = true; // no undo of the game's last move from a step of its replay
  const over = step.ply === step.plies && view.finished;
  $("turn").replaceChildren(h("strong", {}, over ? "Replay: the end of the game" : `Replay: ${obs.prompt}`));
}

// The replay's ◀ ▶ step from one player's decision to the next (a Planit game is a few dozen moves among
// hundreds of draws and rolls): the plies where a player is to decide (`turns`, the server's), the first and the last.
let replayTurns = [];
function replayStep(ahead) {
  const stops = [0, ...replayTurns, view.plies];
  showReplay(ahead ? stops.find((p) => p > replayPly) ?? view.plies : stops.findLast((p) => p < replayPly) ?? 0);
}
// What led to a step: at a player's turn, the last player's decision and the chance outcomes after it; else the
// step's own decision.
function replaySaid(step) {
  const run = step.ply === step.plies || step.turns.includes(step.ply) ? step.since_turn : [];
  const name = (actor) => namedObservation(view.observation, view.names, view).seats[actor].name;
  if (run.length < 2 || run[0].actor < 0) { // who decided, named: "keeps a card" alone left it a guess
    const last = step.history.at(-1), actor = last?.actor ?? -1;
    // and what it brought about (a Moon's meal, a contest), which the board shows only as pieces gone
    const came = actor >= 0 ? broughtAbout(last.text, last.log || [], view.observation.seats[actor].name) : [];
    const more = came.length > 2 ? `; ${came.length - 2} more in the log` : "";
    const said = came.length ? ` (${came.slice(0, 2).map((line) => sayNames(line, view.names)).join("; ")}${more})` : "";
    return `${actor >= 0 ? `${name(actor)}: ` : ""}${sayNames(step.decision, view.names)}${said}`;
  }
  const who = name(run[0].actor), chance = run.slice(1);
  const then = chance.length <= 3 ? chance.map((e) => sayNames(e.text, view.names)).join(", ") : `${chance.length} deals, draws or rolls`;
  return `${who} ${sayNames(run[0].text, view.names)}; then chance: ${then}`;
}

// While replaying, ← → step between players' moves as ◀ ▶ do, Home and End go to either end, Esc closes; the
// slider, when focused, keeps its own arrows (one step of every deal, draw and roll).
const REPLAY_KEYS = { ArrowLeft: () => replayStep(false), ArrowRight: () => replayStep(true), Home: () => showReplay(0),
  End: () => showReplay(view.plies), Escape: closeReplay };
function replayKey(e) {
  const act = REPLAY_KEYS[e.key];
  if (replayPly === null || !act || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, select, textarea")) return;
  e.preventDefault();
  act();
}

function closeReplay() {
  replayPly = null;
  replayAsked++;
  $("replay-bar").hidden = true;
  document.body.classList.remove("replaying");
  draw();
}

async function copyLink(link, button) {
  try { await navigator.clipboard.writeText(link.textContent); button.textContent = "copied"; }
  catch { // no clipboard (an insecure origin): select the link for the player to copy
    const range = document.createRange();
    range.selectNodeContents(link);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    button.textContent = "selected: copy it";
  }
}

// The board's size, kept per game: on a phone a larger board is panned inside its frame.
const ZOOMS = [1, 1.5, 2, 3];
// A board click that names one move asks before playing it, unless the player turned that off (this
// browser remembers); a rated table always asks, having no undo.
const ASK = "gaiatable.ask";
function asking() { return localStorage.getItem(ASK) !== "off" || Boolean(view?.rated); }
// "from now on, play at once", offered in a confirmation (a board's or the list's), as "ask before playing" unticked
const stopAsking = () => (view.rated ? null : () => { localStorage.setItem(ASK, "off"); $("ask").checked = false; });

// Boards too fine for a phone at their whole width start larger there (Planetarium's tokens would be a few
// pixels), panned inside their frame from the centre. Earth: Our Home's two discs stay whole in the
// screen's width, one above the other (app.css): a map panned sideways hides the habitats next door.
const PHONE_ZOOM = { planetarium: 1.5 };
const zoom = $("zoom"); // moved over the board on a phone: the board's redraw must not lose it
// `focus`, a point on the screen (a pinch's centre), stays over the same part of the board; else the middle of
// the frame's part in sight does (at a page's load, the board's middle)
// The widths where a board's layout changes (a phone's, the dock's, a desk's side by side): a window turned or
// resized across one is drawn again at once, with that size's zoom; it had kept the old layout until the next move.
const LAYOUTS = ["(max-width: 640px)", "(max-width: 860px)", "(min-width: 1200px)"];
function redrawForSize() {
  if (!view || !$("cover").hidden) return;
  if (replayPly === null) draw();
  else showReplay(replayPly);
  zoomBy(0);
}

function zoomBy(step, focus = null) {
  const size = narrow() ? "phone" : "desk"; // a phone's zoom is not a desk's
  const game = view?.observation.game, key = `gaiatable.zoom.${game}.${size}`;
  const start = Number(localStorage.getItem(key) || (size === "phone" && PHONE_ZOOM[game]) || 1);
  const at = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(start) + step));
  const frame = $("board").querySelector(".board-frame"), picture = frame?.querySelector(".board-svg");
  const box = frame?.getBoundingClientRect();
  const eye = focus ?? (box && step !== 0 && { // the middle of the frame's part on the screen
    x: (Math.max(0, box.left) + Math.min(innerWidth, box.right)) / 2,
    y: (Math.max(0, box.top) + Math.min(innerHeight, box.bottom)) / 2 });
  const seen = eye && new DOMPoint(eye.x, eye.y).matrixTransform(picture.getScreenCTM().inverse()); // in the picture's units
  localStorage.setItem(key, ZOOMS[at]);
  $("board").style.setProperty("--zoom", ZOOMS[at]);
  $("board").dataset.zoom = ZOOMS[at];
  requestAnimationFrame(() => {
    if (!frame?.isConnected) return;
    if (!seen) [frame.scrollLeft, frame.scrollTop] = [frame.scrollWidth - frame.clientWidth, frame.scrollHeight - frame.clientHeight].map((d) => d / 2);
    else { // the point of the picture that was under the eye comes back under it
      const moved = seen.matrixTransform(picture.getScreenCTM());
      [frame.scrollLeft, frame.scrollTop] = [frame.scrollLeft + moved.x - eye.x, frame.scrollTop + moved.y - eye.y];
    }
    const hint = frame.querySelector(".pan-hint"); // whole again, the board no longer pans
    if (hint && frame.scrollWidth <= frame.clientWidth + 2) hint.hidden = true;
  });
  zoom.querySelector("#zoom-at").textContent = `${ZOOMS[at] * 100}%`;
  zoom.querySelector("#zoom-out").disabled = at === 0;
  if (at === 0 && document.activeElement?.id === "zoom-out") zoom.querySelector("#zoom-in").focus(); // it goes at 100%
  zoom.querySelector("#zoom-in").disabled = at === ZOOMS.length - 1;
}

// Two fingers on the board zoom it a step each time they spread or close by a quarter, about the point
// between them; one finger still pans it (the browser's own scrolling).
function pinchable(frame) {
  let start = null;
  const apart = (a, b) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  frame.addEventListener("touchstart", (e) => { if (e.touches.length === 2) start = apart(...e.touches); });
  frame.addEventListener("touchmove", (e) => {
    if (e.touches.length !== 2 || !start) return;
    e.preventDefault(); // the page itself neither scrolls nor zooms under a pinch
    const [a, b] = e.touches, ratio = apart(a, b) / start;
    if (ratio > 0.8 && ratio < 1.25) return;
    zoomBy(ratio > 1 ? 1 : -1, { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 });
    start = apart(a, b);
  }, { passive: false });
  frame.addEventListener("touchend", (e) => { if (e.touches.length < 2) start = null; });
}

// A board with one picture zooms that picture inside a frame of its own, which pans; the panels around it
// (hand, key, mats) keep the page's width. The frame's pan survives each redraw. On a phone the zoom's
// buttons float over the screen's edge while the board is in sight, as a map's do, leaving the seats their line.
function framePicture(panned) {
  const pictures = $("board").querySelectorAll(".board-svg");
  zoom.hidden = pictures.length !== 1;
  if (pictures.length !== 1) { document.querySelector(".board-tools").append(zoom); return; }
  const frame = h("div.board-frame", {});
  const framed = h("div.board-window", {}, frame);
  pictures[0].replaceWith(framed);
  frame.append(pictures[0]);
  (phone() ? framed : document.querySelector(".board-tools")).append(zoom);
  placeZoom();
  pinchable(frame);
  draggable(frame);
  if (panned) [frame.scrollLeft, frame.scrollTop] = panned;
  // a board wider than its frame says that it pans, until the player has panned it once
  const hint = h("p.pan-hint", { hidden: true }, "◂ ▸ Drag the board sideways to pan · pinch or − + to zoom");
  frame.prepend(hint);
  requestAnimationFrame(() => { hint.hidden = pannedOnce || frame.scrollWidth <= frame.clientWidth + 2; });
  // hidden, its line kept: a tap that hid it by moving the board would land beside what it aimed at
  for (const touch of ["pointerdown", "wheel"]) frame.addEventListener(touch, () => { pannedOnce = true; hint.style.visibility = "hidden"; });
}
let pannedOnce = false;

// A mouse drags a zoomed board about, as a map's; a drag is no click (a press and release in place still is).
// A release the page never hears of (the board redrawn under the pointer meanwhile) ends the drag at the next
// move, whose button is up.
function draggable(frame) {
  frame.addEventListener("pointerdown", (down) => {
    if (down.pointerType !== "mouse" || down.button !== 0) return;
    if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) return;
    const [left, top] = [frame.scrollLeft, frame.scrollTop];
    let dragged = false;
    const end = () => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", up);
      frame.classList.remove("dragging");
    };
    const move = (e) => {
      if (!(e.buttons & 1)) { end(); return; }
      const [dx, dy] = [e.clientX - down.clientX, e.clientY - down.clientY];
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      dragged = true;
      frame.classList.add("dragging");
      [frame.scrollLeft, frame.scrollTop] = [left - dx, top - dy];
    };
    const up = () => {
      end();
      if (!dragged) return;
      const eat = (e) => { e.stopPropagation(); e.preventDefault(); }; // the click the release makes, if any
      addEventListener("click", eat, { capture: true, once: true });
      setTimeout(() => removeEventListener("click", eat, { capture: true }));
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
  });
}
// on a phone, at the board's top right corner, and at the screen's once the page scrolled past it; gone once
// the board's foot rises above its own (it had lain over the key below the board)
function placeZoom() {
  const frame = $("board").querySelector(".board-frame");
  if (!phone() || !frame) return;
  const box = frame.getBoundingClientRect(), top = Math.max(8, box.top + 6);
  zoom.style.top = `${top}px`;
  zoom.classList.toggle("past", box.bottom < top + zoom.offsetHeight + 6);
}
function frameScroll() {
  const frame = $("board").querySelector(".board-frame");
  return frame ? [frame.scrollLeft, frame.scrollTop] : null;
}

// On a phone the dock is a bar over the page's foot: the page ends that much lower, so nothing hides under it,
// and a piece just tapped that the dock, growing, covered (its choices) comes up clear above it, for the second
// tap. While it comes up the dock takes no tap: a quick second tap where the piece was would land on a choice.
// A piece taller than three tenths of the screen (a Planit planet) stays put: most of it is in sight, and moved, the
// second tap on it had landed on what came under the finger.
const SETTLING_MS = 600;
function followDock() {
  let before = 0, settled = 0, onBoard = false; // the last touch was on the board (not on the dock's list)
  let tapped = null; // the piece last touched: the one kept in sight (a card chosen first stays selected in the hand)
  const dock = document.querySelector(".dock");
  addEventListener("pointerdown", (e) => {
    onBoard = Boolean(e.target.closest?.("#board"));
    tapped = onBoard ? e.target.closest("[role=button]") : null;
  }, true);
  dock.addEventListener("click", (e) => {
    if (e.detail && performance.now() < settled) { e.stopPropagation(); e.preventDefault(); } // a key still acts
  }, true);
  new ResizeObserver(() => {
    const grew = dock.offsetHeight > before;
    before = dock.offsetHeight;
    document.body.style.setProperty("--dock-height", `${dock.offsetHeight}px`);
    const docked = grew && phone() && getComputedStyle(dock).position === "fixed";
    const piece = tapped?.isConnected ? tapped : $("board").querySelector(".selected, .reach.chosen");
    const box = docked ? piece?.getBoundingClientRect() : null;
    const top = dock.getBoundingClientRect().top;
    if (!box || box.bottom + 8 <= top || box.top >= innerHeight || box.height > 0.3 * innerHeight) return;
    if (onBoard) settled = performance.now() + SETTLING_MS;
    scrollBy({ top: box.bottom - top + 8, behavior: "smooth" });
  }).observe(dock);
}

// A desk's side panel reaches the window's foot wherever the page is scrolled: sticky below the header, a
// panel as tall as the window ran past its foot, the look-up's line cut off there.
function fitSide() {
  const side = document.querySelector(".side");
  if (phone()) { side.style.height = ""; return; }
  side.style.height = `${innerHeight - Math.max(side.getBoundingClientRect().top, 8) - 8}px`;
}

// `el` in sight inside the side panel's scrolling part: scrolled into view, the whole page had moved,
// its header gone and the panel shifted under the pointer.
function reveal(el) {
  const rest = el.closest(".side-rest");
  if (phone() || !rest) { el.scrollIntoView({ block: "nearest" }); return; }
  const r = el.getBoundingClientRect(), box = rest.getBoundingClientRect();
  if (r.top < box.top) rest.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) rest.scrollTop += Math.min(r.bottom - box.bottom, r.top - box.top);
}

// How to play is open for a browser's first game of a kind until the player has begun a few turns (a turn of
// several decisions counts once)
let howFolded = false;
function learned() {
  if (typeof view?.viewer !== "number") return false;
  let turns = 0, last = null;
  for (const e of view.history) {
    if (e.actor < 0) continue; // chance: a draw or a roll inside a turn
    if (e.actor === view.viewer && last !== view.viewer) turns++;
    last = e.actor;
  }
  return turns >= 3;
}
const BOARD_USED = "gaiatable.boardUsed"; // set at a first tap on a piece that offers moves
document.addEventListener("click", (e) => {
  if (e.target.closest?.("#board .target, #private .target")) localStorage.setItem(BOARD_USED, "1");
});

// On a phone the dock may show only the prompt, the moves the board cannot offer and a board click's choices,
// leaving more of the board in view; unfolded, it stays so until the next view.
let foldedFor = null; // the view whose moves were folded
function fold(folded) {
  document.querySelector(".dock").classList.toggle("folded", folded);
  $("fold").textContent = folded ? `▴ all moves${view?.legal.length ? ` (${view.legal.length})` : ""}` : "▾ fewer";
  $("fold").setAttribute("aria-expanded", String(!folded));
  $("fold").setAttribute("aria-label", folded ? "show the moves" : "show fewer of the moves, so that more of the board shows");
}

// -- wiring ---------------------------------------------------------------------------------------------
function wire() {
  $("fold").addEventListener("click", () => fold(!document.querySelector(".dock").classList.contains("folded")));
  $("last-text").addEventListener("click", () => $("last-text").classList.toggle("whole"));
  const rest = document.querySelector(".side-rest"); // scrolled: its top edge shows more lies above, under the moves
  rest.addEventListener("scroll", () => rest.classList.toggle("scrolled", rest.scrollTop > 0));
  const dock = document.querySelector(".dock"); // more moves than it shows: its foot says so
  const deeper = () => dock.classList.toggle("more", dock.scrollTop + dock.clientHeight < dock.scrollHeight - 2);
  dock.addEventListener("scroll", deeper);
  const grows = new ResizeObserver(deeper);
  for (const part of [dock, $("turn"), $("choices"), $("moves")]) grows.observe(part);
  zoom.querySelector("#zoom-in").addEventListener("click", () => zoomBy(1));
  zoom.querySelector("#zoom-out").addEventListener("click", () => zoomBy(-1));
  followDock();
  addEventListener("scroll", placeZoom, { passive: true });
  addEventListener("scroll", fitSide, { passive: true });
  addEventListener("resize", fitSide);
  for (const width of LAYOUTS) matchMedia(width).addEventListener("change", redrawForSize);
  fitSide();
  addEventListener("pointerdown", (e) => {
    const since = document.querySelector(".dock .since[open]");
    if (!phone() || !since || e.target.closest(".dock")) return;
    since.open = false;
    sinceRead = since.dataset.told;
  }, true);
  for (const to of document.querySelectorAll(".jump [data-to]")) { // a phone's long page: the rules and the log a tap away
    to.addEventListener("click", () => {
      if (to.dataset.to === "how") $("how").open = true;
      $(to.dataset.to).scrollIntoView({ behavior: "smooth" });
    });
  }
  if (phone()) document.querySelector(".tools").prepend(document.querySelector("label.ask"));
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text) return;
    // a move's whole words, as its button or the rules say them, play it; a few words of a move ("cook"): the
    // moves they name are offered as a board click's are; none go to the rules, which say what is wrong
    const whole = view.legal.find((m) => saidOf(m).includes(text.toLowerCase()));
    if (whole) {
      if (await play(whole.id)) $("typed-move").value = "";
      return;
    }
    const named = typedMoves(text);
    if (named.length) {
      $("typed-move").value = "";
      offer($("choices"), named, { play, obs: view.observation, ask: asking(), consequences: view.previews ? consequences : null },
        { label: `"${text}"` });
      return;
    }
    if (await send(`/api/tables/${tableId}/moves`, { version: view.version, text })) $("typed-move").value = "";
  });
  $("offline-retry").addEventListener("click", redialNow);
  $("undo").addEventListener("click", () => send(`/api/tables/${tableId}/undo`, { version: view.version }, lastHeldMove()));
  $("replay").addEventListener("click", () => showReplay(view.plies));
  $("replay-back").addEventListener("click", () => replayStep(false));
  $("replay-next").addEventListener("click", () => replayStep(true));
  addEventListener("keydown", replayKey);
  $("replay-ply").addEventListener("input", (e) => showReplay(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  $("rematch").addEventListener("click", rematch);
  $("invite").addEventListener("click", () => {
    const name = (seat) => view.names?.[seat] ?? view.observation.seats[seat].name; // "player 1", not "seat 0"
    const item = (seat, token, scanning = false) => { // a QR code too: the link opened by a phone's camera
      const link = h("code.link", {}, inviteLink(tableId, seat, token));
      const copy = h("button.copy", { type: "button", "aria-label": `copy ${name(seat)}'s link`,
        onclick: () => copyLink(link, copy) }, "copy");
      const code = h("div.qr-box", { hidden: !scanning }, qrCode(link.textContent, `QR code of ${name(seat)}'s link`));
      const show = h("button.copy", { type: "button", "aria-expanded": String(scanning), "aria-label": `QR code of ${name(seat)}'s link`,
        onclick: () => { code.hidden = !code.hidden; show.setAttribute("aria-expanded", String(!code.hidden)); } }, "QR code");
      return h("li", {}, h("strong", {}, `${name(seat)}: `), link, " ", copy, " ", show, code);
    };
    const links = Object.entries(invitations(tableId)).map(([seat, token]) => item(seat, token));
    const open = view.seats.filter((s) => s.open).map((s) => h("li", {}, h("strong", {}, `${name(s.seat)}: `),
      "open to anyone (the lobby, or this page's \"take this seat\")"));
    // one seat of one's own, at a desk: its code shown at once, for the phone's camera (on a phone, on a click)
    const mine = view.finished ? [] : heldNumbers().map((seat, _, all) => item(seat, tokenOf(seat), all.length === 1 && !phone()));
    $("invites").replaceChildren(
      ...(links.length || open.length ? [h("p", {}, "Send each friend their own seat's link:"), h("ul.invite-list", {}, ...links, ...open)] : []),
      ...(mine.length ? [h("p", {}, "Your seat on another device (a phone, say): open this link there, or scan its QR "
        + "code with the phone's camera. It is your seat's key: keep it to yourself."), h("ul.invite-list.own", {}, ...mine)] : []));
    reveal($("invites")); // in the side panel's scrolling part, shown where it opened
  });
  $("leave").addEventListener("click", async () => {
    if (!confirm(view.rated ? "Leave this rated game? Leaving is resigning: you lose it, and your rating changes."
      : "Leave this table? A bot will play your seat from here on.")) return;
    const seat = viewer;
    if (await send(`/api/tables/${tableId}/leave`, { bot: "strong" })) { dropSeat(tableId, seat); location.href = "/"; }
  });
  $("lookup-close").addEventListener("click", () => { // read, the answer goes, and the part it was read in is
    $("lookup-answer").hidden = true; // back at its top: left scrolled, the typed move lay half under the moves
    $("lookup-name").value = "";
    document.querySelector(".side-rest").scrollTop = 0;
  });
  $("lookup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("lookup-name").value.trim();
    $("lookup-answer").hidden = !name; // an empty look-up clears the last answer
    if (!name) return;
    try { $("lookup-text").textContent = await info(name); }
    catch (err) { $("lookup-text").textContent = err.message; }
    reveal($("lookup-answer")); // the answer, in view
  });
  $("cover-go").addEventListener("click", () => { $("cover").hidden = true; if (view) draw(); });
  window.addEventListener("hashchange", () => { // another invitation link opened in this tab: its seat's eyes
    const seat = takeInvitation();
    if (seat === null) return;
    viewer = seat;
    refresh().then(connect, () => {});
  });
}

// The time left ticks down between views.
setInterval(() => document.querySelectorAll(".clock[data-deadline]").forEach((el) => {
  el.textContent = ` · ${timeLeft(el.dataset.deadline)} left`;
}), 1000);

async function main() {
  const invited = takeInvitation();
  wire();
  await drawAccount();
  viewer = invited ?? chooseViewer(-3);
  try { await refresh(); } catch { return; } // no such table: nothing to watch
  endedBeforeOpening = Boolean(view?.finished);
  zoomBy(0);
  $("ask").checked = asking();
  // turned off here or at an earlier table: this browser remembers it, and says so (a click plays at once)
  const remembered = asking() ? null : h("span.remembered", {}, " (off: this browser remembers)");
  if (remembered) $("ask").parentElement.append(remembered);
  $("ask").addEventListener("change", () => {
    localStorage.setItem(ASK, $("ask").checked ? "on" : "off");
    remembered?.remove();
    draw();
  });
  api("/api/games").then((games) => { // the game in a few lines: open the first time this browser plays it
    const text = games.find((g) => g.name === view?.game)?.how_to_play;
    if (!text) return;
    $("how-text").replaceChildren(...howToPlay(text));
    const steps = FIRST_STEPS[view.game];
    if (steps) $("first-steps").replaceChildren(h("p.first-head", {}, "Your first turns"), h("ol", {}, steps.map((step) => h("li", {}, step))));
    const seen = JSON.parse(localStorage.getItem("gaiatable.how") || "[]");
    $("how").open = !seen.includes(view.game) && !learned();
    localStorage.setItem("gaiatable.how", JSON.stringify([...new Set([...seen, view.game])]));
  }, () => {});
  api(`/api/tables/${tableId}/cards`).then((list) => { cards = faces(list); if (view && replayPly === null && $("cover").hidden) draw(); },
    () => {}); // without the faces, cards show their names
  connect();
}

main();
