// Rated games at a table: the host's switch that makes an open table rated, and the rating
// changes on the end-of-game panel. Each asks the server once per page and fills its slot
// when the answer comes; later drawings read the answer kept here.
import { call, hostOf } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

const known = new Map(); // "<table>:<phase>" -> the answer of /api/tables/{id}/ratings
const asked = new Set();

function ask(id, phase, slot, draw) {
  const key = `${id}:${phase}`;
  if (asked.has(key)) return;
  asked.add(key);
  call("GET", `/api/tables/${id}/ratings`)
    .then((found) => {
      known.set(key, found);
      const el = document.getElementById(slot);
      if (el) el.replaceChildren(...draw(found));
    })
    .catch(() => asked.delete(key)); // asked again at the next drawing
}

function switchParts(id, found) {
  if (found.rated) return [h("span.badge", {}, t("web.rated.on"))];
  return [
    h("button#make-rated", { type: "button", onclick: async (e) => {
      e.currentTarget.disabled = true;
      try {
        await call("POST", `/api/tables/${id}/rated`, { host_token: hostOf(id) });
        found.rated = true;
        document.getElementById("rated-slot").replaceChildren(...switchParts(id, found));
      } catch (err) {
        e.currentTarget.disabled = false;
        toast(err.message);
      }
    } }, t("web.rated.make")),
  ];
}

// An open table's rated switch (the host's), or its "rated" mark for everyone.
export function ratedSwitch(id, isHost) {
  const found = known.get(`${id}:open`);
  if (!found) ask(id, "open", "rated-slot", (f) => (isHost || f.rated ? switchParts(id, f) : []));
  const parts = found && (isHost || found.rated) ? switchParts(id, found) : [];
  return h("p.rated#rated-slot", {}, parts);
}

function changeParts(found) {
  if (!found.changes.length) return [];
  return [
    h("h4", {}, t("web.rated.changes")),
    h("ul.rating-changes", {}, found.changes.map((c) => h("li", { dataset: { seat: String(c.seat) } },
      t("web.rated.change", { name: c.name, before: c.before.toFixed(1), after: c.after.toFixed(1) })))),
  ];
}

// The end panel's rating changes (nothing at an unrated table).
export function ratingChanges(id) {
  const found = known.get(`${id}:end`);
  if (!found) ask(id, "end", "rating-changes", changeParts);
  return h("div#rating-changes", {}, found ? changeParts(found) : []);
}
