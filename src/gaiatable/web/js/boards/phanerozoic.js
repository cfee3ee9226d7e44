// Phanerozoic: the living plants and animals as rows of cards (population, stars, habitat, icons,
// mutations), the chosen cards and the pool, and your hand. Click a card to play, keep or target it.
import { h } from "../api.js";
import { clickable, s, seatColour, svg, text } from "./svg.js";

const HABITAT = { water: "#cfe6f7", land: "#e8dcc0", air: "#e6eefc" };
const W = 150, H = 178;

function number(label) {
  const found = /\((\d+)\)\s*$/.exec(label || "");
  return found ? Number(found[1]) : null;
}

function card(x, y, title, lines, fill, moves, ctx) {
  const g = s("g", { class: "card", "data-card": number(title) ?? "" },
    s("rect", { x, y, width: W - 10, height: H - 10, rx: 10, fill, stroke: "#6b5d45", "stroke-width": 1.5 }),
    text(x + (W - 10) / 2, y + 18, title, { "font-size": 13, "font-weight": 700 }),
    lines.map((line, i) => text(x + (W - 10) / 2, y + 42 + i * 19, line, { "font-size": 12, fill: "#333" })));
  return clickable(g, moves, ctx, title);
}

function cardMoves(ctx, label) {
  const n = number(label);
  return n === null ? [] : ctx.legal.filter((m) => m.struct && m.struct.card === n);
}

function row(title, cards, y, ctx) {
  const items = [text(12, y + H / 2, title, { "font-size": 14, "text-anchor": "start", transform: `rotate(-90 12 ${y + H / 2})`, fill: "#555" })];
  cards.forEach((c, i) => {
    const lines = [`population ${c.population}`, `${"★".repeat(c.stars) || "no stars"}`, c.habitat, c.icons.join(", "),
      `grows on ${c.growth}`, c.mutations.length ? `+${c.mutations.length} mutation${c.mutations.length > 1 ? "s" : ""}` : ""];
    items.push(card(28 + i * W, y, c.card, lines, HABITAT[c.habitat] || "#f4efe3", cardMoves(ctx, c.card), ctx));
  });
  if (!cards.length) items.push(text(90, y + H / 2, "none alive", { "font-size": 13, fill: "#777" }));
  return items;
}

function hand(labels, ctx, fill = "#fff8e1") {
  const width = Math.max(1, labels.length) * W + 20;
  return svg(width, H, labels.map((label, i) => card(10 + i * W, 5, label, [], fill, cardMoves(ctx, label), ctx)));
}

export default function phanerozoic(obs, ctx) {
  const b = obs.board;
  const columns = Math.max(4, b.plants.length, b.animals.length);
  const rows = svg(40 + columns * W, 2 * H + 10, row("plants", b.plants, 0, ctx), row("animals", b.animals, H + 10, ctx));
  const mine = obs.viewer !== "spectator" && obs.viewer !== "referee" ? obs.seats[obs.viewer].private : null;
  const chosen = obs.seats.flatMap((seat) => (seat.public.chosen || []).map((c) => ({ seat: seat.seat, c })));
  return h("div.ph", {}, h("p.caption", {}, `Round ${b.round} of ${b.rounds} · deck ${b.deck} · extinct: ${b.extinct.join(", ") || "none"}`),
    rows,
    chosen.length || b.pool.length ? h("div", {}, h("h4", {}, "On the table"),
      hand([...chosen.map((x) => x.c), ...b.pool], ctx, "#eef6ea")) : null,
    mine && mine.hand.length ? h("div", {}, h("h4", {}, "Your hand"), hand(mine.hand, ctx)) : null,
    mine && mine.kept.length ? h("div", {}, h("h4", {}, "Kept"), hand(mine.kept, ctx, "#eef")) : null,
    h("table.seat-table", {}, h("tr", {}, ["seat", "chosen", "hand", "kept", "goals", "score"].map((t) => h("th", {}, t))),
      obs.seats.map((seat) => h("tr", {}, h("td", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name),
        h("td", {}, (seat.public.chosen || []).join(", ") || (seat.public.has_chosen ? "chosen (face down)" : "—")),
        h("td", {}, String(seat.public.hand)), h("td", {}, String(seat.public.kept)), h("td", {}, String(seat.public.goals)),
        h("td", {}, String(obs.scores[seat.seat] ?? "?"))))),
    b.automa ? h("p.caption", {}, `Automa: ${JSON.stringify(b.automa)}`) : null);
}
