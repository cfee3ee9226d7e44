// Any game, drawn as labelled lists from its observation's board; lists of like records become tables.
import { h } from "../api.js";

function isRecordList(value) {
  if (value.length < 1 || !value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return false;
  const keys = Object.keys(value[0]).join();
  return value.every((v) => Object.keys(v).join() === keys);
}

export function describe(value) {
  if (value === null || value === undefined) return h("span.none", {}, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return h("span", {}, value.join(", ") || "—");
    if (isRecordList(value)) {
      const keys = Object.keys(value[0]);
      return h("table.records", {}, h("tr", {}, keys.map((k) => h("th", {}, k.replaceAll("_", " ")))),
        value.map((v) => h("tr", {}, keys.map((k) => h("td", {}, describe(v[k]))))));
    }
    return h("ul.tree", {}, value.map((v) => h("li", {}, describe(v))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span.none", {}, "—");
    return h("dl.tree", {}, entries.flatMap(([k, v]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, describe(v))]));
  }
  return h("span", {}, String(value));
}

export default function generic(obs) {
  return h("div.generic", {}, describe(obs.board),
    h("div.generic-seats", {}, obs.seats.map((seat) => h("div.generic-seat", {}, h("h4", {}, seat.name), describe(seat.public)))));
}
