// Earth: Our Home: the map's two discs of hexagonal habitats (and the Pacific box), each with its
// type, its counters against its room and the species counters on it (the genus's symbol and colour, the
// species level inside); each genus's level, genes and conflict values. Click a habitat.
import { h, narrow } from "../api.js";
import { clickable, key, s, seatColour, svg, text } from "./svg.js";

const TYPE = { marine: "#9fd0ee", tropical: "#8cc474", temperate: "#e8dcc0" };
const R = 34, W = R * Math.sqrt(3), ROWS = 7;
// The lettered habitats (A–D) are drawn on both discs and are one habitat each (EO-1.2).
const TWIN = (habitat) => /^[A-D]$/.test(habitat.id);

function hexagon(x, y, r = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    return `${x + r * Math.cos(a)},${y + r * Math.sin(a)}`;
  }).join(" ");
}

// A counter: its genus's symbol ("blue square", "red circle", "green triangle", "yellow star") in its colour.
function counter(seat, level, x, y, r = 7, current = false) {
  const fill = seatColour(seat), stroke = "#222";
  const edge = current ? { "stroke-width": 3, class: "current" } : {}; // the viewer's current species, outlined bold
  const symbol = (seat.name || "").split(" ").pop();
  const shape = symbol === "square" ? s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill, stroke, ...edge })
    : symbol === "triangle" ? s("polygon", { points: `${x},${y - r - 2} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`, fill, stroke, ...edge })
      : symbol === "star" ? s("polygon", { points: star(x, y, r + 2), fill, stroke, ...edge })
        : s("circle", { cx: x, cy: y, r, fill, stroke, ...edge });
  return s("g", { class: "counter", "data-seat": seat.seat }, shape, level ? text(x, y + 1, String(level), { "font-size": r + 3, "font-weight": 700, fill: "#111" }) : null);
}

function star(x, y, r) {
  return Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2, d = i % 2 ? r * 0.45 : r;
    return `${x + d * Math.cos(a)},${y + d * Math.sin(a)}`;
  }).join(" ");
}

// A habitat's hexagon, its name and room above the middle, its counters below, three a row inside the hexagon
// (the Pacific, twice as large, five a row: it holds eleven).
// On a phone a habitat's words and counters are drawn larger in the same hexagon (a phone shows the map at
// about four fifths of its size: 8-point words were 7 pixels).
let LARGE = false;

// A habitat the viewer's current species would lose to the next counter laid there, anyone's (EO-4.1): full, its
// only counter there among another genus's, and no species there with a lower conflict value. A player saw a
// rival flood five of their habitats and lose them in contests, and learnt the threat only afterwards.
export function exposed(habitat, obs) {
  const me = typeof obs.viewer === "number" ? obs.seats[obs.viewer].public : null;
  if (!me?.level || habitat.counters.length < habitat.capacity) return false;
  const value = (c) => obs.seats[c.seat].public.conflicts?.find((x) => x.species === c.level)?.[habitat.type] ?? 0;
  const mine = habitat.counters.filter((c) => c.seat === obs.viewer && c.level === me.level);
  return mine.length === 1 && habitat.counters.some((c) => c.seat !== obs.viewer)
    && habitat.counters.every((c) => value(mine[0]) <= value(c));
}

