// Boards: one module per game draws its observation as SVG; the generic one draws any other game as lists.
// A board calls ctx.choose(moves, options) for a click: the moves it names are offered in ctx.choices (the
// table's dock, where the player looks) to confirm or choose among.
import { h, TAP } from "../api.js";
import earthOurHome, { replay as earthOurHomeReplay } from "./earth-our-home.js";
import gaiaVora, { preview as gaiaVoraPreview, replay as gaiaVoraReplay } from "./gaia-vora.js";
import generic from "./generic.js";
import phanerozoic, { describe as phanerozoicMove } from "./phanerozoic.js";
import planetarium, { describe as planetariumMove, travels as planetariumTravels } from "./planetarium.js";
import planit, { describe as planitMove } from "./planit.js";
import { unselect } from "./svg.js";
import tictactoe from "./tictactoe.js";

// Boards that draw the viewer's private part themselves (as cards); the table lists the others' as data.
export const DRAWS_PRIVATE = new Set(["phanerozoic", "planetarium"]);

const BOARDS = { tictactoe, "gaia-vora": gaiaVora, planetarium, phanerozoic, planit, "earth-our-home": earthOurHome };

// A legal move's words for this position, where a board knows better words than the rules' own text.
const DESCRIBE = { planetarium: planetariumMove, planit: planitMove, phanerozoic: phanerozoicMove };
export function describeMove(move, obs) {
  return DESCRIBE[obs.game] ? DESCRIBE[obs.game](move, obs) : move.text;
}

// A legal move looked at (hovered, focused) before it is chosen: the board shows what it would do, where
// the game's board can (Gaia-Vora's rotations).
// The move being confirmed stays previewed until its confirmation closes: on a phone, where nothing
// hovers, that is the one time the player sees it.
// `foresight(move)`: a promise of the server's preview of the move (its board after), or of null.
const PREVIEW = { "gaia-vora": gaiaVoraPreview };
let held = null, foresight = () => Promise.resolve(null);
export const foreseeWith = (fn) => { foresight = fn; };
export function previewMove(obs, move, on) {
  PREVIEW[obs.game]?.(on ? move : held ?? move, on || held !== null, foresight);
}
function hold(obs, move) {
  const before = held;
  held = move;
  if (obs && before && !move) previewMove(obs, before, false);
  if (obs && move) previewMove(obs, move, true);
}

// What happened, shown on the board where the game's board can: `how` "marks" for what the others did since
// the player's last decision (Earth: Our Home's contests, at every drawing), "motion" for every move since the
// view drawn before (Gaia-Vora's rotations, played once); `entries` are the history's entries since then.
const REPLAY = { "gaia-vora": gaiaVoraReplay, "earth-our-home": earthOurHomeReplay };
export function replayChanges(obs, entries, how) {
  return REPLAY[obs.game]?.(entries, how) || 0; // how long a motion keeps the board busy (ms)
}

// What `entries` did to the names of the pieces drawn (`before`: as drawn before them), for glide.js.
const TRAVELS = { planetarium: planetariumTravels };
export const travels = (obs, entries, board, before) => TRAVELS[obs.game]?.(entries, board, before) ?? {};

// Hovering or focusing `button` (a move's) points at the board's pieces and places that offer the move, and
// previews the move where the game's board can (`tell(on)`: says what it would bring about). A button drawn under a pointer at rest (the list redrawn
// after a move) waits for the pointer to move: else the board showed a preview, or lit a piece, the player
// never asked for, as if it were the position or a choice.
export function previews(button, obs, move, tell = null) {
  const point = (on) => document.querySelectorAll(".board-inner [data-moves]").forEach((el) => {
    if (el.dataset.moves.split(" ").includes(String(move.id))) el.classList.toggle("pointed", on);
  });
  const show = (on) => { point(on); previewMove(obs, move, on); tell?.(on); };
  let moved = false;
  button.addEventListener("pointermove", () => { if (!moved) { moved = true; show(true); } });
  for (const [event, on] of [["focus", true], ["pointerleave", false], ["blur", false]]) {
    button.addEventListener(event, () => { if (!on) moved = false; show(on); });
  }
  return button;
}

