// Replays a game move by move, as one seat saw it (any seat once the game is over).
import { AnalysisPanel } from "./analyse.js";
import { call, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { gameName, t } from "./i18n.js";
import { logLine } from "./logview.js";
import { markFresh } from "./motion.js";
import { patch } from "./patch.js";
import { loadRenderer } from "./render.js";

export class ReplayPage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.ownHeading = true; // its h1 names the game
    this.move = 0;
    this.total = 0;
    this.seat = null;
    this.data = null;
    this.cardKeys = null; // the previous position's cards: what a step brings slides in
    this.analysis = new AnalysisPanel(id, () => this.data && this.render(), (move) => this.go(move));
  }

  async start() {
    const summary = await call("GET", `/api/tables/${this.id}`);
    this.summary = summary;
    this.renderer = await loadRenderer(summary.game);
    const mine = seatOf(this.id);
    this.seat = summary.status === "over" ? null : mine ? mine.seat : null;
    // Arrow keys step, Home and End jump (not while a control that uses them has focus).
    document.addEventListener("keydown", (e) => {
      if (!this.data || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof Element && e.target.closest("select, input, textarea")) return;
      const to = { ArrowLeft: this.move - 1, ArrowRight: this.move + 1, Home: 0, End: this.total }[e.key];
      if (to === undefined || to < 0 || to > this.total || to === this.move) return;
      e.preventDefault();
      this.go(to);
    });
    await this.go(0);
  }

  languageChanged() {
    this.go(this.move);
  }

  async go(move) {
    const mine = seatOf(this.id);
    let query = "";
    const headers = {};
    if (this.seat !== null) {
      query = `?seat=${this.seat}`;
      // The token goes in a header: an address ends up in logs and history.
      if (mine && mine.seat === this.seat) headers["X-Seat-Token"] = mine.token;
    }
    try {
      this.data = await call("GET", `/api/tables/${this.id}/replay/${Math.max(0, move)}${query}`, undefined, headers);
    } catch (err) {
      toast(err.message);
      return;
    }
    this.move = this.data.move;
    this.total = this.data.total;
    this.render();
  }

  seatChoices() {
    const over = this.summary.status === "over";
    const mine = seatOf(this.id);
    const out = [[null, t("web.replay.spectator")]];
    this.data.names.forEach((name, s) => {
      if (over || (mine && mine.seat === s)) out.push([s, name]);
    });
    return out;
  }

  render() {
    const d = this.data;
    this.root.dataset.move = String(d.move);
    const ctx = { game: d.table.game, seat: d.seat, names: d.names, log: d.events, t, name: (v) => gameName(d.table.game, v) };
    const pick = h(
      "select#seen-by",
      { id: "seen-by", onchange: (e) => {
        this.seat = e.target.value === "" ? null : Number(e.target.value);
        this.go(this.move);
      } },
      this.seatChoices().map(([s, name]) => h("option", { value: s === null ? "" : s, selected: s === this.seat }, name)),
    );
    const button = (key, target, id) =>
      h("button", { type: "button", id, disabled: target === this.move || target < 0 || target > this.total, onclick: () => this.go(target) }, t(key));
    const log = h(
      "ol.log#log",
      { id: "log", tabindex: "0", "aria-label": t("web.table.log") },
      d.events.map((e) => logLine(e)),
    );
    patch(this.root, [
      h(
        "section.panel.table-head",
        {},
        h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
        h("h1", {}, `${t("web.replay.title")}: ${gameName(d.table.game, "game")}`),
        h("label.option", {}, h("span.option-name", t("web.replay.seen_by")), pick),
        h(
          "div.replay-controls",
          { "aria-keyshortcuts": "ArrowLeft ArrowRight Home End" },
          button("web.replay.first", 0, "first"),
          button("web.replay.prev", this.move - 1, "prev"),
          h("span.position", {}, t("web.replay.position", { move: this.move, total: this.total })),
          button("web.replay.next", this.move + 1, "next"),
          button("web.replay.last", this.total, "last"),
        ),
      ),
      this.renderEnd(d.view, ctx),
      h("section.panel.board", { "aria-labelledby": "board-title" }, h("h2.sr-only#board-title", t("web.table.board")), this.renderer(d.view, ctx)),
      h("section.panel.log-panel", {}, h("h2", {}, t("web.table.log")), log),
      this.analysis.render(d),
    ]);
    this.cardKeys = markFresh(this.root.querySelector(".board"), this.cardKeys);
    // The log follows the position: its last line is what the last step did.
    const live = this.root.querySelector("#log");
    live.scrollTop = live.scrollHeight;
  }

  // At the last move, the game's score table (as on the table page).
  renderEnd(view, ctx) {
    if (!view || !view.result || !this.renderer.endSummary) return null;
    return h("section.panel.summary.replay-summary", h("h2", t("web.table.game_over")), this.renderer.endSummary(view, ctx));
  }
}