function habitatCell(habitat, x, y, obs, ctx, size = 1) {
  const n = habitat.counters.length, per = size > 1 ? 5 : 3, r = LARGE ? 8.5 : 8, gap = LARGE ? 18 : 17; // three inside
  const risky = exposed(habitat, obs);
  const g = s("g", { class: "habitat", "data-habitat": habitat.id, "data-name": habitat.name },
    s("polygon", { points: hexagon(x, y, R * size), fill: TYPE[habitat.type] || "#eee", stroke: TWIN(habitat) ? "#7a3e9d" : "#6b5d45",
      "stroke-width": TWIN(habitat) ? 3 : 1.5, "stroke-dasharray": TWIN(habitat) ? "6 3" : null }),
    risky ? s("polygon", { points: hexagon(x, y, R * size - 4), fill: "none", stroke: "#c62828", "stroke-width": 2.5,
      "stroke-dasharray": "5 3", class: "exposed" }) : null,
    text(x, y - 21 * size, habitat.id, { "font-size": LARGE ? 14 : 12, "font-weight": 700 }),
    habitat.pacific_rim ? text(x + 0.62 * R, y - 0.3 * R, "P", { "font-size": 11, "font-weight": 700, fill: "#0b4f8a", class: "pacific-mark" }) : null,
    text(x, y - 8.5 * size, `${n}/${habitat.capacity}`, { "font-size": LARGE ? 12.5 : 10.5, fill: n >= habitat.capacity ? "#b3261e" : "#444", class: "room" }),
    habitat.counters.map((c, i) => {
      const cx = x - gap * Math.min(per - 1, n - 1) / 2 + (i % per) * gap, cy = y + (LARGE ? 9.5 : 8) + Math.floor(i / per) * gap;
      // the viewer's current species outlined: where it lives is where its counters may go (EO-3.3)
      const current = c.seat === obs.viewer && c.level === obs.seats[c.seat].public.level;
      return counter(obs.seats[c.seat], c.level, cx, cy, r, current);
    }));
  const moves = ctx.legal.filter((m) => m.struct && m.struct.habitat === habitat.id);
  const label = `${habitat.id} ${habitat.name}: ${habitat.type}, ${n} of ${habitat.capacity} counters${holders(habitat, obs)}`
    + (risky ? "; the next counter laid here takes your species' only one: its conflict value is the lowest here (EO-4.1)" : "");
  // while placing, a habitat the counter may not go to says why when clicked (EO-3.4: land or sea, the room)
  const placing = !moves.length && ctx.legal.some((m) => m.struct?.habitat);
  // a full habitat takes one more only with a survival contest (EO-4.1): asked even where clicks play at once
  const full = n >= habitat.capacity && moves.some((m) => m.struct.kind === "place");
  return clickable(g, moves, ctx, label, { why: placing ? `place ${habitat.id}` : null,
    warn: full ? `${habitat.id} is full: one more counter starts a survival contest, and the lowest conflict value there loses a counter (EO-4.1).` : null });
}

function legend(obs) {
  const types = Object.entries(TYPE).map(([type, fill]) => [s("polygon", { points: hexagon(12, 12).replaceAll(/[\d.]+,[\d.]+/g, (pt) => {
    const [px, py] = pt.split(",").map(Number);
    return `${12 + (px - 12) * 0.3},${12 + (py - 12) * 0.3}`;
  }), fill, stroke: "#6b5d45" }), `${type}${type === "marine" ? " (sea)" : " (land)"}`]);
  const genera = obs.seats.map((seat) => [counter(seat, 0, 12, 12, 8), seat.name]);
  const twin = [s("polygon", { points: "12,2 21,7 21,17 12,22 3,17 3,7", fill: "#eee", stroke: "#7a3e9d", "stroke-width": 2,
    "stroke-dasharray": "4 2" }), "A–D: one habitat, drawn on both discs"];
  const contest = [s("polygon", { points: "12,2 21,7 21,17 12,22 3,17 3,7", fill: "#eee", stroke: "#d62728", "stroke-width": 3 }),
    "a survival contest since your last move"];
  const rim = [text(12, 12, "P", { "font-size": 14, "font-weight": 700, fill: "#0b4f8a" }), "touches the Pacific box: a counter enters it from here"];
  return key([...types, ...genera, twin, contest, rim, [s("g", {}, text(12, 12, "n/3", { "font-size": 8 })), "counters here / room (one more starts a contest)"],
    [counter({ name: "", seat: 9 }, 2, 12, 12, 8), "the number: species level (1 to 5)"],
    [counter({ name: "", seat: 9 }, 2, 12, 12, 8, true), "outlined bold: your current species (where it lives and next door take the next counter)"],
    [s("polygon", { points: "12,3 20,7.5 20,16.5 12,21 4,16.5 4,7.5", fill: "none", stroke: "#c62828", "stroke-width": 2.5,
      "stroke-dasharray": "4 2" }), "dashed red inside: a habitat of yours the next counter laid there takes (full, and your "
      + "species' conflict value the lowest there)"],
    [[counter({ name: "", seat: 9 }, 1, 10, 14, 8), orderMark(18, 18, 1)], "1, 2… on a counter: the others' counters since your last move, in the order laid"]]);
}

