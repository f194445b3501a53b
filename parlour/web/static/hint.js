// Hints at a table whose host turned them on: everyone at the table sees that they are on;
// the player whose turn it is may ask which move the hard bot would play and how the best
// options stand. The server searches from that seat's knowledge only and keeps each turn's
// answer, so asking again (or in another language) costs nothing.
import { call, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";

function styles() {
  if (document.getElementById("hint-css")) return;
  document.head.append(h("link#hint-css", { id: "hint-css", rel: "stylesheet", href: "/static/hint.css" }));
}

const percent = (win) => Math.round(win * 100);
const bulb = () => icon("bulb");

export class HintBox {
  constructor(id) {
    this.id = id;
    this.answer = null; // { move, lang, hint } of the last hint received
    this.asking = null; // the move being asked about
  }

  // Beside the table's status, for everyone at the table (spectators too) while hints are on.
  badge(table) {
    if (!table.hints) return null;
    styles();
    return h("span.badge.hints-on#hints-on", { title: t("web.hint.on_note") }, bulb(), t("web.hint.on"));
  }

  // The Hint control and its answer, in the turn panel of the seat to act.
  render(msg, connected, redraw) {
    if (!msg.table.hints || msg.seat === null || msg.summary) return null;
    // An answer is for its turn, written in the language it was asked in (asked again in
    // another, the server answers from what it kept).
    const held = this.answer && this.answer.move === msg.move && this.answer.lang === lang() ? this.answer : null;
    const box = h("div.hint#hint", { "aria-live": "polite" });
    box.append(
      h("button.hint-ask#hint-ask", { type: "button", disabled: !connected || this.asking === msg.move, onclick: () => this.ask(msg, redraw) }, bulb(), t("web.hint.ask")),
    );
    if (this.asking === msg.move) box.append(h("p.muted.hint-thinking", { role: "status" }, t("web.hint.thinking")));
    else if (held) box.append(this.renderAnswer(held.hint));
    return box;
  }

  renderAnswer(hint) {
    const rows = hint.options.map((o) =>
      h(
        "li.hint-option",
        { dataset: { action: o.action, best: String(o.action === hint.best) } },
        h("span.hint-move", o.text),
        h("span.hint-bar", { "aria-hidden": "true" }, h("span.hint-fill", { style: `width: ${percent(o.win)}%` })),
        h("span.hint-chance", t("web.hint.chance", { percent: percent(o.win) })),
      ),
    );
    return h(
      "div.hint-answer#hint-answer",
      h("p.hint-best", t("web.hint.title"), " ", h("strong", hint.best_text)),
      h("p.hint-caption", t("web.hint.options")),
      h("ol.hint-options", rows),
      h("p.muted.hint-note", t("web.hint.note")),
    );
  }

  async ask(msg, redraw) {
    const mine = seatOf(this.id);
    if (!mine || this.asking !== null) return;
    const move = msg.move;
    this.asking = move;
    redraw();
    try {
      const hint = await call("POST", `/api/tables/${this.id}/hint`, { seat: mine.seat, token: mine.token });
      this.answer = { move, lang: lang(), hint };
    } catch (err) {
      toast(err.message);
    } finally {
      this.asking = null;
      redraw();
    }
  }
}
