// Phanerozoic: the living plants and animals as cards (population, stars, habitat, icons, growth
// requirement, mutations), the chosen cards with their owners and the pool, your hand, kept cards and goals,
// the discard pile and the extinct. Click a card to play, keep or target it.
import { h, narrow, TAP } from "../api.js";
import { card } from "./card.js";
import { drawing, iconChip, ICON_NAMES } from "./icons.js";
import { clickable, seatColour } from "./svg.js";

function number(label) {
  const found = /\((\d+)\)\s*$/.exec(label || "");
  return found ? Number(found[1]) : null;
}

function cardMoves(ctx, label) {
  const n = number(label);
  return n === null ? [] : ctx.legal.filter((m) => m.struct && m.struct.card === n);
}

// What a mutation's side gives, as the icon it draws: "a size star", "woody", "the growth requirement eats …".
function sideIcon(text) {
  if (text === "a size star") return "star";
  const named = /eats (\w+)/.exec(text)?.[1] ?? text;
  return ICON_NAMES.includes(named) ? named : null;
}

// A species card's printed requirement, drawn: the parent's stars and icons, and its growth requirement.
function requirement(f) {
  const stars = f.text.match(/shows (★+)/)?.[1].length ?? 0;
  const a = f.row === "animal" ? "an" : "a";
  return h("div.card-needs", {}, h("span.needs-label", {}, h("span.desk-only", {}, `evolves from ${a} ${f.row} showing`),
    h("span.phone-only", {}, `from ${a} ${f.row} with`)),
    h("span.needs-icons", {}, stars ? iconChip("star", "★".repeat(stars)) : null, f.needs.map((n) => iconChip(n)),
      f.evolves_with ? iconChip(f.evolves_with) : null),
    h("span.needs-bonus", {}, `discard bonus ${f.bonus >= 0 ? "+" : ""}${f.bonus}`));
}

// The mutations tucked under a living card, each drawn as a tucked card's edge (a list of six read as a paragraph),
// and each a target of its own where a move acts on it (Genetic Drift discards one, PH-5.4): a click on one is not
// a click on the card above it.
function mutations(live, ctx) {
  if (!live.mutations.length) return "";
  return [h("span.tucked-head", {}, "mutations tucked under it:"), ...live.mutations.map((label) => {
    const moves = cardMoves(ctx, label);
    const chip = moves.length ? clickable(h("span.mutation.target", {}, label), moves, ctx, label) : h("span.mutation", {}, label);
    for (const event of moves.length ? ["click", "keydown"] : []) chip.addEventListener(event, (e) => e.stopPropagation());
    return chip;
  })];
}

