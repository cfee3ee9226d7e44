// Planit: each player's planet with its temperature and O2 gauges, its plant and animal tokens, its
// higher animals and ozone layer, every space of a gauge named; every hand face up, as the rules show
// them. Click a card to play or discard it.
import { h, narrow } from "../api.js";
import { card } from "./card.js";
import { cardArt } from "./planit-art.js";
import { clickable, key, s, seatColour, svg, text, unselect } from "./svg.js";

const GAUGE_H = 220;
const O2_COLOUR = "#27a7b5"; // not a seat's blue
const TEMPERATURE = ["#e07a3f", "#f6d3b6", "#8a3a10"], O2 = [O2_COLOUR, "#c3e6ea", "#176570"]; // marker, level, words
const RANKS = ["reptiles", "birds", "mammals", "devolutionary humans", "evolutionary humans"]; // PL-5.1, in order

// A gauge: a column of spaces from the bottom, each named as the board prints it (`scale`), the spaces up to the
// marker's tinted as a thermometer's or a filling sink's level (`tint`), the marked spaces (Just Right, Sink Full,
// 21% O2) shaded above it; names on the `side` given. The names take the gauge's own ink: the two gauges share
// rows, and a name read across was taken for the other gauge's. The marker lies over its space, a piece of its
// own that glides when it moves (`piece`); the spaces and names are furniture that never pops (`still`).
function gauge(x, label, scale, value, marks, [colour, tint, ink], side, piece) {
  const step = GAUGE_H / scale.length, top = (i) => 50 + GAUGE_H - (i + 1) * step;
  const items = [text(side < 0 ? x + 26 : x, 38, label, { "font-size": 12, "font-weight": 700, fill: ink, "text-anchor": side < 0 ? "end" : "start" })];
  scale.forEach((name, i) => {
    const fill = i < value ? tint : marks.includes(i) ? "#fff3c4" : "#f4efe3";
    items.push(s("rect", { x, y: top(i), width: 26, height: step - 2, rx: 3, fill, stroke: "#8a7a5a", class: "still" }));
    items.push(text(side < 0 ? x - 4 : x + 30, top(i) + step / 2 - 1, name, { "font-size": side < 0 ? 9 : 10.5, fill: ink,
      "font-weight": i === value ? 700 : 400, "text-anchor": side < 0 ? "end" : "start", class: "still" }));
  });
  items.push(s("rect", { x, y: top(value), width: 26, height: step - 2, rx: 3, fill: colour, stroke: "#8a7a5a", class: "marker", "data-piece": piece }));
  return items;
}

// The higher animals as the ladder they are climbed by (PL-5.1), a rung each: those evolved filled, each a target
// where a lethal attack may take it; the rest faint, still to come (the last, Evolutionary Humans, wins: PL-5.3).
function ladder(animals, picks, ctx) {
  return [text(300, 153, "higher animals", { "font-size": 12, fill: "#555" }), RANKS.map((rank, i) => {
    const y = 161 + i * 16, has = animals.includes(rank);
    const rung = [s("rect", { x: 226, y, width: 148, height: 14, rx: 4, fill: has ? "#cfe8c0" : "#f4efe3", stroke: has ? "#3f7a34" : "#c9bfa8",
      "stroke-dasharray": has ? null : "3 2" }), text(300, y + 7, rank, { "font-size": 11, fill: has ? "#1f3d1a" : "#7d7464",
      "font-weight": has ? 700 : 400 })];
    return has ? clickable(s("g", { class: "higher-animal" }, rung), picks(rank), ctx, rank) : s("g", { class: "rung still" }, rung);
  })];
}

// The race's next step on a planet (PL-4.2, PL-5.1): the higher animal it evolves next, and what the evolve roll
// waits for; in a 67-turn race a player had no sense of how near a planet was.
function nextWords(p, gauges) {
  const next = RANKS.find((rank) => !p.higher_animals.includes(rank)); // a rank lost is the next again (PL-5.1)
  if (!next) return ["every higher animal evolved", ""];
  const heat = p.temperature - gauges.just_right, air = gauges.o2_21 - p.o2;
  const needs = [air > 0 ? `O2 at 21% (${air} to go)` : null,
    heat ? `Just Right (${Math.abs(heat)} ${heat > 0 ? "too hot" : "too cold"})` : null,
    p.animal_token === "healthy" ? null : "healthy animals"].filter(Boolean);
  return needs.length ? [`next: ${next}, once it has:`, needs.join(" · ")] : [`next: ${next}`, "Animals may roll to evolve it now"];
}
// The same, drawn under the planet's gauges: the head bold, then what it waits for.
function nextStep(p, gauges) {
  const [head, then] = nextWords(p, gauges);
  return s("g", { class: "next-step" }, text(190, 316, head, { "font-size": 12, "font-weight": 700, fill: "#2d4a22" }),
    text(190, 331, then, { "font-size": 12, fill: "#2d4a22" }));
}

