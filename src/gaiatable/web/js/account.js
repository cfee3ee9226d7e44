// The account box in the page's header: who is signed in, or a form to sign in or up. Signing in or out
// reloads the page, so every part of it sees the same account.
import { api, dropSeat, h, heldSeats, me, whoAmI } from "./api.js";

export async function drawAccount() {
  const box = document.getElementById("account");
  await whoAmI();
  if (me) {
    box.replaceChildren(h("a", { href: `/players/${encodeURIComponent(me.name)}`, class: "me" }, me.name),
      h("button.link", { onclick: signOut }, "sign out"));
    return me;
  }
  const name = h("input", { name: "account-name", autocomplete: "username", placeholder: "name", "aria-label": "name",
    maxlength: 24, required: true });
  const password = h("input", { name: "account-password", type: "password", autocomplete: "current-password",
    placeholder: "password", "aria-label": "password", maxlength: 128, required: true });
  const error = h("span.error", { role: "alert" });
  const submit = (path) => async (event) => {
    event.preventDefault();
    try {
      const session = await api(path, { method: "POST", body: { name: name.value, password: password.value } });
      if (keep.checked) await keepSeats(session.token).catch(() => {}); // a seat not kept stays this browser's
      location.reload();
    } catch (err) { error.textContent = err.message; }
  };
  // a shared device's guest tables may be someone else's: kept under the account only if the player says so
  const guest = Object.keys(heldSeats()).length;
  const keep = h("input", { type: "checkbox", name: "keep-seats", checked: guest > 0 });
  const form = h("form.sign-in", { onsubmit: submit("/api/session") }, name, password,
    guest ? h("label.keep-seats", {}, keep, ` keep the ${guest === 1 ? "table" : `${guest} tables`} played here as a guest`) : null,
    h("button", { type: "submit" }, "sign in"),
    h("button", { type: "button", onclick: submit("/api/accounts"), title: "a new account with this name and password" },
      "sign up"), error);
  const menu = h("details", {}, h("summary", {}, "sign in", h("span.for-ratings", {}, " for ratings")), form);
  box.replaceChildren(menu);
  // opened over the page, it closes as a menu does: a tap elsewhere, or Escape
  document.addEventListener("click", (e) => { if (!box.contains(e.target)) menu.open = false; });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") menu.open = false; });
  return null;
}

// The seats this browser held as a guest become the account's: listed with its tables, open on any device.
async function keepSeats(token) {
  const seats = Object.entries(heldSeats()).flatMap(([table, held]) => Object.values(held).map((t) => ({ table, token: t })));
  return seats.length ? api("/api/me/seats", { method: "POST", body: { seats: seats.slice(-200) }, token }) : null;
}

async function signOut() {
  for (const t of me?.tables || []) { // a shared device keeps none of the account's seats
    if (t.seat in heldSeats(t.table)) dropSeat(t.table, t.seat);
  }
  await api("/api/session", { method: "DELETE" }).catch(() => {});
  location.reload();
}
