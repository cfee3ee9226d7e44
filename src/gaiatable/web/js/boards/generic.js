// Any game, drawn as labelled lists from its observation's board (used until a game has its own board).
import { h } from "../api.js";

function describe(value) {
  if (value === null || value === undefined) return h("span.none", {}, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return h("span", {}, value.join(", ") || "—");
    return h("ul.tree", {}, value.map((v) => h("li", {}, describe(v))));
  }
  if (typeof value === "object") {
    return h("dl.tree", {}, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, describe(v))]));
  }
  return h("span", {}, String(value));
}

export { describe };

export default function generic(obs) {
  return h("div.generic", {}, describe(obs.board),
    h("div.generic-seats", {}, obs.seats.map((seat) => h("div.generic-seat", {}, h("h4", {}, seat.name), describe(seat.public)))));
}
