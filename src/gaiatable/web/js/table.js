// A table: the board drawn from the observation, the legal moves, the log; live over a websocket.
import { ApiError, api, dropSeat, h, heldSeats, holdSeat, invitations, inviteLink } from "./api.js";
import { describe } from "./boards/generic.js";
import { renderBoard } from "./boards/index.js";

const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let view = null; // the latest view from the server, for `viewer`
let viewer = null; // the held seat whose eyes we use (null: spectator)
let socket = null;
let retry = 0;
let replayPly = null; // a number while stepping through the replay

// -- seats held by this browser ------------------------------------------------------------------
function takeInvitation() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("seat") && params.has("token")) {
    holdSeat(tableId, Number(params.get("seat")), params.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
}

function held() { return heldSeats(tableId); }
function tokenOf(seat) { return seat === null ? null : held()[seat] || null; }

// With several seats in one browser (hot-seat), we look through the eyes of the seat to move.
function chooseViewer(toMove) {
  const seats = Object.keys(held()).map(Number).sort();
  if (!seats.length) return null;
  if (seats.includes(toMove)) return toMove;
  return seats.includes(viewer) ? viewer : seats[0];
}

// -- the live connection ---------------------------------------------------------------------------
function connect() {
  if (socket) socket.close();
  const token = tokenOf(viewer);
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}` +
    (token ? `?token=${encodeURIComponent(token)}` : "");
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => { retry = 0; setConnection("live"); };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") receive(message);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return; // replaced on purpose
    if (event.code === 4403 && viewer !== null) { // our credential no longer opens the seat
      dropSeat(tableId, viewer);
      viewer = null;
    }
    if (event.code === 4404) { setConnection("no such table"); showError(event.reason); return; }
    setConnection("reconnecting…");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 500 * 2 ** (retry - 1));
  };
}

function setConnection(text) { $("connection").textContent = text; $("connection").dataset.state = text; }

function receive(next) {
  const wanted = chooseViewer(next.observation.to_move);
  if (wanted !== viewer && !next.finished) { // hot-seat: hand the device over
    const secret = !next.observation.seats.every((s) => s.private === null || Object.keys(s.private).length === 0);
    viewer = wanted;
    if (secret || Object.keys(held()).length > 1) coverFor(next, wanted);
    connect();
    return;
  }
  view = next;
  if (replayPly === null) draw();
}

function coverFor(next, seat) {
  const name = next.seats[seat]?.name || next.observation.seats[seat].name;
  $("cover-text").textContent = `Pass the device to ${name || `seat ${seat + 1}`} (${next.observation.seats[seat].name}).`;
  $("cover").hidden = false;
}

// -- drawing -------------------------------------------------------------------------------------------
function seatLabel(v, i) {
  const seat = v.seats[i];
  const game = v.observation.seats[i].name;
  const who = seat.kind === "bot" ? `bot: ${seat.agent}` : seat.open ? "open seat" : seat.name || "a player";
  return `${game} (${who})`;
}

function draw() {
  const obs = view.observation;
  document.body.dataset.version = view.version;
  document.title = `${view.title} · gaiatable`;
  $("title").textContent = `${view.title}${view.companion ? " · companion mode" : ""}`;
  $("seats").replaceChildren(...view.seats.map((seat, i) => h("div.seat-chip", {
    class: `seat-chip${obs.to_move === i ? " to-move" : ""}${viewer === i ? " me" : ""}`,
  }, h("span.dot", { class: `dot${seat.online || seat.kind === "bot" ? " on" : ""}` }), seatLabel(view, i),
  h("span.score", {}, obs.scores[i] === null || obs.scores[i] === undefined ? "" : ` · ${obs.scores[i]}`))));
  $("board").replaceChildren(renderBoard(obs, { legal: view.legal, play, viewer }));
  drawPrivate(obs);
  drawTurn(obs);
  drawMoves();
  $("log").replaceChildren(...view.history.slice().reverse().map((e) => h("li", {},
    h("span.actor", {}, e.actor < 0 ? "chance" : obs.seats[e.actor].name), " ", e.text)));
  if (obs.log.length) $("log").prepend(...obs.log.map((line) => h("li.consequence", {}, line)));
  $("undo").hidden = !view.undo || view.finished;
  $("record").hidden = !view.finished;
  $("record").href = `/api/tables/${tableId}/record`;
  $("rematch").hidden = !view.finished || viewer === null;
  $("rematch").textContent = view.rematch ? "go to the rematch" : "rematch";
  $("invite").hidden = !Object.keys(invitations(tableId)).length && !view.seats.some((s) => s.open);
  $("typed").hidden = !view.legal.length;
  $("leave").hidden = viewer === null || view.finished;
}

function drawPrivate(obs) {
  const mine = viewer === null ? null : obs.seats[viewer].private;
  const box = $("private");
  box.replaceChildren();
  if (mine && Object.keys(mine).length) box.append(h("h3", {}, "Yours only"), describe(mine));
}

function drawTurn(obs) {
  const box = $("turn");
  if (view.finished) {
    const r = obs.result;
    const text = r.draw ? (r.truncated ? "Stopped at the turn limit: a draw" : "A draw")
      : `${r.winners.map((s) => obs.seats[s].name).join(" and ")} won`;
    box.replaceChildren(h("strong.over", {}, `Game over. ${text}.`),
      h("div", {}, obs.scores.map((s, i) => `${obs.seats[i].name} ${s ?? "?"}`).join(" · ")));
    return;
  }
  const mine = view.legal.length > 0;
  box.replaceChildren(h("strong", { class: mine ? "yours" : "" }, mine ? `Your move: ${obs.prompt}` : obs.prompt));
}

function drawMoves() {
  const box = $("moves");
  if (!view.legal.length) { box.replaceChildren(); return; }
  const filter = h("input", { placeholder: `filter ${view.legal.length} moves`, class: "filter" });
  const list = h("div.move-list");
  const fill = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = view.legal.filter((m) => words.every((w) => m.text.toLowerCase().includes(w)));
    list.replaceChildren(...shown.slice(0, 120).map((m) => h("button.move", { onclick: () => play(m.id), "data-action": m.id }, m.text)));
    if (shown.length > 120) list.append(h("p", {}, `… ${shown.length - 120} more: filter to find them`));
  };
  filter.addEventListener("input", fill);
  fill();
  box.replaceChildren(...(view.legal.length > 12 ? [filter] : []), list);
}

// -- acting -------------------------------------------------------------------------------------------
function showError(text) { $("error").textContent = text || ""; }

async function send(path, body) {
  showError("");
  try {
    const next = await api(path, { method: "POST", body, token: tokenOf(viewer) });
    if (next && next.observation) receive(next);
    return next;
  } catch (err) {
    showError(err instanceof ApiError && err.status === 409 && err.message.startsWith("stale") ?
      "The table moved on: here it is as it stands now." : err.message);
    refresh();
    return null;
  }
}

async function play(action) { await send(`/api/tables/${tableId}/moves`, { version: view.version, action }); }

async function refresh() {
  try { receive(await api(`/api/tables/${tableId}`, { token: tokenOf(viewer) })); } catch (err) { showError(err.message); }
}

// -- replay ---------------------------------------------------------------------------------------------
async function showReplay(ply) {
  replayPly = Math.max(0, Math.min(ply, view.plies));
  const step = await api(`/api/tables/${tableId}/replay?ply=${replayPly}`, { token: tokenOf(viewer) });
  $("replay-bar").hidden = false;
  $("replay-ply").max = step.plies;
  $("replay-ply").value = replayPly;
  $("replay-at").textContent = `${replayPly} / ${step.plies}` + (replayPly ? `: ${step.decisions[replayPly - 1]}` : "");
  $("board").replaceChildren(renderBoard(step.observation, { legal: [], play: () => {}, viewer }));
  $("moves").replaceChildren();
  $("turn").replaceChildren(h("strong", {}, `Replay: ${step.observation.prompt}`));
}

function closeReplay() { replayPly = null; $("replay-bar").hidden = true; draw(); }

// -- wiring ---------------------------------------------------------------------------------------------
function wire() {
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text) return;
    if (await send(`/api/tables/${tableId}/moves`, { version: view.version, text })) $("typed-move").value = "";
  });
  $("undo").addEventListener("click", () => send(`/api/tables/${tableId}/undo`, { version: view.version }));
  $("replay").addEventListener("click", () => showReplay(view.plies));
  $("replay-back").addEventListener("click", () => showReplay(replayPly - 1));
  $("replay-next").addEventListener("click", () => showReplay(replayPly + 1));
  $("replay-ply").addEventListener("input", (e) => showReplay(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  $("rematch").addEventListener("click", async () => {
    const credential = await send(`/api/tables/${tableId}/rematch`);
    if (credential) { holdSeat(credential.table, credential.seat, credential.token); location.href = `/t/${credential.table}`; }
  });
  $("invite").addEventListener("click", () => {
    const name = (seat) => view.observation.seats[seat].name;
    const links = Object.entries(invitations(tableId)).map(([seat, token]) => `${name(seat)}: ${inviteLink(tableId, seat, token)}`);
    const open = view.seats.filter((s) => s.open).map((s) => `${name(s.seat)}: open to anyone in the lobby`);
    $("lookup-text").textContent = `Send each friend their own seat's link:\n${[...links, ...open].join("\n")}`;
  });
  $("leave").addEventListener("click", async () => {
    const bot = confirm("Leave this table? OK: a bot plays your seat from here. Cancel: stay.");
    if (!bot) return;
    const left = await send(`/api/tables/${tableId}/leave`, { bot: "strong" });
    if (left) { dropSeat(tableId, viewer); location.href = "/"; }
  });
  $("lookup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("lookup-name").value.trim();
    if (!name) return;
    try { $("lookup-text").textContent = (await api(`/api/tables/${tableId}/info?name=${encodeURIComponent(name)}`)).text; }
    catch (err) { $("lookup-text").textContent = err.message; }
  });
  $("cover-go").addEventListener("click", () => { $("cover").hidden = true; });
}

takeInvitation();
wire();
viewer = chooseViewer(-3);
connect();
window.addEventListener("hashchange", () => { // a second invitation link opened in this tab
  takeInvitation();
  viewer = chooseViewer(view ? view.observation.to_move : -3);
  connect();
});