// A card by its label: its printed face, with what is true of it now (`live`) and its owner.
function face(label, ctx, { live = null, owner = null, nature = null, ahead = null, note = null } = {}) {
  const f = ctx.cards?.get(label);
  const name = f ? f.name : label.replace(/\s*\(\d+\)$/, "");
  const parts = { key: label, number: number(label) ?? undefined, name, owner, missing: !f && !live };
  if (live || f?.kind === "species") {
    const stars = live ? live.stars : f.stars;
    const habitat = live?.habitat || f.habitat;
    const growth = (live || f).growth;
    Object.assign(parts, {
      badge: "★".repeat(stars) || "no ★", tone: `species ${habitat}`,
      subtitle: [f?.common !== name ? f?.common : null, f?.row].filter(Boolean).join(" · "),
      chips: [iconChip(habitat), ...(live ? live.icons.filter((i) => i !== growth) : f.icons)
        .map((i) => (live && GROWTHS.has(i) ? overridden(i) : iconChip(i))), iconChip(growth, null, "growth")],
      stat: live ? { value: live.population, label: "population", tally: label } : null,
      text: live ? mutations(live, ctx) : requirement(f),
      notes: live ? natureNotes(label, nature, ahead) : [],
    });
  } else if (f?.kind === "mutation") {
    Object.assign(parts, { tone: "mutation", name: sidesNamed(f.name),
      subtitle: ["mutation", h("span.desk-only", {}, ": tucked under a living card, gives")],
      chips: ["plant", "animal"].map((row) => iconChip(sideIcon(f.sides[row]), `${row}: ${f.sides[row]}`)) });
  } else if (f?.kind === "event") {
    Object.assign(parts, { tone: "event", subtitle: "event", text: f.text.replace(/^event: /, "") });
  }
  const moves = cardMoves(ctx, label);
  const unplayable = moves.some((m) => m.struct.kind === "keep") && !moves.some((m) => m.struct.kind === "play");
  // a living card a mutation or event cannot target now says why when clicked (PH-4.3: an icon it shows)
  const untargetable = live && !moves.length && ctx.legal.some((m) => m.struct?.kind === "target")
    && !live.mutations.some((l) => cardMoves(ctx, l).length); // a mutation under it may be the target
  const why = unplayable ? `play ${label}` : untargetable ? `target ${label}` : null;
  if (unplayable) parts.notes = [`cannot be played now (${TAP}: why); keep or discard it`];
  if (untargetable) parts.notes = [...(parts.notes || []), `not a target now (${TAP}: why)`];
  parts.notes = [...(parts.notes || []), ...[note].flat().filter(Boolean)];
  // folded on a phone, a species card's first tap opens it to be read, even where taps play at once
  const el = clickable(card(parts), moves, ctx, label, { why, look: narrow() && f?.kind === "species" });
  // on a phone a card shows its name, icons and population; a tap shows all it says (a card with moves: once selected)
  if (!moves.length && !why) el.addEventListener("click", () => { if (el.classList.toggle("open")) clearOfDock(el); });
  return el;
}

// What forbids a card in the middle or the hand to be played as the table stands, weighed before it is drafted or
// chosen: a mutation every living card already shows the icon of (PH-4.3) was a wasted pick. A species' parent is
// drawn on its face, so it says only that none is alive now.
function unplayableNote(label, ctx, why) {
  if (!why) return null;
  return ctx.cards?.get(label)?.kind === "species" ? `no parent for it alive now (${/\((PH-[\d.]+)\)$/.exec(why)[1]})`
    : `as the table stands, ${why}`;
}

// A mutation's name, each half with the row it gives to: "Large/Backbone" was read as a star for an animal too.
function sidesNamed(name) {
  const [plant, animal] = name.split("/");
  if (!animal) return name;
  return [plant, h("sub.side-row", {}, "plant"), " / ", animal, h("sub.side-row", {}, "animal")];
}

// A card opened under a phone's dock comes up above it, its top kept in sight.
function clearOfDock(el) {
  const dock = document.querySelector(".dock");
  if (!dock || getComputedStyle(dock).position !== "fixed") return;
  const box = el.getBoundingClientRect(), under = box.bottom - dock.getBoundingClientRect().top + 8;
  if (under > 0) scrollBy({ top: Math.min(under, box.top - 8) });
}

// A printed growth requirement a tucked mutation's overrides (PH-4.5): no longer how the card feeds, still
// an icon it shows for the goals (PH-4.4)
// A growth requirement that is no longer the card's (printed, or a mutation's a later one replaced: PH-4.5), struck:
// a Trilobita showing "eats plants", "eats animals" and "eats plants and animals" alike left its diet a guess.
const GROWTHS = new Set(["sunlight", "plants", "animals", "both"]);
function overridden(icon) {
  const chip = iconChip(icon, null, "overridden");
  chip.title = "no longer its growth requirement: a mutation's replaced it (PH-4.5); still counts as an icon (PH-4.4)";
  return chip;
}

