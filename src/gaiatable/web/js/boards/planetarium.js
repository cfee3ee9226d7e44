// Planetarium: orbits I–VI round the star and the four arms of orbit VII, every space named as the moves
// name it (II-7: orbit II, space 7), with Matter (a key: colour and letter) and the four Planets (kind and
// side) on their spaces; the Evolution Track; each Planet's cards as cards; each seat's mat; your hand.
// Click a token to move it (or to take it with Gravity), a Planet to play a card on it.
import { h, narrow, TAP } from "../api.js";
import { card, token } from "./card.js";
import { COLOURS, clickable, key, s, seatColour, spot, svg, text } from "./svg.js";

const C = 380; // the star, at the centre
const RADII = [0, 62, 100, 140, 182, 226, 270]; // orbit I..VI
const KIND = { terrestrial: "#7a9a5a", gaseous: "#e29a4a" };

// Where each space is drawn: orbits clockwise from north, each arm spiralling in (clockwise, as tokens
// move) to the space of orbit VI its last space leads to.
function layout(orbits, entries) {
  const at = [];
  orbits.forEach((names, k) => {
    names.forEach((name, i) => {
      if (k < 6) {
        const a = (2 * Math.PI * i) / names.length;
        at.push({ name, x: C + RADII[k + 1] * Math.sin(a), y: C - RADII[k + 1] * Math.cos(a) });
      } else {
        const six = orbits[5], entry = six.indexOf(entries[k - 6]);
        const a = (2 * Math.PI * entry) / six.length - 0.2 - (names.length - 1 - i) * 0.16;
        const r = RADII[6] + 22 * (names.length - i);
        at.push({ name, x: C + r * Math.sin(a), y: C - r * Math.cos(a) });
      }
    });
  });
  return at;
}

// The pieces and their words are drawn larger about their spaces, the board's lines as they are: at a phone's
// width a token was a few pixels and its space's name unreadable; at a desk's, the disc whole under the track,
// 16 px with a letter read as too small.
let GROWN = 1;
const about = (sp, k) => (k === 1 ? null : `translate(${sp.x} ${sp.y}) scale(${k}) translate(${-sp.x} ${-sp.y})`);
const grown = (sp) => about(sp, GROWN);

// A Planet with another on a neighbouring space is drawn smaller, so that neither covers the other's ring or
// space's name (two on orbit II's neighbouring spaces overlapped, the more on a phone): each has 36 units
// about its centre, its ring and name badge, before it shrinks (to 0.7 at most).
function uncrowded(sp, others) {
  const near = Math.min(Infinity, ...others.map((o) => Math.hypot(o.x - sp.x, o.y - sp.y)));
  return Math.max(0.7, Math.min(1, near / (2 * 36 * GROWN)));
}

// A space's number within its orbit ("7" of II-7, "3.0" of an arm's VII-3.0).
function number(space) {
  return space.split("-")[1];
}

// A token's space, named whole as the moves name it ("III-7": orbits' numbers alike are told apart), on a dark
// pill at its shoulder: the token covers the space's own number.
function badge(x, y, label) {
  const w = 6 + 5.6 * label.length;
  return s("g", { class: "space-badge" }, s("rect", { x: x - w / 2 + 4, y: y - 7, width: w, height: 14, rx: 7, fill: "#0d1321", stroke: "#c3d2ee" }),
    text(x + 4, y + 0.5, label, { "font-size": 9.5, fill: "#fff", class: "space-name" }));
}

function moves(ctx, test) {
  return ctx.legal.filter((m) => m.struct && test(m.struct));
}

// A token that glides where it moves (glide.js): round the Sun along an orbit, straight between orbits.
const glides = (piece, sp) => ({ "data-piece": piece, "data-at": `${sp.x} ${sp.y}`, "data-centre": `${C} ${C}` });

// What `entries` did to the pieces' names (glide.js): a Matter token is named by its space (its kind is not
// its own), so one moved ("move II-7 II-0") is renamed; one a Planet met went onto that Planet's mat, whether
// it moved onto the Planet or the Planet onto it (PT-2.5).
export function travels(entries, board, before) {
  const from = new Map(); // space now -> space before these moves
  for (const e of entries) {
    const [, a, b] = /^move (\S+) (\S+)$/.exec(e.text) || [];
    if (a) from.set(b, from.get(a) ?? a);
  }
  const planetAt = (space) => board.querySelector(`.planet[data-space="${CSS.escape(space)}"]`)?.dataset.piece;
  const renamed = new Map(), into = new Map();
  for (const [now, was] of from) {
    if (board.querySelector(`[data-piece="${CSS.escape(`matter ${now}`)}"]`)) renamed.set(`matter ${now}`, `matter ${was}`);
    else if (before.has(`matter ${was}`) && planetAt(now)) into.set(`matter ${was}`, planetAt(now)); // moved onto it
  }
  for (const [piece] of before) { // a Planet moved onto it
    const space = /^matter (\S+)$/.exec(piece)?.[1];
    if (space && !from.has(space) && !board.querySelector(`[data-piece="${CSS.escape(piece)}"]`) && planetAt(space)) into.set(piece, planetAt(space));
  }
  return { renamed, into };
}

let known = null; // the game's card faces, as the board was last drawn with them: describe() reads them too

