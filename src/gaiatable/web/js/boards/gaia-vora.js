// Gaia-Vora: the planet's eight locations around the Water, each a stack of tiles with at most one
// CarniVore, HerbiVore and Plant; the Sky Objects above them. Click a location, the Water or a Sky Object.
import { h, narrow } from "../api.js";
import { COLOURS, clickable, key, movesWhere, s, svg, text } from "./svg.js";

const TILE = { stone: "#8d8d8d", sand: "#e2c98f", grass: "#6fb35a", snow: "#f2f6fa", water: "#2f8fd8" };
const SPECIES = ["carnivore", "herbivore", "plant"];

function lifeForm(species, colour, x, y, k = 1) {
  const fill = COLOURS[colour] || colour;
  const look = { fill, stroke: "#222", class: "life", "data-species": species, "data-colour": colour };
  if (species === "carnivore") return s("polygon", { points: `${x},${y - 14 * k} ${x + 13 * k},${y + 10 * k} ${x - 13 * k},${y + 10 * k}`, ...look });
  if (species === "herbivore") return s("circle", { cx: x, cy: y, r: 12 * k, ...look });
  return s("rect", { x: x - 10 * k, y: y - 10 * k, width: 20 * k, height: 20 * k, rx: 3, transform: `rotate(45 ${x} ${y})`, ...look });
}

// A place's CarniVore, HerbiVore and Plant side by side; on a phone, where the planet is drawn at half size,
// the pieces are drawn larger, further apart, still inside their place.
function lifeRow(life, x, y, risks = {}) {
  if (!life) return [];
  const phone = narrow(), k = phone ? 1.4 : 1.2, gap = phone ? 37 : 33;
  const pieces = SPECIES.map((sp, i) => (life[sp] ? [lifeForm(sp, life[sp], x - gap + i * gap, y, k),
    risks[sp] ? s("circle", { cx: x - gap + i * gap, cy: y, r: 16 * k, class: "at-risk", "data-summary": "", fill: "none",
      stroke: "#ff5a4f", "stroke-width": 2.5, "stroke-dasharray": "4 3" }) : null]
    : s("circle", { cx: x - gap + i * gap, cy: y, r: 3, fill: "#0003" })));
  const size = phone ? 1.7 : 1; // a phone draws the planet at about half size: its words as large as a desk's
  return [pieces, Object.keys(risks).length ? atRisk(x, y - 16 * k - 9 * size, risks, size) : null];
}

