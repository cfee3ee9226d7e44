// Boards: one module per game draws its observation as SVG; the generic one draws any other game as lists.
// A board calls ctx.play(id) for a click that names one legal move, ctx.choose(moves) for several.
import { h } from "../api.js";
import earthOurHome from "./earth-our-home.js";
import gaiaVora from "./gaia-vora.js";
import generic from "./generic.js";
import phanerozoic from "./phanerozoic.js";
import planetarium from "./planetarium.js";
import planit from "./planit.js";
import tictactoe from "./tictactoe.js";

const BOARDS = { tictactoe, "gaia-vora": gaiaVora, planetarium, phanerozoic, planit, "earth-our-home": earthOurHome };

export function renderBoard(obs, ctx) {
  const draw = BOARDS[obs.game] || generic;
  const box = h("div.board-inner", { "data-game": obs.game });
  const choices = h("div.choices");
  ctx = { ...ctx, choose: (moves) => offer(choices, moves, ctx) };
  box.append(draw(obs, ctx), choices);
  return box;
}

// Several legal moves for one click: list them next to the board.
function offer(box, moves, ctx) {
  if (moves.length === 1) { ctx.play(moves[0].id); return; }
  box.replaceChildren(...moves.map((m) => h("button.move", { onclick: () => ctx.play(m.id) }, m.text)),
    h("button.cancel", { onclick: () => box.replaceChildren() }, "cancel"));
}