export default function planetarium(obs, ctx) {
  const board = obs.board;
  known = ctx.cards || known;
  // a Planet's panel belongs to the board drawn before: tapped to move the Planet, it stayed over the next one
  document.querySelector(".board-window .planet-panel")?.remove();
  GROWN = narrow() ? 1.3 : 1.1; // no more at a desk: a mat's pills found no free place by crowded Planets
  const spaces = layout(board.orbits, board.arm_entries);
  const index = Object.fromEntries(spaces.map((sp, i) => [sp.name, i]));
  const arrow = s("defs", {}, s("marker", { id: "pt-arrow", viewBox: "0 0 10 10", refX: 15, refY: 5, markerWidth: 5, markerHeight: 5,
    orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#ffe066" })),
  s("marker", { id: "pt-thin", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" },
    s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#a3b6df" })));
  const items = [arrow, s("circle", { cx: C, cy: C, r: 404, fill: "#0d1321" }), s("circle", { cx: C, cy: C, r: 24, fill: "#ffd166" })];
  // each orbit in a lane of its own reaching halfway to its neighbours, alternately lighter, as a target's rings:
  // which ring a token lies on reads at a glance (on narrow bands a token between two read as on either)
  RADII.slice(1).forEach((r, k) => {
    const inner = k ? (RADII[k] + r) / 2 : 40, outer = (r + (RADII[k + 2] ?? r + 44)) / 2;
    items.push(s("circle", { cx: C, cy: C, r: (inner + outer) / 2, fill: "none", stroke: k % 2 ? "#131c30" : "#27385d",
      "stroke-width": outer - inner, class: "orbit-band", "data-orbit": ORBITS[k + 1] }),
    s("circle", { cx: C, cy: C, r, fill: "none", stroke: "#4a5d86", "stroke-width": 2 }));
  });
  for (const [from, to] of board.thin_lines || []) { // the thin lines between orbits (PT-2.2), each taken one way,
    const [a, b] = [spaces[index[from]], spaces[index[to]]]; // a step clockwise: an arrowhead halfway says which
    items.push(s("polyline", { points: `${a.x},${a.y} ${(a.x + b.x) / 2},${(a.y + b.y) / 2} ${b.x},${b.y}`, fill: "none",
      stroke: "#a3b6df", "stroke-width": 2.6, "stroke-dasharray": "6 3", "marker-mid": "url(#pt-thin)", class: "thin-line" }));
  }
  for (let arm = 6; arm < board.orbits.length; arm++) { // an arm, and the step from its last space onto orbit VI
    const pts = [...board.orbits[arm], board.arm_entries[arm - 6]].map((name) => spaces[index[name]]);
    items.push(s("polyline", { points: pts.map((p) => `${p.x},${p.y}`).join(" "), fill: "none", stroke: "#3b4a6b", "stroke-width": 2 }));
  }
  spaces.forEach((sp) => items.push(s("g", { class: "space", "data-slot": sp.name, transform: grown(sp) }, // its number on it
    s("circle", { cx: sp.x, cy: sp.y, r: 10, fill: "#0d1321", stroke: "#6f82ad", "stroke-width": 1.5 }),
    text(sp.x, sp.y + 0.5, number(sp.name), { "font-size": 10, fill: "#c3d2ee", class: "space-name" }))));
  // each orbit named four times round, between two spaces near north, east, south and west: a token's orbit
  // is read where it lies
  RADII.slice(1).forEach((r, k) => {
    const step = (2 * Math.PI) / board.orbits[k].length;
    for (let q = 0; q < 4; q++) {
      const a = (Math.round((q * Math.PI) / 2 / step - 0.5) + 0.5) * step;
      items.push(text(C + r * Math.sin(a), C - r * Math.cos(a), ["I", "II", "III", "IV", "V", "VI"][k],
        { "font-size": 13, "font-weight": 700, fill: "#dbe5f8", class: "orbit-name" }));
    }
  });
  for (let arm = 6; arm < board.orbits.length; arm++) { // each arm of orbit VII named at its outer end,
    const sp = spaces[index[board.orbits[arm][0]]]; // on the side away from its spaces' numbers
    const out = Math.hypot(sp.x - C, sp.y - C) || 1, dx = (sp.x - C) / out, dy = (sp.y - C) / out;
    items.push(text(sp.x + dx * 4 - dy * 20, sp.y + dy * 4 + dx * 20, "VII",
      { "font-size": 12, "font-weight": 700, fill: "#dbe5f8", class: "orbit-name" }));
  }
  // where a selected token may go: rings around the spaces, drawn last, on top, so that what lies there shows
  // each no wider than half the way to the nearest space: a lit spot had caught a tap on the Planet beside it
  const spots = spaces.map((sp) => spot(sp.x, sp.y, Math.min(21 * GROWN,
    ...spaces.filter((o) => o !== sp).map((o) => Math.hypot(o.x - sp.x, o.y - sp.y) / 2))));
  const ways = s("g", { class: "ways" }); // the way from a selected token to each place it may go, under the tokens
  items.push(ways);
  const reach = (ms) => { // a move's space, or the Planet a Gravity card takes the token to
    const to = new Map();
    for (const m of ms) {
      const { kind, index: at } = m.struct;
      const i = kind === "move" ? at[1] : kind === "gravity" ? index[board.planets[at[1]].space] : null;
      if (i !== null) to.set(i, [...(to.get(i) || []), m]);
    }
    const from = ms.some((m) => m.struct.kind === "move") ? spaces[ms[0].struct.index[0]] : null; // Gravity: no lane
    ways.replaceChildren(...(from ? [lane(from)] : []), ...[...to].map(([i, [m]]) => way(spaces[m.struct.index[0]], spaces[i])));
    return [...to].map(([i, there]) => [spots[i], there]);
  };
  // the Matter on the mats, under each Planet: drawn under the tokens, which stay whole and take every tap
  const sides = sidePlaces(board.planets.map((p) => spaces[index[p.space]]));
  const taken = board.planets.flatMap((p, n) => { // what a mat's pills must not cover: the Planets, their side labels
    const sp = spaces[index[p.space]];
    return [{ x: sp.x - 24 * GROWN, y: sp.y + sides[n] * GROWN, w: 48 * GROWN, h: 12 * GROWN },
      { x: sp.x - 26 * GROWN, y: sp.y - 22 * GROWN, w: 68 * GROWN, h: 40 * GROWN, planet: p.name }]; // with ring and name
  });
  items.push(s("g", { class: "mats" }, board.planets.map((p) => {
    const sp = spaces[index[p.space]];
    return s("g", { "data-mat": p.name, transform: grown(sp), ...glides(`mat ${p.name}`, sp) }, onMat(p, sp, obs, spaces, taken));
  })));
  for (const [name, kind] of Object.entries(board.matter)) {
    const sp = spaces[index[name]], i = index[name];
    const matter = s("g", { class: "matter", "data-space": name, transform: grown(sp), ...glides(`matter ${name}`, sp) },
      matterToken(sp.x, sp.y, kind, 12, 11),
      s("circle", { cx: sp.x, cy: sp.y, r: 19, fill: "transparent", class: "hit" }), // a finger's size
      badge(sp.x + 11, sp.y - 11, name));
    const its = moves(ctx, (m) => (m.kind === "move" || m.kind === "gravity") && m.index[0] === i);
    items.push(clickable(matter, its, ctx, `${kind} on ${name}`, { reach, why: stuck(its, name, board, ctx) }));
  }
  const planetSpaces = board.planets.map((p) => spaces[index[p.space]]);
  board.planets.forEach((p, n) => {
    const sp = spaces[index[p.space]], i = index[p.space], side = sp.y + sides[n];
    const size = GROWN * uncrowded(sp, planetSpaces.filter((o) => o !== sp));
    const planet = s("g", { class: "planet", "data-planet": p.name, "data-space": p.space, "data-kind": p.kind, transform: about(sp, size),
      ...glides(`planet ${p.name}`, sp) },
      s("circle", { cx: sp.x, cy: sp.y, r: 16, fill: KIND[p.kind], stroke: p.side === "habitable" ? "#5fd38d" : "#e05050", "stroke-width": 4 }),
      p.kind === "gaseous" ? s("ellipse", { cx: sp.x, cy: sp.y, rx: 25, ry: 7, fill: "none", stroke: "#f3c98b", "stroke-width": 2.5,
        transform: `rotate(-20 ${sp.x} ${sp.y})`, class: "planet-ring" }) : null, // a gas giant's ring: the kind at a glance
      text(sp.x, sp.y + 1, p.name, { "font-size": 15, "font-weight": 700, fill: "#111" }),
      s("rect", { x: sp.x - 24, y: side, width: 48, height: 12, rx: 6, fill: "#0d1321d0", class: "side-back" }), // legible over a token
      text(sp.x, side + 6, p.side, { "font-size": 10, fill: p.side === "habitable" ? "#7fe3a8" : "#ff9b9b", "font-weight": 700, class: "planet-side" }),
      badge(sp.x + 15, sp.y - 14, p.space), played(p, sp, obs));
    const here = moves(ctx, (m) => (m.kind === "move" && m.index[0] === i) || ((m.kind === "play" || m.kind === "marker") && m.index[m.index.length - 1] === n)
      || (m.kind === "gravity" && m.index[1] === n));
    const label = `Planet ${p.name}: ${p.kind}, ${p.side}, on ${p.space}, ${p.cards.length} cards played here`;
    items.push(peeks(clickable(planet, here, ctx, label, { reach, why: stuck(here, p.space, board, ctx) }), p, obs));
  });
  items.push(...spots);
  const onPlanets = (ms) => { // a card chosen in the hand lights the Planets it may be played on: a click there plays it
    ways.replaceChildren();
    return ms.filter((m) => m.struct.kind === "play").map((m) => [spots[index[board.planets[m.struct.index[1]].space]], [m]]);
  };
  ctx = { ...ctx, onPlanets };
  const mine = typeof obs.viewer === "number" ? obs.seats[obs.viewer].private : null;
  const hand = mine ? h("section.card-row", { "data-part": "your hand" }, decks(board, ctx), finalsToKeep(ctx), // first: in sight
    h("h4", {}, "Your hand"),
    h("div.cards", {}, mine.hand.length ? inTurn(mine.hand, ctx).map((c) => face(c.id, ctx, c)) : h("p.empty", {}, "empty")),
    terms(["gravity", "downgrade", "marker", "eject", "sweep", "acceleration", "orbit"], ctx),
    h("p.caption.desk-only", {}, "After your move you may play one Low or High card on a planet: the Matter it shows must be on "
      + "your mat at that planet (move a planet onto Matter, or Matter onto a planet, to collect it), and the planet "
      + "must be of its kind, on its orbits and showing its side. A card clicked lights the planets it fits. Finals are "
      + "played on your final turn.")) : null;
  const picture = svg(760, 760, items);
  picture.setAttribute("viewBox", "-26 -26 812 812"); // the disc reaches out to the arms' outer spaces and names
  // at a desk two columns, each as tall as it is: the board, its key and the Planets' cards; beside them the hand
  // and the mat (in one grid the hand's height had spread gaps between the board's rows, the Planets 1,100 px down)
  return h("div.pt", {}, h("div.pt-main", {}, picture, legend(), planetRows(board, obs, ctx)),
    h("div.pt-side", {}, myMat(obs), hand), track(board.track, board), mats(obs)); // the mat first: short, and what pays
}

const ORBITS = ["", "I", "II", "III", "IV", "V", "VI", "VII"];

// A Planet pointed at, focused or tapped opens its panel: what the physical board shows along its edge (the
// cards played on it, whose they are, the points that hold its side up) and the Matter each mat holds there, read
// at the Planet instead of below the board. It lies in the board's corner furthest from the Planet.
function peeks(el, p, obs) {
  const show = () => {
    const frame = el.closest(".board-window");
    if (!frame) return;
    frame.querySelector(".planet-panel")?.remove();
    const box = frame.getBoundingClientRect(), at = el.getBoundingClientRect();
    const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight); // the part of the board in sight
    const right = at.left + at.width / 2 < box.left + box.width / 2, below = at.top + at.height / 2 < (top + bottom) / 2;
    const panel = h("aside.planet-panel", { class: `planet-panel ${right ? "right" : "left"}`, "data-planet": p.name }, planetPanel(p, obs));
    if (below) panel.style.bottom = `${box.bottom - bottom + 6}px`;
    else panel.style.top = `${top - box.top + 6}px`;
    frame.append(panel);
  };
  const hide = () => el.closest(".board-window")?.querySelector(`.planet-panel[data-planet="${p.name}"]`)?.remove();
  el.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(); });
  el.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") hide(); });
  // a finger has no hover: a tap opens it, and it stays while the Planet is chosen; a mouse's click closes it, the
  // board's lit places being what the player looks at then
  el.addEventListener("click", (e) => (e.pointerType === "mouse" ? hide() : show()));
  el.addEventListener("focus", () => { if (el.matches(":focus-visible")) show(); }); // the keyboard's, not a click's
  el.addEventListener("blur", hide);
  return el;
}

// A Planet's panel: its kind, orbit and side; the points of its cards for each side (PT-3.7: the higher shows, a
// tie keeps it); each card played on it, in its marker's colour; each mat's Matter there.
export function planetPanel(p, obs) {
  const points = { habitable: 0, hostile: 0 };
  for (const c of p.cards) if (c.side) points[c.side] += c.points;
  const mats = obs.seats.map((seat) => [seat, Object.entries(seat.public.mat?.[p.name] || {}).filter(([, n]) => n)]);
  return [h("h4", {}, `Planet ${p.name}: ${p.kind}, on orbit ${ORBITS[p.orbit]} (${p.space})`),
    h("p", { class: `side-up ${p.side}` }, `${p.side} side up`,
      h("span", {}, ` · cards here: habitable ${points.habitable} pts, hostile ${points.hostile} pts (the higher shows; a tie keeps it)`)),
    p.cards.length ? h("ul.played-here", {}, p.cards.map((c) => h("li", {},
      h("span.swatch", { style: `background:${c.by === undefined ? "#9aa3b5" : seatColour(obs.seats[c.by])}` }),
      `${c.id} ${c.name} · ${c.points} pts${c.side ? ` · ${c.side}` : ""}`, h("span.whose", {}, ` (${whose(c, obs)})`))))
      : h("p.empty", {}, "no card played here yet"),
    h("ul.mats-here", {}, mats.map(([seat, held]) => h("li", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }),
      `${seat.name}'s mat: `, held.length ? held.map(([k, n]) => token(COLOURS[k], `${n} ${k}`)) : "no Matter")))];
}