// A gene's words; where the genus whose symbol it carries has nobody at this table, its +2 never comes
// (EO-2.3), and its words say so instead of naming a bonus nobody can have.
function absent(gene, obs) {
  const here = new Set(obs.seats.map((seat) => seat.rules_name ?? seat.name));
  return gene.replace(/, \+2 instead if held by ([a-z]+ [a-z]+)\)/,
    (words, genus) => (here.has(genus) ? words : `; its +2 would be for ${genus}, not at this table)`));
}

// What the others did since the player last looked: each counter they laid numbered in order at the counter
// itself (a bot's turn of six counters arrives at once; a counter a contest took since takes its number with
// it), and the survival contests marked on their habitats (the counters they cost are gone from the map, so
// the place is marked).
export function replay(entries, how) {
  if (how !== "marks") return;
  const laid = new Map(); // habitat id -> [[order, seat], ...]
  const drawn = new Map(); // svg -> what its numbers must not cover, and the numbers to draw
  let n = 0;
  for (const e of entries) {
    const id = /^place (\S+)/.exec(e.text)?.[1];
    if (id) laid.set(id, [...(laid.get(id) || []), [++n, e.actor]]);
  }
  for (const [id, order] of laid) {
    document.querySelectorAll(`.board-inner .habitat[data-habitat="${CSS.escape(id)}"]`).forEach((habitat) => {
      const svg = habitat.ownerSVGElement;
      if (!drawn.has(svg)) drawn.set(svg, { taken: readable(svg), marks: [] });
      const { taken, marks } = drawn.get(svg);
      for (const seat of new Set(order.map(([, who]) => who))) { // a seat's newest counters are its last ones here
        const counters = [...habitat.querySelectorAll(`.counter[data-seat="${seat}"]`)];
        const numbers = order.filter(([, who]) => who === seat).map(([k]) => k);
        numbers.slice(Math.max(0, numbers.length - counters.length)).reverse()
          .forEach((k, i) => marks.push(badge(counters[counters.length - 1 - i], k, taken)));
      }
    });
  }
  drawn.forEach(({ marks }, svg) => svg.append(...marks));
  for (const line of entries.flatMap((e) => e.log)) {
    const place = /^survival contest at (.+?):/.exec(line)?.[1];
    if (place) document.querySelectorAll(`.board-inner .habitat[data-name="${CSS.escape(place)}"]`)
      .forEach((habitat) => habitat.classList.add("contested"));
  }
}

// A counter's order of play, drawn over the map (a habitat it may not go to is dimmed) just off a corner of its
// shape where it covers no level digit, no habitat's count and no other number (`taken`: their boxes, in the map's
// units): the lower right first, else the next corner or side that is clear. A fixed corner met a neighbour's digit
// where the counters ran to a second row, or beside a star's wider shape. Returned to be drawn with the others at
// once; measured in the map's units, a counter popping in (scaled by its animation) is measured at its size.
function badge(counter, n, taken) {
  const box = counter.firstChild.getBBox();
  const hits = (r) => taken.filter((t) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom).length;
  const [midX, midY, halfW, halfH] = [box.x + box.width / 2, box.y + box.height / 2, box.width / 2 + 1, box.height / 2 + 1];
  const spots = [0, 4, 8, 12].flatMap((out) => [[1, 1], [1, -1], [-1, 1], [-1, -1], [1.4, 0], [-1.4, 0], [0, 1.4], [0, -1.4]]
    .map(([dx, dy]) => [midX + dx * (halfW + out), midY + dy * (halfH + out)]));
  let best = null;
  for (const [x, y] of spots) {
    const spot = { x, y, rect: { left: x - MARK, right: x + MARK, top: y - MARK, bottom: y + MARK } };
    spot.hits = hits(spot.rect);
    if (!best || spot.hits < best.hits) best = spot;
    if (!spot.hits) break;
  }
  taken.push(best.rect);
  return orderMark(best.x, best.y, n, { "data-habitat": counter.closest(".habitat").dataset.habitat, "data-seat": counter.dataset.seat });
}

