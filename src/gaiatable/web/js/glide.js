// Pieces that moved glide from where they were to where they are. A board names its movable pieces
// (`data-piece`, unique on the board) and, where their drawn box is not their place, the point they stand on
// (`data-at`, in their own units); a piece on a ring round `data-centre` (its parent's units) travels round
// it, upright. A game may say that a piece now named one way was named another before (`renamed`: a Matter
// token named by its space, moved to another). Positions are taken in the parent's units: a board redrawn
// at another size glides nothing it should not.
export const GLIDE_MS = 600;

export function positions(board) {
  const at = new Map();
  for (const el of board.querySelectorAll("[data-piece]")) at.set(el.dataset.piece, place(el));
  return at;
}

// Plays the glides from `before` (positions) to the board as drawn now; returns how long they take (ms).
export function glide(board, before, renamed = new Map()) {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  let moved = 0;
  for (const el of board.querySelectorAll("[data-piece]")) {
    const from = before.get(renamed.get(el.dataset.piece) ?? el.dataset.piece), to = place(el);
    if (!from || Math.hypot(from.x - to.x, from.y - to.y) < 1) continue;
    const own = matrix(el), [start, end] = path(from, to, el.dataset.centre);
    el.animate([{ transform: `${start} ${own}` }, { transform: `${end} ${own}` }], { duration: GLIDE_MS, easing: "ease-in-out" });
    moved += 1;
  }
  if (moved) document.body.dataset.glided = String(moved); // for a test: the last glide's pieces
  return moved ? GLIDE_MS : 0;
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