// A plant or animal token, healthy or damaged; a click on it chooses it as a lethal attack's victim or to heal.
function token(x, y, label, state, moves, ctx) {
  const healthy = state === "healthy";
  return clickable(s("g", { class: "token" }, s("circle", { cx: x, cy: y, r: 24, fill: healthy ? "#6fb35a" : state ? "#c0504d" : "#ccc", stroke: "#333" }),
    text(x, y, label, { "font-size": 10, fill: "#fff", "font-weight": 700 }), text(x, y + 34, state || "none", { "font-size": 11 })),
  moves, ctx, `${label} token`);
}

// The moves that pick a piece on this planet: a lethal attack's victim where the last roll struck it, a token
// to heal on the player's own planet.
function piecesMoves(seat, obs, ctx, roll) {
  const struck = roll && roll.planet === (seat.rules_name ?? seat.name);
  return (victim) => ctx.legal.filter((m) => (struck && m.struct?.kind === "lethal" && m.struct.victim === victim)
    || (seat.seat === obs.to_move && m.struct?.kind === "heal" && m.struct.token === victim));
}

// A die showing `face` (1-6) as pips, at x, y (its top left corner), `size` across.
function die(x, y, size, face) {
  const pips = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[face] || [];
  const step = size / 4;
  return s("g", { class: "die", "aria-label": `a die showing ${face}` },
    s("rect", { x, y, width: size, height: size, rx: size / 6, fill: "#fff", stroke: "#333", "stroke-width": 1.5 }),
    pips.map(([i, j]) => s("circle", { cx: x + step * (i + 1), cy: y + step * (j + 1), r: size / 11, fill: "#333" })));
}

// The dice rolled (PL-3), newest first, from the log's words for them (games/planit/view.py, `event_text`): each
// its face, the chart, the planet it was for and what came of it, and how many player decisions came after it.
function rolls(history = []) {
  const found = [];
  let after = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    for (const line of [...history[i].log].reverse()) {
      const roll = /^rolled (\d) on the (.+) chart for (.+): (.+)$/.exec(line);
      if (roll) found.push({ die: Number(roll[1]), chart: roll[2], planet: roll[3], effect: roll[4], after });
    }
    if (history[i].actor >= 0) after += 1;
  }
  return found;
}

// Each planet's latest roll within the last round of turns: a player's own roll had been replaced on the board by
// the bot's a second later.
function rollsByPlanet(all, seats) {
  const out = new Map();
  for (const roll of all) if (roll.after < seats && !out.has(roll.planet)) out.set(roll.planet, roll);
  return out;
}

function drawnRoll(roll) {
  return [die(286, 244, 28, roll.die), text(300, 284, `last roll: ${roll.chart}`, { "font-size": 10, fill: "#555" }),
    text(300, 299, roll.effect.replace(/ \(moves ([+-]\d+):.*\)$/, " (moved $1)"), { "font-size": 11.5, "font-weight": 700 })];
}

