// "Invite a friend" at an open table: for a signed-in person who sits here or hosts it, each
// friend with one button. The friend finds the invitation in their list and, where they
// turned notifications on, on their device.
import { call, hostOf, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

let asked = null; // the answer for this page: { csrf, friends } or null (signed out)

function fill(id) {
  const slot = document.getElementById("invite-slot");
  if (slot && asked) slot.replaceChildren(...parts(id));
}

async function joinTable(id) {
  const seat = seatOf(id);
  const host = hostOf(id);
  const held = {
    seats: seat ? [{ table: id, seat: seat.seat, token: seat.token }] : [],
    hosts: host ? [{ table: id, token: host }] : [],
  };
  await call("POST", "/api/account/tables", held, { "X-CSRF-Token": asked.csrf });
}

function parts(id) {
  if (!asked || !asked.friends.length) return [];
  return [
    h("h4", {}, t("web.invite.title")),
    h("ul.invite-list", {}, asked.friends.map((f) => h("li", {},
      f.name, " ",
      h("button.invite", { type: "button", dataset: { name: f.name }, onclick: async (e) => {
        const button = e.currentTarget;
        button.disabled = true;
        try {
          await joinTable(id); // a table made since signing in joins the account first
          await call("POST", "/api/friends/invite", { name: f.name, table: id }, { "X-CSRF-Token": asked.csrf });
          button.textContent = t("web.invite.sent");
        } catch (err) {
          button.disabled = false;
          toast(err.message);
        }
      } }, t("web.invite.send")),
    ))),
  ];
}

// The slot (filled once the account and its friends are known), for a seat or the host.
export function inviteFriends(id) {
  if (!seatOf(id) && !hostOf(id)) return null;
  if (asked === null) {
    asked = { csrf: null, friends: [] };
    call("GET", "/api/account")
      .then(async (me) => {
        if (!me.account) return;
        const circle = await call("GET", "/api/friends");
        asked = { csrf: me.csrf, friends: circle.friends };
        fill(id);
      })
      .catch(() => {}); // no friends to offer: nothing shown
  }
  return h("div.invite#invite-slot", {}, parts(id));
}
