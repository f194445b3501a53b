// My games: the tables where this browser holds a seat (its own, or one moved here with a
// seat link) or is the host, your move first, each with Resume. The tokens go to the server in
// a request's body, never in an address; a token the server says holds nothing is forgotten.
import { call, forget, heldTokens } from "./api.js";
import { formatTime } from "./clock.js";
import { h } from "./dom.js";
import { need, seatName, t } from "./i18n.js";
import { paintTurns, showTurns } from "./mineturns.js";
import { noticeTurn } from "./notice.js";
import { patch } from "./patch.js";

const EVERY = 15000; // milliseconds between two looks: turns over days need no more

export class MinePage {
  constructor(root) {
    this.root = root;
    this.ownHeading = true; // its h1 names the page
    this.games = [];
    this.rows = [];
    this.error = null;
  }

  async start() {
    await need("mine", "friends");
    this.games = await call("GET", "/api/games");
    await this.load();
    this.timer = setInterval(() => this.load(), EVERY);
    this.ticker = setInterval(() => this.tick(), 1000);
  }

  // A clock's time left counts down between two looks (from this browser's own clock, set
  // against the server's at each look).
  tick() {
    for (const el of this.root.querySelectorAll("[data-left-until]")) {
      el.textContent = t("mine.time_left", { time: formatTime(Number(el.dataset.leftUntil) - Date.now() / 1000) });
    }
  }

  async languageChanged() {
    this.games = await call("GET", "/api/games");
    this.render();
    paintTurns();
  }

  async load() {
    const held = heldTokens();
    try {
      if (held.seats.length || held.hosts.length) {
        const found = await call("POST", "/api/tables/mine", held);
        for (const id of found.gone_seats) forget("seat", id);
        for (const id of found.gone_hosts) forget("host", id);
        this.rows = found.tables;
      } else {
        this.rows = [];
      }
      this.error = null;
      showTurns(this.rows); // the header's count, from the same answer
    } catch (err) {
      this.error = err.message; // the list shown last stays; the next look tries again
    }
    this.render();
  }

  render() {
    noticeTurn(t("mine.title"), this.rows.some((r) => r.your_turn));
    patch(this.root, [
      h(
        "section.panel.mine#mine",
        {},
        h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
        h("h1", {}, t("mine.title")),
        h("p.muted", {}, t("mine.intro")),
        h("p.form-error", { role: "alert" }, this.error || ""),
        this.rows.length
          ? h("ul.mine-list", {}, this.rows.map((r) => this.row(r)))
          : h("p.muted.mine-empty", {}, t("mine.empty")),
      ),
    ]);
  }

  // One table: its game, where it stands (your move, or whose), the players, Resume.
  row(r) {
    const table = r.table;
    const game = this.games.find((g) => g.id === table.game);
    const closed = table.archived || table.status === "over";
    let status;
    if (r.your_turn) status = h("strong.badge.turn", {}, t("mine.your_turn"));
    else if (table.archived) status = h("span.mine-status", {}, t("mine.closed"));
    else if (table.status === "playing" && table.to_act !== null) {
      status = h("span.mine-status", {}, t("mine.waiting_for", { player: seatName(table.seats[table.to_act]) }));
    } else status = h("span.mine-status", {}, t(`web.status.${table.status}`));
    const timed = r.deadline !== null && r.now !== null && !closed && table.status === "playing";
    const players = table.seats.map((s, i) => [
      i ? ", " : "",
      s.kind ? seatName(s) : "·",
      r.seat === s.seat ? h("span.badge.you", {}, t("web.table.you")) : null,
    ]);
    return h(
      "li.mine-row",
      { dataset: { table: table.id, yourTurn: String(r.your_turn), status: table.status } },
      h("h2.mine-game", {}, game ? game.name : table.game),
      status,
      timed
        ? h("span.clock.mine-left", { dataset: { leftUntil: String(r.deadline - r.now + Date.now() / 1000) } }, t("mine.time_left", { time: formatTime(r.deadline - r.now) }))
        : null,
      r.host ? h("span.badge", {}, t("mine.host")) : null,
      h("p.mine-players", {}, h("span.muted", {}, `${t("mine.players")}: `), players),
      h(
        "div.row",
        {},
        closed
          ? h("a.button", { href: `/replay/${table.id}` }, t("web.lobby.replay"))
          : h("a.button.primary.resume", { href: `/t/${table.id}` }, t("web.lobby.resume")),
      ),
    );
  }
}
