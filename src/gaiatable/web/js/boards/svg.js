// SVG helpers for the boards.
import { h } from "../api.js";

const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

export function svg(width, height, ...children) {
  // a group, not an image: the pieces inside are buttons a screen reader must reach
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group", "aria-label": "the board" }, ...children);
}

export function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

// Makes `el` a click target for `moves` (legal moves); nothing happens when there are none (an SVG piece
// is still titled with `label`). A click marks it selected and offers its moves (ctx.choose); a second click
// on it plays its one move. `reach(moves)` names
// where the piece can go, as [[spot, moves there], ...]: those spots light up, and a click on one plays it.
// `why` names, in words, a move the player may expect here but is not offered ("play Calamites (27)"): the
// choices then say what forbids it; `note`, what the piece is for where it is never a move of its own. Other
// options (`draw`, `row`) shape the offer's buttons (offer, index.js).
export function clickable(el, moves, ctx, label, { reach = null, why = null, ...offering } = {}) {
  if (!moves.length && !why && !offering.note) { // nothing to do here: the piece still names itself on hover
    if (label && el instanceof SVGElement) el.append(s("title", {}, label));
    return el;
  } // with `why` alone, a click says what forbids the move
  el.classList.add(moves.length ? "target" : "explains");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("data-moves", moves.map((m) => m.id).join(" "));
  if (label) el.setAttribute("aria-label", label);
  if (label && el instanceof SVGElement) el.append(s("title", {}, label));
  else if (label) el.title = label;
  const act = () => {
    if (el.classList.contains("selected") && moves.length === 1) { ctx.play(moves[0].id); return; } // clicked again: yes
    unselect();
    el.classList.add("selected");
    const spots = reach ? reach(moves) : [];
    ctx.choose(moves, { label: (label || "").split(":")[0], why, lit: spots.length > 0, ...offering });
    for (const [where, there] of spots) light(where, there, ctx, moves.length === 1);
    if (spots.length) inFrame([el, ...spots.map(([where]) => where)]);
  };
  el.addEventListener("click", act);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
  return el;
}

// A zoomed board pans, inside its frame, to the piece chosen and the places it may go, as far as they fit.
function inFrame(els) {
  const frame = els[0].closest(".board-frame");
  if (!frame || frame.scrollWidth <= frame.clientWidth) return;
  const boxes = els.map((e) => e.getBoundingClientRect()), box = frame.getBoundingClientRect();
  const left = Math.min(...boxes.map((b) => b.left)), right = Math.max(...boxes.map((b) => b.right));
  if (left >= box.left && right <= box.right) return; // all in sight already
  frame.scrollBy({ left: (left + right - box.left - box.right) / 2, behavior: "smooth" });
}

// A place a selected piece may go (drawn hidden, lit by `light`).
export function spot(x, y, r = 15) {
  return s("circle", { cx: x, cy: y, r, class: "spot" });
}

// One move there is the piece's and the place's: two clicks, the way drawn between them, choose it, and it is
// played; it is offered to confirm only where the confirmation says more (what it brings about, in a game that
// hides nothing) and the piece had other places to go (else the piece's click offered it already).
function light(where, moves, ctx, only) {
  where.classList.add("reach");
  where.setAttribute("tabindex", "0");
  where.setAttribute("role", "button");
  where.setAttribute("aria-label", moves.map((m) => m.text).join(" or "));
  where.onclick = () => {
    const asks = ctx.ask !== false && !where.classList.contains("chosen") && !only && ctx.consequences;
    if (moves.length === 1 && !asks) { ctx.play(moves[0].id); return; }
    document.querySelectorAll(".board-inner .reach.chosen").forEach((x) => x.classList.remove("chosen"));
    where.classList.add("chosen");
    ctx.choose(moves);
  };
  where.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); where.onclick(); } };
}

// Clears the selected piece and the spots it lit.
export function unselect() {
  document.querySelectorAll(".board-inner :is(.selected, .aimed)").forEach((x) => x.classList.remove("selected", "aimed"));
  document.querySelectorAll(".board-inner .ways").forEach((x) => x.replaceChildren()); // drawn ways to the spots
  document.querySelectorAll(".board-inner [data-chosen]").forEach((x) => delete x.dataset.chosen); // a target named
  document.querySelectorAll(".board-inner .reach").forEach((x) => {
    x.classList.remove("reach", "chosen");
    for (const a of ["tabindex", "role", "aria-label"]) x.removeAttribute(a);
    x.onclick = x.onkeydown = null;
  });
}

// A key: each entry a small drawing (SVG elements in a 24x24 box centred on 12,12) and what it means.
export function key(entries, title = "Key") {
  return h("ul.key", { "aria-label": title }, entries.map(([drawing, meaning]) => h("li", {},
    s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, drawing), meaning)));
}

export const COLOURS = {
  yellow: "#e8c227", white: "#f4f4f4", blue: "#3a7bd5", green: "#3fa34d", red: "#d64545", black: "#333",
  gas: "#d4c2f2", rock: "#9c7b5b", water: "#2f8fd8", metal: "#9aa3ad",
};
export const SEAT_COLOURS = ["#d64545", "#3a7bd5", "#3fa34d", "#e8a227"];

// A seat's colour: the one its name in the rules says ("blue square", "yellow"), else one by seat number.
export function seatColour(seat) {
  const rules = seat.rules_name ?? seat.name ?? "";
  const named = Object.keys(COLOURS).find((c) => rules.toLowerCase().split(/\W+/).includes(c));
  return named ? COLOURS[named] : SEAT_COLOURS[(seat.colour_seat ?? seat.seat) % SEAT_COLOURS.length];
}

// The legal moves whose JSON form matches every key of `where`.
export function movesWhere(legal, where) {
  return legal.filter((m) => Object.entries(where).every(([k, v]) => m.struct && m.struct[k] === v));
}
