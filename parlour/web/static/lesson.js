// A game's lessons: one short scenario at a time on the game's own board; the learner picks
// the move the lesson asks for. Another move is not played: the lesson says why.
import { learnStyles } from "./analyse.js";
import { call } from "./api.js";
import { h, toast } from "./dom.js";
import { gameName, lang, need, t } from "./i18n.js";
import { logLine } from "./logview.js";
import { patch } from "./patch.js";
import { loadRenderer } from "./render.js";

// The games that have lessons (the lobby and the how-to pages link to them).
export const LESSON_GAMES = ["loveletter", "gauntlet", "splendor-marvel"];

export function lessonPath(game, code, lesson = null) {
  return `/learn/${game}?lang=${code}${lesson ? `&lesson=${encodeURIComponent(lesson)}` : ""}`;
}

export class LessonPage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.ownHeading = true;
    this.lessons = [];
    this.data = null; // the server's answer for the current position
  }

  async start() {
    learnStyles();
    await need("learn");
    this.renderer = await loadRenderer(this.game);
    const asked = new URLSearchParams(window.location.search).get("lesson");
    await this.load(asked);
  }

  async languageChanged() {
    await this.load(this.data ? this.data.lesson.id : null, this.data ? this.data.moves : []);
  }

  // Fetch the list, then the lesson (the first when none is named) after `moves`.
  async load(lessonId, moves = []) {
    try {
      this.lessons = (await call("GET", `/api/learn/${this.game}`)).lessons;
      const id = lessonId && this.lessons.some((l) => l.id === lessonId) ? lessonId : this.lessons[0] && this.lessons[0].id;
      if (!id) {
        this.data = null;
        this.render();
        return;
      }
      this.data = await call("POST", `/api/learn/lessons/${id}`, { moves });
    } catch (err) {
      toast(err.message);
      return;
    }
    this.render();
  }

  open(lessonId) {
    window.history.replaceState(null, "", lessonPath(this.game, lang(), lessonId));
    this.load(lessonId);
  }

  async attempt(action) {
    const d = this.data;
    try {
      this.data = await call("POST", `/api/learn/lessons/${d.lesson.id}`, { moves: d.moves, attempt: action });
    } catch (err) {
      toast(err.message);
      return;
    }
    this.render();
    const note = this.root.querySelector("#lesson-feedback");
    if (note) note.focus();
  }

  render() {
    const d = this.data;
    this.root.dataset.page = "learn";
    const head = h(
      "section.panel.lesson-head",
      {},
      h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
      h("h1", {}, `${t("learn.lesson.heading")}: ${gameName(this.game, "game")}`),
      h("p.muted", {}, t("learn.lesson.intro")),
      h("nav.lesson-list", { "aria-label": t("learn.lesson.all") }, this.lessonGroups().map((g) => this.renderGroup(g, d))),
    );
    if (!d) {
      patch(this.root, [head, h("p.panel", {}, t("learn.lesson.none"))]);
      return;
    }
    const ctx = { game: this.game, seat: d.lesson.seat, names: d.names, t, name: (v) => gameName(this.game, v) };
    patch(this.root, [
      head,
      this.renderLesson(d),
      h("section.panel.board", { "aria-label": d.lesson.title }, this.renderer(d.view, ctx)),
      h("section.panel.log-panel", {}, h("h3", {}, t("web.table.log")), h("ol.log#log", { id: "log", tabindex: "0", "aria-label": t("web.table.log") }, d.events.map((e) => logLine(e)))),
    ]);
    // A long opening (the Count's whole round) scrolls: show its latest lines, as a table does.
    const log = this.root.querySelector("#log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  // The list in runs of one group (Love Letter's editions); a game without groups is one run.
  // Each run's numbers go on from the one before, as "Lesson N of M" counts them.
  lessonGroups() {
    const groups = [];
    this.lessons.forEach((l, i) => {
      const last = groups[groups.length - 1];
      if (last && last.group === (l.group || null)) last.items.push(l);
      else groups.push({ group: l.group || null, title: l.group_title || null, start: i + 1, items: [l] });
    });
    return groups;
  }

  renderGroup(g, d) {
    const list = h(
      "ol",
      { start: String(g.start) },
      g.items.map((l) =>
        h(
          "li",
          {},
          h("a", { href: lessonPath(this.game, lang(), l.id), "aria-current": d && d.lesson.id === l.id ? "page" : null, dataset: { lesson: l.id }, onclick: (e) => {
            e.preventDefault();
            this.open(l.id);
          } }, l.title),
        ),
      ),
    );
    if (!g.group) return list;
    return h("section.lesson-group", { dataset: { group: g.group } }, h("h2.lesson-group-title", {}, g.title), list);
  }

  renderLesson(d) {
    const f = d.feedback;
    const feedback = f
      ? h(
          `p.lesson-feedback.${f.ok ? "ok" : "not-it"}#lesson-feedback`,
          { id: "lesson-feedback", tabindex: "-1", role: "status" },
          h("strong", {}, f.ok ? (d.done ? t("learn.lesson.well_done") : "✓") : `${t("learn.lesson.not_it")}: `),
          " ",
          f.ok && !d.done ? null : f.text,
        )
      : null;
    const next = d.lesson.next;
    return h(
      "section.panel.lesson#lesson",
      { id: "lesson", dataset: { lesson: d.lesson.id, done: String(d.done) } },
      h("p.muted", {}, t("learn.lesson.count", { number: d.lesson.number, total: d.lesson.total })),
      h("h2", {}, d.lesson.title),
      h("p", {}, d.lesson.intro),
      feedback,
      d.done ? null : h("p.lesson-ask#lesson-ask", { id: "lesson-ask" }, d.ask),
      d.done
        ? h(
            "div.lesson-end",
            {},
            f && f.ok ? null : h("p", {}, d.ask),
            next
              ? h("button#next-lesson", { id: "next-lesson", type: "button", onclick: () => this.open(next) }, t("learn.lesson.next"))
              : h("p", {}, t("learn.lesson.finished")),
            h("button#lesson-again", { id: "lesson-again", type: "button", onclick: () => this.open(d.lesson.id) }, t("learn.lesson.again")),
          )
        : h(
            "div.lesson-moves#lesson-moves",
            { id: "lesson-moves", role: "group", "aria-label": t("learn.lesson.your_moves") },
            h("h3", {}, t("learn.lesson.your_moves")),
            d.options.map((o) => h("button.lesson-move", { type: "button", dataset: { action: o.action }, onclick: () => this.attempt(o.action) }, o.text)),
          ),
    );
  }
}