// A token that cannot move while tokens are being moved: the move a step on along its line, clockwise, whose
// refusal says what holds it (another token there, or the Planet's own rule).
function stuck(its, space, board, ctx) {
  if (its.length || !ctx.legal.some((m) => m.struct?.kind === "move")) return null;
  const orbit = board.orbits.findIndex((names) => names.includes(space)); // I–VI, then the arms of VII
  const names = board.orbits[orbit], i = names.indexOf(space);
  const next = orbit < 6 ? names[(i + 1) % names.length] : names[i + 1] ?? board.arm_entries[orbit - 6];
  return `move ${space} ${next}`;
}

// The board's terms a card or the prompt uses ("◆ Gravity", "marker", "▶▶"), each a tap from its
// meaning in the rules' words (the game's info), said under the line.
function terms(words, ctx) {
  if (!ctx.rule) return null;
  const line = h("p.terms", {}, "Terms: ", words.map((word, i) => [i ? " · " : "", h("button.rule", { type: "button",
    onclick: () => ctx.rule(word).then((text) => {
      line.querySelector(".rule-text")?.remove();
      line.append(h("span.rule-text", {}, text.split("\nHow to play")[0]));
    }, () => {}) }, word)]));
  return line;
}

// The hand, the cards that may be played (or discarded) now first, each kind in its order: the two Finals of the
// set-up's discard lay under five Low and High cards, below the screen's foot.
function inTurn(hand, ctx) {
  const ready = (c) => ctx.legal.some((m) => m.struct?.card === c.id && m.struct.kind !== "downgrade");
  return [...hand].sort((a, b) => ready(b) - ready(a));
}

