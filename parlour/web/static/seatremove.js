// The host removes a person from a seat before the start, after a confirmation step that may
// also ban them from the table (POST .../seats/{s}/free with ban: their name and address may
// not sit here again). A bot's seat is freed at once: there is nobody to ask about.
import { call, hostOf } from "./api.js";
import { h, toast } from "./dom.js";
import { seatName, t } from "./i18n.js";

export class SeatRemoval {
  constructor(id) {
    this.id = id;
    this.asking = null; // the seat whose removal waits for the host's confirmation
  }

  // The host's control on another person's seat: the button, or the confirmation step.
  control(seat, redraw) {
    if (this.asking !== seat.seat) {
      return h("button.free-seat.remove-person", { type: "button", dataset: { remove: seat.seat }, onclick: () => {
        this.asking = seat.seat;
        redraw();
        document.getElementById("remove-yes")?.focus();
      } }, t("web.table.remove"));
    }
    const name = seatName(seat);
    return h(
      "div.remove-confirm#remove-confirm",
      { role: "group", "aria-labelledby": "remove-text" },
      h("p#remove-text", {}, t("web.table.remove_confirm", { name, number: seat.seat + 1 })),
      h("label.check", { for: "remove-ban" }, h("input#remove-ban", { id: "remove-ban", type: "checkbox" }), h("span", {}, t("web.table.remove_ban", { name }))),
      h(
        "div.row",
        {},
        h("button.primary#remove-yes", { type: "button", onclick: (e) => {
          const ban = e.currentTarget.closest(".remove-confirm").querySelector("#remove-ban").checked;
          this.remove(seat, ban, redraw);
        } }, t("web.table.remove_yes")),
        h("button#remove-no", { type: "button", onclick: () => {
          this.asking = null;
          redraw();
        } }, t("web.table.remove_no")),
      ),
    );
  }

  async remove(seat, ban, redraw) {
    const name = seatName(seat);
    try {
      await call("POST", `/api/tables/${this.id}/seats/${seat.seat}/free`, { token: hostOf(this.id), ban });
      toast(t(ban ? "web.table.banned" : "web.table.removed", { name }));
    } catch (err) {
      toast(err.message);
    }
    this.asking = null;
    redraw();
  }
}
