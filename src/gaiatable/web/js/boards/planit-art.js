// Planit's card pictures: a small scene in a 64x28 band at the top of each card, so a hand reads by its
// pictures (a volcano, a meteor, a spray can of CFCs) before its words. The band's colour is the card's
// family: life green, the sky blue, hazards red, cards played at once when drawn grey.
import { s } from "./svg.js";

const INK = "#3b3b3b";
const path = (d, fill, stroke = INK, width = 1) => s("path", { d, fill, stroke, "stroke-width": width, "stroke-linejoin": "round", "stroke-linecap": "round" });
const line = (d, colour, width = 1.6) => path(d, "none", colour, width);
const dot = (x, y, r, fill, stroke = INK) => s("circle", { cx: x, cy: y, r, fill, stroke, "stroke-width": 1 });
const leaf = (x, y, turn, colour = "#3fa34d") => s("g", { transform: `translate(${x} ${y}) rotate(${turn})` },
  path("M0 0 C-6 -4 -5 -11 0 -14 C5 -11 6 -4 0 0 Z", colour), line("M0 0 L0 -11", "#1f5e29", 1));
const tree = (x, colour = "#2e8b57") => [path(`M${x - 1.5} 26 H${x + 1.5} V19 H${x - 1.5} Z`, "#8a5a2b"), dot(x, 14, 6.5, colour)];
const sun = (x, y, r) => [line(Array.from({ length: 8 }, (_, i) => {
  const a = i * Math.PI / 4;
  return `M${x + (r + 2) * Math.cos(a)} ${y + (r + 2) * Math.sin(a)} L${x + (r + 6) * Math.cos(a)} ${y + (r + 6) * Math.sin(a)}`;
}).join(" "), "#d4a000", 1.8), dot(x, y, r, "#f2c500")];
const cloud = (x, y, colour = "#cfd8e3") => path(`M${x - 10} ${y + 4} C${x - 14} ${y + 4} ${x - 13} ${y - 3} ${x - 8} ${y - 2} C${x - 7} ${y - 8} ${x + 2} ${y - 9} ${x + 3} ${y - 3} C${x + 9} ${y - 5} ${x + 12} ${y + 3} ${x + 7} ${y + 4} Z`, colour);
const planet = (x, y, r) => [dot(x, y, r, "#5aa0e6"), path(`M${x - r * 0.6} ${y - r * 0.3} q${r * 0.4} ${-r * 0.5} ${r * 0.8} ${-r * 0.1} q0 ${r * 0.6} ${-r * 0.5} ${r * 0.7} Z`, "#4caf50", "none"),
  path(`M${x + r * 0.2} ${y + r * 0.5} q${r * 0.5} ${-r * 0.2} ${r * 0.6} ${r * 0.1} q-${r * 0.2} ${r * 0.3} -${r * 0.6} ${r * 0.1} Z`, "#4caf50", "none")];

const LIFE = "#dff0d0", SKY = "#dcebf8", HAZARD = "#f7dcd6", AT_ONCE = "#e6e3dc";