// The arrow keys move the focus from a piece to the nearest one in the arrow's direction (a cell, a place,
// a card): a keyboard player walks the board as it is drawn.
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
function walk(event) {
  const way = ARROWS[event.key], from = event.target.closest?.(".target, .explains");
  if (!way || !from) return;
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x, y] = centre(from);
  let best = null, bestScore = Infinity;
  for (const el of event.currentTarget.querySelectorAll(".target, .explains")) {
    const [cx, cy] = centre(el), along = (cx - x) * way[0] + (cy - y) * way[1];
    const score = along + 2 * Math.abs((cx - x) * way[1] - (cy - y) * way[0]); // straight ahead first
    if (el !== from && along > 1 && score < bestScore) [best, bestScore] = [el, score];
  }
  if (!best) return;
  event.preventDefault();
  best.focus();
}

export function renderBoard(obs, ctx) {
  const draw = BOARDS[obs.game] || generic;
  const box = h("div.board-inner", { "data-game": obs.game, onkeydown: walk });
  const choices = ctx.choices || h("div.choices");
  choices.replaceChildren();
  held = null; // a new board: nothing of the old one is being confirmed
  ctx = { ...ctx, obs, choose: (moves, options) => offer(choices, moves, ctx, options) };
  box.append(draw(obs, ctx));
  if (!ctx.choices) box.append(choices);
  return box;
}

// Moves not offered (`texts`), each with the rule that forbids it, as typing it would say; moves refused
// alike are named together ("play L05 on A", "play L05 on C": the one reason).
async function explain(box, texts, ctx) {
  const answers = await Promise.all(texts.map((text) => ctx.why(text).catch(() => ({ legal: true }))));
  const alike = new Map(); // [reason, clause] as JSON -> the moves refused for it
  texts.forEach((text, i) => {
    const { legal, reason, clause } = answers[i], key = JSON.stringify([reason, clause]);
    if (!legal) alike.set(key, [...(alike.get(key) || []), text]);
  });
  for (const [key, named] of alike) {
    const [reason, clause] = JSON.parse(key);
    const said = h("p.why", {}, `Not ${named.map((t) => `"${t}"`).join(", ")}: ${reason}`,
      clause ? [" (", rule(clause, ctx, () => said), ")"] : "", ".");
    box.append(said);
  }
}

// A rule's number, which opens its words beneath `after()`, as the rulings write them.
function rule(clause, ctx, after) {
  if (!ctx.rule) return `rule ${clause}`;
  return h("button.rule", { type: "button", "aria-expanded": "false", onclick: (e) => {
    e.currentTarget.setAttribute("aria-expanded", "true");
    ctx.rule(clause).then((text) => {
      const words = h("p.rule-text", {}, text);
      after().after(words);
      words.scrollIntoView({ block: "nearest" }); // in a phone's docked panel, below what it shows
    }, () => {});
  } }, `rule ${clause}`);
}

// A pass ("no card", "no gravity", "pass"), by its move's kind.
export const isPass = (kind = "") => /^(no |pass$)/.test(kind);

// A move that throws something away (a card discarded or downgraded): confirmed wherever it is chosen, asked
// or not, since nothing takes it back but an undo the player may not think of.
export const throwsAway = (move) => /^(discard|downgrade)/.test(move.struct?.kind ?? "");

