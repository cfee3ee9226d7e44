// Pieces that moved glide from where they were to where they are. A board names its movable pieces
// (`data-piece`, unique on the board) and, where their drawn box is not their place, the point they stand on
// (`data-at`, in their own units); a piece on a ring round `data-centre` (its parent's units) travels round
// it, upright. A game may say what its moves did to the pieces' names (`travels`): a piece now named one way
// was named another before (`renamed`: a Matter token named by its space, moved to another), or a piece gone
// went into another (`into`: a Matter token taken onto a Planet's mat), which it glides to as it fades.
// Positions are taken in the parent's units: a board redrawn at another size glides nothing it should not.
// A figure that changed (`data-tally`: a population) counts from what it was to what it is, tinted up or down.
export const GLIDE_MS = 600;

export function positions(board) {
  const at = new Map();
  for (const el of board.querySelectorAll("[data-piece]")) at.set(el.dataset.piece, { ...place(el), el });
  for (const el of board.querySelectorAll("[data-tally]")) at.set(`tally ${el.dataset.tally}`, Number(el.textContent));
  return at;
}

// Plays the glides from `before` (positions) to the board as drawn now; returns how long they take (ms).
export function glide(board, before, { renamed = new Map(), into = new Map() } = {}) {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  let moved = 0;
  for (const [gone, taker] of into) moved += fade(before.get(gone), board.querySelector(`[data-piece="${CSS.escape(taker)}"]`));
  for (const el of board.querySelectorAll("[data-piece]")) {
    const from = before.get(renamed.get(el.dataset.piece) ?? el.dataset.piece), to = place(el);
    if (!from || Math.hypot(from.x - to.x, from.y - to.y) < 1) continue;
    const own = matrix(el), [start, end] = path(from, to, el.dataset.centre);
    el.animate([{ transform: `${start} ${own}` }, { transform: `${end} ${own}` }], { duration: GLIDE_MS, easing: "ease-in-out" });
    moved += 1;
  }
  if (moved) document.body.dataset.glided = String(moved); // for a test: the last glide's pieces
  return Math.max(moved ? GLIDE_MS : 0, tally(board, before));
}

function tally(board, before) {
  let counted = 0;
  for (const el of board.querySelectorAll("[data-tally]")) {
    const from = before.get(`tally ${el.dataset.tally}`), to = Number(el.textContent);
    if (!Number.isFinite(from) || !Number.isFinite(to) || from === to) continue;
    el.classList.add(to > from ? "rising" : "falling");
    const start = performance.now();
    const step = (now) => {
      const done = Math.min(1, (now - start) / GLIDE_MS);
      el.textContent = String(Math.round(from + (to - from) * done));
      if (done < 1) requestAnimationFrame(step);
      else setTimeout(() => el.classList.remove("rising", "falling"), 1200);
    };
    el.textContent = String(from);
    requestAnimationFrame(step);
    counted += 1;
  }
  return counted ? GLIDE_MS : 0;
}

// A piece gone into `taker`: its old drawing, drawn again beside the taker, glides onto it and fades away.
function fade(was, taker) {
  if (!was || !taker) return 0;
  const ghost = was.el.cloneNode(true), to = place(taker);
  for (const a of [...ghost.attributes]) if (a.name.startsWith("data-") || ["role", "tabindex", "aria-label"].includes(a.name)) ghost.removeAttribute(a.name);
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.remove("target", "explains", "selected", "pointed", "aimed", "fresh", "settled"); // a picture only
  ghost.classList.add("ghost");
  taker.parentNode.append(ghost);
  const own = matrix(ghost);
  ghost.animate([{ transform: `translate(0px, 0px) ${own}`, opacity: 1 },
    { transform: `translate(${to.x - was.x}px, ${to.y - was.y}px) ${own}`, opacity: 0 }],
  { duration: GLIDE_MS, easing: "ease-in" }).finished.then(() => ghost.remove(), () => ghost.remove());
  return 1;
}

// The piece's place in its parent's units: its own point, or its box's middle, through its own transform.
function place(el) {
  const box = el.getBBox();
  const [x, y] = el.dataset.at ? el.dataset.at.split(" ").map(Number) : [box.x + box.width / 2, box.y + box.height / 2];
  const p = new DOMPoint(x, y).matrixTransform(el.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix());
  return { x: p.x, y: p.y };
}

const matrix = (el) => {
  const m = el.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix();
  return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
};

// The transforms (first, last) that carry a piece at `to` back to `from` and home: round the centre where
// both lie on one ring (turned back upright about itself), else straight.
function path(from, to, centre) {
  const [cx, cy] = centre ? centre.split(" ").map(Number) : [NaN, NaN];
  const ring = centre && Math.abs(Math.hypot(from.x - cx, from.y - cy) - Math.hypot(to.x - cx, to.y - cy)) < 2;
  if (!ring) return [`translate(${from.x - to.x}px, ${from.y - to.y}px)`, "translate(0px, 0px)"];
  let turn = (Math.atan2(from.y - cy, from.x - cx) - Math.atan2(to.y - cy, to.x - cx)) * 180 / Math.PI;
  turn = ((turn + 540) % 360) - 180; // the short way round
  const round = (a) => `translate(${cx}px, ${cy}px) rotate(${a}deg) translate(${-cx}px, ${-cy}px) `
    + `translate(${to.x}px, ${to.y}px) rotate(${-a}deg) translate(${-to.x}px, ${-to.y}px)`;
  return [round(turn), round(0)];
}