// The last nature phase (PH-7) in the history: its round and its lines (who grew, ate, shrank, died out),
// and each card's population through it, by label. Nature acts between the players' moves, so
// the board says what it did; the log alone was easy to miss.
function lastNature(history = []) {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const log = history[i].log, at = log.findIndex((line) => line.startsWith("nature phase of round"));
    if (at < 0) continue;
    const end = log.findIndex((line, k) => k > at && line.startsWith("plants: "));
    const lines = log.slice(at + 1, end < 0 ? undefined : end);
    // an empty row gets its first card back after nature (PH-2.1): said with it, or an extinct card lives on unexplained
    const back = history.slice(i + 1).flatMap((e) => e.log).filter((line) => / returns to the \w+ row /.test(line));
    const change = populations(lines); // label -> its populations, step by step ("3 → 6 → 4", "8 → 0, back with 3")
    for (const line of back) {
      const [, label, n] = /^(.+? \(\d+\)) returns to the \w+ row with population (\d+)/.exec(line) || [];
      if (label) change.set(label, [...(change.get(label) ?? []).slice(0, -1), `0, back with ${n}`]);
    }
    return { round: Number(/round (\d+)/.exec(log[at])[1]), lines: [...lines, ...back], change };
  }
  return null;
}

// A living card's populations through the last nature phase and through this round's, as the board stands.
function natureNotes(label, nature, ahead) {
  const was = nature?.change.get(label), will = ahead?.get(label);
  return [was && h("span.past", {}, `nature, round ${nature.round}: ${was.join(" → ")}`),
    will && [h("span.desk-only", {}, "this round's end, as it stands: "), h("span.phone-only", {}, "round's end: "),
      `${will.join(" → ")}${will.at(-1) ? "" : " (dies out)"}`]].filter(Boolean);
}

// Each card's populations through a nature phase's lines, by label.
function populations(lines) {
  const change = new Map();
  for (const line of lines) {
    const found = /^(.+? \(\d+\)) (?:grows|finds).*: (\d+) → (\d+)$/.exec(line) || /of (.+? \(\d+\)): (\d+) → (\d+)$/.exec(line);
    if (found) change.set(found[1], [...(change.get(found[1]) ?? [Number(found[2])]), Number(found[3])]);
  }
  return change;
}

// Open as the round begins (choosing, or keeping a goal), folded to its heading once the round is under way: each
// living card says its own line, and the cards the move is about come up into view.
function natureBox(nature, phase) {
  if (!nature) return null;
  // open on a desk once it has acted; on a phone folded: "since your last move" tells it under the prompt, and
  // open it pushed the living cards below the screen's foot
  return h("details.nature", { open: !narrow() && (phase === "choose" || phase === "goal") }, h("summary", {}, `Nature, at the end of round ${nature.round}: `
    + "each plant grew in the sunlight, each animal ate or shrank"), h("ul", {}, nature.lines.map((line) => h("li", {}, line))));
}

// What this round's nature phase would do as the board stands (the observation's forecast): the danger to a card
// read before the round ends. Open on a desk; on a phone each living card says its own line, and the box is folded.
function forecastBox(b) {
  if (!b.forecast?.length) return null;
  return h("details.nature.forecast", { open: !narrow(), "data-part": "forecast" },
    h("summary", {}, `If nobody plays another card, nature at the end of round ${b.round}:`),
    h("ul", {}, b.forecast.map((line) => h("li", {}, line))));
}

// A goal: a line a scoring condition, each with the icon it counts ("alive woody-cards: +3").
function goal(g) {
  const lines = g.lines.map((text) => {
    const counted = /(\w+)-cards/.exec(text)?.[1];
    return h("li", {}, counted ? drawing(counted, 16) : null, text);
  });
  return card({ key: g.name, name: g.name, tone: "goal", subtitle: "goal", badge: `${g.points} pts now`, text: h("ul.goal-lines", {}, lines) });
}

// A goal named in the line above the board: what it counts on a pointer's rest, and a click brings its card into
// sight (below the hand at a desk, a player scrolled down to it at every turn).
function goalLink(g) {
  const show = () => document.querySelector(`.ph [data-part="your goals"] .card-face[data-card="${CSS.escape(g.name)}"]`)
    ?.scrollIntoView({ block: "center", behavior: "smooth" });
  return h("button.link.goal-link", { type: "button", title: g.lines.join("; "), onclick: show }, g.name);
}