// Over a place whose pieces of the viewer's (ringed red) the next rotation may cost them, a red badge saying which
// threats and which rotations: "☾1+", a rotation of 1 step or more passes it under the Moon; "☄2", one of 2 steps
// brings it under the Meteor. One a place, not one a piece: side by side, they covered each other. Its title says
// how, piece by piece.
function atRisk(x, y, risks, size = 1) {
  const label = [...new Set(Object.values(risks).flat().map((t) => t.mark))].join(" ");
  const width = size * (8 + 8.5 * [...label].length), height = 18 * size;
  return s("g", { class: "at-risk risk-badge", "data-summary": "" }, s("title", {}, riskSaid(risks)),
    s("rect", { x: x - width / 2, y: y - height / 2, width, height, rx: height / 2, fill: "#b3261e", stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + 0.5, label, { "font-size": 12.5 * size, "font-weight": 700, fill: "#fff" }));
}

// A place's risks in words, piece by piece ("☾1+ your plant here: rotate 1 or more ..."): the badge's title, and
// under a tapped place's choices, where a phone shows no hover's title.
function riskSaid(here) {
  return here ? Object.entries(here).map(([species, threats]) =>
    `${threats.map((t) => t.mark).join(" ")} your ${species} here: ${threats.map((t) => t.why).join("; ")}.`).join(" ") : null;
}

// What the next rotation may cost `colour` (GV-3.1). The Moon makes the place under it eat after every step
// (GV-8.1), so a place 1, 2 or 3 steps short of it eats in every rotation of that many steps or more: the
// herbivore eats the plant, then the carnivore the herbivore (GV-8.3), another colour's meal its fossil (GV-8.4),
// one of its own colour's back to its pool, off the planet (GV-8.5). The places a rotation brings under the
// Meteor lose their Life-Forms to a tile dropped there (GV-7.4), the Water's excepted (GV-7.6). By place index
// (8: the Water), each species at risk and its threats, nearest first: { mark: "☾1+", why }.
export function risks(board, colour) {
  const at = (object) => board.positions.findIndex((p) => p.object === object);
  const out = new Map(), add = (i, species, mark, why) => {
    const here = out.get(i) || {};
    (here[species] ??= []).push({ mark, why });
    out.set(i, here);
  };
  const moon = at("moon"), meteor = at("meteor"), eaten = new Set(); // the Moon's nearest threat only, per piece
  for (const steps of [1, 2, 3]) {
    if (moon >= 0) {
      const i = (moon - steps + 8) % 8, wet = !board.positions[i].tiles.length, life = wet ? board.water : board.positions[i].life;
      const when = steps < 3 ? `rotate ${steps} or more passes it under the Moon` : "rotate 3 brings it under the Moon";
      for (const [prey, eater] of [["plant", "herbivore"], ["herbivore", "carnivore"]]) {
        const place = wet ? 8 : i;
        if (life?.[prey] !== colour || !life[eater] || eaten.has(`${place} ${prey}`)) continue;
        eaten.add(`${place} ${prey}`);
        add(place, prey, steps < 3 ? `☾${steps}+` : "☾3", life[eater] === colour
          ? `${when}: your own ${eater} eats it, back to your pool` : `${when}: ${life[eater]}'s ${eater} eats it`);
      }
    }
    if (meteor >= 0) {
      const i = (meteor - steps + 8) % 8, p = board.positions[i];
      for (const sp of SPECIES) {
        if (p.tiles.length && p.life?.[sp] === colour) add(i, sp, `☄${steps}`, `rotate ${steps} brings it under the Meteor: a tile dropped there kills it`);
      }
    }
  }
  return out;
}

// A Sky Object, named on the side away from the planet (above it in the north, where its mark points down);
// `barred`: not to be activated now, dimmed and said so (a click says why), where it had vanished from the list.
function skyObject(kind, x, y, above = false, barred = false) {
  const parts = {
    sun: [s("circle", { cx: x, cy: y, r: 16, fill: "#ffcf33", stroke: "#d98e04", "stroke-width": 3, "stroke-dasharray": "4 3" })],
    rainbow: [0, 1, 2].map((i) => s("path", { d: `M ${x - 18 + i * 4} ${y + 6} A ${18 - i * 4} ${18 - i * 4} 0 0 1 ${x + 18 - i * 4} ${y + 6}`, fill: "none", stroke: ["#e04040", "#f0c020", "#3a7bd5"][i], "stroke-width": 4 })),
    storm: [s("ellipse", { cx: x, cy: y, rx: 20, ry: 12, fill: "#7b8794" }), s("path", { d: `M ${x - 2} ${y + 8} l -5 10 h 6 l -4 9`, stroke: "#ffd400", fill: "none", "stroke-width": 2 })],
    meteor: [s("path", { d: `M ${x + 6} ${y - 6} L ${x + 22} ${y - 20}`, stroke: "#f08030", "stroke-width": 5 }), s("circle", { cx: x, cy: y, r: 10, fill: "#8a4b2a" })],
    moon: [s("circle", { cx: x, cy: y, r: 15, fill: "#e8e4d0" }), s("circle", { cx: x + 7, cy: y - 4, r: 13, fill: "#14213d" })],
  }[kind] || [];
  return s("g", { class: barred ? "sky barred" : "sky", "data-object": kind }, s("circle", { cx: x, cy: y, r: 24, fill: "#14213d" }),
    parts, text(x, above ? y - 34 : y + 36, barred ? `${kind} (not now)` : kind, { "font-size": 13, fill: "#dfe7f5", class: "sky-name",
      "data-summary": "" })); // "(not now)" is no change of the board's to mark
}

function legend() {
  const tiles = Object.entries(TILE).map(([tile, fill]) => [s("rect", { x: 2, y: 7, width: 20, height: 10, rx: 3, fill, stroke: "#222" }), tile]);
  return key([...SPECIES.map((sp) => [lifeForm(sp, "#ccc", 12, 13), sp]), ...tiles,
    [s("circle", { cx: 12, cy: 12, r: 10, fill: "none", stroke: "#555", "stroke-width": 2, "stroke-dasharray": "4 3" }), "under the Moon: eating"],
    [[s("rect", { x: 2, y: 4, width: 20, height: 16, rx: 8, fill: "#fff", stroke: "#111" }), text(12, 12.5, "1", { "font-size": 11, "font-weight": 700 })],
      "1, 2…: the others' Life-Forms since your last move, in the order placed"],
    [[s("rect", { x: 1, y: 4, width: 22, height: 16, rx: 8, fill: "#14213d" }), text(12, 12.5, "☾2", { "font-size": 10, fill: "#e8e4d0" })],
      "☾1–3, ☄1–3: a rotation of 1, 2 or 3 steps brings this place under the Moon (eating) or the Meteor"],
    [[s("circle", { cx: 12, cy: 12, r: 9, fill: "none", stroke: "#ff5a4f", "stroke-width": 2.5, "stroke-dasharray": "4 3" })],
      "ringed red: a Life-Form of yours the next rotation may cost you; over its place ☾1+ "
      + "eaten if the planet turns 1 step or more (the Moon eats at every step), ☄2 killed if it turns 2 (the Meteor's tile)"],
    [text(12, 12.5, "h2", { "font-size": 11, "font-weight": 700, fill: "#333" }),
      "height: a place's tiles plus the Water under them (one tile: height 2); each Life-Form there scores it"]]);
}

// The moves offered at a place (`i`: its index, or null for the Water), drawn: the Sun's or the Rainbow's
// Life-Forms a row per species, each colour its piece; the Storm's moves with the piece they move; a rotation
// with where this place's tiles and pieces go and what Sky Object is there.
function offering(board, i) {
  const piece = (species, colour) => s("svg", { viewBox: "-16 -16 32 32", width: 17, height: 17, "aria-hidden": "true" },
    lifeForm(species, colour, 0, 0));
  const storm = board.positions.find((p) => p.object === "storm");
  return {
    row: (m) => ({ place: `${m.struct.species}:`, move: "the Storm moves:" }[m.struct?.kind] || ""),
    draw: (m) => {
      const { kind, species, colour, steps } = m.struct || {};
      if (kind === "place") return [piece(species, colour), ` ${colour}`];
      const moved = storm?.life?.[species];
      if (kind === "move" && moved) return [piece(species, moved), ` ${moved} ${species}`];
      if (kind !== "rotate" || i === null) return [m.text];
      const to = board.positions[(i + steps) % 8];
      return [`${m.text}: ${board.positions[i].position} goes to ${to.position}${to.object ? `, under the ${to.object}` : ""}`];
    },
  };
}

const CX = 350, CY = 350, RING = 200;
// the Moon is never chosen; a click on it says what it does instead (GV-4.1, GV-8.1 to GV-8.5)
const MOON = "The Moon is never chosen (rule GV-4.1). It makes the Life-Forms beneath it eat, after every step "
  + "of a rotation, at the end of every turn and when one arrives there: the herbivore eats the plant, then the "
  + "carnivore the herbivore, whatever their colours; the eater's colour keeps the meal as a fossil, and a "
  + "Life-Form eaten by its own colour goes back to its pool.";
const spot = (i) => [CX + RING * Math.sin((i * Math.PI) / 4), CY - RING * Math.cos((i * Math.PI) / 4)];

// The next rotation's reach (GV-3.1): the places 1, 2 and 3 steps short of the Moon (which eats there after each
// step, GV-8.1) and of the Meteor (whose tile kills what it lands on, GV-7.4), each marked on its inner edge with
// the Sky Object's sign and the rotation that brings it there.
function reach(board) {
  const at = (object) => board.positions.findIndex((p) => p.object === object);
  const marks = [["moon", "#e8e4d0", "☾", "eats there"], ["meteor", "#f08030", "☄", "a dropped tile kills there"]];
  return marks.flatMap(([object, colour, sign, does], k) => [1, 2, 3].map((steps) => {
    const i = (at(object) - steps + 8) % 8;
    if (at(object) < 0) return null;
    // a place that is part of the Water brings the whole Water under the Sky Object (GV-2.2): a player had lost a
    // Plant there to the Moon with no mark to warn of it
    const place = board.positions[i].position, where = board.positions[i].tiles.length ? place : `the Water (at ${place})`;
    const a = (i * Math.PI) / 4 + (k ? 0.22 : -0.22), x = CX + 104 * Math.sin(a), y = CY - 104 * Math.cos(a);
    return s("g", { class: "reach", "data-object": object, "data-location": place },
      s("title", {}, `rotate ${steps}: ${where} comes under the ${object}, which ${does}`),
      s("rect", { x: x - 19, y: y - 11, width: 38, height: 22, rx: 11, fill: "#14213d", stroke: colour, "stroke-width": 2 }),
      text(x, y + 1, `${sign}${steps}`, { "font-size": 15, "font-weight": 700, fill: colour }));
  })).filter(Boolean);
}

// A move looked at before it is chosen: "rotate N" slides what lies on each place N places clockwise
// (GV-3.1) under the Sky Objects, which stay, so the player sees what will come under the Moon; the
// places' names stay and their heights fade, since they are the heights of now.
export function preview(move, on, foresee) {
  if (move.struct?.kind !== "rotate") return;
  const gv = document.querySelector(".board-inner .gv");
  gv?.classList.toggle("previewing", on);
  for (const content of document.querySelectorAll(".board-inner .gv .content")) {
    const i = Number(content.dataset.place), [x, y] = spot(i), [tx, ty] = spot((i + move.struct.steps) % 8);
    content.style.transform = on ? `translate(${tx - x}px, ${ty - y}px)` : "";
  }
  gv?.querySelectorAll(".life.gone").forEach((piece) => piece.classList.remove("gone"));
  previewed = on ? move : null;
  if (on) foresee(move).then((after) => { if (previewed === move && after?.board) fade(after.board, move.struct.steps); });
}
let previewed = null; // the rotation previewed now: a preview answered late for another is not shown

// The Life-Forms the rotation previewed would cost (eaten under the Moon after a step, GV-8.1), faded: each piece
// drawn now that the board after the rotation (the server's) no longer has where it went.
function fade(after, steps) {
  const gone = (piece, life) => life?.[piece.dataset.species] !== piece.dataset.colour;
  for (const content of document.querySelectorAll(".board-inner .gv .content")) {
    const life = after.positions[(Number(content.dataset.place) + steps) % 8].life;
    content.querySelectorAll(".life").forEach((piece) => piece.classList.toggle("gone", gone(piece, life)));
  }
  document.querySelectorAll('.board-inner .gv [data-location="water"] .life')
    .forEach((piece) => piece.classList.toggle("gone", gone(piece, after.water)));
  const eaten = document.querySelectorAll(".board-inner .gv .life.gone").length;
  const note = document.querySelector(".board-inner .gv .preview-eaten");
  if (note) note.textContent = eaten ? `faded: ${eaten} eaten` : "none eaten";
}

// The rotations since the board was last drawn (the player's own, the others'), played out: what lies on
// each place starts where it was and slides round to where it is now, so a turned planet is seen turning.
// The others' placements since the player's last decision are numbered in order where they went ("marks").
export function replay(entries, how) {
  if (how === "marks") { numberPlacements(entries); return 0; }
  if (how !== "motion") return 0;
  const steps = turned(entries) % 8;
  if (!steps || matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  const contents = [...document.querySelectorAll(".board-inner .gv .content")];
  for (const content of contents) {
    const i = Number(content.dataset.place), [x, y] = spot(i), [fx, fy] = spot((i - steps + 8) % 8);
    content.style.transition = "none";
    content.style.transform = `translate(${fx - x}px, ${fy - y}px)`;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => contents.forEach((content) => {
    content.style.transition = "transform .9s ease";
    content.style.transform = "";
  })));
  document.body.dataset.turned = String(steps); // for a test: the last turn played out
  return 900; // the board is busy this long: the next view waits for it
}

// The steps the planet turned in `entries` (their "rotate N").
const turned = (entries) => entries.reduce((sum, e) => sum + Number((/^rotate (\d)$/.exec(e.text) || [0, 0])[1]), 0);

// Each placement by the others numbered on the place it went to, followed round by the rotations after it
// (GV-3.1: what lies on a place turns with the planet); the Water stays put.
function numberPlacements(entries) {
  const names = [...document.querySelectorAll(".board-inner .gv .location")].map((el) => el.dataset.location)
    .filter((name) => name !== "water");
  const orders = new Map(); // the place's name now -> the placements' numbers
  let n = 0;
  entries.forEach((e, k) => {
    const where = /^place \S+ \S+ (\S+)$/.exec(e.text)?.[1];
    if (!where) return;
    const now = where === "water" ? where : names[(names.indexOf(where) + turned(entries.slice(k + 1))) % names.length];
    orders.set(now, [...(orders.get(now) || []), ++n]);
  });
  const picture = document.querySelector(".board-inner .gv .board-svg");
  for (const [name, numbers] of orders) {
    const [x, y] = name === "water" ? [CX + 62, CY - 62] : spot(names.indexOf(name)).map((v, i) => v + (i ? -44 : 46));
    const words = numbers.join("·"), width = 14 + 11 * words.length;
    picture?.append(s("g", { class: "laid-order", "data-location": name }, s("rect", { x: x - width / 2, y: y - 13, width,
      height: 26, rx: 13, fill: "#fff", stroke: "#111", "stroke-width": 2 }),
    text(x, y + 0.5, words, { "font-size": 18, "font-weight": 700, fill: "#111" })));
  }
}

export default function gaiaVora(obs, ctx) {
  const board = obs.board;
  const cx = CX, cy = CY;
  const rotate = movesWhere(ctx.legal, { kind: "rotate" }); // a click on any location (or the Water) offers them
  const drops = movesWhere(ctx.legal, { kind: "drop" }).filter((m) => m.struct.tile !== "start"); // onto the Meteor's place
  const ground = [s("circle", { cx, cy, r: 348, fill: "#14213d" }), s("circle", { cx, cy, r: 255, fill: "#3b2f20" })];
  const sky = []; // drawn before the places: a place's words lie over a Sky Object's disc, never under it
  const mine = typeof obs.viewer === "number" ? obs.seats[obs.viewer].public : null;
  const danger = mine && !obs.result ? risks(board, mine.colour) : new Map(); // none once the game is over
  const items = []; // the places and the Water
  board.positions.forEach((p, i) => {
    const a = (i * Math.PI) / 4;
    const [x, y] = spot(i);
    const tiles = p.tiles.length ? p.tiles : ["water"];
    const stack = tiles.map((tile, k) => s("rect", { x: x - 42 + k * 4, y: y + 18 - k * 12, width: 84 - k * 8, height: 14, rx: 4, fill: TILE[tile] || "#999", stroke: "#222" }));
    const moon = p.object === "moon"; // GV-8: the Moon makes the Life-Forms under it eat
    const group = s("g", { class: `location${moon ? " under-moon" : ""}`, "data-location": p.position },
      s("circle", { cx: x, cy: y, r: 58, fill: "#ffffff10", stroke: "#0000", "stroke-width": 3 }), // gold when lit
      moon ? s("circle", { cx: x, cy: y, r: 52, fill: "none", stroke: "#e8e4d0", "stroke-width": 3, "stroke-dasharray": "7 5",
        class: "moon-ring" }) : null, // the Moon's mark, inside the ring a click target lights
      // what lies here, signed without its place: turned elsewhere by a rotation it is not new (changes.js)
      s("g", { class: "content", "data-place": i, "data-sign": JSON.stringify([p.tiles, p.life]) }, stack,
        lifeRow(p.life, x, Math.min(y - 20, y + 10 - 12 * tiles.length), danger.get(i))), // above the top tile, however tall
      text(x, y + 45, p.position, { "font-size": 15, "font-weight": 700, fill: "#f0e6d2", class: "place-name" }),
      text(x, y + 61, p.tiles.length ? `height ${p.height}` : "part of the Water", // GV-2.2: a place without tiles
        { "font-size": 13, fill: p.tiles.length ? "#f0e6d2" : "#9fd3ff", class: "height" }));
    const landing = p.object === "meteor" && drops.length > 0; // GV-7.1: the tile chosen falls here
    const here = [...ctx.legal.filter((m) => m.struct && (m.struct.location === p.position || m.struct.from === p.position)),
      ...(landing ? drops : [])];
    // a tile still in the supply that may not land here says why (GV-7.3: no two of a kind in a stack)
    const barred = landing ? Object.keys(board.supply || {}).find((tile) => board.supply[tile] && !drops.some((m) => m.struct.tile === tile)) : null;
    items.push(clickable(group, here.length ? here : rotate, ctx, landing ? `${p.position}: the Meteor's tile lands here`
      : here.length || !rotate.length ? `${p.position}: ${tiles.join(", ")}${moon ? ", under the Moon" : ""}` : "rotate the planet",
    { ...offering(board, i), why: barred ? `drop ${barred}` : null, note: riskSaid(danger.get(i)) }));
    if (p.object) {
      const ox = cx + 296 * Math.sin(a), oy = cy - 296 * Math.cos(a);
      sky.push(s("line", { x1: cx + 262 * Math.sin(a), y1: cy - 262 * Math.cos(a), x2: cx + 272 * Math.sin(a),
        y2: cy - 272 * Math.cos(a), stroke: "#dfe7f5", "stroke-width": 3, class: "acts-on" })); // it acts on the place below
      const its = movesWhere(ctx.legal, { kind: "activate", object: p.object });
      const choosing = movesWhere(ctx.legal, { kind: "activate" }).length > 0; // one not offered says why when clicked
      const barred = choosing && !its.length && p.object !== "moon";
      sky.push(clickable(skyObject(p.object, ox, oy, Math.cos(a) > 0.5, barred), its, ctx, `activate the ${p.object}`,
        p.object === "moon" ? { note: choosing ? MOON : null } : { why: barred ? p.object : null }));
    }
  });
  const water = s("g", { class: "location", "data-location": "water" }, s("circle", { cx, cy, r: 78, fill: TILE.water, stroke: "#1b5e94", "stroke-width": 3 }),
    lifeRow(board.water, cx, cy - 8, danger.get(8)), text(cx, cy + 28, "Water", { "font-size": 15, fill: "#e8f4ff" }));
  const drink = movesWhere(ctx.legal, { location: "water" });
  items.push(clickable(water, drink.length ? drink : rotate, ctx, drink.length || !rotate.length ? "the Water" : "rotate the planet",
    { ...offering(board, null), note: riskSaid(danger.get(8)) }));
  const supply = Object.entries(board.supply || {}).map(([tile, n]) => `${n} ${tile}`).join(", ");
  // what the player has to play with, above the planet: the Sun places only from the pool, a Star pays a rotation
  const pool = mine && (Object.entries(mine.pool || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ") || "empty");
  // and, a line below, what the others have: their Stars pay rotations, a pool is their Sun's, Fossils their points
  const total = (counts) => Object.values(counts || {}).reduce((a, b) => a + b, 0);
  const others = obs.seats.filter((seat) => seat.seat !== obs.viewer).map(({ public: p }) =>
    `${p.colour}: score ${p.score} · ${p.stars} Star${p.stars === 1 ? "" : "s"} · pool ${total(p.pool)} · fossils ${total(p.fossils)}`);
  // yours the others ate or killed: gone for good, their points (a player lost twelve and never saw it said)
  const lost = mine ? obs.seats.reduce((n, seat) => n + (seat.seat === obs.viewer ? 0 : seat.public.fossils?.[mine.colour] || 0), 0) : 0;
  // a Star spent is gone (GV-3.2): a player who spent them all met "rotate 2" alone, never told
  const stars = `${mine?.stars} Star${mine?.stars === 1 ? "" : "s"} left (one pays a rotation of 1 or 3; spent, it is gone)`;
  const exposed = [...danger.values()].reduce((n, here) => n + Object.keys(here).length, 0); // pieces, not threats
  return h("div.gv", {}, mine ? h("p.caption.gv-mine", {}, `You (${mine.colour}): score ${mine.score} · `
    + `${stars} · pool ${pool}${lost ? ` · ${lost} of yours in the others' fossils` : ""}`,
    h("span.gv-others", {}, others.join("; "))) : null,
    svg(700, 700, [...ground, ...sky, ...items, ...reach(board),
      text(6, 18, "preview of the rotation:", { "text-anchor": "start", "font-size": 16, class: "preview-note" }),
      text(6, 38, "not played yet", { "text-anchor": "start", "font-size": 16, class: "preview-note" }),
      text(6, 58, "", { "text-anchor": "start", "font-size": 16, class: "preview-note preview-eaten" }),
      // in a corner of the picture, where it moves nothing: how many of yours the red marks are on
      exposed ? text(6, 688, `${exposed} of yours at risk from the next rotation (red marks)`, { "text-anchor": "start", "font-size": 17,
        "font-weight": 700, fill: "#ff8a80", class: "risk-note", "data-summary": "" }) : null]),
    legend(),
    h("p.caption", {}, `Turn ${board.turn}. Tiles left: ${supply || "none"}.`),
    board.bots?.length ? h("p.caption", {}, `${board.bots.map((b) => b.colour).join(" and ")}: the colours nobody plays are the `
      + "rulebook's Bots. They never take a turn; any player may place their Life-Forms with the Rainbow, they eat "
      + "and score like anyone, but a Bot cannot win.") : null,
    h("table.seat-table", {}, h("tr", {}, ["colour", "score", "stars", "on the planet", "pool", "fossils"].map((t) => h("th", {}, t))),
      [...obs.seats.map((seat) => seat.public), ...(board.bots || [])].map((p) => h("tr", {},
        h("td", {}, h("span.swatch", { style: `background:${COLOURS[p.colour]}` }), p.colour + (p.bot ? " (Bot)" : "")),
        h("td", {}, String(p.score ?? "")), h("td", {}, String(p.stars ?? "—")), h("td", {}, String(p.on_planet ?? "")),
        h("td", {}, Object.entries(p.pool || {}).map(([k, v]) => `${v} ${k}`).join(", ")),
        h("td", {}, Object.entries(p.fossils || {}).map(([k, v]) => `${v} ${k}`).join(", ") || "—")))));
}
