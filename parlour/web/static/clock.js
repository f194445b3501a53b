// A table's clock: its host sets it before the start (real time: seconds a move and a time
// bank; turn-based: hours a move), then every seat sees the time left of the seat to act, the
// banks, and the seats a bot plays for. The host may hand a person's seat to a bot and back.
import { ApiError, call, hostOf } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

const pad = (n) => String(n).padStart(2, "0");

// Seconds as m:ss, h:mm:ss, or days and hours.
export function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("friends.clock.days", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

export class ClockView {
  constructor(id) {
    this.id = id;
    this.info = null;
    this.offset = 0; // the server's clock minus this one's, in seconds
    this.timer = null;
  }

  receive(msg) {
    this.info = msg;
    this.offset = msg.now - Date.now() / 1000;
    if (!this.timer) this.timer = setInterval(() => this.refresh(), 1000);
  }

  running() {
    return Boolean(this.info && this.info.settings.mode !== "none");
  }

  left() {
    if (!this.info || this.info.deadline === null) return null;
    return this.info.deadline - (Date.now() / 1000 + this.offset);
  }

  // Counts down in place, between the page's drawings.
  refresh() {
    const left = this.left();
    if (left === null) return;
    for (const el of document.querySelectorAll("[data-clock-left]")) el.textContent = formatTime(left);
  }

  // Beside a seat in play: its time left when it is to act, else its bank; "a bot plays".
  seatBadge(seat) {
    const info = this.info;
    if (!info) return null;
    const parts = [];
    if (info.bots_play.includes(seat)) parts.push(h("span.badge.standin", t("friends.clock.bot_plays")));
    if (this.running() && info.seat === seat && info.deadline !== null) {
      parts.push(h("span.clock.running", { dataset: { clockLeft: "" }, title: t("friends.clock.left") }, formatTime(this.left())));
    } else if (this.running() && info.settings.bank > 0 && info.banks.length) {
      parts.push(h("span.clock.bank", t("friends.clock.bank_left", { time: formatTime(info.banks[seat]) })));
    }
    return parts;
  }

  // The host's button that hands a person's seat to a bot, or gives it back.
  handButton(seat) {
    const handed = Boolean(this.info && this.info.bots_play.includes(seat));
    return h("button.hand-seat", { type: "button", dataset: { seat }, onclick: async () => {
      try {
        this.receive(await call("POST", `/api/tables/${this.id}/seats/${seat}/bot`, { host_token: hostOf(this.id), bot: !handed }));
      } catch (err) {
        toast(err instanceof ApiError ? err.message : String(err));
      }
    } }, t(handed ? "friends.clock.give_back" : "friends.clock.hand"));
  }

  summary() {
    const s = this.info && this.info.settings;
    if (!s || s.mode === "none") return t("friends.clock.none");
    const perMove = formatTime(s.per_move);
    const key = s.mode === "turn" ? "friends.clock.summary_turn" : "friends.clock.summary_realtime";
    return t(key, { per_move: perMove, bank: formatTime(s.bank) });
  }

  // Before the start: the host's form, everyone else the clock in words.
  renderSettings(host, redraw) {
    if (!host) return h("p.muted.clock-summary#clock-summary", {}, this.summary());
    const s = (this.info && this.info.settings) || { mode: "none", per_move: 30, bank: 300, on_timeout: "move", max_timeouts: 0 };
    const mode = this.mode || s.mode;
    const turn = mode === "turn";
    const field = (id, label, attrs) => h("label.option", {}, h("span.option-name", label), h(`input#${id}`, { id, type: "number", ...attrs }));
    const choose = (id, label, value, options) => h("label.option", {}, h("span.option-name", label), h(`select#${id}`, { id, onchange: id === "clock-mode" ? (e) => {
      this.mode = e.currentTarget.value;
      redraw();
    } : null }, options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
    const parts = [
      h("h3", {}, t("friends.clock.title")),
      choose("clock-mode", t("friends.clock.mode"), mode, [["none", t("friends.clock.none")], ["realtime", t("friends.clock.realtime")], ["turn", t("friends.clock.turn")]]),
    ];
    if (mode !== "none") {
      const perMove = s.mode === mode ? s.per_move : turn ? 86400 : 30;
      parts.push(
        turn
          ? field("clock-per-move", t("friends.clock.per_move_hours"), { min: 1, max: 720, value: perMove / 3600 })
          : field("clock-per-move", t("friends.clock.per_move_seconds"), { min: 5, max: 3600, value: perMove }),
        turn ? null : field("clock-bank", t("friends.clock.bank_minutes"), { min: 0, max: 120, value: (s.mode === mode ? s.bank : 300) / 60 }),
        choose("clock-on-timeout", t("friends.clock.on_timeout"), s.on_timeout, [["move", t("friends.clock.on_timeout_move")], ["seat", t("friends.clock.on_timeout_seat")]]),
        field("clock-max-timeouts", t("friends.clock.max_timeouts"), { min: 0, max: 20, value: s.max_timeouts }),
      );
    }
    parts.push(h("p.muted.clock-summary#clock-summary", {}, this.summary()));
    parts.push(h("button#clock-save", { type: "button", onclick: (e) => this.save(e.currentTarget.closest("section"), turn) }, t("friends.clock.save")));
    return h("section.clock-settings#clock-settings", {}, parts);
  }

  // Whether the host's form may say something other than the clock set now (a mode or a time
  // chosen without "Set the clock" pressed): any clock in the form is sent again.
  unsaved(box) {
    const mode = box.querySelector("#clock-mode").value;
    const saved = (this.info && this.info.settings.mode) || "none";
    return mode !== saved || mode !== "none";
  }

  // Sends the form; true once the table holds the clock.
  async save(box, turn) {
    const value = (id) => {
      const el = box.querySelector(`#${id}`);
      return el ? Number(el.value) : 0;
    };
    const mode = box.querySelector("#clock-mode").value;
    const body = { host_token: hostOf(this.id), mode };
    if (mode !== "none") {
      body.per_move = turn ? value("clock-per-move") * 3600 : value("clock-per-move");
      body.bank = turn ? 0 : value("clock-bank") * 60;
      body.on_timeout = box.querySelector("#clock-on-timeout").value;
      body.max_timeouts = value("clock-max-timeouts");
    }
    try {
      this.receive(await call("POST", `/api/tables/${this.id}/clock`, body));
      this.mode = null;
      return true;
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
      return false;
    }
  }
}
