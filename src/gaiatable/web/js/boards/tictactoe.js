// Tictactoe: three by three cells named as the moves name them (a1 to c3); click a free one.
import { clickable, movesWhere, s, svg, text } from "./svg.js";

export default function tictactoe(obs, ctx) {
  const cells = obs.board.cells;
  return svg(300, 300, cells.map((mark, i) => {
    const x = (i % 3) * 100, y = Math.floor(i / 3) * 100, name = `${"abc"[i % 3]}${Math.floor(i / 3) + 1}`;
    const cell = s("g", { class: "cell", "data-cell": i },
      s("rect", { x: x + 4, y: y + 4, width: 92, height: 92, rx: 8, fill: "#fbf7ee", stroke: "#8a7a5a" }),
      text(x + 16, y + 18, name, { "font-size": 13, fill: "#8a7a5a" }),
      mark && mark !== "." ? text(x + 50, y + 52, mark.toUpperCase(), { "font-size": 56, fill: mark === "x" ? "#b33" : "#235", class: "mark" }) : null);
    return clickable(cell, movesWhere(ctx.legal, { row: Math.floor(i / 3), col: i % 3 }), ctx, `mark ${name}`, { direct: true });
  }));
}
