// Small drawings of Phanerozoic's icons (attributes, growth requirements, habitats) in a 24x24 box, each
// shown with its word beside it: a player learns the drawing from the word and reads cards by the drawing.
import { h } from "../api.js";
import { s } from "./svg.js";

const INK = "#3b3b3b";
const line = (d, colour = INK, width = 2) => s("path", { d, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" });
const fill = (d, colour) => s("path", { d, fill: colour, stroke: INK, "stroke-width": 1 });
const dot = (x, y, r, colour) => s("circle", { cx: x, cy: y, r, fill: colour, stroke: INK, "stroke-width": 1 });
const leaf = (colour = "#3fa34d") => fill("M12 21 C3 15 5 6 12 3 C19 6 21 15 12 21 Z", colour);
const tooth = "M5 7 L19 7 L16 19 L12 13 L8 19 Z";

const DRAWINGS = {
  leaves: () => [leaf(), line("M12 20 L12 7", "#1f5e29", 1.5)],
  roots: () => [line("M12 3 L12 12 M12 12 L6 20 M12 12 L18 20 M12 15 L12 21 M9 16 L6 14 M15 16 L18 14", "#7a5230")],
  woody: () => [fill("M9 4 H15 V21 H9 Z", "#9c6b3c"), line("M10 9 H14 M10 14 H14", "#5b3b1e", 1.2)],
  seeds: () => [dot(7, 15, 3, "#c9a15a"), dot(16, 15, 3, "#c9a15a"), dot(11.5, 7, 3, "#c9a15a")],
  flowering: () => [0, 72, 144, 216, 288].map((a) => dot(12 + 5.5 * Math.sin(a * Math.PI / 180), 12 - 5.5 * Math.cos(a * Math.PI / 180), 3.6, "#e58bb4"))
    .concat(dot(12, 12, 2.6, "#f2c500")),
  shell: () => [fill("M3 18 A9 9 0 0 1 21 18 Z", "#e9c79b"), line("M12 18 L12 9 M12 18 L6 11 M12 18 L18 11", "#7a5230", 1.2)],
  legs: () => [fill("M6 6 H18 V11 H6 Z", "#b0b0b0"), line("M8 11 L6 20 M12 11 L12 20 M16 11 L18 20")],
  fins: () => [fill("M4 19 C8 12 10 6 12 3 C14 9 17 14 21 19 Z", "#6fa8dc")],
  jaws: () => [fill(tooth, "#fff"), fill("M5 17 L19 17 L17 21 L7 21 Z", "#d9a0a0")],
  backbone: () => [line("M12 2 L12 22", INK, 1.5), ...[5, 10, 15, 20].map((y) => fill(`M7 ${y - 1.6} H17 V${y + 1.6} H7 Z`, "#eee"))],
  lungs: () => [line("M12 3 L12 10 M12 10 L8 12 M12 10 L16 12", INK, 1.5), fill("M10 9 C4 9 3 20 6 20 C9 20 10 16 10 12 Z", "#f0a0a0"),
    fill("M14 9 C20 9 21 20 18 20 C15 20 14 16 14 12 Z", "#f0a0a0")],
  wings: () => [fill("M2 14 C6 4 16 4 22 8 C16 9 13 12 12 16 C9 13 5 13 2 14 Z", "#c8d7ea")],
  fur: () => [line("M4 7 Q8 4 12 7 T20 7 M4 12 Q8 9 12 12 T20 12 M4 17 Q8 14 12 17 T20 17", "#8a6a4a")],
  sunlight: () => [line("M12 1 V4 M12 20 V23 M1 12 H4 M20 12 H23 M4 4 L6 6 M18 18 L20 20 M4 20 L6 18 M18 6 L20 4", "#d4a000"), dot(12, 12, 5.5, "#f2c500")],
  plants: () => [s("g", { transform: "translate(2 2) scale(.85)" }, leaf())],
  animals: () => [fill(tooth, "#fff")],
  both: () => [s("g", { transform: "translate(-2 3) scale(.7)" }, leaf()), s("g", { transform: "translate(8 5) scale(.65)" }, fill(tooth, "#fff"))],
  water: () => [line("M2 9 Q5 6 8 9 T14 9 T20 9 M2 15 Q5 12 8 15 T14 15 T20 15", "#2f8fd8", 2.2)],
  land: () => [fill("M2 20 L9 8 L13 14 L16 10 L22 20 Z", "#b58d5a")],
  star: () => [fill("M12 2 L14.9 8.6 L22 9.3 L16.6 14 L18.2 21 L12 17.3 L5.8 21 L7.4 14 L2 9.3 L9.1 8.6 Z", "#f2c500")],
};

const GROWTH_WORDS = { sunlight: "grows by sunlight", plants: "eats plants", animals: "eats animals", both: "eats plants and animals" };

// An icon's drawing, or nothing for a name it does not know.
export function drawing(name, size = 18) {
  const draw = DRAWINGS[name];
  return draw ? s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "icon", "aria-hidden": "true" }, draw()) : null;
}

// A chip: the drawing and its word ("fins"; a growth requirement says what it eats).
export function iconChip(name, words = null, tone = "") {
  return h(`span.chip.icon-chip${tone ? `.${tone}` : ""}`, { "data-icon": name }, drawing(name), words ?? GROWTH_WORDS[name] ?? name);
}

export const ICON_NAMES = Object.keys(DRAWINGS);
