// Tictactoe: three by three cells; click a free one.
import { clickable, movesWhere, s, svg, text } from "./svg.js";

export default function tictactoe(obs, ctx) {
  const cells = obs.board.cells;
  return svg(300, 300, cells.map((mark, i) => {
    const x = (i % 3) * 100, y = Math.floor(i / 3) * 100;
    const cell = s("g", { class: "cell", "data-cell": i },
      s("rect", { x: x + 4, y: y + 4, width: 92, height: 92, rx: 8, fill: "#fbf7ee", stroke: "#8a7a5a" }),
      mark && mark !== "." ? text(x + 50, y + 52, mark.toUpperCase(), { "font-size": 56, fill: mark === "x" ? "#b33" : "#235" }) : null);
    return clickable(cell, movesWhere(ctx.legal, { row: Math.floor(i / 3), col: i % 3 }), ctx, `mark cell ${i}`);
  }));
}
