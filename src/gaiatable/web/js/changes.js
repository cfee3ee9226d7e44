// What changed since these eyes last looked (a bot's whole turn, the Moon's meal, a contest): every piece
// drawn has a signature (its shape, place and text; inside a group with `data-sign`, that sign and its rank there,
// wherever the group is drawn). A seat's pieces whose signature is new since the board
// as it last saw it up to its own latest decision are marked (a pulse as they appear, then a quiet glow until
// it decides again, unless they are much of the board), and so are the log lines after that decision; a spectator's, since its previous look.
// Only what is new since the look before pulses ("settled" the rest): a bot's turn shown a move at a time
// pulses each move as it comes, not the whole turn again.
// Views may skip a version (a bot answers before ours arrives): the history, not the views drawn, says
// where the seat's latest decision was. Returns the first ply to mark in the log.
const looks = new Map(); // viewer -> { version, marks: Map(signature -> count), plies, base, since, anchor }
const PIECES = "svg circle, svg rect, svg ellipse, svg polygon, svg path, svg line, svg polyline, svg text, .card-face, td";
const BUSY = { pieces: 16, share: 0.12 };
const LOOSE = new Set(["class", "tabindex", "role", "aria-label", "data-moves", "style"]); // what a click changes

export function markChanges(board, { viewer: eyes, version, plies, history }) {
  const last = looks.get(eyes) ?? kept(eyes);
  const own = history.findLast((e) => e.actor === eyes); // this seat's latest decision
  let base = null, since = Infinity, anchor = null;
  if (last && last.version === version) ({ base, since, anchor } = last); // the same view drawn again
  else if (own) {
    since = own.ply + 1;
    // the latest look taken no later than that decision
    anchor = last && last.plies <= since ? { marks: last.marks, plies: last.plies } : last?.anchor;
    base = anchor && anchor.plies <= since ? anchor.marks : null;
  } else if (last) ({ marks: base, plies: since } = last);
  const marks = new Map();
  let fresh = 0, pieces = 0;
  for (const el of board.querySelectorAll(PIECES)) {
    if (!el.classList.contains("card-face") && el.closest(".card-face")) continue; // a card is marked whole, not its icons
    if (el.closest("[data-summary]")) continue; // a summary of pieces drawn elsewhere (or a warning): they are marked
    const sign = signature(el);
    const seen = marks.get(sign) || 0;
    marks.set(sign, seen + 1);
    pieces += 1;
    if (base && seen >= (base.get(sign) || 0)) {
      el.classList.add("fresh");
      if (seen < (last.marks.get(sign) || 0)) el.classList.add("settled");
      fresh += 1;
    }
  }
  // much of the board new (a rotation, a round's end): it pulses once, then the log and the numbers say it,
  // where a glow left on most pieces would mark nothing
  board.classList.toggle("busy", fresh > BUSY.pieces && fresh > BUSY.share * pieces);
  looks.set(eyes, { version, marks, plies, base, since, anchor });
  keep(eyes);
  return since;
}

// The looks are kept for the page's tab (sessionStorage), for this table only: a reload marks what it marked.
const KEPT = "gaiatable.looks";
const toMaps = (look) => look && { ...look, since: look.since ?? Infinity, marks: new Map(look.marks),
  base: look.base && new Map(look.base), anchor: look.anchor && { ...look.anchor, marks: new Map(look.anchor.marks) } };
const toLists = (look) => ({ ...look, since: Number.isFinite(look.since) ? look.since : null, marks: [...look.marks],
  base: look.base && [...look.base], anchor: look.anchor && { ...look.anchor, marks: [...look.anchor.marks] } });

function kept(eyes) {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    return stored?.table === location.pathname ? toMaps(stored.looks[eyes]) : null;
  } catch { return null; } // storage refused or spoiled: the marks start afresh, as on a first look
}

function keep(eyes) {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    const mine = stored?.table === location.pathname ? stored.looks : {};
    sessionStorage.setItem(KEPT, JSON.stringify({ table: location.pathname, looks: { ...mine, [eyes]: toLists(looks.get(eyes)) } }));
  } catch { /* a full or refused storage only costs the marks after a reload */ }
}

// What the marks on `board` say, in the words under "Since your last move": where much of the board changed, its
// marks pulsed once and left no glow, so the words do not point at marks that are gone.
export function marksSaid(board) {
  return board.classList.contains("busy") ? "much of the board changed: it pulsed pink as it came, the lines above say what"
    : "on the board, what changed is marked pink";
}

// A card's words as printed: not its notes, which say what it may do now ("its needs are not met now"), so that a
// turn's new step did not mark every card of a hand as changed.
function printed(face) {
  const notes = face.querySelector(".card-notes")?.textContent ?? "";
  return notes ? face.textContent.replace(notes, "") : face.textContent;
}

function signature(el) {
  const signed = el.closest("[data-sign]"); // a group that names what it holds wherever it is drawn (a turned stack)
  if (signed && signed !== el) return `signed ${signed.dataset.sign} ${el.tagName} ${[...signed.querySelectorAll("*")].indexOf(el)}`;
  if (el.tagName === "TD") return `td ${el.parentNode.rowIndex}:${el.cellIndex} ${el.textContent}`;
  if (el.classList.contains("card-face")) return `card ${el.closest("[data-part]")?.dataset.part} ${printed(el)}`;
  const attrs = [...el.attributes].filter((a) => !LOOSE.has(a.name)).map((a) => `${a.name}=${a.value}`).sort();
  // whose drawing it is: two seats' boards drawn alike (Planit's planets) have pieces at the same coordinates
  const owner = el.closest("[data-seat]")?.dataset.seat ?? "";
  return `${owner} ${el.tagName} ${attrs.join(" ")} ${el.textContent}`;
}

// Of the others' moves since this seat's last decision (`entries`), what the box under the prompt tells, in the order
// played (a move before what came of it): every decision, then what came of them while `lines` allow, a scoring, a
// contest (a counter lost) or what names the seat (`mine`: "the Meteor killed yellow's carnivore") however many
// moves came; [{ e, tells, consequences }] and how many lines are left out.
const ALWAYS = /\bscores?\b|\bcontest\b/;
export function sinceTold(entries, lines, mine = null) {
  let room = Math.max(0, lines - entries.filter((e) => e.actor >= 0).length), left = 0;
  const concerns = (text) => ALWAYS.test(text) || (mine && text.includes(mine));
  const told = entries.map((e) => {
    const tells = telling(e), consequences = [];
    for (const text of e.log.filter((line) => line !== tells)) {
      if (room-- > 0 || concerns(text)) consequences.push(text);
      else left++;
    }
    return { e, tells, consequences };
  });
  return { told, left };
}

// The latest of `entries`' lines that names the seat's own (`mine`: its planet, its colour), where something came
// of it ("CFC: Terra's ozone layer is destroyed"), not a roll that did nothing: null if none.
export function befell(entries, mine) {
  const named = new RegExp(`\\b${mine.replace(/[^\w ]/g, "\\$&")}\\b`); // "red" names no "scored"
  return entries.flatMap((e) => e.log).findLast((text) => named.test(text) && !/\bno effect$/.test(text)) ?? null;
}

// The line of what came of a player's decision that says the decision itself in more words ("seat 0 moves rock
// from I-1 to II-3" for "move I-1 II-3"): it is the decision's line, so the log does not say the move twice.
export function telling(e) {
  if (e.actor < 0) return undefined;
  const named = e.text.split(" ").slice(1);
  return e.log.find((text) => text.startsWith(`seat ${e.actor} `) && named.every((w) => text.split(/[\s:,]+/).includes(w)));
}
