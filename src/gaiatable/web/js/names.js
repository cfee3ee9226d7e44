// Who sits where, in words. Games that tell seats only by number ("seat 0", counted from 0 as the move texts
// do) are shown by who sits there instead: the player's name, the bot's strength, "player 2" (counted from
// 1 as the lobby does); games that name seats by colour or piece keep their names.
import { botName } from "./api.js";

// A rematch turns the seats by one (`view.turned` times since the series' first game): a player, or one of two
// bots alike, keeps the number and the colour it had there.
export function seatNames(view) {
  const own = view.observation.seats.map((s) => s.name);
  if (!own.every((name, i) => name === `seat ${i}`)) return null;
  const first = (i) => firstSeat(i, view) + 1;
  const names = view.seats.map((seat, i) => (seat.kind === "bot" ? botName(seat.agent)
    : seat.open ? `open seat ${i + 1}` : seat.name || `player ${first(i)}`));
  return names.map((name, i) => (names.indexOf(name) === names.lastIndexOf(name) ? name : `${name} ${first(i)}`));
}

// Where seats are named by colour (Gaia-Vora's yellow), a rematch's turn changes the player's colour: said until
// the player's first move ("You play green now: the seats turned by one for the rematch; you were yellow").
export function colourTurned(view, seat) {
  const seats = view.observation.seats;
  if (!view.turned || seatNames(view) || seat === null || view.history.some((e) => e.actor === seat)) return null;
  return `You play ${seats[seat].name} now: the seats turned by one for the rematch; you were ${seats[(seat + 1) % seats.length].name}.`;
}

function firstSeat(seat, view) {
  return (seat + (view.turned ?? 0)) % view.seats.length;
}

// `text` with every "seat N" of the rules' words said by name.
export function sayNames(text, names) {
  if (!names || typeof text !== "string") return text;
  return text.replace(/\bseat (\d+)('s)?\b/g, (whole, n, of, at) => {
    const name = names[Number(n)];
    if (name === undefined) return whole;
    if (!of || name.toLowerCase() !== "you") return name + (of || "");
    return at === 0 ? "Your" : "your"; // "seat 0's mat", seat 0 being "you": your mat
  });
}

// The observation as the board should word it: seats and prompt by name. The rules' name stays as
// `rules_name` (a seat's colour follows it, not a name a player chose), and `colour_seat` is the seat the player
// sat in at the series' first game, whose colour it keeps.
export function namedObservation(obs, names, view) {
  if (!names) return obs;
  return { ...obs, prompt: sayNames(obs.prompt, names),
    seats: obs.seats.map((seat, i) => ({ ...seat, name: names[i], rules_name: seat.name, colour_seat: firstSeat(i, view) })) };
}

// What a move (its `text`) brought about, from its `log` (a contest, a meal, a roll): the log less a line of the
// `actor`'s (the rules' name) retelling the move itself, naming every place or card number the move names
// ("seat 0 moves gas from I-3 to I-0" for "move I-3 I-0"); "yellow ate green's plant" after "rotate 1" stays.
export function broughtAbout(text, log, actor) {
  return log.filter((line) => !retells(text, line, actor));
}

// The log's line that retells a decision in full, the actor's name left off ("moves planet A from I-2 to II-5"
// for "move I-2 II-5"), or null.
export function retold(text, log, actor) {
  const line = log.find((l) => retells(text, l, actor));
  return line ? line.slice(actor.length + 1) : null;
}

function retells(text, line, actor) {
  const marks = text.split(/\s+/).filter((word) => /\d/.test(word)).map((word) => word.replace(/[()]/g, ""));
  return line.startsWith(`${actor} `) && marks.length > 0 && marks.every((mark) => line.includes(mark));
}