// The boxes a number must not cover in `svg`, in its units: the levels' digits (a digit's glyph inside its box: half a
// unit in from its sides, two from its top and foot) and the habitats' counts.
function readable(svg) {
  return [...svg.querySelectorAll(".counter text, .habitat .room")].map((el) => {
    const r = el.getBBox(), [padX, padY] = el.matches(".counter text") ? [0.5, 1.5] : [0, 0];
    return { left: r.x + padX, right: r.x + r.width - padX, top: r.y + padY, bottom: r.y + r.height - padY };
  });
}

const MARK = 5.5; // a number's radius

function orderMark(x, y, n, data = {}) {
  return s("g", { class: "laid-order", ...data }, s("circle", { cx: x, cy: y, r: MARK, fill: "#fff", stroke: "#111", "stroke-width": 1.2 }),
    text(x, y + 0.5, String(n), { "font-size": n > 9 ? 7 : 8.5, "font-weight": 700, fill: "#111" }));
}

export default function earthOurHome(obs, ctx) {
  const b = obs.board;
  const byId = Object.fromEntries(b.habitats.map((x) => [x.id, x]));
  const items = [];
  const discs = b.layout || [];
  const discWidth = ROWS * W + 20;
  const discHeight = 20 + R * 2 + (Math.max(...discs.map((d) => d.length), 1) - 1) * R * 1.5;
  const stacked = narrow(); // a phone: one disc above the other, each twice as large
  LARGE = stacked;
  discs.forEach((disc, d) => {
    disc.forEach((row, r) => {
      row.forEach((id, i) => {
        const x = (stacked ? 0 : d * discWidth) + 10 + W / 2 + (ROWS - row.length) * (W / 2) + i * W;
        const y = (stacked ? d * discHeight : 0) + 10 + R + r * R * 1.5;
        if (byId[id]) items.push(habitatCell(byId[id], x, y, obs, ctx));
      });
    });
  });
  const width = (stacked ? 1 : Math.max(1, discs.length)) * discWidth;
  const height = (stacked ? Math.max(1, discs.length) : 1) * discHeight;
  // the Pacific box: side by side, in the gap between the discs' lower rows (below them, it had pushed the key
  // out of sight and kept the map small); one above the other, below them, with its note
  const between = !stacked && discs.length === 2;
  if (byId.PAC && between) items.push(habitatCell(byId.PAC, discWidth, 10 + R + 5.5 * 1.5 * R, obs, ctx, 1.6));
  else if (byId.PAC) items.push(habitatCell(byId.PAC, width - 1.6 * W, height + 2 * R + 6, obs, ctx, 2),
    text(width - 1.6 * W - 2 * R - 12, height + 2 * R + 6, "The Pacific: enter from a habitat marked P",
      { "font-size": 12, "text-anchor": "end", fill: "#0b4f8a", class: "pacific-note" }));
  // where the counter to place may go, and why (EO-3.3 to EO-3.6), or what a mutation does (EO-3.2); the line
  // is kept, empty, on the others' turns and is as tall as its longest words: the map never moves
  const yours = obs.to_move === obs.viewer && typeof obs.viewer === "number";
  const level = yours ? obs.seats[obs.viewer].public.level : 0;
  const placing = !yours ? "" : b.placing ? `Your counter goes ${b.placing}; the habitats it may go to are lit.`
    : obs.phase === "mutate" ? `A mutation: one of your older counters becomes species ${level} where it stands; `
      + "the habitats holding one are lit." : "";
  const map = svg(width, height + (byId.PAC && !between ? 4 * R + 14 : 0), items);
  return h("div.eoh", {}, h("p.caption", {}, `Epoch ${b.epoch} of ${b.epochs}`, obs.result ? "" : [" · ", epochScores(obs)]),
    h("p.caption.placing", {}, placing), map, readout(map, byId, obs), legend(obs), stacked ? generaBlocks(obs) : generaTable(obs));
}

// Under the map, the habitat pointed at, by name: the hexagons have room for a code only ("W30"), and a
// tooltip waits a second. A tap selects a habitat, and the choices then name it.
// Whose counters a habitat holds, and of which species: " (red circle species 2, you species 1)". The counters'
// shapes and numbers alone were read only zoomed in.
function holders(habitat, obs) {
  const held = habitat.counters.map((c) => `${obs.seats[c.seat].name} species ${c.level}`);
  return held.length ? ` (${held.join(", ")})` : "";
}