// The cards `seat` kept (PH-3.2) since its latest secret choice: the last round's, when the next is chosen.
function keptLastRound(history = [], seat) {
  const since = history.findLastIndex((e) => e.actor === seat && e.text.startsWith("choose "));
  return new Set(history.slice(since + 1).filter((e) => e.actor === seat && /^keep (?!goal )/.test(e.text))
    .map((e) => e.text.slice("keep ".length)));
}

// Where a goal counts an extinct card that comes back to an empty row at each round's start (Algae, Trilobite:
// PH-2.1), it says so: only the last round's nature leaves such a card extinct when the goals score (PH-8.2).
function comesBack(goals, ctx) {
  const back = [...(ctx.cards?.values() ?? [])].filter((f) => f.returns);
  const counts = (line, f) => line === `extinct ${f.name}`
    || [f.habitat, f.growth, ...f.icons].some((icon) => line === `extinct ${icon}-cards`);
  const named = back.filter((f) => goals.some((g) => g.lines.some((line) => counts(line.replace(/: [+-]\d+$/, ""), f))));
  if (!named.length) return null;
  return h("p.caption", {}, `${named.map((f) => f.name).join(" and ")} ${named.length > 1 ? "come" : "comes"} back to an `
    + "empty row at each round's start: extinct, a goal counts it only if the last round's nature kills it.");
}

// One of the seat's goals; when one is to be kept (PH-8.1), a click on it keeps it.
function goalToKeep(g, ctx) {
  return clickable(goal(g), ctx.legal.filter((m) => m.struct?.kind === "goal" && m.struct.goal === g.name), ctx, `keep ${g.name}`);
}

// What each seat did this round with its chosen cards (PH-3), said where the cards lay: a kept card lies face down
// in its place, as on the table, and a card discarded or played leaves a slot naming it. The row keeps its width as
// the round goes on, so the parts after it do not move under the pointer between two clicks.
const ACTING = new Set(["action", "target", "bonus", "use", "choice"]);
function used(seat, obs, history = []) {
  const since = history.findLastIndex((e) => e.log.some((line) => line.startsWith("chosen: ")));
  if (!ACTING.has(obs.phase) || since < 0) return [];
  const chosen = new RegExp(`^seat ${seat.seat} (.+)$`), mine = new Set(history[since].log.find((line) => line
    .startsWith("chosen: ")).slice("chosen: ".length).split(/, |; /).map((part) => chosen.exec(part)?.[1]).filter(Boolean));
  const done = history.slice(since + 1).filter((e) => e.actor === seat.seat);
  for (const e of done) if (e.text.startsWith("draft ")) mine.add(e.text.slice("draft ".length));
  return done.map((e) => /^(keeps?|discard|play) ?(.*)$/.exec(e.text)).filter((m) => m && (!m[2] || mine.has(m[2])))
    .map(([, verb, label]) => ({ keeps: "kept, face down", keep: `kept: ${label}`, discard: `discarded: ${label}`,
      play: `played: ${label}` })[verb]);
}

function usedSlot(words, owner) {
  return card({ name: words, tone: `used${words.startsWith("kept") ? " back" : ""}`, owner });
}

function section(title, cards, empty = null) {
  if (!cards.length && !empty) return null;
  return h("section.card-row", { "data-part": title.toLowerCase() }, h("h4", {}, title), h("div.cards", {}, cards.length ? cards : h("p.empty", {}, empty)));
}

function pile(title, labels, ctx) {
  if (!labels.length) return null;
  // open while a move may pick one of its cards (Recover brings one back): those are the cards to click
  const open = labels.some((l) => cardMoves(ctx, l).length > 0);
  return h("details.pile", { open }, h("summary", {}, `${title} (${labels.length})`),
    h("div.cards", {}, labels.map((l) => face(l, ctx))));
}