function planet(seat, obs, gauges, ctx, roll, itsRoll) {
  const p = seat.public;
  const picks = piecesMoves(seat, obs, ctx, roll);
  const items = [s("rect", { x: 2, y: 2, width: 376, height: 340, rx: 14, fill: "#fbf7ee", stroke: seatColour(seat), "stroke-width": obs.to_move === seat.seat ? 5 : 2 }),
    text(190, 18, `${seat.name}${obs.scores[seat.seat] !== null && obs.scores[seat.seat] !== undefined ? ` · ${obs.scores[seat.seat]}` : ""}`, { "font-size": 14, "font-weight": 700 }),
    gauge(68, "temperature", gauges.temperature_scale, p.temperature, [gauges.just_right], TEMPERATURE, -1,
      `temperature ${seat.seat}`),
    gauge(112, "O2", gauges.o2_scale, p.o2, [gauges.sink_full, gauges.o2_21], O2, 1, `O2 ${seat.seat}`),
    token(265, 70, "plants", p.plant_token, picks("plant token"), ctx), token(335, 70, "animals", p.animal_token, picks("animal token"), ctx),
    ozone(p.ozone),
    ladder(p.higher_animals, picks, ctx),
    obs.result ? null : nextStep(p, gauges),
    itsRoll ? drawnRoll(itsRoll) : null];
  const g = s("g", { class: "planet", "data-seat": seat.seat }, items);
  // the moves acting on this planet: those naming it, and on the mover's own planet the cards that act there
  // without naming one (Plants, Animals, Gaia, Ozone, Rain Forest: PL-4.1 to PL-4.3, PL-4.10, PL-4.11)
  const own = seat.seat === obs.to_move;
  const here = ctx.legal.filter((m) => m.struct && (m.struct.planet === seat.seat
    || (own && m.struct.kind === "play" && m.struct.planet === undefined)));
  const board = clickable(svg(380, 344, g), here, ctx, seat.name);
  board.id = `planit-${seat.seat}`; // where the other planets' line on a phone leads
  // a card chosen first, then its target: the planet offers that card's moves only (captured before the
  // planet's own click, which would offer every card that may act on it)
  board.addEventListener("click", (event) => {
    const picked = document.querySelector(".planit .card-face.selected"), chosen = picked?.dataset.card;
    const its = here.filter((m) => m.struct.card === chosen);
    if (!its.length) return;
    event.stopImmediatePropagation();
    if (its.length === 1 && board.dataset.chosen === chosen) { ctx.play(its[0].id); return; } // clicked again: yes
    unselect();
    picked.classList.add("selected"); // the card stays chosen, this planet its target
    board.dataset.chosen = chosen;
    ctx.choose(its, { label: `${chosen.replaceAll("_", " ")} on ${seat.name}` });
  }, { capture: true });
  return board;
}


// The Ozone Layer (PL-4.11) as it lies on the planet: a blue band arched over its life, which UV cannot reach;
// none, a faint dashed line where it would be.
function ozone(laid) {
  const arc = (r, colour, width, dash = null) => s("path", { d: `M${300 - r} 52 A${r} ${r - 30} 0 0 1 ${300 + r} 52`,
    fill: "none", stroke: colour, "stroke-width": width, "stroke-dasharray": dash, class: "ozone-arc" });
  return s("g", { class: laid ? "ozone laid" : "ozone" }, laid ? [arc(58, "#5b8fd6", 4), arc(62, "#a9c7ee", 2.5)]
    : arc(60, "#b9b2a2", 1.2, "4 4"), text(300, 133, laid ? "ozone layer" : "no ozone layer",
    { "font-size": 13, fill: laid ? "#2a5fa8" : "#777", "font-weight": laid ? 700 : 400 }));
}

// A hand's cards in the order they were last drawn in, a card new to it at the right end: the rules' order (by
// kind) had put a card drawn at either end, or between two held, and the cards under a finger moved. Kept for
// the page's tab, for this table: a reload draws them as they were.
const HELD = "gaiatable.hands";
function steady(seat, names) {
  let held = {};
  try { held = JSON.parse(sessionStorage.getItem(HELD) || "null")?.[location.pathname] || {}; } catch { /* afresh */ }
  const left = [...names], kept = [];
  for (const name of held[seat] || []) {
    const i = left.indexOf(name);
    if (i >= 0) kept.push(...left.splice(i, 1));
  }
  const now = [...kept, ...left];
  try {
    sessionStorage.setItem(HELD, JSON.stringify({ [location.pathname]: { ...held, [seat]: now } }));
  } catch { /* a refused storage only costs the order after a reload */ }
  return now;
}

// A hand, held face up (PL-2.2): each card with its text; the player to move may click theirs.
function hand(seat, obs, ctx, folded = false) {
  const names = steady(seat.seat, seat.public.hand);
  const cards = names.map((name) => {
    const f = ctx.cards?.get(name);
    // the odds on the hands that play now: another's hand, read for what it holds, kept short (its cards' odds
    // are the same as on yours and in the look-up)
    const odds = seat.seat === obs.viewer || seat.seat === obs.to_move ? f?.charts || [] : [];
    const face = card({ key: name, name: name.replaceAll("_", " "), tone: "planit", art: cardArt(name), text: f?.text,
      badge: f ? `${f.count} in all` : "", notes: odds.map((c) => (narrow()
        ? `roll, ${c.name} chart: ${c.odds.replaceAll(" in 6", "/6")}` : `roll on the ${c.name} chart: ${c.odds}`)) });
    if (seat.seat !== obs.to_move) return face;
    const its = ctx.legal.filter((m) => m.struct && m.struct.card === name && m.struct.kind !== "draw");
    if (its.length && its.every((m) => m.struct.kind === "discard")) face.classList.add("discard-only"); // no play now
    // chosen, the card outlines the planets it may act on: the next tap's targets
    const aim = (ms) => {
      for (const m of ms) if (m.struct.kind !== "discard") document.getElementById(`planit-${m.struct.planet ?? obs.to_move}`)?.classList.add("aimed");
      return [];
    };
    return clickable(face, its, ctx, name.replaceAll("_", " "), { reach: aim, note: its.some((m) => m.struct.planet !== undefined)
      ? "or tap the planet it should act on" : null });
  });
  // held face up (PL-2.2): said where another's hand is, which a player had taken for a leaked secret
  const title = seat.seat === obs.viewer ? `${seat.name}'s hand` : `${seat.name}'s hand, face up as the rules say`;
  const faces = h("div.cards", {}, cards.length ? cards : h("p.empty", {}, "empty"));
  // on a phone another's hand is its cards' names, opened on a tap: whole, two hands were screens of text
  if (folded) return h("details.card-row", { "data-part": `hand ${seat.seat}` }, h("summary", {}, h("strong", {}, title),
    `: ${names.map((name) => name.replaceAll("_", " ")).join(", ") || "empty"}`), faces);
  return h("section.card-row", { "data-part": `hand ${seat.seat}` }, h("h4", {}, title), faces);
}