// The decks a card may be taken from now (PT-3.9), above the hand (in sight beside the board), each a card's back to click.
// Each deck while a card is taken (PT-3.9); one that may not be taken now (two Finals held, an empty deck: PT-3.10)
// stays in its place and says why on a click, or the Finals seemed forgotten.
const TAKES = { low: "take a low card", high: "take a high card", final: "take two finals" };
function decks(board, ctx) {
  const takes = ctx.legal.filter((m) => m.struct?.kind === "take");
  if (!takes.length) return null;
  const piles = Object.entries(board.decks).map(([deck, n]) => {
    const ms = takes.filter((m) => m.text === TAKES[deck]);
    return clickable(card({ key: `deck ${deck}`, name: `${deck} deck`, tone: "back", subtitle: `${n} cards: ${TAKES[deck]}`,
      notes: ms.length ? [] : [`not now (${TAP}: why)`] }), ms, ctx, TAKES[deck], { why: ms.length ? null : TAKES[deck] });
  });
  return h("div.take-from", {}, h("h4", {}, "Take a card"), h("div.cards", {}, piles));
}

// The two Finals drawn, one to keep (PT-3.9), drawn as cards to compare and click.
function finalsToKeep(ctx) {
  const keeps = ctx.legal.filter((m) => m.struct?.kind === "keep");
  if (!keeps.length) return null;
  return h("div.keep-finals", {}, h("h4", {}, "Keep one of these Finals"), h("div.cards", {}, keeps.map((m) => face(m.struct.card, ctx))));
}

// The lane of the orbit a selected token lies on, lit: where a sweep runs, and which Matter lies on it.
function lane(sp) {
  const r = Math.hypot(sp.x - C, sp.y - C);
  return r < RADII[6] + 1 ? s("circle", { cx: C, cy: C, r, fill: "none", stroke: "#ffe06638", "stroke-width": 22, class: "lit-lane" }) : null;
}

// The way a token goes: along its orbit (an arc, clockwise) or straight along a thin line or an arm.
function way(a, b) {
  const [ra, rb] = [Math.hypot(a.x - C, a.y - C), Math.hypot(b.x - C, b.y - C)];
  const along = Math.abs(ra - rb) < 1 && ra < RADII[6] + 1;
  const long = along && ((Math.atan2(b.x - C, C - b.y) - Math.atan2(a.x - C, C - a.y) + 2 * Math.PI) % (2 * Math.PI)) > Math.PI;
  const d = along ? `M${a.x},${a.y} A${ra},${ra} 0 ${long ? 1 : 0} 1 ${b.x},${b.y}` : `M${a.x},${a.y} L${b.x},${b.y}`;
  return s("path", { d, class: "way", fill: "none", stroke: "#ffe066", "stroke-width": 3, "marker-end": "url(#pt-arrow)" });
}

