// Planit: each player's planet with its temperature and O2 gauges, its plant and animal tokens, its
// higher animals and ozone layer, and the hand (face up). Click a card to play or discard it.
import { h } from "../api.js";
import { clickable, s, seatColour, svg, text } from "./svg.js";

const GAUGE_H = 220;

function gauge(x, label, spaces, value, mark, markLabel, colour, below) {
  const step = GAUGE_H / spaces;
  const cells = [];
  for (let i = 0; i < spaces; i++) {
    const y = 40 + GAUGE_H - (i + 1) * step;
    cells.push(s("rect", { x, y, width: 26, height: step - 2, rx: 3, fill: i === value ? colour : i === mark ? "#fff3c4" : "#f4efe3", stroke: "#8a7a5a" }));
  }
  return [text(x + 13, 26, label, { "font-size": 13, "font-weight": 700 }), cells,
    text(x + 13, 40 + GAUGE_H + 16 + below, markLabel, { "font-size": 11, fill: "#555", "text-anchor": "start" })];
}

function token(x, y, label, state) {
  const healthy = state === "healthy";
  return [s("circle", { cx: x, cy: y, r: 24, fill: healthy ? "#6fb35a" : state ? "#c0504d" : "#ccc", stroke: "#333" }),
    text(x, y, label, { "font-size": 10, fill: "#fff", "font-weight": 700 }), text(x, y + 34, state || "none", { "font-size": 11 })];
}

function planet(seat, obs, gauges, ctx) {
  const p = seat.public;
  const items = [s("rect", { x: 2, y: 2, width: 276, height: 330, rx: 14, fill: "#fbf7ee", stroke: seatColour(seat), "stroke-width": obs.to_move === seat.seat ? 5 : 2 }),
    text(140, 14, `${seat.name}${obs.scores[seat.seat] !== null && obs.scores[seat.seat] !== undefined ? ` · ${obs.scores[seat.seat]}` : ""}`, { "font-size": 14, "font-weight": 700 }),
    gauge(20, "temp.", gauges.temperature_spaces, p.temperature, gauges.just_right, `temperature: ${p.temperature_label}`, "#e07a3f", 0),
    gauge(70, "O2", gauges.o2_spaces, p.o2, gauges.o2_21, `O2: ${p.o2_label}`, "#3a7bd5", 18),
    token(165, 70, "plants", p.plant_token), token(235, 70, "animals", p.animal_token),
    text(200, 140, `ozone: ${p.ozone ? "yes" : "no"}`, { "font-size": 13 }),
    text(200, 164, "higher animals:", { "font-size": 12, fill: "#555" }),
    (p.higher_animals.length ? p.higher_animals : ["none"]).map((a, i) => text(200, 184 + i * 18, a, { "font-size": 12 }))];
  const g = s("g", { class: "planet", "data-seat": seat.seat }, items);
  return clickable(svg(280, 334, g), ctx.legal.filter((m) => m.struct && m.struct.planet === seat.seat), ctx, seat.name);
}

export default function planit(obs, ctx) {
  const b = obs.board;
  const me = typeof obs.viewer === "number" ? obs.viewer : obs.to_move;
  const mine = me >= 0 ? obs.seats[me].public.hand : [];
  const hand = mine.map((card, i) => clickable(h("button.card-chip.hand-card", { type: "button" }, card.replaceAll("_", " ")),
    ctx.legal.filter((m) => m.struct && m.struct.card === card && m.struct.kind !== "draw"), ctx, card));
  return h("div.planit", {}, h("div.planets", {}, obs.seats.map((seat) => planet(seat, obs, b.gauges, ctx))),
    h("p.caption", {}, `Turn ${b.turn} · deck ${b.deck} · discards: ${Object.entries(b.discards).map(([c, n]) => `${n} ${c.replaceAll("_", " ")}`).join(", ") || "none"}`),
    me >= 0 ? h("div", {}, h("h4", {}, `${obs.seats[me].name}'s hand`), h("div.hand", {}, hand.length ? hand : "empty")) : null);
}