// A move's words where the rules' text hides what it costs: a goal with what it gives now, a kept card with
// where it goes (PH-2.8: back to the hand, unprotected), a new species' parent with what it loses (PH-6.6:
// half its population, all its mutations).
export function describe(move, obs) {
  const { kind, card: n, goal: name } = move.struct || {};
  if (kind === "keep") {
    const kept = obs.seats[obs.viewer]?.private?.kept ?? [];
    // keeping a second card saves a draw, no more: next round one card of the hand is chosen (PH-2.3)
    if (obs.board.round >= obs.board.rounds) return `${move.text} (the last round: a kept card is never played)`;
    return kept.length ? `${move.text} (in your hand next round with ${kept.join(" and ")}: one card is chosen, the rest go to the middle)`
      : `${move.text} (in your hand next round; not chosen then, it goes to the middle)`;
  }
  if (kind === "goal") {
    const g = obs.seats[obs.viewer]?.private?.goals.find((x) => x.name === name);
    return g ? `${move.text} (${g.points} pts now)` : move.text;
  }
  const played = /choose the parent (.+? \(\d+\)) evolves from/.exec(obs.prompt)?.[1];
  const parent = [...obs.board.plants, ...obs.board.animals].find((c) => number(c.card) === n);
  // an event's target with its population: a +2 on a card at the cap is seen to change nothing before it is played
  if (kind === "target" && parent && / acts on$/.test(obs.prompt)) return `${move.text} (population ${parent.population})`;
  if (kind !== "target" || !played || !parent) return move.text;
  // what the parent loses said apart from what it keeps: "keeps half its population and its mutations (…) are
  // discarded" was read as keeping them
  const lost = parent.mutations.length ? `, and loses its mutations to the discard pile: ${parent.mutations.join(", ")}` : "";
  return `${move.text}: ${played} evolves from it; it keeps half its population${lost}`;
}