// What the viewer has collected, by Planet, as tokens: Matter that reached a Planet is here, not gone.
function myMat(obs) {
  const mine = typeof obs.viewer === "number" ? obs.seats[obs.viewer].public.mat : null;
  if (!mine) return null;
  return h("section.pt-mat", { "data-part": "your mat" }, h("h4", {}, "Your mat"),
    h("div.mat-planets", {}, Object.entries(mine).map(([planet, m]) => h("div.mat-planet", {}, h("strong", {}, `Planet ${planet}: `),
      Object.entries(m).filter(([, n]) => n).map(([k, n]) => token(COLOURS[k], `${n} ${k}`)),
      Object.values(m).some(Boolean) ? null : "—"))));
}

// A move's words with what moves: "move water I-3 → II-7" where the rules' text says "move I-3 II-7"; a
// move of a card in the hand with what the card is worth and needs, read where the choice is made.
export function describe(move, obs) {
  const { kind, index, card } = move.struct || {};
  if (kind === "downgrade") return `${move.text} (−1 point, then draw a Low card)`; // its points do not count
  const held = card && obs.seats[obs.viewer]?.private?.hand?.find((c) => c.id === card);
  if (held) return `${move.text} (${held.points} pts; needs ${held.needs})`;
  const printed = card && known?.get(card); // a card not in the hand (a Final drawn, to keep or not): its face
  if (printed) return `${move.text} (${printed.points} pts; ${printed.text})`;
  if (kind !== "move" && kind !== "gravity") return move.text;
  const names = obs.board.orbits.flat(), from = names[index[0]];
  const planet = obs.board.planets.find((p) => p.space === from);
  const what = planet ? `Planet ${planet.name}` : obs.board.matter[from];
  if (kind === "gravity") return `gravity: ${what} from ${from} to Planet ${obs.board.planets[index[1]].name}`;
  const to = names[index[1]], steps = planet ? along(obs.board.orbits, from, to) : 0;
  // a sweep round most of an orbit ends a space or two short of where it began: said, it is not read as backwards
  return `move ${what} ${from} → ${to}${steps > 1 ? ` (a sweep: ${steps} spaces clockwise)` : ""}${meets(obs, planet, to)}`;
}

// What a move ending on `to` gathers (PT-2.8): a Planet, the Matter lying there; a Matter, the Planet there.
function meets(obs, planet, to) {
  if (planet) return obs.board.matter[to] ? ` · collects ${obs.board.matter[to]}` : " · nothing there";
  const there = obs.board.planets.find((p) => p.space === to);
  return there ? ` · onto Planet ${there.name}: to your mat there` : "";
}

// Spaces clockwise from `from` to `to` along the orbit holding both (0 when no one orbit does).
function along(orbits, from, to) {
  const orbit = orbits.find((o) => o.includes(from) && o.includes(to));
  return orbit ? (orbit.indexOf(to) - orbit.indexOf(from) + orbit.length) % orbit.length : 0;
}

function legend() {
  const matter = ["gas", "rock", "water", "metal"].map((kind) => [matterToken(12, 12, kind, 9, 10), kind]);
  const planets = Object.entries(KIND).map(([kind, fill]) => [[s("circle", { cx: 12, cy: 12, r: 8, fill, stroke: "#555", "stroke-width": 2 }),
    kind === "gaseous" ? s("ellipse", { cx: 12, cy: 12, rx: 11.5, ry: 3.5, fill: "none", stroke: "#c98a3a", "stroke-width": 1.5,
      transform: "rotate(-20 12 12)" }) : null], `${kind} planet${kind === "gaseous" ? " (ringed)" : ""}`]);
  const sides = [["#5fd38d", "habitable"], ["#e05050", "hostile"]].map(([stroke, side]) =>
    [s("circle", { cx: 12, cy: 12, r: 8, fill: "#ddd", stroke, "stroke-width": 4 }), `${side} side up`]);
  const lines = [[s("line", { x1: 2, y1: 20, x2: 22, y2: 4, stroke: "#7d8fb8", "stroke-width": 2.6, "stroke-dasharray": "6 3" }),
    "thin line: one space in or out to the next orbit, the way its arrow points"], [s("g", {}, [0, 1].map((i) => s("circle", { cx: 7 + 10 * i, cy: 12, r: 4.5,
    fill: i ? "#0d1321" : "#d64545", stroke: "#d64545", "stroke-width": i ? 2.4 : 1 }))),
    `beside a Planet: a card played on it, in its player's colour (a ring: their marker moved or was spent); ${
      TAP === "tap" ? "tap" : "point at"} a Planet for its cards, the points behind its side and each mat there`],
  [s("g", { transform: "translate(12 12) scale(.6) translate(-20 -7)" }, matPill(20, 0, [["water", 2]], "A")),
    "by Planet A: the Matter on your mat there (a rival's tinted and dash-edged in its colour)"]];
  return key([...matter, ...planets, ...sides, ...lines, [[s("circle", { cx: 12, cy: 12, r: 9, fill: "#0d1321", stroke: "#6f82ad", "stroke-width": 1.5 }),
    text(12, 12.5, "7", { "font-size": 10, fill: "#c3d2ee" })], "space 7 of its orbit: II-7 on orbit II (a Planet wears its space's name, a Matter once pointed at or tapped)"]]);
}

// Where each Planet's side is written, as an offset from its middle: under it, or over it where a Planet beside it
// (or a side written already) would cover the words (two Planets a space apart on neighbouring orbits had their
// "habitable" and "hostile" printed over each other). In the Planet's own units, which a phone grows.
function sidePlaces(at) {
  const box = (x, y, dx, dy, w, h) => ({ x: x + GROWN * dx, y: y + GROWN * dy, w: GROWN * w, h: GROWN * h });
  const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const planets = at.map((sp) => box(sp.x, sp.y, -16, -16, 32, 32)), written = [];
  return at.map((sp, i) => {
    const hits = (dy) => [...planets.filter((_, j) => j !== i), ...written].filter((o) => overlap(box(sp.x, sp.y, -24, dy, 48, 12), o)).length;
    const dy = hits(18) > hits(-34) ? -34 : 18;
    written.push(box(sp.x, sp.y, -24, dy, 48, 12));
    return dy;
  });
}