// The moves a click names, to confirm (one) or choose among (several): nothing moves on a click alone
// unless the player turned "ask before playing" off (and then never a discard).
// Where the game hides nothing, what a move would bring about (ctx.consequences: a contest, a meal, points)
// is said under the choices: at once for the one move a click names, on hover or focus among several.
// A board may draw each move's button (`draw(move)`: a small SVG and its words) and set them in rows
// (`row(move)`: the row's name), where a place offers many alike (Gaia-Vora's Rainbow: a species in any colour).
// `lit`: the places the moves go are lit on the board, where a tap plays them; the buttons are the second way.
export function offer(box, moves, ctx, { label = "", why = null, note = null, warn = null, draw = null, row = null, lit = false,
  look = false } = {}) {
  // a throw-away is always confirmed, as is what the board warns of (`warn`: a contest a counter would start)
  // (`look`: the tap that opens a folded card shows it, a second plays it)
  // (`lit`: a piece chosen, whose one place to go is lit: its click shows the way, the place's plays it)
  if (ctx.ask === false && moves.length === 1 && !warn && !look && !lit && !throwsAway(moves[0])) { ctx.play(moves[0].id); return; }
  hold(ctx.obs, moves.length === 1 ? moves[0] : null);
  const cancel = () => { box.replaceChildren(); unselect(); hold(ctx.obs, null); };
  const then = h("p.consequence", { "aria-live": "polite" });
  const one = moves.length === 1; // the button says what it does: "confirm: sun", or the move among several
  let told = null; // the move whose consequence is said: a slower answer for a move left behind never overwrites it
  const tell = (m) => {
    told = m;
    if (!ctx.consequences) return;
    // a slow answer says it is coming, so that a confirm is not pressed before it is read
    const wait = setTimeout(() => { if (told === m) then.textContent = "What it brings: working it out…"; }, 150);
    ctx.consequences(m).then((text) => {
      clearTimeout(wait);
      if (told !== m) return;
      // among several, the words name the move they are about (the first is focused, not chosen)
      then.textContent = one ? text : `${m.text}: ${text.replace(/^This move: /, "") || "nothing else changes."}`;
    });
  };
  // one move a board click names is played by a second click there too: the confirmation says so
  const tap = matchMedia("(pointer: coarse)").matches ? "tap" : "click";
  const again = one && ctx.choose ? (lit ? `${tap} the lit place or confirm` : `${tap} the same place again or confirm`) : "";
  const head = one || !moves.length ? [label, again].filter(Boolean).join(": ") + (label || again ? ":" : "")
    : `${label ? `${label}: ` : ""}${lit ? `${tap} a lit place on the board, or ` : ""}choose the move to play`;
  const button = (m) => {
    const drawn = draw && !one; // a drawing and a word or two: the move's whole text is its accessible name
    // with "ask before playing", a move picked among several is confirmed too, as one picked in the list of moves
    // is (a mouse's pick had played at once, a finger's and the list's asked: read as one rule broken)
    const confirms = !one && (throwsAway(m) || (ctx.ask !== false && !isPass(m.struct?.kind)));
    const pick = () => (confirms ? offer(box, [m], { ...ctx, choose: null }, { label }) : ctx.play(m.id));
    const made = previews(h("button.move", { type: "button", onclick: pick, "aria-label": drawn ? m.text : null },
      ...(drawn ? draw(m) : [one ? `confirm: ${m.text}` : m.text])), ctx.obs, m);
    if (moves.length > 1) for (const event of ["mouseenter", "focus"]) made.addEventListener(event, () => tell(m));
    return made;
  };
  const rows = new Map(), rowOf = (m) => (row && !one ? row(m) : "");
  for (const m of moves) rows.set(rowOf(m), [...(rows.get(rowOf(m)) || []), m]);
  const buttons = [...rows].flatMap(([name, ms]) => (name
    ? [h("div.choice-row", {}, h("span.choice-row-name", {}, name), ms.map(button))] : ms.map(button)));
  // where the player is asked, the way to stop being asked (as "ask before playing" does), unless already off
  const atOnce = one && ctx.playAtOnce && ctx.ask !== false ? h("label.at-once", {}, h("input", { type: "checkbox",
    onchange: (e) => e.target.checked && ctx.playAtOnce() }), ` from now on, play a ${TAP} at once`, h("span.desk-only", {},
    " (a discard or a warned move still asks; undo works until a die, a draw or another player follows)")) : "";
  box.classList.toggle("lit", lit && !one);
  // a warning, and what the one move brings, are read before its confirm button: below it, a player who clicks
  // twice never saw them, and in a short dock they lay under "more moves below"
  const warning = warn ? h("p.why.warn", {}, warn) : "";
  const cancelling = h("button.cancel", { type: "button", onclick: cancel }, "cancel");
  box.replaceChildren(head ? h("span.choices-head", {}, head) : "", warning,
    ...(one ? [then, ...buttons, cancelling, atOnce] : [...buttons, cancelling, atOnce, then]));
  if (moves.length === 1) tell(moves[0]);
  box.scrollIntoView({ block: "nearest" }); // in the docked panel of a phone, below what it shows
  if (note) box.append(h("p.why", {}, note));
  if (why && ctx.why) explain(box, [why].flat(), ctx);
  // a keyboard player's focus goes to the first choice; a pointer's stays put (a ring there read as a choice made)
  if (ctx.keys?.() !== false) box.querySelector("button.move, button.cancel").focus({ preventScroll: true });
}
