// A scoring among the others' moves (an epoch's, a round's) is said over the board for four seconds, as
// players at a table would say it aloud, once: a bot's turn drawn a move at a time says each scoring as it comes,
// and a toast closed stays closed; what happened since and the log keep it. `said`: [the scoring's key, words].
import { h } from "./api.js";

const announced = new Set();
const CLEAR = 150; // px kept free at either side of the board's top: the board's size (− 100% +) lies at its right
export function announce(said) {
  const lines = said.filter(([key]) => !announced.has(key)).map(([key, words]) => { announced.add(key); return words; });
  if (!lines.length) return;
  document.querySelector(".toast")?.remove();
  const toast = h("div.toast", { role: "status", title: "tap to close" }, lines.map((line) => h("p", {}, line)));
  toast.addEventListener("click", () => toast.remove());
  // on a desk just below the seats' chips, whose scores it tells of (over them, it hid the score it announced),
  // centred over the board and clear of the board's size at its right (over it, it hid the zoom)
  const seats = document.querySelector("#seats")?.getBoundingClientRect();
  const board = document.querySelector("#board")?.getBoundingClientRect();
  if (seats && board && matchMedia("(min-width: 861px)").matches) {
    Object.assign(toast.style, { top: `${Math.max(8, seats.bottom + 8)}px`, left: `${board.left + board.width / 2}px`,
      maxWidth: `${Math.max(240, board.width - 2 * CLEAR)}px` });
  }
  document.body.append(toast);
  setTimeout(() => toast.remove(), 4000);
}