// The cards played on a Planet, a dot each round its left side in its player's colour: filled while their marker
// lies on it, a ring once the marker moved or was spent. Whose work a Planet holds shows on the board, not only
// in the Planets' rows below. Five to a ring, from its lower left to its top: past the top they had covered the
// space's name at its upper right; a sixth starts a ring further out.
function played(p, sp, obs) {
  return s("g", { class: "played", "aria-hidden": "true" }, p.cards.map((c, i) => {
    const a = Math.PI * (1.35 + 0.15 * (i % 5)), r = 23 + 9 * Math.floor(i / 5);
    const colour = c.by === undefined ? "#9aa3b5" : seatColour(obs.seats[c.by]), marked = c.marker !== null;
    return s("circle", { cx: sp.x + r * Math.sin(a), cy: sp.y - r * Math.cos(a), r: marked ? 4.5 : 3.8,
      stroke: marked ? "#fff" : colour, "stroke-width": marked ? 1 : 2.4, fill: marked ? colour : "#0d1321" });
  }));
}

// Who played a card, and whether their marker still lies on it (PT-3.6: moved to another card, or spent).
function whose(c, obs) {
  const name = c.by === undefined ? "" : obs.seats[c.by].name;
  return c.marker === null ? `${name}${name ? "'s; " : ""}marker moved or spent` : name;
}

const PILL = 1.2; // a mat's pill, grown (its counts were 8 px high); larger, it found no free place by crowded Planets

// Beside a Planet, the Matter each player holds on their mat there (PT-2.8), a token and a count each: what their
// cards can pay, read where the Planet is, not only in the mats below the board. The viewer's first, dark-edged;
// another's edged in their colour. Under the Planet, or above or beside it where that is further from every space
// (`spaces`: a token's, or one a token may go to), and never over a Matter token, the Sun, another Planet, a side
// label or another Planet's pills (`taken`, which it joins) where a place is free of them, further out where Planets
// crowd (a line then leads back); faded while a piece is chosen, so that the places it may go stand out.
function onMat(p, sp, obs, spaces, taken) {
  const seats = [...obs.seats].sort((a, b) => (b.seat === obs.viewer) - (a.seat === obs.viewer));
  const pills = seats.map((seat) => [seat, Object.entries(seat.public.mat?.[p.name] || {}).filter(([, n]) => n)])
    .filter(([, held]) => held.length);
  if (!pills.length) return [];
  const tall = 16 * PILL * pills.length, wide = PILL * (6 + 11 * Math.max(...pills.map(([, held]) => held.length)));
  const places = [0, 16, 36, 60].flatMap((far) => [[0, 32 + far], [0, -30 - far - tall], [28 + far + wide, -tall / 2],
    [-28 - far - wide, -tall / 2], // the block's top centre: under, over, beside; then its corners; then all further out
    ...[1, -1].flatMap((side) => [[side * (30 + far + wide), 20 + far], [side * (30 + far + wide), -20 - far - tall]])]
    .map(([dx, dy]) => [dx, dy, far]));
  const around = [...spaces.filter((t) => t !== sp), { x: C, y: C, r: 24 }]; // the other spaces, and the Sun
  const block = ([dx, dy]) => ({ x: sp.x + GROWN * (dx - wide - 3 * PILL), y: sp.y + GROWN * dy, w: GROWN * (2 * wide + 6 * PILL), h: GROWN * tall });
  const tokens = spaces.filter((t) => t.name in obs.board.matter) // a Matter token (r 12), and the Sun (r 24)
    .map((t) => ({ x: t.x - 12 * GROWN, y: t.y - 12 * GROWN, w: 24 * GROWN, h: 24 * GROWN }))
    .concat({ x: C - 24, y: C - 24, w: 48, h: 48 });
  const outside = (b) => b.x < -26 || b.y < -26 || b.x + b.w > 786 || b.y + b.h > 786; // past the board's edge: cut off
  const covers = (b, list) => list.filter((o) => o.planet !== p.name && b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h).length;
  const room = (place) => Math.min(24, ...around // from the block's middle, as the board grows it; past 24, the nearer
    .map((t) => Math.hypot(sp.x + GROWN * place[0] - t.x, sp.y + GROWN * (place[1] + tall / 2) - t.y) - (t.r ?? 0)))
    - 1000 * (covers(block(place), taken) + outside(block(place))) // a pill over a pill, or cut off, is unread
    - 25 * covers(block(place), tokens) - place[2]; // a token shows over a pill; far off, a pill is not found
  const [dx, dy] = places.reduce((best, place) => (room(place) > room(best) + 8 ? place : best));
  taken.push(block([dx, dy]));
  const far = Math.hypot(dx, dy + tall / 2) > 70; // pushed out by crowding: a line leads back to its Planet
  return [far ? s("line", { x1: sp.x, y1: sp.y, x2: sp.x + dx, y2: sp.y + dy + (dy > 0 ? 0 : tall), stroke: "#fffdf8",
    "stroke-width": 1.5, "stroke-dasharray": "3 2", class: "mat-leader" }) : [],
  ...pills.map(([seat, held], k) => matPill(sp.x + dx, sp.y + dy + 16 * PILL * k, held, p.name,
    seat.seat === obs.viewer ? null : seatColour(seat), seat.seat, PILL))];
}

