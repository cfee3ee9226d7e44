// The lobby: open a table, see the tables this browser sits at, join or watch others.
import { drawAccount } from "./account.js";
import { STRENGTHS, api, botName, clockWords, h, heldSeats, holdSeat, keepInvitation, howToPlay, me, plain, ratingCell, timeLeft } from "./api.js";

const SEAT_KINDS = [["here", "played here"], ["friend", "a friend, by link"], ["open", "open to anyone"], ["bot", "a bot"]];
// short enough for a phone's select: a cut word read as a fault
const STRENGTH_TEXT = { easy: "easy (random)", medium: "medium (a turn ahead)", standard: "standard (searches)",
  strong: "strong (searches most)" };
let games = [];

function gameNamed(name) { return games.find((g) => g.name === name); }

function seatCount() {
  const game = gameNamed(document.getElementById("game").value);
  const players = document.querySelector("[name=param-players]");
  return players ? Number(players.value) : game.players[0];
}

function drawParams() {
  const game = gameNamed(document.getElementById("game").value);
  document.getElementById("game-about").replaceChildren(
    `${game.players[0] === game.players[1] ? game.players[0] : `${game.players[0]}–${game.players[1]}`} players` +
    (game.perfect_information ? "" : ", hidden information"),
    h("details.how", {}, h("summary", {}, "How to play"),
      h("ul.how-text", {}, howToPlay(game.how_to_play))));
  const companion = document.getElementById("companion");
  companion.closest("label").hidden = !game.chance; // nothing to enter from a physical copy without dice or draws
  if (!game.chance) companion.checked = false;
  const box = document.getElementById("params");
  box.replaceChildren();
  for (const p of game.params) {
    if (p.name === "max_turns") continue;
    let input;
    // a number of a few values (players: 2, 3 or 4) is chosen from them, not typed
    const few = typeof p.default === "number" && p.min != null && p.max != null && p.max - p.min <= 8;
    const choices = p.choices || (few ? Array.from({ length: p.max - p.min + 1 }, (_, i) => p.min + i) : null);
    if (choices) {
      input = h("select", { name: `param-${p.name}` }, choices.map((c) => h("option", { value: c, selected: c === p.default }, String(c))));
    } else if (typeof p.default === "boolean") {
      input = h("input", { type: "checkbox", name: `param-${p.name}`, checked: p.default });
    } else if (typeof p.default === "number") {
      input = h("input", { type: "number", name: `param-${p.name}`, value: p.default, min: p.min ?? undefined, max: p.max ?? undefined });
    } else {
      input = h("input", { type: "text", name: `param-${p.name}`, value: p.default });
    }
    const solo = p.doc.startsWith("solo:"); // a setting of the solo game only: shown for one player
    box.append(h("label", { title: p.doc, class: solo ? "solo" : "" }, `${p.name.replaceAll("_", " ")} `, input,
      h("small", {}, plain(solo ? p.doc.slice(5).trim() : p.doc))));
    if (p.name === "players") input.addEventListener("input", drawSeats);
  }
  drawSeats();
}

// Seat rows are added or removed at the end, never redrawn: what a player typed or chose in a row stays,
// whatever order they fill the form in.
function drawSeats() {
  const box = document.getElementById("seats");
  const [least, most] = gameNamed(document.getElementById("game").value).players;
  const wanted = seatCount();
  if (!(Number.isInteger(wanted) && wanted >= least && wanted <= most)) return; // being typed: keep the rows
  document.querySelectorAll("#params label.solo").forEach((label) => { label.hidden = wanted !== 1; });
  const rows = box.querySelectorAll(".seat");
  for (let i = rows.length; i > wanted; i--) rows[i - 1].remove();
  for (let i = rows.length; i < wanted; i++) box.append(seatRow(i));
  box.querySelectorAll(".seat").forEach((row, i) => { // the game may have changed: its names, not the inputs
    row.querySelector(".seat-no").textContent = seatName(i);
    row.querySelector("[name=kind]").setAttribute("aria-label", `${seatName(i)} is`);
    row.querySelector("[name=agent]").setAttribute("aria-label", `${seatName(i)}'s bot`);
    row.querySelector("[name=name]").setAttribute("aria-label", `${seatName(i)}'s name`);
    row.querySelectorAll("[name=agent] option").forEach((option) => { option.textContent = strengthText(option.value); });
  });
}

// A seat as the table will call it: the game's name for it ("yellow"), or "player 1" where the game only
// numbers its seats ("seat 0").
function seatName(i) {
  const game = gameNamed(document.getElementById("game").value);
  const own = game.seat_names?.[seatCount()]?.[i];
  const name = own && !/^seat \d+$/.test(own) ? own : `player ${i + 1}`;
  return name[0].toUpperCase() + name.slice(1);
}