// On a phone, under the first planet, where each other planet stands (the planets lie a scroll apart there):
// a hazard is aimed at a planet's temperature and O2, and the line draws them small, as on the planet, says them
// and leads to that planet.
function others(seats, gauges) {
  return h("ul.planit-others", { "aria-label": "the other planets" }, seats.map((seat) => {
    const p = seat.public, animals = p.higher_animals.length ? p.higher_animals.join(", ") : "no higher animals";
    const tokens = [["plant", p.plant_token], ["animal", p.animal_token]].filter(([, state]) => state !== "healthy")
      .map(([kind, state]) => `${kind} token ${state}`);
    const go = (e) => { e.preventDefault(); document.getElementById(`planit-${seat.seat}`)?.scrollIntoView({ block: "center" }); };
    // a card chosen, a tap on the line aims it at that planet, as a tap on the planet itself does
    const aim = (e) => {
      if (!document.querySelector(".planit .card-face.selected")) return;
      e.preventDefault();
      document.getElementById(`planit-${seat.seat}`)?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    };
    // the race in the planet's own line's words: what it has, and what its next higher animal waits for
    return h("li", { onclick: aim }, h("span.said", {}, h("a", { href: `#planit-${seat.seat}`, onclick: go }, seat.name),
      `: ${[animals, p.ozone ? "ozone layer" : null, ...tokens].filter(Boolean).join(", ")}; ${nextWords(p, gauges).join(" ")}`),
    glance(p, gauges));
  }));
}

// A planet in one line: its two gauges lying down, low to high, the marker dark and the level tinted as on the
// planet; its plant and animal tokens; its higher animals as five rungs, those evolved filled.
function glance(p, gauges) {
  const row = (y, label, scale, value, marks, [colour, tint, ink]) => [text(30, y + 5, label, { "font-size": 10, fill: ink,
    "font-weight": 700, "text-anchor": "end" }), scale.map((_, i) => s("rect", { x: 34 + i * 9, y, width: 8, height: 10, rx: 1.5,
    fill: i === value ? colour : i < value ? tint : marks.includes(i) ? "#fff3c4" : "#f4efe3", stroke: "#8a7a5a", "stroke-width": 0.6 }))];
  const state = (x, y, st) => s("circle", { cx: x, cy: y, r: 6, fill: st === "healthy" ? "#6fb35a" : st ? "#c0504d" : "#ccc",
    stroke: "#333", "stroke-width": 0.8 });
  return s("svg", { viewBox: "0 0 280 28", width: 280, height: 28, class: "glance", "aria-hidden": "true", "data-summary": "" },
    row(2, "temp", gauges.temperature_scale, p.temperature, [gauges.just_right], TEMPERATURE),
    row(15, "O2", gauges.o2_scale, p.o2, [gauges.sink_full, gauges.o2_21], O2),
    state(150, 8, p.plant_token), state(150, 21, p.animal_token),
    RANKS.map((rank, i) => s("rect", { x: 166 + i * 22, y: 8, width: 19, height: 12, rx: 3,
      fill: p.higher_animals.includes(rank) ? "#6fb35a" : "#f4efe3", stroke: "#8a7a5a", "stroke-width": 0.8 })));
}

