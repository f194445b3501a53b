// A personal seat link: moves a person's seat to another device. The server shows it once;
// it travels in the address's fragment (never sent to the server) and works once.
import { ApiError, call, keepSeat, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

// On a page opened with a seat link: take the seat on this device, then drop the link from
// the address (and the history).
export async function claimFromAddress(id) {
  const found = /^#link=(\d+)\.(.+)$/.exec(window.location.hash);
  if (!found) return;
  window.history.replaceState(null, "", window.location.pathname);
  const seat = Number(found[1]);
  try {
    const answer = await call("POST", `/api/tables/${id}/seats/${seat}/claim`, { link: found[2] });
    keepSeat(id, seat, answer.token);
    toast(t("friends.link.moved"));
  } catch (err) {
    toast(err instanceof ApiError ? err.message : String(err));
  }
}

export class SeatLink {
  constructor(id) {
    this.id = id;
    this.link = null; // shown once, kept only while this page is open
  }

  render(redraw) {
    const mine = seatOf(this.id);
    if (!mine) return null;
    const parts = [h("h2", {}, t("friends.link.title"))];
    if (this.link) {
      const url = `${window.location.origin}${this.link}`;
      parts.push(
        h("p.muted", {}, t("friends.link.note")),
        h("div.row", {},
          h("input.seat-link#seat-link", { value: url, readonly: true, "aria-label": t("friends.link.label") }),
          h("button#seat-link-copy", { type: "button", onclick: async (e) => {
            const button = e.currentTarget;
            button.parentElement.querySelector("input").select();
            try {
              await navigator.clipboard.writeText(url);
            } catch {
              document.execCommand("copy");
            }
            button.textContent = t("friends.link.copied");
          } }, t("friends.link.copy"))),
      );
    }
    parts.push(h("div.row", {},
      h("button#seat-link-make", { type: "button", onclick: () => this.make(mine, redraw) }, t("friends.link.make")),
      this.link ? h("button#seat-link-revoke", { type: "button", onclick: () => this.revoke(mine, redraw) }, t("friends.link.revoke")) : null));
    return h("section.panel.seat-link-panel#seat-link-panel", {}, parts);
  }

  async make(mine, redraw) {
    try {
      this.link = (await call("POST", `/api/tables/${this.id}/seats/${mine.seat}/link`, { token: mine.token })).link;
      redraw();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    }
  }

  async revoke(mine, redraw) {
    try {
      await call("POST", `/api/tables/${this.id}/seats/${mine.seat}/link/revoke`, { token: mine.token });
      this.link = null;
      toast(t("friends.link.revoked"));
      redraw();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    }
  }
}
