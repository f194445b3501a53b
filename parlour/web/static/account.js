// Account: make one with a passkey, sign in (passkey, recovery code or password), and the
// account's own page (a password, a new recovery code, sign out). At each sign-in the seats and
// hosted tables this browser holds join the account, and those the account holds elsewhere are
// kept here too, so My games is the same on every device.
import { markSignedIn, syncAccount } from "./accountsync.js";
import { call, heldTokens, myName } from "./api.js";
import { h } from "./dom.js";
import { need, t } from "./i18n.js";
import { patch } from "./patch.js";
import { KINDS, pushesPossible, turnOff, turnOn } from "./pushes.js";

const MIN_PASSWORD = 8; // as the server's accounts.keys.MIN_PASSWORD

function toBytes(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toText(buffer) {
  const binary = String.fromCharCode(...new Uint8Array(buffer));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function described(list) {
  return (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));
}

// The server's options (JSON, base64url) as the browser's credentials API takes them.
function creationOptions(o) {
  return {
    ...o,
    challenge: toBytes(o.challenge),
    user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: described(o.excludeCredentials),
  };
}

function requestOptions(o) {
  return { ...o, challenge: toBytes(o.challenge), allowCredentials: described(o.allowCredentials) };
}

// An authenticator's answer as JSON (base64url), as the server reads it.
function credentialJSON(cred) {
  const r = cred.response;
  const response = { clientDataJSON: toText(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toText(r.attestationObject);
  if (r.authenticatorData) {
    response.authenticatorData = toText(r.authenticatorData);
    response.signature = toText(r.signature);
    if (r.userHandle) response.userHandle = toText(r.userHandle);
  }
  return {
    id: cred.id,
    rawId: toText(cred.rawId),
    type: cred.type,
    response,
    clientExtensionResults: cred.getClientExtensionResults(),
  };
}

export class AccountPage {
  constructor(root) {
    this.root = root;
    this.ownHeading = true;
    this.me = { account: null, csrf: null };
    this.code = null; // a recovery code to show once
    this.error = "";
    this.notice = "";
    this.passkeys = Boolean(window.PublicKeyCredential && navigator.credentials);
  }

  async start() {
    await need("account");
    this.me = await call("GET", "/api/account");
    if (this.me.account) await this.sync();
    if (this.me.account) this.shows = await call("GET", "/api/account/profile");
    this.render();
  }

  languageChanged() {
    this.render();
  }

  // This browser's seats join the account; the account's join this browser.
  async sync() {
    await syncAccount(this.me);
  }

  guard() {
    return { "X-CSRF-Token": this.me.csrf || "" };
  }

  // Run one request of the page: its error shown, the page drawn again either way.
  async attempt(work) {
    this.error = "";
    this.notice = "";
    try {
      await work();
    } catch (err) {
      this.error = err instanceof DOMException ? t("account.error.passkey_failed") : err.message;
    }
    this.render();
  }

  async signedIn(answer) {
    this.me = { account: answer.account, csrf: answer.csrf };
    this.code = answer.recovery_code || null;
    await this.sync();
    this.shows = await call("GET", "/api/account/profile");
  }

  signUp(event) {
    event.preventDefault();
    return this.attempt(async () => {
      const name = this.root.querySelector("#signup-name").value;
      const password = this.root.querySelector("#signup-password").value;
      const begun = await call("POST", "/api/account/signup/options", { name });
      const cred = await navigator.credentials.create({ publicKey: creationOptions(begun.options) });
      const body = { ceremony: begun.ceremony, credential: credentialJSON(cred), held: heldTokens() };
      if (password) body.password = password;
      await this.signedIn(await call("POST", "/api/account/signup", body));
    });
  }

  signInPasskey() {
    return this.attempt(async () => {
      const begun = await call("POST", "/api/account/signin/options", {});
      const cred = await navigator.credentials.get({ publicKey: requestOptions(begun.options) });
      const body = { ceremony: begun.ceremony, credential: credentialJSON(cred), held: heldTokens() };
      await this.signedIn(await call("POST", "/api/account/signin/passkey", body));
    });
  }

  signInCode(event) {
    event.preventDefault();
    return this.attempt(async () => {
      const code = this.root.querySelector("#signin-code").value;
      await this.signedIn(await call("POST", "/api/account/signin/code", { code, held: heldTokens() }));
    });
  }

  signInPassword(event) {
    event.preventDefault();
    return this.attempt(async () => {
      const name = this.root.querySelector("#signin-name").value;
      const password = this.root.querySelector("#signin-password").value;
      const body = { name, password, held: heldTokens() };
      await this.signedIn(await call("POST", "/api/account/signin/password", body));
    });
  }

  setPassword(event, password) {
    if (event) event.preventDefault();
    return this.attempt(async () => {
      const found = await call("POST", "/api/account/password", { password }, this.guard());
      this.me.account = found.account;
      this.notice = t("account.me.saved");
    });
  }

  newCode() {
    return this.attempt(async () => {
      this.code = (await call("POST", "/api/account/recovery", null, this.guard())).recovery_code;
    });
  }

  deleteAccount(event) {
    event.preventDefault();
    return this.attempt(async () => {
      const name = this.root.querySelector("#delete-name").value;
      this.me = await call("POST", "/api/account/delete", { name }, this.guard());
      markSignedIn(false);
    });
  }

  signOut() {
    return this.attempt(async () => {
      this.me = await call("POST", "/api/account/signout", null, this.guard());
      markSignedIn(false);
    });
  }

  render() {
    let body;
    if (this.code) body = this.codePanel();
    else if (this.me.account) body = this.accountPanel();
    else body = [this.signUpPanel(), this.signInPanel()];
    patch(this.root, [
      h(
        "section.panel.account#account",
        {},
        h("h1", {}, this.me.account && !this.code ? t("account.me.title", { name: this.me.account.name }) : t("account.title")),
        h("p.form-error", { role: "alert" }, this.error),
        h("p.account-notice", { role: "status" }, this.notice),
        body,
      ),
    ]);
  }

  field(id, label, attrs = {}) {
    return h("label.account-field", { for: id }, h("span", {}, label), h(`input#${id}`, { id, name: id, ...attrs }));
  }

  signUpPanel() {
    return h(
      "section.account-part#signup-part",
      { "aria-labelledby": "signup-title" },
      h("h2#signup-title", {}, t("account.signup.title")),
      h("p.muted", {}, t("account.signup.intro")),
      this.passkeys ? null : h("p.muted", {}, t("account.error.no_passkeys")),
      h(
        "form#signup",
        { onsubmit: (e) => this.signUp(e) },
        this.field("signup-name", t("account.signup.name"), { required: true, maxlength: 32, autocomplete: "username", value: myName() }),
        this.field("signup-password", t("account.signup.password", { least: MIN_PASSWORD }), { type: "password", minlength: MIN_PASSWORD, autocomplete: "new-password" }),
        h("button.primary#signup-submit", { type: "submit", disabled: !this.passkeys }, t("account.signup.submit")),
      ),
    );
  }

  signInPanel() {
    return h(
      "section.account-part#signin-part",
      { "aria-labelledby": "signin-title" },
      h("h2#signin-title", {}, t("account.signin.title")),
      h("button.primary#signin-passkey", { type: "button", disabled: !this.passkeys, onclick: () => this.signInPasskey() }, t("account.signin.passkey")),
      h(
        "form#signin-code-form",
        { onsubmit: (e) => this.signInCode(e) },
        this.field("signin-code", t("account.signin.code"), { required: true, autocomplete: "off", spellcheck: "false" }),
        h("button#signin-code-submit", { type: "submit" }, t("account.signin.code_submit")),
      ),
      h(
        "form#signin-password-form",
        { onsubmit: (e) => this.signInPassword(e) },
        this.field("signin-name", t("account.signin.name"), { required: true, autocomplete: "username" }),
        this.field("signin-password", t("account.signin.password"), { required: true, type: "password", autocomplete: "current-password" }),
        h("button#signin-password-submit", { type: "submit" }, t("account.signin.password_submit")),
      ),
    );
  }

  showsPanel() {
    const shows = this.shows || { ratings: true, games: true };
    const box = (kind, label) => h("label.check", { for: `show-${kind}` },
      h(`input#show-${kind}`, { id: `show-${kind}`, type: "checkbox", checked: shows[kind] }), " ", label);
    return h(
      "fieldset.account-part#shows-part",
      {},
      h("legend", {}, t("account.me.shows")),
      box("ratings", t("account.me.show_ratings")),
      box("games", t("account.me.show_games")),
      h("button#shows-save", { type: "button", onclick: () => this.attempt(async () => {
        const body = {
          ratings: this.root.querySelector("#show-ratings").checked,
          games: this.root.querySelector("#show-games").checked,
        };
        this.shows = await call("POST", "/api/account/profile", body, this.guard());
        this.notice = t("account.me.saved");
      }) }, t("account.me.show_save")),
    );
  }

  pushPanel() {
    if (!pushesPossible()) return h("p.muted#push-unavailable", {}, t("account.push.unavailable"));
    const boxes = KINDS.map((kind) => h("label.check", { for: `push-${kind}` },
      h(`input#push-${kind}`, { id: `push-${kind}`, type: "checkbox", checked: true }), " ", t(`account.push.${kind}`)));
    return h(
      "fieldset.account-part#push-part",
      {},
      h("legend", {}, t("account.push.title")),
      boxes,
      h("p.row", {},
        h("button#push-on", { type: "button", onclick: () => this.attempt(async () => {
          const chosen = Object.fromEntries(KINDS.map((k) => [k, this.root.querySelector(`#push-${k}`).checked]));
          if (!(await turnOn(chosen, this.me.csrf))) throw new Error(t("account.push.refused"));
          this.notice = t("account.me.saved");
        }) }, t("account.push.on")),
        h("button#push-off", { type: "button", onclick: () => this.attempt(async () => {
          await turnOff(this.me.csrf);
          this.notice = t("account.me.saved");
        }) }, t("account.push.off")),
      ),
    );
  }

  codePanel() {
    return h(
      "section.account-part#code-part",
      { "aria-labelledby": "code-title" },
      h("h2#code-title", {}, t("account.code.title")),
      h("p.muted", {}, t("account.code.intro")),
      h("p.account-code", {}, h("code#recovery-code", {}, this.code)),
      h("button.primary#code-done", { type: "button", onclick: () => { this.code = null; this.render(); } }, t("account.code.done")),
    );
  }

  accountPanel() {
    const account = this.me.account;
    return h(
      "section.account-part#me-part",
      {},
      h("p.row", {},
        h("a.button#account-games", { href: "/mine" }, t("account.me.games")),
        h("a.button#account-friends", { href: "/friends" }, t("account.me.friends")),
      ),
      h("p#account-passkeys", {}, t("account.me.passkeys", { count: account.passkeys })),
      h("p#account-password-state", {}, t(account.password ? "account.me.password_on" : "account.me.password_off")),
      h(
        "form#password-form",
        { onsubmit: (e) => this.setPassword(e, this.root.querySelector("#password-new").value) },
        this.field("password-new", t("account.me.password_new", { least: MIN_PASSWORD }), { type: "password", required: true, minlength: MIN_PASSWORD, autocomplete: "new-password" }),
        h("button#password-save", { type: "submit" }, t("account.me.password_save")),
        account.password ? h("button#password-remove", { type: "button", onclick: () => this.setPassword(null, null) }, t("account.me.password_remove")) : null,
      ),
      h("p.row", {},
        h("button#new-code", { type: "button", onclick: () => this.newCode() }, t("account.me.new_code")),
        h("button#signout", { type: "button", onclick: () => this.signOut() }, t("account.me.signout")),
      ),
      this.showsPanel(),
      this.pushPanel(),
      h("p.row", {},
        h("a#account-profile", { href: `/players/${encodeURIComponent(account.name)}` }, t("account.me.profile")),
        h("a#account-export", { href: "/api/account/export", download: "parlour-account.json" }, t("account.me.export")),
      ),
      h(
        "form#delete-form",
        { "aria-labelledby": "delete-title", onsubmit: (e) => this.deleteAccount(e) },
        h("h2#delete-title", {}, t("account.me.delete_title")),
        h("p.muted", {}, t("account.me.delete_intro")),
        this.field("delete-name", t("account.me.delete_name"), { required: true, autocomplete: "off" }),
        h("button.danger#delete-submit", { type: "submit" }, t("account.me.delete_submit")),
      ),
    );
  }
}