export default function phanerozoic(obs, ctx) {
  const b = obs.board;
  const mine = typeof obs.viewer === "number" ? obs.seats[obs.viewer].private : null;
  const owner = (seat) => ({ name: seat.name, colour: seatColour(seat) });
  const chosen = obs.seats.flatMap((seat) => [...(seat.public.chosen || []).map((label) => face(label, ctx, { owner: owner(seat) })),
    ...used(seat, obs, ctx.history).map((words) => usedSlot(words, owner(seat)))]);
  const hidden = obs.seats.filter((seat) => seat.public.has_chosen && !(seat.public.chosen || []).length)
    .map((seat) => card({ name: "chosen, face down", tone: "back", owner: owner(seat) }));
  const nature = lastNature(ctx.history), ahead = populations(b.forecast || []);
  const me = typeof obs.viewer === "number" ? obs.scores[obs.viewer] : null;
  const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
  const would = mine?.goals.length > 1 // two goals held: one is kept (PH-8.1), so they are not added
    ? ["your goals would give ", mine.goals.flatMap((g, i) => [i ? " or " : "", `${points(g.points)} (`, goalLink(g), ")"]),
      ": you keep one"]
    : [`yours would give ${points(me ?? 0)}`, mine?.goals.length ? [" (", goalLink(mine.goals[0]), ")"] : ""];
  // on a phone only the middle sentence: the page's top is where the player looks at every turn
  // and the why around it in the first round only: read once, it pushed the cards down in every round after
  const why = (words) => (b.round === 1 ? h("span.aim-why", {}, words) : null);
  const aim = mine && !obs.result ? h("p.caption.aim", {}, why("You score only by your secret goals, "
    + "counted after the last round from the cards alive and extinct then. "), "As the table stands, ", would, ".",
  why(" Play, keep and target cards to make your goals' cards thrive (or die out).")) : null;
  const goals = mine ? [section("Your goals", mine.goals.map((g) => goalToKeep(g, ctx))), comesBack(mine.goals, ctx)] : null;
  const living = [h("p.caption.ph-key", {}, "★ a species' size: its printed stars plus its star mutations; the big "
    + "number, its population", h("span.phone-only", {}, ". Tap a card for all it says.")), section("Plants", b.plants.map((c) => face(c.card, ctx, { live: c, nature, ahead })), "none alive"),
    section("Animals", b.animals.map((c) => face(c.card, ctx, { live: c, nature, ahead })), "none alive"), forecastBox(b)];
  // the chosen cards by owner, and the middle apart: a draft pick leaves the middle's other cards where they were
  // a card Recover took from the discard pile, to keep, discard or play now (PH-5.5): drawn where it is used
  const taken = /^keep, discard or play (.+ \(\d+\))$/.exec(obs.prompt)?.[1];
  // (while drafting the middle comes first, under the living cards: the cards the picks are made from)
  const unplayable = { ...b.unplayable, ...mine?.unplayable };
  const middle = section("The middle: drafted in turn", b.pool.map((label) => face(label, ctx,
    { note: unplayableNote(label, ctx, unplayable[label]) })));
  // a pile a move picks from (Recover) comes up under the living cards, open; else it lies folded at the foot
  const picking = [b.discard, b.extinct].some((labels) => labels.some((l) => cardMoves(ctx, l).length));
  const piles = h("div.piles", {}, pile("discard pile", b.discard, ctx), pile("extinct", b.extinct, ctx));
  const table = [picking ? piles : null,
    taken ? section("Taken from the discard pile: keep, discard or play it now", [face(taken, ctx)]) : null,
    ...(obs.phase === "draft" ? [middle, section("Chosen this round", [...chosen, ...hidden])]
      : [section("Chosen this round", [...chosen, ...hidden]), middle])];
  // while choosing, the cards kept last round say they are not safe: unchosen, they go to the middle (PH-2.8)
  const kept = obs.phase === "choose" ? keptLastRound(ctx.history, obs.viewer) : new Set();
  const held = mine ? [section("Your hand", mine.hand.map((label) => face(label, ctx,
    { note: [kept.has(label) ? "kept last round: unless you choose it now, it goes to the middle" : null,
      unplayableNote(label, ctx, unplayable[label])] })), "empty"),
    obs.result ? null : section("Kept for the next round (face down to the others)", mine.kept.map((label) => face(label, ctx,
      { note: unplayableNote(label, ctx, unplayable[label]) })))] : [];
  // a desk: every part side by side as far as the width holds, each as wide as its cards (a part of many wraps
  // within the page's width): the living cards, then the cards chosen and drafted, the hand and the seat's goals
  // (which the line above sums up), so the cards a move is about come right under the living ones; a phone: one
  // column, the living cards first (the line above sums the goals up), the goals, then the table and the hand
  const desk = matchMedia("(min-width: 1200px)").matches;
  const ended = obs.phase === "goal" ? " is over: its nature has acted" : ""; // a goal is kept between two rounds (PH-8.1)
  return h("div.ph", {}, h("p.caption", {}, `Round ${b.round} of ${b.rounds}${ended} · deck ${b.deck}`), aim,
    natureBox(nature, obs.phase), // across the board: nature acted on every card
    desk ? h("div.ph-flow", {}, living, table, held, goals) : [h("div.ph-living", {}, living), goals, table, held],
    b.automa ? section("The Automa's goals", b.automa.goals.map(goal)) : null,
    ...(obs.result ? obs.seats.filter((seat) => seat.seat !== obs.viewer && seat.private) // the end: every goal shown
      .map((seat) => section(`${seat.name}'s goals (${obs.scores[seat.seat] ?? "?"} points)`, seat.private.goals.map(goal)))
      : []),
    picking ? null : piles,
    h("table.seat-table", {}, h("tr", {}, (desk ? ["seat", "chosen this round", "cards in hand", "kept for next round",
      obs.result ? "goals" : "goals (secret)", "score (from goals)"] : ["seat", "chosen", "hand", "kept", "goals", "score"])
      .map((t) => h("th", {}, t))),
      obs.seats.map((seat) => h("tr", {}, h("td", {}, h("span.swatch", { style: `background:${seatColour(seat)}` }), seat.name),
        h("td", {}, (seat.public.chosen || []).join(", ") || (seat.public.has_chosen ? "chosen (face down)" : "—")),
        h("td", {}, String(seat.public.hand)), h("td", {}, String(seat.public.kept)), h("td", {}, String(seat.public.goals)),
        h("td", {}, String(obs.scores[seat.seat] ?? "?"))))));
}