// [kind, count] pairs in a pill, centred on x, its top at y, led by the Planet's name: Planets drifted
// together have their pills side by side, each then read as its own Planet's. Not the viewer's (`colour`: its
// player's), it is tinted and dash-edged in that colour, so that a rival's Matter is not read as one's own.
function matPill(x, y, held, planet, colour = null, seat = null, scale = 1) {
  const width = 12 + held.length * 22, left = x - width / 2;
  return s("g", { class: `on-mat${colour ? " theirs" : ""}`, "data-seat": seat ?? "", "aria-hidden": "true",
    transform: scale === 1 ? null : `translate(${x} ${y}) scale(${scale}) translate(${-x} ${-y})` },
    s("rect", { x: left - 3, y, width: width + 6, height: 14, rx: 7, fill: "#fffdf8", stroke: colour || "#0d1321",
      "stroke-width": colour ? 2.5 : 1, "stroke-dasharray": colour ? "4 2" : null }),
    colour ? s("rect", { x: left - 3, y, width: width + 6, height: 14, rx: 7, fill: colour, "fill-opacity": 0.3 }) : [],
    text(left + 5, y + 8, planet, { "font-size": 10, "font-weight": 700, fill: "#555", class: "pill-planet" }),
    held.map(([kind, n], i) => [matterToken(left + 12 + 22 * i + 6, y + 7, kind, 6, 8),
      text(left + 12 + 22 * i + 17, y + 8, String(n), { "font-size": 11, "font-weight": 700, fill: "#111", class: "count" })]));
}

// A Matter token: its colour and its initial, the dark kinds lettered white.
function matterToken(x, y, kind, r, size) {
  return [s("circle", { cx: x, cy: y, r, fill: COLOURS[kind], stroke: "#111" }),
    text(x, y + r / 12, kind[0], { "font-size": size, "font-weight": 700, fill: kind === "water" || kind === "rock" ? "#fff" : "#111" })];
}

// An Evolution card's picture, drawn from what it asks, as the board draws it: the Planet it needs (its kind's
// colour, ringed if gaseous, half and half if either will do) on its orbit by the Sun, edged in the side it turns
// the Planet to (none: a white edge), the side it must show as a dashed halo, and the Matter it costs, a token a unit.
// A hand then reads at a glance: what kind of Planet, which way it turns, how much Matter.
function cardArt(f) {
  const [x, y, r] = [34, 14, 8.5];
  const stars = [[52, 4], [97, 6], [48, 25], [90, 24], [20, 3], [70, 2], [16, 25]]
    .map(([a, b]) => s("circle", { cx: a, cy: b, r: 0.7, fill: "#c3d2ee" }));
  const sun = [s("circle", { cx: -6, cy: y, r: 12, fill: "#ffd166" }), // the Sun at the edge, the Planet on its orbit
    s("path", { d: `M${x} 0 A${x + 6} ${x + 6} 0 0 1 ${x} 28`, fill: "none", stroke: "#4a5d86", "stroke-width": 1 })];
  const edge = f.side === "habitable" ? "#5fd38d" : f.side === "hostile" ? "#e05050" : "#f4f4f4";
  const body = f.planet ? [s("circle", { cx: x, cy: y, r, fill: KIND[f.planet] })] // either kind: half and half
    : [s("path", { d: `M${x} ${y - r} A${r} ${r} 0 0 0 ${x} ${y + r} Z`, fill: KIND.terrestrial }),
      s("path", { d: `M${x} ${y - r} A${r} ${r} 0 0 1 ${x} ${y + r} Z`, fill: KIND.gaseous })];
  const ring = f.planet === "gaseous" ? s("ellipse", { cx: x, cy: y, rx: 13, ry: 3.6, fill: "none", stroke: "#f3c98b", "stroke-width": 1.3,
    transform: `rotate(-20 ${x} ${y})` }) : null;
  const glow = f.state ? s("circle", { cx: x, cy: y, r: r + 3.5, fill: "none", stroke: f.state === "habitable" ? "#5fd38d" : "#e05050",
    "stroke-width": 1.2, "stroke-dasharray": "2.5 1.5" }) : null;
  const units = Object.entries(f.cost).flatMap(([kind, n]) => Array(n).fill(kind)).slice(0, 6);
  const matter = units.map((kind, i) => s("circle", { cx: 58 + 8 * i, cy: y + (i % 2 ? 3 : -3), r: 3.6, fill: COLOURS[kind],
    stroke: "#111", "stroke-width": 0.6, class: "art-matter", "data-kind": kind }));
  return s("svg", { viewBox: "0 0 100 28", class: "card-art", "aria-hidden": "true", style: "background:#0d1321",
    "data-planet": f.planet ?? "either", "data-turns": f.side ?? "" },
  stars, sun, glow, body, s("circle", { cx: x, cy: y, r, fill: "none", stroke: edge, "stroke-width": 2 }), ring, matter);
}

// An Evolution card's face: its cost as coloured tokens, the planet it needs, its points and icons.
function face(id, ctx, known = null, owner = null) {
  const f = ctx.cards?.get(id);
  if (!f) return card({ key: id, number: id, name: known?.name || id, text: known?.needs, owner, missing: !known });
  const needs = [f.planet, f.orbits && `orbit ${f.orbits}`, f.state && `${f.state} side up`, f.remove_marker && h("span.chip",
    { title: "one of your markers must lie on a card played on this Planet: it comes off, back to you" },
    "remove your marker (one on this Planet, back to you)")].filter(Boolean);
  // the Matter is paid from the mat onto the track (PT-3.4), said so: a player missed the water a card had spent
  const cost = Object.entries(f.cost).map(([kind, n]) => token(COLOURS[kind], `${n} ${kind}`));
  const pays = cost.length ? [h("span.chip-label", { title: "paid from your mat at the Planet onto the Evolution Track (PT-3.4)" },
    "pays")] : [];
  const chips = [...pays, ...cost, ...needs, ...f.icons.map((i) => `◆ ${i}`)];
  const moves = ctx.legal.filter((m) => m.struct && m.struct.card === id);
  // a card in the hand not playable now (a token moved first, its needs unmet): on a click, what forbids it on
  // each Planet
  // while a token is to be moved, what it lacks on each Planet as the board stands: the move is planned for a card
  const moving = known && !moves.length && ctx.legal.some((m) => m.struct?.kind === "move");
  const why = known && !moves.length && ctx.legal.length && !moving ? ctx.obs.board.planets.map((p) => `play ${id} on ${p.name}`) : null;
  const downgradeOnly = moves.length > 0 && moves.every((m) => m.struct.kind === "downgrade"); // lit, yet not to play
  const face = card({ key: id, number: id, name: f.name, badge: `${f.points} pts`, tone: `pt-${f.kind}`, owner, art: cardArt(f),
    subtitle: `${f.kind} card${f.side ? ` · turns it ${f.side}` : ""}`, chips, notes: downgradeOnly ? ["its needs are not met now: downgrade only"]
      : why ? [unplayable(f, ctx)].filter(Boolean) : [] });
  if (downgradeOnly) face.classList.add("discard-only");
  return clickable(face, moves, ctx, `${id} ${f.name}`, { why, reach: ctx.onPlanets, note: moving ? planned(f, ctx.obs) : null });
}

