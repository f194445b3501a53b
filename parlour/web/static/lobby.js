// The lobby: display name and "Play now against bots" first, then the public tables a page at
// a time (filtered by game and by tables waiting for players), then a new table (game,
// players, options, listed or private).
import { call, keepHost, keepName, myName, seatOf } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { howtoPath } from "./howto.js";
import { LESSON_GAMES, lessonPath } from "./lesson.js";
import { lang, seatName, t } from "./i18n.js";
import { paintTurns, watchTurns } from "./mineturns.js";
import { QuickPlay, editionOf, playerRange } from "./quickplay.js";

// A choice's words at the start of a menu line ("classic" → "Classic").
function capital(text) {
  return text ? text.charAt(0).toLocaleUpperCase(lang()) + text.slice(1) : text;
}

// One option: its short label, the control, and its help as a hint beside it.
// Leaving a control at its first line sends nothing, so the game's own default applies.
function optionInput(spec, players) {
  const id = `opt-${spec.name}`;
  const hintId = `${id}-hint`;
  const fallback = capital(t("core.option.default_mark", { value: spec.default_text }));
  const common = { id, name: spec.name, dataset: { kind: spec.kind }, "aria-describedby": hintId };
  let input;
  if (spec.choices || spec.kind === "bool" || spec.seat) {
    let values;
    let labels;
    if (spec.seat) {
      values = Array.from({ length: players }, (_, i) => i);
      labels = values.map((i) => t("core.option.seat", { number: i + 1 }));
    } else if (spec.choices) {
      values = spec.choices;
      labels = spec.choice_labels || spec.choices.map(String);
    } else {
      values = [true, false];
      labels = [t("core.yes"), t("core.no")];
    }
    input = h(
      "select",
      common,
      h("option", { value: "" }, fallback),
      values
        .map((v, i) => [v, labels[i]])
        .filter(([v]) => JSON.stringify(v) !== JSON.stringify(spec.default))
        .map(([v, label]) => h("option", { value: JSON.stringify(v) }, capital(label))),
    );
  } else {
    input = h("input", {
      ...common,
      type: spec.kind === "int" ? "number" : "text",
      min: spec.minimum ?? undefined,
      max: spec.maximum ?? undefined,
      inputmode: spec.kind === "int_list" ? "numeric" : undefined,
      placeholder: fallback,
    });
  }
  return h(
    "div.option",
    { dataset: { option: spec.name } },
    h("label.option-name", { for: id }, spec.label),
    input,
    spec.help ? h("small.option-hint", { id: hintId }, spec.help) : null,
  );
}

function readOptions(form) {
  const options = {};
  for (const el of form.querySelectorAll("[data-kind]")) {
    const raw = el.value.trim();
    if (raw === "") continue;
    const kind = el.dataset.kind;
    if (el.tagName === "SELECT") options[el.name] = JSON.parse(raw);
    else if (kind === "int") options[el.name] = Number(raw);
    else if (kind === "int_list") options[el.name] = raw.split(",").map((p) => Number(p.trim()));
    else options[el.name] = raw;
  }
  return options;
}

