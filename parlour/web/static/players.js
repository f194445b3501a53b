// A player's profile (name, ratings per game, recent rated games with their replays) and a
// game's ladder (the best ratings among players with enough rated games).
import { call } from "./api.js";
import { h } from "./dom.js";
import { need, t } from "./i18n.js";
import { patch } from "./patch.js";

const MIN_GAMES = 3; // as the server's routes.ratings.MIN_GAMES: a ladder's default

function gameName(games, id) {
  const game = games.find((g) => g.id === id);
  return game ? game.name : id;
}

function ratingText(value) {
  return value.toFixed(1);
}

export class ProfilePage {
  constructor(root, name) {
    this.root = root;
    this.ownHeading = true;
    this.name = name;
    this.profile = null;
    this.error = "";
  }

  async start() {
    await need("account");
    await this.load();
  }

  async languageChanged() {
    await this.load();
  }

  async load() {
    this.games = await call("GET", "/api/games");
    try {
      this.profile = await call("GET", `/api/players/${encodeURIComponent(this.name)}`);
      this.error = "";
    } catch (err) {
      this.profile = null;
      this.error = err.message;
    }
    this.render();
  }

  render() {
    const p = this.profile;
    patch(this.root, [
      h(
        "section.panel.account.profile#profile",
        {},
        h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
        h("h1", {}, p ? p.name : this.name),
        h("p.form-error", { role: "alert" }, this.error),
        p ? this.body(p) : null,
      ),
    ]);
  }

  body(p) {
    return [
      h("h2#profile-ratings-title", {}, t("account.profile.ratings")),
      p.ratings.length
        ? h(
            "table.account-table#profile-ratings",
            { "aria-labelledby": "profile-ratings-title" },
            h("thead", {}, h("tr", {},
              h("th", { scope: "col" }, t("account.profile.game")),
              h("th", { scope: "col" }, t("account.profile.rating")),
              h("th", { scope: "col" }, t("account.profile.games")),
              h("th", { scope: "col" }, t("account.profile.wins")),
            )),
            h("tbody", {}, p.ratings.map((r) => h("tr", {},
              h("th", { scope: "row" }, h("a", { href: `/ladder/${r.game}` }, gameName(this.games, r.game))),
              h("td", {}, ratingText(r.rating)),
              h("td", {}, String(r.games)),
              h("td", {}, String(r.wins)),
            ))),
          )
        : h("p.muted", {}, t("account.profile.none")),
      h("h2#profile-recent-title", {}, t("account.profile.recent")),
      p.recent.length
        ? h("ul.account-list#profile-recent", {}, p.recent.map((g) => h("li", { dataset: { table: g.table_id } },
            h("span", {}, gameName(this.games, g.game)),
            " ",
            h("span", {}, t(g.won ? "account.profile.won" : "account.profile.lost")),
            " ",
            h("span", {}, t("account.profile.change", { before: ratingText(g.before), after: ratingText(g.after) })),
            " ",
            h("a", { href: g.replay }, t("account.profile.replay")),
          )))
        : h("p.muted", {}, t("account.profile.none")),
    ];
  }
}

export class LadderPage {
  constructor(root, game) {
    this.root = root;
    this.ownHeading = true;
    this.game = game;
    // A link may ask for a shorter or longer record than the ladder's default.
    const asked = Number(new URLSearchParams(window.location.search).get("min_games"));
    this.minGames = Number.isInteger(asked) && asked >= 1 ? asked : MIN_GAMES;
    this.rows = [];
    this.error = "";
  }

  async start() {
    await need("account");
    await this.load();
  }

  async languageChanged() {
    await this.load();
  }

  async load() {
    this.games = await call("GET", "/api/games");
    try {
      this.rows = await call("GET", `/api/ratings/${encodeURIComponent(this.game)}?min_games=${this.minGames}`);
      this.error = "";
    } catch (err) {
      this.error = err.message;
    }
    this.render();
  }

  render() {
    patch(this.root, [
      h(
        "section.panel.account.ladder#ladder",
        {},
        h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
        h("h1#ladder-title", {}, t("account.ladder.title", { game: gameName(this.games, this.game) })),
        h("p.muted", {}, t("account.ladder.intro", { count: this.minGames })),
        h("p.form-error", { role: "alert" }, this.error),
        this.rows.length
          ? h(
              "table.account-table#ladder-rows",
              { "aria-labelledby": "ladder-title" },
              h("thead", {}, h("tr", {},
                h("th", { scope: "col" }, t("account.ladder.rank")),
                h("th", { scope: "col" }, t("account.ladder.player")),
                h("th", { scope: "col" }, t("account.profile.rating")),
                h("th", { scope: "col" }, t("account.profile.games")),
                h("th", { scope: "col" }, t("account.profile.wins")),
              )),
              h("tbody", {}, this.rows.map((r, i) => h("tr", {},
                h("td", {}, String(i + 1)),
                h("th", { scope: "row" }, h("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name)),
                h("td", {}, ratingText(r.rating)),
                h("td", {}, String(r.games)),
                h("td", {}, String(r.wins)),
              ))),
            )
          : h("p.muted", {}, t("account.ladder.empty")),
      ),
    ]);
  }
}