// What a card lacks to be played on Planet `p` as the board and the seat's mat stand (PT-3.3); none: it may be.
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII"];
function lacks(f, p, obs) {
  const [lo, hi = lo] = (f.orbits || "I-VII").split("-").map((r) => ROMAN.indexOf(r));
  const held = obs.seats[obs.viewer].public.mat?.[p.name] || {};
  return [f.planet && p.kind !== f.planet ? `not ${f.planet}` : null,
    p.orbit < lo || p.orbit > hi ? `on orbit ${ROMAN[p.orbit]}, not ${f.orbits}` : null,
    f.state && p.side !== f.state ? `${p.side}, not ${f.state}` : null,
    ...Object.entries(f.cost).filter(([kind, n]) => (held[kind] || 0) < n)
      .map(([kind, n]) => `${n - (held[kind] || 0)} ${kind} short on your mat`),
    f.remove_marker && !p.cards.some((c) => c.by === obs.viewer && c.marker) ? "no marker of yours" : null].filter(Boolean);
}

// A card clicked while a token is to be moved, when the move is chosen for the card to play after it: what it
// lacks on each Planet (it had said only that now is the time to move).
function planned(f, obs) {
  const said = obs.board.planets.map((p) => `${p.name}: ${lacks(f, p, obs).join(", ") || "all it needs"}`);
  return `To play it after this move (rule PT-3.3), as things stand: ${said.join("; ")}.`;
}

// Why a card of the hand is not lit while cards are played (PT-3.3, PT-6.2): a Final waits for the final turn;
// else its needs are unmet, and a tap says which on each Planet. Three Finals had stood silent beside "done".
function unplayable(f, ctx) {
  const kinds = new Set(ctx.legal.map((m) => m.struct?.kind));
  if (!["play", "no card", "done"].some((k) => kinds.has(k))) return null; // no card is played now
  return f.kind === "final" && !kinds.has("done") ? "played on your final turn" : `its needs are not met now (${TAP}: why)`;
}

const SOON = 6; // Matter a High card may cost, about: the track this near its end may fill on any turn

function track(t, board) {
  const cells = [];
  for (let i = 0; i < t.length; i++) {
    const fill = i < t.facedown ? "#6b5b95" : i < t.filled ? "#c9a227" : "#f4efe3";
    cells.push(s("rect", { x: 4 + i * 18, y: 8, width: 16, height: 20, rx: 3, fill, stroke: i + 1 === t.acceleration ? "#d64545" : "#8a7a5a", "stroke-width": i + 1 === t.acceleration ? 3 : 1 }));
  }
  const filled = Math.min(t.filled, t.length); // what the track's fill brings, said before it comes (PT-5.1, PT-6.1)
  const why = (words) => h("span.desk-only", {}, words); // a phone shows the track above the board: its short form
  const left = t.length - filled;
  // near the end, what any player's payment may bring at once (PT-6.1): a bot's High card ended a game unawares
  const soon = left > 0 && left <= SOON ? h("strong.soon", {}, " Any player's card may fill it now: its player plays"
    + " Finals at once, then each other player has one last turn (PT-6.1).") : null;
  const note = [[`Evolution Track ${filled}/${t.length}`, why(": the final turns begin when it is full"), ` (${left} to go)`, soon],
    filled >= t.acceleration ? ["▶▶ reached", why(": Matter moves one or two spaces")]
      : [`▶▶ at ${t.acceleration}`, why(": Matter moves one or two spaces from then")]];
  if (board.target !== null && board.target !== undefined) note.push([`beat the target: ${board.target} (${t.facedown} face down)`]);
  if (board.final_turns && board.final_turns.length) note.push(["final turns"]);
  note.push([why(`decks: ${Object.entries(board.decks).map(([d, n]) => `${n} ${d}`).join(", ")}`)]);
  return h("div.pt-track", {}, s("svg", { viewBox: `0 0 ${8 + t.length * 18} 36`, class: "track-svg" }, cells),
    h("p.caption", {}, note.flatMap((part, i) => (i ? [h(i === note.length - 1 ? "span.desk-only" : "span", {}, " · "), ...part] : part))));
}

// Each Planet with the cards played on it, as on the physical board's edges, each with its marker's owner.
function planetRows(board, obs, ctx) {
  return h("div.pt-planets", {}, board.planets.map((p) => h("section.card-row", { "data-part": `planet ${p.name}` },
    h("h4", {}, `Planet ${p.name}: ${p.kind}, ${p.side} side up, on orbit ${ORBITS[p.orbit]} (${p.space})`),
    h("div.cards", {}, p.cards.length ? p.cards.map((c) => face(c.id, { ...ctx, legal: [] }, c,
      c.by === undefined ? null : { name: whose(c, obs), colour: seatColour(obs.seats[c.by]) }))
      : h("p.empty", {}, "no card yet")))));
}

function mats(obs) {
  return h("table.seat-table", {}, h("tr", {}, ["seat", "score", "markers not yet on a card", "hand", "mat: Matter on each planet"].map((t) => h("th", {}, t))),
    obs.seats.map((seat) => h("tr", {}, h("td", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name),
      h("td", {}, String(seat.public.score)), h("td", {}, String(seat.public.markers)),
      h("td", {}, Object.entries(seat.public.hand).map(([d, n]) => `${n} ${d}`).join(", ")),
      h("td", {}, Object.entries(seat.public.mat).map(([planet, m]) => `${planet}: ${Object.entries(m).map(([k, n]) => `${n} ${k}`).join(" ") || "—"}`).join(" · ")))));
}
