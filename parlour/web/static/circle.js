// Friends: add one by name, the friends (online or not, the public tables they sit at), the
// requests either way, and the invitations waiting (each a link to its table).
import { call } from "./api.js";
import { h } from "./dom.js";
import { need, t } from "./i18n.js";
import { patch } from "./patch.js";

const EVERY = 30000; // milliseconds between two looks (who is online changes slowly)

export class FriendsPage {
  constructor(root) {
    this.root = root;
    this.ownHeading = true;
    this.me = { account: null, csrf: null };
    this.circle = null;
    this.error = "";
  }

  async start() {
    await need("account");
    this.games = await call("GET", "/api/games");
    this.me = await call("GET", "/api/account");
    await this.load();
    if (this.me.account) this.timer = setInterval(() => this.load(), EVERY);
  }

  languageChanged() {
    this.render();
  }

  async load() {
    if (this.me.account) {
      try {
        this.circle = await call("GET", "/api/friends");
      } catch (err) {
        this.error = err.message;
      }
    }
    this.render();
  }

  async change(path, name) {
    try {
      this.circle = await call("POST", path, { name }, { "X-CSRF-Token": this.me.csrf });
      this.error = "";
    } catch (err) {
      this.error = err.message;
    }
    this.render();
  }

  gameName(id) {
    const game = (this.games || []).find((g) => g.id === id);
    return game ? game.name : id;
  }

  render() {
    patch(this.root, [
      h(
        "section.panel.account#friends-page",
        {},
        h("h1", {}, t("account.friends.title")),
        h("p.form-error", { role: "alert" }, this.error),
        this.me.account ? this.body() : h("p", {}, h("a#friends-sign-in", { href: "/account" }, t("account.friends.sign_in"))),
      ),
    ]);
  }

  body() {
    const c = this.circle || { friends: [], asked_by: [], asking: [], invitations: [] };
    return [
      h(
        "form#friend-add",
        { onsubmit: (e) => {
          e.preventDefault();
          this.change("/api/friends/add", this.root.querySelector("#friend-name").value);
        } },
        h("label.account-field", { for: "friend-name" }, h("span", {}, t("account.friends.add_name")),
          h("input#friend-name", { id: "friend-name", name: "friend-name", required: true, maxlength: 32, autocomplete: "off" })),
        h("button#friend-add-submit", { type: "submit" }, t("account.friends.add")),
      ),
      h("h2", {}, t("account.friends.invitations")),
      c.invitations.length
        ? h("ul.account-list#invitations", {}, c.invitations.map((i) => h("li", { dataset: { table: i.table } },
            t("account.friends.invited_by", { name: i.from }), " ", h("a", { href: `/t/${i.table}` }, t("account.friends.open")))))
        : h("p.muted", {}, t("account.profile.none")),
      h("h2", {}, t("account.friends.friends")),
      c.friends.length
        ? h("ul.account-list#friend-list", {}, c.friends.map((f) => h("li", { dataset: { name: f.name } },
            h("a", { href: `/players/${encodeURIComponent(f.name)}` }, f.name),
            " ",
            h("span.badge", {}, t(f.online ? "account.friends.online" : "account.friends.offline")),
            f.tables.map((tb) => [" ", h("a", { href: `/t/${tb.table}` }, this.gameName(tb.game))]),
            " ",
            h("button.friend-remove", { type: "button", onclick: () => this.change("/api/friends/remove", f.name) }, t("account.friends.remove")),
          )))
        : h("p.muted", {}, t("account.profile.none")),
      c.asked_by.length
        ? [h("h2", {}, t("account.friends.asked_by")), h("ul.account-list#asked-by", {}, c.asked_by.map((name) => h("li", { dataset: { name } },
            name, " ",
            h("button.friend-accept", { type: "button", onclick: () => this.change("/api/friends/add", name) }, t("account.friends.accept")),
            " ",
            h("button.friend-remove", { type: "button", onclick: () => this.change("/api/friends/remove", name) }, t("account.friends.decline")),
          )))]
        : null,
      c.asking.length
        ? [h("h2", {}, t("account.friends.asking")), h("ul.account-list#asking", {}, c.asking.map((name) => h("li", {}, name)))]
        : null,
    ];
  }
}