const PAGE = 20; // tables a page of the list shows

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.tables = [];
    this.choice = null;
    this.filter = { game: "", waiting: false };
    this.offset = 0;
    this.more = false;
    this.quick = new QuickPlay();
  }

  async start() {
    [this.games] = await Promise.all([call("GET", "/api/games"), this.load()]);
    this.choice = this.choice || (this.games[0] && this.games[0].id);
    this.render();
    this.timer = setInterval(() => this.refresh(), 4000);
    watchTurns(); // the header's count of tables awaiting your move
  }

  // One page of the public tables (one more asked for, to know whether a next page exists).
  async load() {
    const query = new URLSearchParams({ offset: String(this.offset), limit: String(PAGE + 1) });
    if (this.filter.game) query.set("game", this.filter.game);
    if (this.filter.waiting) query.set("waiting", "true");
    const rows = await call("GET", `/api/tables?${query}`);
    this.more = rows.length > PAGE;
    this.tables = rows.slice(0, PAGE);
  }

  async refresh() {
    try {
      await this.load();
      this.renderTables();
    } catch {
      /* the next refresh tries again */
    }
  }

  // A filter or the page changed: the list is fetched again at once.
  async changeList(offset) {
    this.offset = Math.max(0, offset);
    await this.refresh();
  }

  async languageChanged() {
    this.games = await call("GET", "/api/games");
    this.render();
    paintTurns();
  }

  game(id) {
    return this.games.find((g) => g.id === id);
  }

  render() {
    clear(this.root);
    const name = h("input#name", {
      id: "name",
      value: myName(),
      maxlength: 32,
      autocomplete: "nickname",
      onchange: (e) => keepName(e.target.value.trim()),
    });
    const gamePick = h(
      "div.game-pick",
      {},
      this.games.map((g) =>
        h("div.game-card", h(
          "button.game-choice",
          {
            type: "button",
            "aria-pressed": String(g.id === this.choice),
            dataset: { game: g.id },
            onclick: () => {
              this.choice = g.id;
              this.render();
            },
          },
          h("span.game-title", g.name),
          h("span.game-players", t("core.option.players", { low: g.min_players, high: g.max_players })),
        ),
        h("a.howto-link", { href: howtoPath(g.id, lang()), dataset: { howto: g.id } }, `${t("web.howto.link")} →`),
        LESSON_GAMES.includes(g.id) ? h("a.howto-link", { href: lessonPath(g.id, lang()), dataset: { lessons: g.id } }, `${t("web.learn.link")} →`) : null),
      ),
    );
    const game = this.game(this.choice);
    const form = h("form.new-table", { onsubmit: (e) => this.create(e, form) });
    if (game) this.fillForm(form, game, {}, null);
    this.tableList = h("div.table-list");
    this.pager = h("nav.pager", { "aria-label": t("web.lobby.pages") });
    const gameFilter = h(
      "select#filter-game",
      { id: "filter-game", onchange: (e) => { this.filter.game = e.target.value; this.changeList(0); } },
      h("option", { value: "" }, t("web.lobby.all_games")),
      this.games.map((g) => h("option", { value: g.id }, g.name)),
    );
    gameFilter.value = this.filter.game;
    const waiting = h("input#filter-waiting", {
      id: "filter-waiting",
      type: "checkbox",
      onchange: (e) => { this.filter.waiting = e.target.checked; this.changeList(0); },
    });
    waiting.checked = this.filter.waiting;
    const filters = h(
      "div.table-filters",
      {},
      h("label.option", { for: "filter-game" }, h("span.option-name", t("web.lobby.game")), gameFilter),
      h("label.check", { for: "filter-waiting" }, waiting, h("span", {}, t("web.lobby.waiting"))),
    );
    // One tap to a game against bots, then the tables open to join, then a table made to measure.
    this.root.append(
      this.quick.render(this.games, this.choice, h("label.option", { for: "name" }, h("span.option-name", t("web.lobby.your_name")), name)),
      h("section.panel.lobby-tables", {}, h("h2", {}, t("web.lobby.tables")), filters, this.tableList, this.pager),
      h(
        "section.panel.lobby-new",
        {},
        h("h2", {}, t("web.lobby.new_table")),
        h("h3", {}, t("web.lobby.game")),
        gamePick,
        form,
      ),
    );
    this.renderTables();
  }

  // The form for one game; redrawn when a choice changes the valid player counts or seats.
  fillForm(form, game, options, wanted) {
    clear(form);
    const [low, high] = playerRange(game, options);
    const players = Math.min(Math.max(wanted ?? low, low), high);
    const count = h(
      "select#players",
      { id: "players", name: "players" },
      Array.from({ length: high - low + 1 }, (_, i) => h("option", { value: low + i }, String(low + i))),
    );
    count.value = String(players);
    const fields = game.options.map((spec) => optionInput(spec, players));
    form.append(
      h("div.option", {}, h("label.option-name", { for: "players" }, t("web.lobby.players")), count),
      h(
        "fieldset.options",
        {},
        h("legend", {}, t("web.lobby.options")),
        h("a.howto-options", { href: howtoPath(game.id, lang(), "options"), target: "_blank", rel: "noopener" }, `${t("web.howto.options_link")} ↗`),
        fields,
      ),
      h(
        "div.option.public-choice",
        {},
        h(
          "label.check",
          { for: "public" },
          h("input#public", { id: "public", name: "public", type: "checkbox" }),
          h("span", {}, t("web.lobby.public")),
        ),
        h("p.option-hint", {}, t("web.lobby.public_hint")),
      ),
      h(
        "div.option.hints-choice",
        {},
        h("label.check", { for: "hints" }, h("input#hints", { id: "hints", name: "hints", type: "checkbox", "aria-describedby": "hints-hint" }), h("span", {}, t("web.lobby.hints"))),
        h("p.option-hint#hints-hint", { id: "hints-hint" }, t("web.lobby.hints_hint")),
      ),
      h("p.form-error", { role: "alert" }),
      h("button.primary#create", { type: "submit", id: "create" }, t("web.lobby.create")),
    );
    // Keep what was chosen; a seat past the new table size falls back to random.
    for (const el of form.querySelectorAll("[data-kind]")) {
      if (!Object.prototype.hasOwnProperty.call(options, el.name)) continue;
      const raw = el.tagName === "SELECT" ? JSON.stringify(options[el.name]) : String(options[el.name]);
      if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === raw)) el.value = raw;
    }
    const redraw = () => {
      const focused = document.activeElement && document.activeElement.id;
      this.fillForm(form, game, readOptions(form), Number(count.value));
      if (focused) document.getElementById(focused)?.focus();
    };
    count.addEventListener("change", redraw);
    for (const el of form.querySelectorAll("select[data-kind]")) el.addEventListener("change", redraw);
  }

  renderTables() {
    if (!this.tableList) return;
    clear(this.tableList);
    this.renderPager();
    if (!this.tables.length) {
      const filtered = this.filter.game || this.filter.waiting || this.offset;
      this.tableList.append(h("p.muted", {}, t(filtered ? "web.lobby.no_match" : "web.lobby.no_tables")));
      return;
    }
    for (const table of this.tables) {
      const game = this.game(table.game);
      const seated = table.seats.filter((s) => s.kind).map((s) => seatName(s)).join(", ");
      const free = table.seats.filter((s) => !s.kind).length;
      const edition = editionOf(game, table.options);
      this.tableList.append(
        h(
          "div.table-row",
          { dataset: { table: table.id, status: table.status } },
          h("span.table-game", game?.name || table.game, edition ? h("span.table-edition", ` · ${edition}`) : null),
          table.status === "open" ? h("span.table-free", t("web.lobby.seats_free", { free, seats: table.seats.length })) : null,
          h("span.table-status", t(`web.status.${table.status}`), table.hints ? h("span.badge.hints-on", {}, t("web.hint.on")) : null),
          h("span.table-seats", seated),
          h("a.button", { href: `/t/${table.id}` }, t(this.action(table))),
          table.status === "over" ? h("a.button", { href: `/replay/${table.id}` }, t("web.lobby.replay")) : null,
        ),
      );
    }
  }

  // At a table where this browser holds a seat: Resume (not Watch) while it is not over.
  action(table) {
    if (table.status !== "over" && seatOf(table.id)) return "web.lobby.resume";
    return table.status === "open" ? "web.lobby.open" : "web.lobby.watch";
  }

  renderPager() {
    if (!this.pager) return;
    clear(this.pager);
    if (!this.offset && !this.more) return;
    this.pager.append(
      h("button#page-prev", { type: "button", id: "page-prev", disabled: !this.offset, onclick: () => this.changeList(this.offset - PAGE) }, `← ${t("web.lobby.previous")}`),
      h("span.page-number", {}, t("web.lobby.page", { number: Math.floor(this.offset / PAGE) + 1 })),
      h("button#page-next", { type: "button", id: "page-next", disabled: !this.more, onclick: () => this.changeList(this.offset + PAGE) }, `${t("web.lobby.next")} →`),
    );
  }

  async create(event, form) {
    event.preventDefault();
    const error = form.querySelector(".form-error");
    error.textContent = "";
    try {
      const body = {
        game: this.choice,
        players: Number(form.querySelector("#players").value),
        options: readOptions(form),
        public: form.querySelector("#public").checked,
        hints: form.querySelector("#hints").checked,
      };
      const created = await call("POST", "/api/tables", body);
      keepHost(created.table.id, created.host_token);
      clearInterval(this.timer);
      window.location.assign(created.invite);
    } catch (err) {
      error.textContent = err.message;
      toast(err.message);
    }
  }
}
