// "Play now against bots": one tap from the lobby makes a table with you in the first seat and
// bots of the chosen level in the others, starts it and opens it.
import { ApiError, call, keepHost, keepName, keepSeat } from "./api.js";
import { h, toast } from "./dom.js";
import { BOT_LEVELS, botKind, t } from "./i18n.js";

// The player counts the chosen options allow (Love Letter's edition sets them).
export function playerRange(game, options) {
  let [low, high] = [game.min_players, game.max_players];
  for (const spec of game.options) {
    const chosen = Object.prototype.hasOwnProperty.call(options, spec.name) ? options[spec.name] : spec.default;
    const range = spec.players_by_choice && spec.players_by_choice[String(chosen)];
    if (range) [low, high] = [Math.max(low, range[0]), Math.min(high, range[1])];
  }
  return [low, high];
}

// The words a table's row says of its options: Love Letter's edition (the only game with
// editions), as its choice is labelled in the lobby's form.
export function editionOf(game, options) {
  const spec = game && game.options.find((s) => s.name === "edition" && s.choices);
  if (!spec) return null;
  const value = Object.prototype.hasOwnProperty.call(options || {}, "edition") ? options.edition : spec.default;
  const at = spec.choices.indexOf(value);
  const label = at >= 0 && spec.choice_labels ? spec.choice_labels[at] : String(value);
  return label.charAt(0).toLocaleUpperCase() + label.slice(1);
}

export class QuickPlay {
  constructor() {
    this.game = null;
    this.players = null;
    this.level = "normal";
    this.busy = false;
  }

  // The panel: game, players and the bots' level, then Play now.
  render(games, chosen, nameField) {
    const game = games.find((g) => g.id === (this.game || chosen)) || games[0];
    if (!game) return null;
    const [low, high] = playerRange(game, {});
    const players = Math.min(Math.max(this.players || low, low), high);
    const redraw = (panel) => panel.replaceWith(this.render(games, chosen, nameField));
    const select = (id, label, value, options, onchange) =>
      h("label.option", { for: id }, h("span.option-name", label), h(`select#${id}`, { id, onchange }, options.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))));
    const panel = h(
      "section.panel.quick-play#quick-play",
      { "aria-labelledby": "quick-title" },
      h("h2#quick-title", t("web.lobby.quick")),
      nameField,
      h(
        "div.quick-fields",
        select("quick-game", t("web.lobby.game"), game.id, games.map((g) => [g.id, g.name]), (e) => {
          this.game = e.currentTarget.value;
          redraw(panel);
        }),
        select("quick-players", t("web.lobby.players"), players, Array.from({ length: high - low + 1 }, (_, i) => [low + i, String(low + i)]), (e) => {
          this.players = Number(e.currentTarget.value);
        }),
        select("quick-level", t("web.lobby.bot_level"), this.level, BOT_LEVELS.filter((b) => game.bots.includes(b)).map((b) => [b, botKind(b)]), (e) => {
          this.level = e.currentTarget.value;
        }),
      ),
      h("button.primary.play-now#play-now", { type: "button", disabled: this.busy, onclick: () => this.play(panel, game) }, t("web.lobby.play_now")),
    );
    return panel;
  }

  // Table, seat, bots, start: the same calls a person makes by hand, in a row.
  async play(panel, game) {
    const field = document.getElementById("name");
    const name = (field && field.value.trim()) || t("web.lobby.default_name");
    keepName(name);
    const players = Number(panel.querySelector("#quick-players").value);
    const level = panel.querySelector("#quick-level").value;
    const button = panel.querySelector("#play-now");
    button.disabled = true;
    this.busy = true;
    try {
      const made = await call("POST", "/api/tables", { game: game.id, players, options: {}, public: false, hints: false });
      const id = made.table.id;
      const host = made.host_token;
      keepHost(id, host);
      const seat = await call("POST", `/api/tables/${id}/seats/0`, { name });
      keepSeat(id, 0, seat.token);
      for (let s = 1; s < players; s++) await call("POST", `/api/tables/${id}/bots/${s}`, { bot: level, host_token: host });
      await call("POST", `/api/tables/${id}/start`, { host_token: host });
      window.location.assign(made.invite);
    } catch (err) {
      this.busy = false;
      button.disabled = false;
      toast(err instanceof ApiError ? err.message : String(err));
    }
  }
}
