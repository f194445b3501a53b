// Chat at the table: the players' channel (only the people seated read it) and the
// spectators' one (everyone at the table reads it, spectators write it). Names and lines are
// text, never markup; quick phrases are shown in each reader's language. The host may turn a
// channel off and mute a person.
import { ApiError, call, hostOf, keepName, myName } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

const PHRASES = ["gg", "wp", "your_turn", "hello", "thanks"];
const KEY = "parlour.chatkey";
const CHANNELS = ["players", "spectators"];

// The key this browser shows when it writes as a spectator (the host mutes by it).
function chatKey() {
  let key = window.localStorage.getItem(KEY);
  if (!key) {
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    window.localStorage.setItem(KEY, key);
  }
  return key;
}

function person(line) {
  return line.seat !== null && line.seat !== undefined ? `seat:${line.seat}` : `watcher:${line.author}`;
}

export class ChatBox {
  constructor(id) {
    this.id = id;
    this.lines = [];
    this.rules = { off: [], muted: [] };
    this.tab = null;
    this.draft = "";
    this.shown = 0; // lines drawn last time, to follow new ones
  }

  receive(msg) {
    this.lines = msg.reset ? msg.lines : this.lines.concat(msg.lines);
    this.rules = msg.rules;
  }

  // ctx: seat (null for a spectator), connected, send(message), redraw().
  render(ctx) {
    const seated = ctx.seat !== null && ctx.seat !== undefined;
    const mine = seated ? "players" : "spectators";
    const tab = seated && this.tab ? this.tab : mine;
    const host = hostOf(this.id);
    const lines = this.lines.filter((l) => l.channel === tab).map((l) => this.renderLine(l, host, ctx));
    const parts = [h("h2#chat-title", {}, t("friends.chat.title"))];
    if (seated) {
      parts.push(h("div.chat-tabs", { role: "group" }, CHANNELS.map((c) => h(
        `button.chat-tab#chat-tab-${c}`,
        { type: "button", "aria-pressed": String(c === tab), onclick: () => {
          this.tab = c;
          ctx.redraw();
        } },
        t(`friends.chat.${c}`),
      ))));
    }
    parts.push(lines.length
      ? h("ol.chat-lines#chat-lines", { tabindex: "0", "aria-label": t(`friends.chat.${tab}`), "aria-live": "polite" }, lines)
      : h("p.muted.chat-empty", {}, t("friends.chat.empty")));
    if (tab !== mine) parts.push(h("p.muted", {}, t("friends.chat.read_only")));
    else if (this.rules.off.includes(mine)) parts.push(h("p.muted.chat-off", {}, t("friends.chat.off")));
    else if (seated && this.rules.muted.includes(`seat:${ctx.seat}`)) parts.push(h("p.muted.chat-muted", {}, t("friends.chat.muted")));
    else parts.push(this.renderForm(ctx, seated));
    if (host) parts.push(this.renderHost());
    return h("section.panel.chat#chat", { "aria-labelledby": "chat-title" }, parts);
  }

  renderLine(line, host, ctx) {
    const who = person(line);
    const own = ctx.seat !== null && who === `seat:${ctx.seat}`;
    const muted = this.rules.muted.includes(who);
    return h(
      "li.chat-line",
      { dataset: { n: line.n, channel: line.channel } },
      h("span.chat-name", {}, line.name),
      " ",
      h("span.chat-text", {}, line.phrase ? t(`friends.phrase.${line.phrase}`) : line.text),
      host && !own ? h("button.chat-mute", { type: "button", onclick: () => this.setRules({ [muted ? "unmute" : "mute"]: who }) },
        t(muted ? "friends.chat.unmute" : "friends.chat.mute", { name: line.name })) : null,
    );
  }

  renderForm(ctx, seated) {
    const send = (message) => {
      if (!seated) {
        const field = document.getElementById("chat-name");
        const name = (field ? field.value : myName()).trim();
        keepName(name);
        Object.assign(message, { name, key: chatKey() });
      }
      ctx.send(message);
    };
    const form = h("form.chat-form", { onsubmit: (e) => {
      e.preventDefault();
      const field = e.currentTarget.querySelector("#chat-input");
      const text = field.value.trim();
      if (!text || !ctx.connected) return;
      send({ type: "chat", text });
      field.value = "";
      this.draft = "";
    } },
    !seated ? h("label.chat-name-field", {}, h("span", {}, t("friends.chat.your_name")), h("input#chat-name", {
      value: myName(), maxlength: 32, onchange: (e) => keepName(e.target.value.trim()),
    })) : null,
    h("div.row", {},
      h("input#chat-input", { value: this.draft, maxlength: 300, "aria-label": t("friends.chat.message"), autocomplete: "off",
        oninput: (e) => { this.draft = e.target.value; } }),
      h("button#chat-send", { type: "submit", disabled: !ctx.connected }, t("friends.chat.send"))),
    h("div.chat-phrases", { role: "group", "aria-label": t("friends.chat.phrases") }, PHRASES.map((p) => h(
      "button.chat-phrase", { type: "button", disabled: !ctx.connected, dataset: { phrase: p }, onclick: () => send({ type: "chat", phrase: p }) },
      t(`friends.phrase.${p}`),
    ))));
    return form;
  }

  renderHost() {
    return h("p.chat-host", {}, t("friends.chat.allow"), CHANNELS.map((c) => h("label", {}, " ", h(`input#chat-on-${c}`, {
      type: "checkbox",
      checked: !this.rules.off.includes(c),
      onchange: (e) => {
        const off = new Set(this.rules.off);
        if (e.currentTarget.checked) off.delete(c);
        else off.add(c);
        this.setRules({ off: [...off] });
      },
    }), " ", t(`friends.chat.${c}`))));
  }

  async setRules(change) {
    try {
      this.rules = await call("POST", `/api/tables/${this.id}/chat`, { host_token: hostOf(this.id), ...change });
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    }
  }

  // After a drawing: the list follows new lines.
  follow(root) {
    const list = root.querySelector("#chat-lines");
    if (list && this.lines.length !== this.shown) list.scrollTop = list.scrollHeight;
    this.shown = this.lines.length;
  }
}
