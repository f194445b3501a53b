// Presence: who is at the table now (online, away, offline) beside each seat, and the last
// arrivals and departures in a strip apart from the game log. The page beats over its
// websocket every few seconds (away while its tab is hidden), so the others see it here.
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

const BEAT_EVERY = 15000;

// Which text a change of status takes in the strip.
function change(entry) {
  if (entry.status === "offline") return "friends.presence.left";
  if (entry.status === "away") return "friends.presence.went_away";
  return entry.was === "away" ? "friends.presence.back" : "friends.presence.arrived";
}

export class Presence {
  constructor() {
    this.seats = [];
    this.watchers = 0;
    this.strip = [];
    this.socket = null;
    this.timer = null;
    this.onVisible = () => this.beat();
  }

  // Beat on this socket from now on (the first beat asks the server for the presence).
  start(socket) {
    this.stop();
    this.socket = socket;
    this.beat();
    this.timer = setInterval(() => this.beat(), BEAT_EVERY);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.socket = null;
    document.removeEventListener("visibilitychange", this.onVisible);
  }

  beat() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "beat", away: document.hidden }));
    }
  }

  receive(msg) {
    this.seats = msg.seats;
    this.watchers = msg.watchers;
    this.strip = msg.strip;
  }

  // The seat's marker (nothing for a bot's seat, which is always there).
  dot(seat, kind) {
    const status = this.seats[seat];
    if (!status || kind !== "human") return null;
    const label = t(`friends.presence.${status}`);
    return h(`span.presence.${status}`, { dataset: { presence: status }, title: label }, h("span.presence-label", label));
  }

  // The strip of the last arrivals and departures, with the number watching.
  renderStrip(names) {
    if (!this.strip.length && !this.watchers) return null;
    const time = new Intl.DateTimeFormat(lang(), { hour: "2-digit", minute: "2-digit" });
    const lines = this.strip.slice(-3).map((e) => h(
      "li",
      { dataset: { seat: e.seat, status: e.status } },
      h("time", { datetime: new Date(e.at * 1000).toISOString() }, time.format(new Date(e.at * 1000))),
      " ",
      t(change(e), { name: names[e.seat] ?? "" }),
    ));
    return h(
      "section.presence-strip#presence-strip",
      { "aria-label": t("friends.presence.strip") },
      h("ol", {}, lines),
      this.watchers ? h("p.watchers", {}, t("friends.presence.watchers", { count: this.watchers })) : null,
    );
  }
}
