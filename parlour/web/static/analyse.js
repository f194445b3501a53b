// The replay page's analysis panel: pick a player of a finished game, run the server's
// analysis (progress shown while it runs), then a chart of the estimated chance to win and
// every decision with the best option and the one played.
import { call } from "./api.js";
import { h, toast } from "./dom.js";
import { need, t } from "./i18n.js";

const POLL_MS = 400;
const MARK_COLOURS = { inaccuracy: "#c9a227", mistake: "#d9822b", blunder: "#c23030" };

// The panel's own stylesheet, added once (the page's main sheet stays as it is).
export function learnStyles() {
  if (document.getElementById("learn-css")) return;
  document.head.append(h("link#learn-css", { id: "learn-css", rel: "stylesheet", href: "/static/learn.css" }));
}

const percent = (x) => `${Math.round(x * 100)}%`;

export class AnalysisPanel {
  // redraw(): the page draws itself again; show(move): the replay jumps to a position.
  constructor(table, redraw, show) {
    this.table = table;
    this.redraw = redraw;
    this.show = show;
    this.seat = 0;
    this.answer = null; // the server's last word on this seat's analysis
    this.ready = false;
    this.asked = false; // whether the server was asked yet (only once the game is over)
    this.timer = null;
    learnStyles();
    need("learn").then(() => {
      this.ready = true;
      this.redraw();
    });
  }

  async fetch(method) {
    clearTimeout(this.timer);
    const seat = this.seat;
    try {
      const answer = await call(method, `/api/tables/${this.table}/analysis/${seat}`);
      if (seat !== this.seat) return; // another player was picked meanwhile
      this.answer = answer;
    } catch (err) {
      toast(err.message);
      return;
    }
    if (this.answer.state === "running") this.timer = setTimeout(() => this.fetch("GET"), POLL_MS);
    this.redraw();
  }

  pick(seat) {
    this.seat = seat;
    this.answer = null;
    this.fetch("GET");
  }

  // The panel for a replay position `data` (nothing before the game is over).
  render(data) {
    if (!this.ready || data.table.status !== "over") return null;
    if (!this.asked) {
      this.asked = true;
      this.fetch("GET"); // an analysis made earlier shows at once
    }
    const a = this.answer;
    const running = a && a.state === "running";
    const pick = h(
      "select#analyse-seat",
      { id: "analyse-seat", onchange: (e) => this.pick(Number(e.target.value)) },
      data.names.map((name, s) => h("option", { value: s, selected: s === this.seat }, name)),
    );
    return h(
      "section.panel.analysis#analysis",
      { id: "analysis", "aria-busy": running ? "true" : "false" },
      h("h2", {}, t("learn.web.heading")),
      h("p.muted", {}, t("learn.web.intro")),
      h(
        "div.analysis-controls",
        {},
        h("label.option", {}, h("span.option-name", t("learn.web.player")), pick),
        h("button#analyse", { id: "analyse", type: "button", disabled: running, onclick: () => this.fetch("POST") }, t("learn.web.start")),
      ),
      running ? this.renderProgress(a) : null,
      a && a.state === "failed" ? h("p.error", {}, a.error ? a.error.message : t("learn.web.failed")) : null,
      a && a.state === "done" ? this.renderResult(a.analysis) : null,
    );
  }

  renderProgress(a) {
    const text = a.total ? t("learn.web.progress", { done: a.done, total: a.total }) : t("learn.web.starting");
    return h(
      "div.analysis-progress",
      { role: "status" },
      h("progress", { max: Math.max(1, a.total), value: a.done, "aria-label": text }),
      h("span", {}, text),
    );
  }

  renderResult(analysis) {
    const decisions = analysis.decisions;
    if (!decisions.length) return h("p", {}, t("learn.analyse.none"));
    const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const d of decisions) if (d.mark) counts[d.mark] += 1;
    return [
      this.renderChart(decisions),
      h("p.analysis-summary", {}, t("learn.analyse.summary", counts)),
      h("div.analysis-scroll", {}, this.renderTable(decisions)),
    ];
  }

  // A line for the move played, a dashed one for the best move; marks as coloured dots.
  renderChart(decisions) {
    const svg = (tag, attrs) => {
      const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      return el;
    };
    // A narrower drawing on a phone, so its labels stay readable once scaled to the screen.
    const W = window.innerWidth < 600 ? 360 : 600;
    const H = window.innerWidth < 600 ? 200 : 180;
    const pad = 24;
    const x = (i) => pad + (decisions.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (decisions.length - 1));
    const y = (p) => H - pad - p * (H - 2 * pad);
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-chart", role: "img", "aria-label": t("learn.web.chart") });
    for (const p of [0, 0.5, 1]) {
      chart.append(svg("line", { x1: pad, x2: W - pad, y1: y(p), y2: y(p), class: "grid" }));
      const label = svg("text", { x: 2, y: y(p) + 4, class: "axis" });
      label.textContent = percent(p);
      chart.append(label);
    }
    const line = (key, cls) =>
      svg("polyline", { points: decisions.map((d, i) => `${x(i)},${y(d[key])}`).join(" "), class: cls });
    chart.append(line("best_win", "best"), line("chosen_win", "chosen"));
    decisions.forEach((d, i) => {
      const dot = svg("circle", { cx: x(i), cy: y(d.chosen_win), r: d.mark ? 5 : 3, fill: MARK_COLOURS[d.mark] || "currentColor" });
      const title = svg("title", {});
      title.textContent = `${t("learn.analyse.col.move")} ${d.index}: ${d.chosen_text} ${percent(d.chosen_win)}`;
      dot.append(title);
      chart.append(dot);
    });
    return h("figure.analysis-figure", {}, chart, h("figcaption", {}, t("learn.web.chart")));
  }

  renderTable(decisions) {
    const cols = ["move", "chosen", "chosen_win", "best", "best_win", "mark"];
    return h(
      "table.analysis-table#analysis-table",
      { id: "analysis-table" },
      h("thead", {}, h("tr", {}, cols.map((c) => h("th", { scope: "col" }, t(`learn.analyse.col.${c}`))))),
      h(
        "tbody",
        {},
        decisions.map((d) =>
          h(
            "tr",
            { dataset: { mark: d.mark || "" } },
            h("td", {}, h("button.link", { type: "button", title: t("learn.web.go", { move: d.index }), onclick: () => this.show(d.index - 1) }, String(d.index))),
            h("td", {}, d.chosen_text),
            h("td", {}, percent(d.chosen_win)),
            h("td", {}, d.best === d.chosen ? "=" : d.best_text),
            h("td", {}, percent(d.best_win)),
            h("td.mark", {}, d.mark ? t(`learn.mark.${d.mark}`) : ""),
          ),
        ),
      ),
    );
  }
}