function readout(map, byId, obs) {
  const idle = "Point at a habitat to read its name and what it holds.";
  const line = h("p.readout.desk-only", { "aria-hidden": "true" }, idle);
  const say = (e) => {
    const habitat = byId[e.target.closest?.(".habitat")?.dataset.habitat];
    if (!habitat) { line.textContent = idle; return; }
    const held = habitat.counters.length, room = `${held} of ${habitat.capacity} counters`;
    line.textContent = `${habitat.id} ${habitat.name}: ${habitat.type === "marine" ? "sea" : `${habitat.type} land`}, `
      + `${room}${holders(habitat, obs)}${held >= habitat.capacity ? "; full: one more starts a survival contest" : ""}`
      + `${habitat.pacific_rim ? ", touches the Pacific" : ""}.`;
  };
  for (const event of ["pointerover", "focusin"]) map.addEventListener(event, say);
  map.addEventListener("pointerleave", say);
  return line;
}

// What each species would score at its 18th counter as the map stands (EO-5.1): the habitats holding one of its
// counters, each for its points (on a phone without the why, which How to play says); a species that has laid
// its epoch's last counter has scored
function epochScores(obs) {
  const habitats = obs.board.habitats;
  const worth = (type) => habitats.find((x) => (x.type === "marine") === (type === "marine"))?.points ?? 0;
  const now = obs.seats.map((seat) => habitats.filter((x) => x.counters.some((c) => c.seat === seat.seat
    && c.level === seat.public.level)).reduce((sum, x) => sum + x.points, 0));
  return h("span.epoch-scores", {}, h("span.desk-only", {}, `at its 18th counter a species scores ${worth("land")} `
    + `a land and ${worth("marine")} a marine habitat it is in; this epoch would add, as the map stands: `),
  h("span.phone-only", {}, "this epoch adds, as it stands: "),
  obs.seats.map((seat) => h("span.epoch-score", { "data-seat": seat.seat }, h("span.swatch", { style: `background:${seatColour(seat)}` }),
    `${seat.seat === obs.viewer ? "you" : seat.name} ${seat.public.turns >= obs.board.turns_per_epoch ? "(scored)" : `+${now[seat.seat]}`}`))
    .flatMap((el, i) => (i ? [" · ", el] : [el])));
}

const CONFLICT = "conflict value by species, newest first";
const conflicts = (seat) => (seat.public.conflicts || [])
  .map((c) => `species ${c.species}: marine ${c.marine} · tropical ${c.tropical} · temperate ${c.temperate}`);
const genus = (seat) => [h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name];

// Each genus's level, genes and conflict values: a table on a desk, a block a genus on a phone (a table's six
// columns there made a narrow wall of words)
function generaTable(obs) {
  return h("table.seat-table", {}, h("tr", {}, ["genus", "level", "genes", CONFLICT, "laid", "score"].map((t) => h("th", {}, t))),
    obs.seats.map((seat) => h("tr", {}, h("td", {}, genus(seat)), h("td", {}, String(seat.public.level)),
      h("td", {}, seat.public.genes.map((g) => absent(g, obs)).join(", ") || "—"),
      h("td", {}, conflicts(seat).map((line) => h("div.conflict", {}, line))),
      h("td", {}, String(seat.public.laid)), h("td", {}, String(obs.scores[seat.seat] ?? "?")))));
}

function generaBlocks(obs) {
  return h("div.genera", {}, obs.seats.map((seat) => h("section.genus", {},
    h("h4", {}, genus(seat), ` · species ${seat.public.level} · ${seat.public.laid} laid · score ${obs.scores[seat.seat] ?? "?"}`),
    h("p", {}, h("strong", {}, "genes: "), seat.public.genes.map((g) => absent(g, obs)).join(", ") || "none"),
    h("p", {}, h("strong", {}, `${CONFLICT}: `), conflicts(seat).map((line) => h("span.conflict", {}, line)).flatMap((el, i) => (i ? ["; ", el] : [el]))))));
}