// A bot strength in words; where this game's bot of that strength plays as a stronger one, it says so.
function strengthText(strength) {
  const bots = gameNamed(document.getElementById("game").value)?.bots || {};
  const same = STRENGTHS.map(([name]) => name).filter((name) => name !== strength && bots[name] === bots[strength]).pop();
  return same && STRENGTHS.findIndex(([n]) => n === same) > STRENGTHS.findIndex(([n]) => n === strength)
    ? `${strength} (plays as ${same} in this game)` : STRENGTH_TEXT[strength];
}

function seatRow(i) {
  const you = me?.name || localStorage.getItem("gaiatable.name") || "";
  const kind = h("select", { name: "kind", "aria-label": `${seatName(i)} is` },
    SEAT_KINDS.map(([v, t]) => h("option", { value: v, selected: v === (i === 0 ? "here" : "bot") }, t)));
  const agent = h("select", { name: "agent", "aria-label": `${seatName(i)}'s bot` },
    STRENGTHS.map(([v]) => h("option", { value: v, selected: v === "standard" }, strengthText(v))));
  const name = h("input", { name: "name", placeholder: "name (optional)", value: i === 0 ? you : "", maxlength: 40,
    "aria-label": `${seatName(i)}'s name` });
  const sync = () => { agent.hidden = kind.value !== "bot"; name.hidden = kind.value !== "here"; };
  kind.addEventListener("change", sync);
  sync();
  return h("div.seat", {}, h("span.seat-no", {}, seatName(i)), kind, agent, name);
}

async function openTable(event) {
  event.preventDefault();
  const form = event.target;
  const game = gameNamed(form.game.value);
  const params = {};
  for (const p of game.params) {
    const input = form.querySelector(`[name=param-${p.name}]`);
    if (!input) continue;
    const value = input.type === "checkbox" ? input.checked : typeof p.default === "number" ? Number(input.value) : input.value;
    if (value !== p.default) params[p.name] = value;
  }
  const kinds = [...form.querySelectorAll(".seat [name=kind]")].map((k) => k.value);
  const rated = Boolean(me) && form.rated.checked;
  if (rated && kinds.filter((k) => k === "here").length > 1) {
    document.getElementById("new-error").textContent = "A rated table has one seat per signed-in player: make the " +
      "other seats a bot, open to anyone, or a friend's (they sign in to take it).";
    return;
  }
  const mine = me ? kinds.indexOf("here") : -1; // a signed-in player's seat is theirs on every device
  const seats = [...form.querySelectorAll(".seat")].map((row, i) => kinds[i] === "bot"
    ? { kind: "bot", agent: row.querySelector("[name=agent]").value }
    : i === mine ? { kind: "person", account: me.name }
    : { kind: "person", name: kinds[i] === "here" ? row.querySelector("[name=name]").value : "",
        open: kinds[i] === "open" || (rated && kinds[i] === "friend") });
  const firstName = seats.find((s, i) => kinds[i] === "here")?.name;
  if (firstName) localStorage.setItem("gaiatable.name", firstName);
  try {
    const made = await api("/api/tables", { method: "POST", body: { game: game.name, params, seats, companion: form.companion.checked, rated, clock: clockChosen(form) } });
    made.tokens.forEach((token, seat) => {
      if (!token) return; // an open seat, or (rated) a friend's seat taken from the lobby
      if (kinds[seat] === "here") holdSeat(made.table, seat, token);
      else if (kinds[seat] === "friend") keepInvitation(made.table, seat, token);
    });
    location.href = `/t/${made.table}`;
  } catch (err) {
    document.getElementById("new-error").textContent = err.message;
  }
}

function clockChosen(form) {
  if (!form.clock.value) return null;
  const [kind, seconds] = form.clock.value.split(":");
  return { [kind]: Number(seconds), then: form["clock-then"].value };
}

