// The one card component every board draws a card with, in the hand, on the table and in the look-up:
// its number and name, a badge (points, stars), a picture, a line of what it is, chips (icons, costs as coloured
// tokens), a large live figure (a population, counted to its new value when it changes: `tally`), its printed text (words, or elements the board drew),
// notes (a chart's odds), and the band of the seat it belongs to.
import { h, plain } from "../api.js";

export function card({ key, number, name, badge, art, subtitle, chips = [], stat, text, notes = [], owner, tone = "", missing = false }) {
  return h("div.card-face", { class: `card-face ${tone}${missing ? " missing" : ""}`, "data-card": number ?? key ?? "" },
    h("div.card-top", {}, number !== undefined ? h("span.card-no", {}, String(number)) : null,
      h("strong.card-name", {}, name), badge ? h("span.card-badge", {}, badge) : null),
    art ?? null,
    subtitle ? h("div.card-sub", {}, subtitle) : null,
    chips.length ? h("div.card-chips", {}, chips.map((c) => (typeof c === "string" ? h("span.chip", {}, c) : c))) : null,
    stat ? h("div.card-stat", {}, h("span.card-stat-value", { "data-tally": stat.tally }, String(stat.value)), ` ${stat.label}`) : null,
    text ? (typeof text === "string" ? h("p.card-text", {}, plain(text)) : h("div.card-text", {}, text)) : null,
    notes.length ? h("ul.card-notes", {}, notes.map((note) => h("li", {}, note))) : null,
    owner ? h("div.card-owner", { style: `background:${owner.colour}` }, owner.name) : null);
}

// A coloured token (a Matter cost, a resource): a swatch and its words, never colour alone.
export function token(colour, words) {
  return h("span.chip.token", {}, h("span.token-dot", { style: `background:${colour}` }), words);
}

// The faces a table's game prints, by the label observations name a card by.
export function faces(list) {
  return new Map((list || []).map((face) => [face.key, face]));
}
