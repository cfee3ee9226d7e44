// Tictactoe: three by three cells named as the moves name them (a1 to c3); click a free one. A line is
// struck through three in a row.
import { clickable, movesWhere, s, svg, text } from "./svg.js";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const centre = (i) => [(i % 3) * 100 + 50, Math.floor(i / 3) * 100 + 50];

export default function tictactoe(obs, ctx) {
  const cells = obs.board.cells;
  const marked = (i) => cells[i] && cells[i] !== ".";
  const won = LINES.find(([a, b, c]) => marked(a) && cells[a] === cells[b] && cells[b] === cells[c]);
  const strike = won && s("line", { x1: centre(won[0])[0], y1: centre(won[0])[1], x2: centre(won[2])[0], y2: centre(won[2])[1],
    stroke: "#e0a800", "stroke-width": 9, "stroke-linecap": "round", opacity: 0.85, class: "win-line" });
  return svg(300, 300, cells.map((mark, i) => {
    const x = (i % 3) * 100, y = Math.floor(i / 3) * 100, name = `${"abc"[i % 3]}${Math.floor(i / 3) + 1}`;
    const cell = s("g", { class: "cell", "data-cell": i },
      s("rect", { x: x + 4, y: y + 4, width: 92, height: 92, rx: 8, fill: "#fbf7ee", stroke: "#8a7a5a" }),
      text(x + 16, y + 18, name, { "font-size": 13, fill: "#8a7a5a" }),
      marked(i) ? text(x + 50, y + 52, mark.toUpperCase(), { "font-size": 56, fill: mark === "x" ? "#b33" : "#235", class: "mark" }) : null);
    return clickable(cell, movesWhere(ctx.legal, { row: Math.floor(i / 3), col: i % 3 }), ctx, `mark ${name}`);
  }), strike);
}
