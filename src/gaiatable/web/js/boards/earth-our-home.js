// Earth: Our Home: the map's two discs of hexagonal habitats (and the Pacific box), each with its
// type and the species counters on it; each genus's level, genes and conflict values. Click a habitat.
import { h } from "../api.js";
import { clickable, s, seatColour, svg, text } from "./svg.js";

const TYPE = { marine: "#9fd0ee", tropical: "#8cc474", temperate: "#e8dcc0" };
const R = 34, W = R * Math.sqrt(3), ROWS = 7;

function hexagon(x, y) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    return `${x + R * Math.cos(a)},${y + R * Math.sin(a)}`;
  }).join(" ");
}

function habitatCell(habitat, x, y, obs, ctx) {
  const g = s("g", { class: "habitat", "data-habitat": habitat.id },
    s("polygon", { points: hexagon(x, y), fill: TYPE[habitat.type] || "#eee", stroke: "#6b5d45", "stroke-width": 1.5 }),
    text(x, y - 14, habitat.id, { "font-size": 12, "font-weight": 700 }),
    habitat.counters.map((c, i) => s("g", {}, s("circle", { cx: x - 14 + i * 14, cy: y + 8, r: 7, fill: seatColour(obs.seats[c.seat]), stroke: "#222" }),
      text(x - 14 + i * 14, y + 8, String(c.level), { "font-size": 9, fill: "#fff" }))));
  const moves = ctx.legal.filter((m) => m.struct && m.struct.habitat === habitat.id);
  return clickable(g, moves, ctx, `${habitat.id} ${habitat.name}: ${habitat.type}, room for ${habitat.capacity}`);
}

export default function earthOurHome(obs, ctx) {
  const b = obs.board;
  const byId = Object.fromEntries(b.habitats.map((x) => [x.id, x]));
  const items = [];
  const discWidth = ROWS * W + 20;
  (b.layout || []).forEach((disc, d) => {
    disc.forEach((row, r) => {
      row.forEach((id, i) => {
        const x = d * discWidth + 10 + W / 2 + (ROWS - row.length) * (W / 2) + i * W;
        const y = 10 + R + r * R * 1.5;
        if (byId[id]) items.push(habitatCell(byId[id], x, y, obs, ctx));
      });
    });
  });
  const height = 20 + R * 2 + (Math.max(...(b.layout || [[]]).map((d) => d.length)) - 1) * R * 1.5;
  if (byId.PAC) items.push(habitatCell(byId.PAC, (b.layout || []).length * discWidth - W, height + R + 6, obs, ctx));
  return h("div.eoh", {}, h("p.caption", {}, `Epoch ${b.epoch} of ${b.epochs}`),
    svg(Math.max(1, (b.layout || []).length) * discWidth, height + (byId.PAC ? 2 * R + 14 : 0), items),
    h("table.seat-table", {}, h("tr", {}, ["genus", "level", "genes", "conflict (marine, tropical, temperate)", "laid", "score"].map((t) => h("th", {}, t))),
      obs.seats.map((seat) => h("tr", {}, h("td", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name),
        h("td", {}, String(seat.public.level)), h("td", {}, seat.public.genes.join(", ") || "—"),
        h("td", {}, Object.values(seat.public.conflict).join(", ")), h("td", {}, String(seat.public.laid)),
        h("td", {}, String(obs.scores[seat.seat] ?? "?"))))));
}
