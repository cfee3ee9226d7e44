// Planetarium: orbits I–VI round the star and the four arms of orbit VII, with Matter and the four
// Planets on their spaces; the Evolution Track; each Planet's row of cards; each seat's mat.
// Click a token to move it (or to take it with Gravity), a Planet to play a card on it.
import { h } from "../api.js";
import { COLOURS, clickable, s, seatColour, svg, text } from "./svg.js";

const C = 380; // the star, at the centre
const RADII = [0, 62, 100, 140, 182, 226, 270]; // orbit I..VI
const KIND = { terrestrial: "#7a9a5a", gaseous: "#e29a4a" };

// Where each space is drawn: orbits clockwise from north, the arms spiralling in towards orbit VI.
function layout(orbits) {
  const at = [];
  orbits.forEach((names, k) => {
    names.forEach((name, i) => {
      if (k < 6) {
        const a = (2 * Math.PI * i) / names.length;
        at.push({ name, x: C + RADII[k + 1] * Math.sin(a), y: C - RADII[k + 1] * Math.cos(a) });
      } else {
        const arm = k - 6, a = (Math.PI / 2) * arm + Math.PI / 4 - (names.length - 1 - i) * 0.16;
        const r = RADII[6] + 22 * (names.length - i);
        at.push({ name, x: C + r * Math.sin(a), y: C - r * Math.cos(a) });
      }
    });
  });
  return at;
}

function moves(ctx, test) {
  return ctx.legal.filter((m) => m.struct && test(m.struct));
}

export default function planetarium(obs, ctx) {
  const board = obs.board;
  const spaces = layout(board.orbits);
  const index = Object.fromEntries(spaces.map((sp, i) => [sp.name, i]));
  const items = [s("circle", { cx: C, cy: C, r: 378, fill: "#0d1321" }), s("circle", { cx: C, cy: C, r: 24, fill: "#ffd166" })];
  RADII.slice(1).forEach((r) => items.push(s("circle", { cx: C, cy: C, r, fill: "none", stroke: "#3b4a6b", "stroke-width": 2 })));
  for (let arm = 6; arm < board.orbits.length; arm++) {
    const pts = board.orbits[arm].map((name) => spaces[index[name]]);
    items.push(s("polyline", { points: pts.map((p) => `${p.x},${p.y}`).join(" "), fill: "none", stroke: "#3b4a6b", "stroke-width": 2 }));
  }
  spaces.forEach((sp) => items.push(s("circle", { cx: sp.x, cy: sp.y, r: 4, fill: "#56688f" })));
  for (const [name, kind] of Object.entries(board.matter)) {
    const sp = spaces[index[name]], i = index[name];
    const token = s("g", { class: "matter", "data-space": name },
      s("circle", { cx: sp.x, cy: sp.y, r: 11, fill: COLOURS[kind], stroke: "#111" }), s("title", {}, `${kind} on ${name}`));
    items.push(clickable(token, moves(ctx, (m) => (m.kind === "move" || m.kind === "gravity") && m.index[0] === i), ctx, `${kind} on ${name}`));
  }
  board.planets.forEach((p, n) => {
    const sp = spaces[index[p.space]], i = index[p.space];
    const planet = s("g", { class: "planet", "data-planet": p.name },
      s("circle", { cx: sp.x, cy: sp.y, r: 19, fill: KIND[p.kind], stroke: p.side === "habitable" ? "#5fd38d" : "#e05050", "stroke-width": 4 }),
      text(sp.x, sp.y + 1, p.name, { "font-size": 17, "font-weight": 700, fill: "#111" }));
    const here = moves(ctx, (m) => (m.kind === "move" && m.index[0] === i) || ((m.kind === "play" || m.kind === "marker") && m.index[m.index.length - 1] === n)
      || (m.kind === "gravity" && m.index[1] === n));
    items.push(clickable(planet, here, ctx, `${p.name}: ${p.kind}, ${p.side}, orbit ${p.orbit}`));
  });
  return h("div.pt", {}, svg(760, 760, items), track(board.track, board), planetRows(board, obs), mats(obs));
}

function track(t, board) {
  const cells = [];
  for (let i = 0; i < t.length; i++) {
    const fill = i < t.facedown ? "#6b5b95" : i < t.filled ? "#c9a227" : "#f4efe3";
    cells.push(s("rect", { x: 4 + i * 18, y: 8, width: 16, height: 20, rx: 3, fill, stroke: i + 1 === t.acceleration ? "#d64545" : "#8a7a5a", "stroke-width": i + 1 === t.acceleration ? 3 : 1 }));
  }
  const note = [`Evolution Track ${t.filled}/${t.length}`, `▶▶ at ${t.acceleration}`];
  if (board.target !== null && board.target !== undefined) note.push(`target ${board.target} (${t.facedown} face down)`);
  if (board.final_turns && board.final_turns.length) note.push("final turns");
  return h("div.pt-track", {}, s("svg", { viewBox: `0 0 ${8 + t.length * 18} 36`, class: "track-svg" }, cells),
    h("p.caption", {}, `${note.join(" · ")} · decks: ${Object.entries(board.decks).map(([d, n]) => `${n} ${d}`).join(", ")}`));
}

function planetRows(board, obs) {
  return h("table.seat-table", {}, h("tr", {}, ["planet", "", "cards in play (marker)"].map((t) => h("th", {}, t))),
    board.planets.map((p) => h("tr", {}, h("td", {}, h("strong", {}, p.name)), h("td", {}, `${p.kind}, ${p.side}, orbit ${p.orbit}`),
      h("td", {}, p.cards.length ? p.cards.map((c) => h("span.card-chip", { style: c.marker === null || c.marker === undefined ? "" : `border-color:${seatColour(obs.seats[c.marker])}` },
        `${c.id} ${c.name}${c.marker === null || c.marker === undefined ? "" : ` (${obs.seats[c.marker].name})`}`)) : "—"))));
}

function mats(obs) {
  return h("table.seat-table", {}, h("tr", {}, ["seat", "score", "markers", "hand", "mat: Matter on each planet"].map((t) => h("th", {}, t))),
    obs.seats.map((seat) => h("tr", {}, h("td", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name),
      h("td", {}, String(seat.public.score)), h("td", {}, String(seat.public.markers)),
      h("td", {}, Object.entries(seat.public.hand).map(([d, n]) => `${n} ${d}`).join(", ")),
      h("td", {}, Object.entries(seat.public.mat).map(([planet, m]) => `${planet}: ${Object.entries(m).map(([k, n]) => `${n} ${k}`).join(" ") || "—"}`).join(" · ")))));
}
