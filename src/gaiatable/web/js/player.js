// A player's profile: ratings with wins and losses by game, and recent finished games (each opens its replay).
import { drawAccount } from "./account.js";
import { api, botName, h, ratingCell } from "./api.js";

async function main() {
  drawAccount();
  const name = decodeURIComponent(location.pathname.split("/").pop());
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    document.getElementById("player-error").textContent = err.message;
    return;
  }
  const games = Object.fromEntries((await api("/api/games")).map((g) => [g.name, g.title]));
  document.title = `${player.name} · gaiatable`;
  document.getElementById("player-name").textContent = player.kind === "bot" ? `${player.name} bot` : player.name;
  const ratings = Object.entries(player.ratings);
  document.getElementById("player-ratings").replaceChildren(...(ratings.length ? ratings.map(([game, r]) => h("tr", {},
    h("td", {}, games[game] || game), ratingCell(r, r.above ? h("small", {}, ` above the ${r.above} bot`) : ""), h("td", {}, String(r.games)),
    h("td", {}, String(r.wins)), h("td", {}, String(r.games - r.wins))))
    : [h("tr", {}, h("td", { colspan: 5 }, "No rated game yet."))]));
  document.getElementById("player-recent").replaceChildren(...(player.recent.length ? player.recent.map((t) => h("li", {},
    h("a", { href: `/t/${t.table}` }, games[t.game] || t.game),
    h("span.who", {}, `${t.rated ? "rated" : "unrated"}, against ${t.players.filter((_, i) => i !== t.seat)
      .map((p) => (p.kind === "bot" ? botName(p.agent) : p.name || "a player")).join(", ") || "nobody"}`),
    h("span.status", {}, new Date(t.updated).toLocaleDateString())))
    : [h("li.empty", {}, "No finished game yet.")]));
}

main();