export default function planit(obs, ctx) {
  const b = obs.board;
  const discards = Object.entries(b.discards).map(([c, n]) => `${n} ${c.replaceAll("_", " ")}`).join(", ") || "none";
  const cell = (fill) => s("rect", { x: 5, y: 6, width: 14, height: 12, rx: 2, fill, stroke: "#8a7a5a" });
  const legend = key([[cell("#e07a3f"), "the temperature marker"], [cell(O2_COLOUR), "the O2 marker"],
    [[cell("#f6d3b6"), cell("#c3e6ea")].map((c, i) => { c.setAttribute("x", 2 + 11 * i); c.setAttribute("width", 9); return c; }),
      "under a marker: its level, as in a thermometer or a filling sink"],
    [cell("#fff3c4"), "a marked space: JUST RIGHT, SINK FULL (an Ice Age the first time), 21% O2"],
    [s("path", { d: "M3 18 A9 8 0 0 1 21 18", fill: "none", stroke: "#5b8fd6", "stroke-width": 3 }),
      "the Ozone Layer over a planet's life: UV cannot strike it (dashed: none)"]]);
  const hands = [...obs.seats].sort((a, c) => (c.seat === obs.viewer) - (a.seat === obs.viewer)); // yours first
  const rolled = rolls(ctx.history), roll = rolled[0] ?? null, drawn = rollsByPlanet(rolled, obs.seats.length);
  // a desk: the planets side by side, smaller for three or four (three a row), your hand after them, beside the
  // last row's where it has room, so that it is in sight without a scroll; the others' hands below; a phone: each
  // planet with its hand under it, yours first, so a card and the gauges it moves are a short scroll apart
  const planets = obs.seats.map((seat) => planet(seat, obs, b.gauges, ctx, roll, drawn.get(seat.rules_name ?? seat.name)));
  const table = narrow() ? hands.map((seat, i) => [h("div.planets", {}, planets[seat.seat]),
    i === 0 ? others(hands.slice(1), b.gauges) : null, hand(seat, obs, ctx, seat.seat !== obs.to_move && seat.seat !== obs.viewer)])
    : [h(obs.seats.length > 2 ? "div.planets.crowded" : "div.planets", {}, planets, hand(hands[0], obs, ctx)),
      hands.slice(1).map((seat) => hand(seat, obs, ctx))];
  return h("div.planit", {}, table, legend,
    h("p.caption", {}, `Round ${Math.floor(b.turn / obs.seats.length) + 1} (two good players take about 67) · deck ${b.deck}`
      + ` · discards: ${discards}`), // a long race: said, so that round 40 is no surprise
    h("p.caption", {}, "The first to evolve Evolutionary Humans wins. The number by each planet's name shows how "
      + "far it has come: 11 for each higher animal, plus the O2 marker's space."),
    h("p.caption", {}, "In Planit every hand is held face up: each player sees what the others can play."));
}

// A move's words with the planet it acts on: a card played for one of its uses acts on the player's own
// planet ("gaia: lower temperature on Terra").
export function describe(move, obs) {
  const { kind, planet, card } = move.struct || {};
  const idle = kind === "play" ? changesNothing(move.struct, obs) : "";
  if (kind === "play" && planet === undefined) return `${move.text} on ${obs.seats[obs.to_move].name}${idle}`; // acts where laid
  // a lethal hazard on the player's own planet is allowed (PL-4.17) but rarely meant: say so on the button
  if (kind === "play" && planet === obs.to_move && HAZARDS.has(card)) return `${move.text} (your own planet!)`;
  if (idle) return `${move.text}${idle}`;
  const struck = kind === "lethal" && / lethal attack on (.+)$/.exec(obs.prompt)?.[1]; // whose piece it takes
  return struck ? `${move.text} on ${struck}` : move.text;
}

const HAZARDS = new Set(["uv_radiation", "plague", "acid_rain", "cfc"]); // the lethal ones, and the end of an ozone layer

// A play that cannot change its planet (legal all the same): its chart only pushes a marker that stands at
// that end of its gauge (PL-3.6), or a Rain Forest where the temperature is Just Right already (PL-4.10).
function changesNothing({ card, chart, planet }, obs) {
  const g = obs.board?.gauges, p = obs.seats[planet ?? obs.to_move]?.public;
  if (!g || !p) return "";
  if (card === "rain_forest") return p.temperature === g.just_right ? " (changes nothing: Just Right already)" : "";
  const stuck = { "temp-": p.temperature === 0 && "the temperature is at ICE AGE",
    "temp+": p.temperature === g.temperature_spaces - 1 && "the temperature is at its top",
    "o2+": p.o2 === g.o2_spaces - 1 && "O2 is at its top" }[g.pushes?.[chart]];
  return stuck ? ` (changes nothing: ${stuck})` : "";
}