function tableLine(view, mine) { // mine: { seat: token } of the seats this browser or account holds
  const called = (seat) => { // a game's own seat name, or "player N" (counted from 1) where it has only numbers
    const name = gameNamed(view.game)?.seat_names?.[view.seats.length]?.[seat];
    return !name || /^seat \d+$/.test(name) ? `player ${seat + 1}` : name;
  };
  const seats = view.seats.map((s) => (s.open ? `${called(s.seat)}: open` : s.kind === "bot" ? botName(s.agent) : s.name || called(s.seat)));
  let status = view.finished ? "finished" : `${view.plies} move${view.plies === 1 ? "" : "s"}`;
  if (mine && !view.finished && Object.keys(mine).map(Number).includes(view.to_move)) status = "your turn";
  if (view.deadline && !view.finished) status += ` · ${timeLeft(view.deadline)} left`;
  const line = h("li", { class: status.startsWith("your turn") ? "yours" : "" },
    h("a", { href: `/t/${view.table}` }, view.title + (view.rated ? " (rated)" : "")),
    view.clock ? h("span.limit", {}, clockWords(view.clock)) : "", h("span.who", {}, seats.join(" · ")), h("span.status", {}, status));
  const open = view.seats.find((s) => s.open);
  if (!mine && open && !view.finished) {
    line.append(h("button", { onclick: () => join(view.table, open.seat) }, `join as ${called(open.seat)}`));
  }
  return line;
}

async function join(table, seat) {
  const name = me?.name || localStorage.getItem("gaiatable.name") || prompt("Your name at the table?") || "";
  try {
    const credential = await api(`/api/tables/${table}/seats/${seat}/claim`, { method: "POST", body: { name } });
    holdSeat(table, seat, credential.token);
    location.href = `/t/${table}`;
  } catch (err) {
    alert(err.message);
  }
}

async function drawTables() {
  const held = heldSeats();
  for (const t of me?.tables || []) held[t.table] = { ...(held[t.table] || {}), [t.seat]: true };
  const ids = Object.keys(held);
  const mine = ids.length ? await api(`/api/tables?limit=200&ids=${ids.slice(-200).join(",")}`) : [];
  const others = (await api("/api/tables?limit=50")).filter((t) => !held[t.table]);
  const myList = document.getElementById("my-tables");
  if (mine.length) myList.replaceChildren(...mine.map((t) => tableLine(t, held[t.table])));
  const openList = document.getElementById("open-tables");
  openList.replaceChildren(...(others.length ? others.map((t) => tableLine(t, null)) : [h("li.empty", {}, "No other tables yet.")]));
}

// A bot's name on the leaderboard, with the lobby's levels that play as it ("strong bot (standard plays as it)"): a level
// the lobby offers is never missing from the board.
function botRow(game, name) {
  const also = STRENGTHS.map(([level]) => level).filter((level) => level !== name && game.bots?.[level] === game.bots?.[name]);
  return `${name} bot${also.length ? ` (${also.join(", ")} ${also.length > 1 ? "play" : "plays"} as it)` : ""}`;
}

// The selected game's leaderboard: people and the lobby's bots on one scale.
async function drawRatings() {
  const game = gameNamed(document.getElementById("ratings-game").value);
  const rows = await api(`/api/ratings/${game.name}`);
  document.getElementById("leaderboard").replaceChildren(...rows.map((r, i) => h("tr",
    { class: `${r.kind}${me && r.name === me.name ? " me" : ""}` }, h("td", {}, String(i + 1)),
    h("td", {}, r.kind === "bot" ? botRow(game, r.name) : h("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name)),
    ratingCell(r),
    h("td", {}, String(r.games)), h("td", {}, String(r.wins)))));
}

async function main() {
  games = await api("/api/games");
  const select = document.getElementById("game");
  select.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  const last = localStorage.getItem("gaiatable.game"); // the game this browser chose or played last
  select.value = games.find((g) => g.name === last) ? last : games.find((g) => g.name === "gaia-vora") ? "gaia-vora" : games[0].name;
  select.addEventListener("change", () => {
    localStorage.setItem("gaiatable.game", select.value);
    drawParams();
    document.getElementById("ratings-game").value = select.value; // the game being chosen, until another is picked
    drawRatings().catch(() => {});
  });
  const rated = document.getElementById("ratings-game");
  rated.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  rated.addEventListener("change", () => drawRatings().catch(() => {}));
  const clock = document.getElementById("clock"), then = document.getElementById("clock-then");
  const syncClock = () => { then.hidden = !clock.value; };
  clock.addEventListener("change", syncClock);
  syncClock();
  await drawAccount(); // before the seats: a signed-in player's seat bears their name
  document.getElementById("rated-choice").hidden = !me;
  document.getElementById("guest-note").hidden = Boolean(me);
  rated.value = me?.tables?.[0]?.game || select.value; // the game played last, for a signed-in player
  drawParams();
  drawRatings().catch(() => {});
  document.getElementById("new-table").addEventListener("submit", openTable);
  const poll = () => drawTables().catch(() => {}); // the server may be restarting: the next poll catches up
  await poll();
  setInterval(poll, 10000);
}

main();
