// Talking to the server, and the seats this browser holds (credentials live in localStorage).

const KEY = "gaiatable.seats"; // { tableId: { seat: token } }: the seats played in this browser
const INVITES = "gaiatable.invites"; // { tableId: { seat: token } }: seats to hand to friends

// A bot's strength as the lobby names it, and the agent spec the server stores for it (server/bots.py).
export const STRENGTHS = [["easy", "random"], ["medium", "greedy"], ["standard", "default"], ["strong", "strong"]];

export function botName(spec) {
  const known = STRENGTHS.find(([, agent]) => agent === spec);
  return known ? `${known[0]} bot` : `bot: ${spec}`;
}

// A rating as a leaderboard shows it: with "?" while it is provisional (its ± wide, as after few games or a
// one-sided record), the ± said on a hover, as chess sites show a rating still settling.
const PROVISIONAL = 250;
export function ratingCell(r, ...more) {
  const sure = r.uncertainty <= PROVISIONAL;
  return h("td", { title: `about 95% sure the true rating lies within ± ${r.uncertainty}${sure ? "" : " (provisional: more games settle it)"}` },
    `${r.rating}${sure ? "" : "?"}`, ...more);
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// The signed-in account ({name, csrf, ratings, tables}) or null: the session itself is an HttpOnly cookie,
// and every change asked with it carries its CSRF token.
export let me = null;

const SIGNED_IN = "gaiatable_signed_in"; // a cookie the server sets beside the session's, for this page to read

export async function whoAmI() {
  if (!document.cookie.split("; ").includes(`${SIGNED_IN}=1`)) { me = null; return me; } // not signed in
  try { me = await api("/api/me"); } catch (err) {
    if (err.status === 401) { // the session ended
      document.cookie = `${SIGNED_IN}=; path=/; max-age=0`;
      me = null;
    }
  }
  return me;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  else if (me?.csrf && method !== "GET") headers["X-CSRF-Token"] = me.csrf;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached");
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!response.ok) throw new ApiError(response.status, (data && data.detail) || response.statusText);
  return data;
}

export function heldSeats(table) {
  const all = JSON.parse(localStorage.getItem(KEY) || "{}");
  return table === undefined ? all : all[table] || {};
}

export function holdSeat(table, seat, token) {
  const all = heldSeats();
  all[table] = { ...(all[table] || {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function dropSeat(table, seat) {
  const all = heldSeats();
  if (all[table]) {
    delete all[table][seat];
    if (!Object.keys(all[table]).length) delete all[table];
  }
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function invitations(table) {
  return JSON.parse(localStorage.getItem(INVITES) || "{}")[table] || {};
}

export function keepInvitation(table, seat, token) {
  const all = JSON.parse(localStorage.getItem(INVITES) || "{}");
  all[table] = { ...(all[table] || {}), [seat]: token };
  localStorage.setItem(INVITES, JSON.stringify(all));
}

export function inviteLink(table, seat, token) {
  return `${location.origin}/t/${table}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

// Time left until an ISO deadline, in words ("3 h 20 min", "45 s"); "" without one.
export function timeLeft(deadline) {
  if (!deadline) return "";
  const s = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}

// A table's time control in words: "1 min a move, then a loss".
export function clockWords(clock) {
  if (!clock) return "";
  const span = (s) => (s % 86400 === 0 ? `${s / 86400} day${s === 86400 ? "" : "s"}` : s % 3600 === 0 ? `${s / 3600} h`
    : s % 60 === 0 ? `${s / 60} min` : `${s} s`);
  const parts = [clock.move && `${span(clock.move)} a move`, clock.game && `${span(clock.game)} a game each`];
  return `${parts.filter(Boolean).join(", ")}, then ${clock.then === "lose" ? "a loss" : `a ${clock.then} bot plays on`}`;
}

// A phone's width: the boards draw larger pieces and fold what a desk shows open (app.css's 640px).
export const narrow = () => matchMedia("(max-width: 640px)").matches;

// What a finger does where a mouse clicks, in the page's words.
export const TAP = matchMedia("(pointer: coarse)").matches ? "tap" : "click";

// A small DOM helper: h("div.card", {onclick}, "text", child)
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

// A rule's number as the rulings write it ("GV-1.5", "PH-3"); a Planetarium space ("II-5", "VII-1.3") is a name.
const CLAUSE = String.raw`\b(?![IVX]+-)[A-Z]{2,3}-\d+(?:\.\d+)*`;

// A game's "how to play", a sentence a line (a paragraph of them read as a wall), each in plain words with the
// numbers of the rules it rests on set apart at its end, where a number a card or a refusal cites is found.
export function howToPlay(doc) {
  return doc.split(/(?<=[.!?])\s+(?=[A-Z])/).map((sentence) => {
    const rules = sentence.match(new RegExp(CLAUSE, "g")) || [];
    return h("li", {}, plain(sentence), rules.length ? h("span.clauses", {}, ` ${rules.join(", ")}`) : null);
  });
}

// Words for players: without the ruling numbers ("(GV-1.5)") the rulebook pages cite.
export function plain(doc) {
  return doc.replace(new RegExp(String.raw`\s*\((?:${CLAUSE}(?:,\s*|\s+to\s+)?)+\)`, "g"), "") // "(GV-5, GV-4.4)", "(PH-3 to PH-6)"
    .replace(new RegExp(String.raw`${CLAUSE}[,;]?\s*`, "g"), "").replace(/[,;]\s*\)/g, ")").replace(/\s*\(\s*\)/g, "");
}