const ART = {
  gaia: [LIFE, () => [...planet(32, 14, 10), leaf(20, 25, -35), leaf(44, 25, 35)]],
  plants: [LIFE, () => [leaf(26, 26, -30), leaf(32, 26, 0), leaf(38, 26, 30), line("M18 26 H46", "#7a5230", 1.5)]],
  animals: [LIFE, () => [dot(32, 18, 5.5, "#8a6a4a"), dot(24, 11, 2.8, "#8a6a4a"), dot(29, 7, 2.8, "#8a6a4a"), dot(35, 7, 2.8, "#8a6a4a"), dot(40, 11, 2.8, "#8a6a4a")]],
  rain_forest: [LIFE, () => [...tree(18, "#2e7d4f"), ...tree(28), ...tree(38, "#3c9a5f"), ...tree(48, "#2e7d4f"),
    line("M12 5 L10 9 M22 4 L20 8 M42 4 L40 8 M52 5 L50 9", "#2f8fd8", 1.2)]],
  ozone: [SKY, () => [...planet(32, 26, 12), line("M14 26 A18 18 0 0 1 50 26", "#5b8fd6", 3), line("M10 26 A22 22 0 0 1 54 26", "#a9c7ee", 2)]],
  solar_output: [AT_ONCE, () => sun(32, 14, 7)],
  uv_radiation: [HAZARD, () => [...sun(14, 14, 5), line("M26 8 q3 -3 6 0 t6 0 t6 0 t6 0 M26 14 q3 -3 6 0 t6 0 t6 0 t6 0 M26 20 q3 -3 6 0 t6 0 t6 0 t6 0", "#8e44ad", 1.4)]],
  meteor: [HAZARD, () => [line("M12 4 L34 16 M8 10 L30 20 M16 1 L36 12", "#e08a1e", 1.5), dot(38, 18, 6, "#8a7f75")]],
  volcano: [HAZARD, () => [path("M14 27 L27 9 H37 L50 27 Z", "#8a6a4a"), path("M27 9 L30 14 L33 11 L37 9 Z", "#e8501c"),
    line("M30 7 q-3 -3 0 -5 M34 7 q3 -3 0 -5", "#888", 1.4)]],
  cfc: [HAZARD, () => [path("M26 10 H38 V27 H26 Z", "#b8c2cc"), path("M29 6 H35 V10 H29 Z", "#6b7785"), line("M38 7 h3", INK, 1.2),
    dot(45, 5, 1.2, "#999", "none"), dot(48, 8, 1.2, "#999", "none"), dot(46, 11, 1.2, "#999", "none"), dot(50, 4, 1.2, "#999", "none")]],
  methane: [HAZARD, () => [dot(22, 20, 4, "#c7d9a7"), dot(31, 13, 5, "#c7d9a7"), dot(41, 19, 3.5, "#c7d9a7"), dot(38, 7, 2.5, "#c7d9a7"),
    line("M10 27 H54", "#7a5230", 1.5)]],
  mutant: [HAZARD, () => [line("M20 4 C30 4 34 24 44 24 M20 24 C30 24 34 4 44 4", "#8e44ad", 1.8),
    line("M25 7 V21 M32 12 V16 M39 7 V21", "#c59be0", 1.4)]],
  plague: [HAZARD, () => [[22, 15, 5], [36, 10, 4], [40, 21, 3.5]].map(([x, y, r]) => [line(Array.from({ length: 6 }, (_, i) => {
    const a = i * Math.PI / 3;
    return `M${x + r * Math.cos(a)} ${y + r * Math.sin(a)} L${x + (r + 2.5) * Math.cos(a)} ${y + (r + 2.5) * Math.sin(a)}`;
  }).join(" "), "#6a8f2a", 1.2), dot(x, y, r, "#a7c957")])],
  acid_rain: [HAZARD, () => [cloud(32, 9, "#b9c0b0"), line("M24 16 l-2 5 M31 17 l-2 5 M38 16 l-2 5 M27 22 l-1.5 4 M35 22 l-1.5 4", "#7cb518", 1.6)]],
  fire: [AT_ONCE, () => [path("M32 27 C22 27 22 17 28 11 C28 16 31 16 31 13 C31 8 34 5 36 2 C36 9 43 13 42 20 C41 25 37 27 32 27 Z", "#f08a24"),
    path("M32 27 C28 27 27 22 30 18 C31 21 33 21 33 18 C36 20 37 26 32 27 Z", "#f9d423", "none")]],
  salt_cycle: [AT_ONCE, () => [path("M22 14 l6 -6 l6 6 l-6 6 Z", "#fff"), path("M34 20 l5 -5 l5 5 l-5 5 Z", "#fff"),
    line("M14 14 A18 11 0 0 1 50 14 M50 14 l-3 -4 M50 14 l4 -3", "#6b7785", 1.2)]],
};

// The picture of a Planit card by its name (as hands list it), or nothing for a card it does not know.
export function cardArt(name) {
  const art = ART[name];
  if (!art) return null;
  const [band, draw] = art;
  return s("svg", { viewBox: "0 0 64 28", class: "card-art", "aria-hidden": "true", style: `background:${band}` }, draw());
}
