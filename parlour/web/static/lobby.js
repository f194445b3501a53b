// The lobby: display name, a new table (game, players, options), and the list of tables.
import { call, keepHost, keepName, myName } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { howtoPath } from "./howto.js";
import { gameName, lang, t } from "./i18n.js";

function optionInput(game, spec) {
  const id = `opt-${spec.name}`;
  const defaultLabel =
    spec.default === null || spec.default === undefined
      ? t("web.lobby.default")
      : `${t("web.lobby.default")} (${spec.default})`;
  let input;
  if (spec.choices || spec.kind === "bool") {
    const choices = spec.choices || [true, false];
    input = h(
      "select",
      { id, name: spec.name, dataset: { kind: spec.kind } },
      h("option", { value: "" }, defaultLabel),
      choices.map((c) =>
        h("option", { value: JSON.stringify(c) }, spec.kind === "bool" ? t(`core.${c ? "yes" : "no"}`) : gameName(game, c)),
      ),
    );
  } else {
    input = h("input", {
      id,
      name: spec.name,
      type: spec.kind === "int" ? "number" : "text",
      min: spec.minimum ?? undefined,
      max: spec.maximum ?? undefined,
      placeholder: defaultLabel,
      dataset: { kind: spec.kind },
    });
  }
  return h("label.option", { for: id, title: spec.help }, h("span.option-name", spec.help || spec.name), input);
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

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.tables = [];
    this.choice = null;
  }

  async start() {
    [this.games, this.tables] = await Promise.all([call("GET", "/api/games"), call("GET", "/api/tables")]);
    this.choice = this.choice || (this.games[0] && this.games[0].id);
    this.render();
    this.timer = setInterval(() => this.refresh(), 4000);
  }

  async refresh() {
    try {
      this.tables = await call("GET", "/api/tables");
      this.renderTables();
    } catch {
      /* the next refresh tries again */
    }
  }

  async languageChanged() {
    this.games = await call("GET", "/api/games");
    this.render();
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
          h("span.game-title", gameName(g.id, "game")),
          h("span.game-players", `${g.min_players}–${g.max_players}`),
        ),
        h("a.howto-link", { href: howtoPath(g.id, lang()), dataset: { howto: g.id } }, `${t("web.howto.link")} →`)),
      ),
    );
    const game = this.game(this.choice);
    const form = h("form.new-table", { onsubmit: (e) => this.create(e, form) });
    if (game) {
      const players = h(
        "select#players",
        { id: "players", name: "players" },
        Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
          const n = game.min_players + i;
          return h("option", { value: n }, String(n));
        }),
      );
      form.append(
        h("label.option", { for: "players" }, h("span.option-name", t("web.lobby.players")), players),
        h(
          "fieldset.options",
          {},
          h("legend", {}, t("web.lobby.options")),
          h("a.howto-options", { href: howtoPath(game.id, lang(), "options"), target: "_blank", rel: "noopener" }, `${t("web.howto.options_link")} ↗`),
          game.options.map((spec) => optionInput(game.id, spec))),
        h("p.form-error", { role: "alert" }),
        h("button.primary#create", { type: "submit", id: "create" }, t("web.lobby.create")),
      );
    }
    this.tableList = h("div.table-list");
    this.root.append(
      h(
        "section.panel.lobby-new",
        {},
        h("h2", {}, t("web.lobby.new_table")),
        h("label.option", { for: "name" }, h("span.option-name", t("web.lobby.your_name")), name),
        h("h3", {}, t("web.lobby.game")),
        gamePick,
        form,
      ),
      h("section.panel.lobby-tables", {}, h("h2", {}, t("web.lobby.tables")), this.tableList),
    );
    this.renderTables();
  }

  renderTables() {
    if (!this.tableList) return;
    clear(this.tableList);
    if (!this.tables.length) {
      this.tableList.append(h("p.muted", {}, t("web.lobby.no_tables")));
      return;
    }
    for (const table of this.tables) {
      const seats = table.seats.map((s) => s.name || "·").join(", ");
      this.tableList.append(
        h(
          "div.table-row",
          { dataset: { table: table.id, status: table.status } },
          h("span.table-game", gameName(table.game, "game")),
          h("span.table-status", t(`web.status.${table.status}`)),
          h("span.table-seats", seats),
          h("a.button", { href: `/t/${table.id}` }, table.status === "open" ? t("web.lobby.open") : t("web.lobby.watch")),
          table.status === "over" ? h("a.button", { href: `/replay/${table.id}` }, t("web.lobby.replay")) : null,
        ),
      );
    }
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
