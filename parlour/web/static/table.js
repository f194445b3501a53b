// A table: seats and invitation while it fills, then live play over a per-seat websocket.
import { ApiError, call, hostOf, keepName, keepSeat, myName, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { BOT_LEVELS, botKind, gameName, has, lang, need, seatName, t } from "./i18n.js";
import { languageRefused } from "./language.js";
import { BoardPlay } from "./board.js";
import { hideTip } from "./cardhelp.js";
import { ChatBox } from "./chat.js";
import { ClockView } from "./clock.js";
import { logLine } from "./logview.js";
import { StepMenu } from "./menu.js";
import { markFresh, motionOn } from "./motion.js";
import { DragOrder } from "./order.js";
import { HintBox } from "./hint.js";
import { patch } from "./patch.js";
import { Presence } from "./presence.js";
import { inviteFriends } from "./invite.js";
import { ratedSwitch, ratingChanges } from "./rated.js";
import { rematchButton } from "./rematch.js";
import { SeatLink, claimFromAddress } from "./seatlink.js";
import { SeatRemoval } from "./seatremove.js";
import { loadRenderer } from "./render.js";
import { announce, chime, noticeTurn } from "./notice.js";

const ASK = "parlour.confirm";
const UNSEEN = "parlour.unseen";

// Whether a finished move is shown in words before it is sent (on unless switched off).
function askFirst() {
  return window.localStorage.getItem(ASK) !== "off";
}

// A seat's role where the game gives seats roles (Infinity Gauntlet: Thanos, then heroes).
function seatRole(game, seat) {
  const key = has(`${game}.seat.${seat}`) ? `${game}.seat.${seat}` : `${game}.seat.n`;
  return has(key) ? h("span.seat-role", t(key, { number: seat })) : null;
}

export class TablePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.ownHeading = true; // its h1 names the game
    this.msg = null;
    this.log = [];
    this.menu = null;
    this.socket = null;
    this.retry = 0;
    this.bots = [];
    this.renderer = null;
    this.closed = false;
    this.cardKeys = null; // the cards of the previous drawing, to mark new ones
    this.freshFrom = 0; // log lines from here on are new
    this.dismissed = new Set(); // round summaries closed by the player
    this.endDismissed = false;
    this.shownEnd = false;
    this.shownRound = null;
    this.connected = false;
    this.wasMyTurn = false;
    this.board = null; // the legal moves as taps on the board
    this.pending = null; // a finished move waiting for its confirmation
    this.presence = new Presence(); // who is at the table now
    this.order = new DragOrder(); // cards being put in order by dragging
    this.chat = new ChatBox(id);
    this.clock = new ClockView(id);
    this.seatLink = new SeatLink(id);
    this.hint = new HintBox(id); // the hard bot's advice, where the host turned hints on
    this.removal = new SeatRemoval(id); // the host's remove (and ban) with its confirmation
    // One pair of listeners for the board's taps: the board is redrawn, these stay.
    root.addEventListener("click", (e) => this.boardTap(e));
    root.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") this.boardTap(e);
    });
    for (const type of ["dragstart", "dragover", "drop"]) {
      root.addEventListener(type, (e) => {
        if (this.board && !this.pending && this.connected && this.order.handle(e)) this.render();
      });
    }
  }

  boardTap(e) {
    const el = e.target instanceof Element ? e.target.closest("[data-pick-key], [data-pick-done], [data-pick-back]") : null;
    if (!el || !this.board || this.pending || !this.connected) return;
    if (el.dataset.pickKey && !el.matches(".pickable, .pick")) return;
    // A tap that plays is not a request for the card's rule (cardhelp.js listens on the page).
    e.preventDefault();
    e.stopPropagation();
    if (el.dataset.pickBack) this.board.back();
    else if (el.dataset.pickDone) this.board.finish();
    else this.board.pick(el.dataset.pickKey);
    if (!this.pending && this.board) {
      this.render();
      const next = this.root.querySelector(".board .pickable, #picker button.pick");
      if (next && e.type === "keydown") next.focus();
    }
    // The card's rule, shown as the tap focused it, would cover the next step's targets.
    if (e.type === "click") hideTip();
  }

  newMoves(msg) {
    this.pending = null;
    this.order.reset();
    this.menu = msg.legal.length ? new StepMenu(msg.legal, (a) => this.request(a)) : null;
    this.board = msg.legal.length ? new BoardPlay(msg.legal, this.renderer.pickPath, msg.view, (a) => this.request(a)) : null;
    if (this.board) this.board.advance();
  }

  // A finished move: sent at once, or first shown in words when asked (always for a move that
  // knocks its own player out).
  request(action) {
    const entry = this.msg.legal.find((m) => m.action === action);
    if (!entry) return;
    if (entry.self_out || askFirst()) {
      this.pending = entry;
      this.render();
      const send = this.root.querySelector("#confirm-send");
      if (send) send.focus();
    } else {
      this.play(action);
    }
  }

  cancel() {
    this.newMoves(this.msg);
    this.render();
  }

  async start() {
    const summary = await call("GET", `/api/tables/${this.id}`).catch((err) => {
      this.root.append(h("p.form-error", {}, err.message));
      return null;
    });
    if (!summary) return;
    this.renderer = await loadRenderer(summary.game);
    await need("friends");
    await claimFromAddress(this.id);
    const games = await call("GET", "/api/games");
    const info = games.find((g) => g.id === summary.game);
    this.bots = info ? info.bots : ["random"];
    this.connect();
  }

  // The log is sent again in the new language; a connection not open says hello in it.
  languageChanged() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "lang", lang: lang() }));
    } else {
      this.render();
    }
  }

  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${this.id}`);
    this.socket = socket;
    const mine = seatOf(this.id);
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.connected = true;
      socket.send(
        JSON.stringify({ type: "hello", seat: mine ? mine.seat : null, token: mine ? mine.token : null, lang: lang() }),
      );
      this.presence.start(socket);
    });
    socket.addEventListener("message", (e) => this.receive(JSON.parse(e.data)));
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      // Moves are held back until the table answers again: a click now would be lost.
      this.connected = false;
      this.render();
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), 250 * 2 ** this.retry);
    });
  }

  receive(msg) {
    if (msg.type === "error" && msg.refused === "lang") {
      languageRefused(msg).then(() => this.msg && this.render());
      return;
    }
    if (msg.type === "error") {
      // A token that no longer holds the seat (removed by the host, moved to another device).
      if (msg.error === "web.error.bad_token" || msg.error === "web.error.seat_lost") {
        window.localStorage.removeItem(`parlour.seat.${this.id}`);
      }
      toast(msg.message);
      if (this.msg) this.render();
      return;
    }
    if (msg.type === "presence" || msg.type === "chat" || msg.type === "clock") {
      ({ chat: this.chat, clock: this.clock, presence: this.presence })[msg.type].receive(msg);
      if (this.msg) this.render();
      return;
    }
    if (msg.type !== "state") return;
    // A move's state carries the table's clock when it changed (one message, not two).
    if (msg.clock) this.clock.receive(msg.clock);
    this.connected = true;
    this.freshFrom = msg.reset ? msg.events.length : this.log.length;
    // Other players' moves are read out by screen readers (the whole log is not re-read).
    if (!msg.reset) announce(msg.events.filter((e) => !this.mine(e)).map((e) => e.text));
    if (msg.reset) this.cardKeys = null;
    this.log = msg.reset ? msg.events : this.log.concat(msg.events);
    const moved = !this.msg || this.msg.move !== msg.move || msg.reset;
    this.msg = msg;
    if (moved) this.newMoves(msg);
    this.render();
  }

  sendRaw(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  play(action) {
    if (!this.connected) return;
    this.socket.send(JSON.stringify({ move: this.msg.move, action }));
    this.menu = null;
    this.board = null;
    this.pending = null;
    this.render();
  }

  mine(event) {
    const seat = event.data ? event.data.seat ?? event.data.player : undefined;
    return this.msg !== null && seat !== undefined && seat === this.msg.seat;
  }

  isHost() {
    return Boolean(hostOf(this.id));
  }

  render() {
    const msg = this.msg;
    if (!msg) return;
    const table = msg.table;
    this.root.dataset.status = table.status;
    this.root.dataset.move = msg.move === null ? "" : String(msg.move);
    this.root.dataset.connected = String(this.connected);
    const myTurn = Boolean(this.menu) && this.connected;
    noticeTurn(gameName(table.game, "game"), myTurn);
    if (myTurn && !this.wasMyTurn) chime();
    this.wasMyTurn = myTurn;
    const hadFocus = this.root.contains(document.activeElement);
    const head = h(
      "section.panel.table-head",
      {},
      h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
      h("h1", {}, gameName(table.game, "game")),
      h("span.table-status", t(`web.status.${table.status}`)),
      this.hint.badge(table),
      h("p.banner#banner", { role: "status" }, this.connected ? "" : t("web.table.reconnecting")),
      this.presence.renderStrip(msg.names),
    );
    const chat = this.chat.render({
      seat: msg.seat,
      connected: this.connected,
      send: (m) => this.sendRaw(m),
      redraw: () => this.render(),
    });
    const body = table.status === "open" ? this.renderSeats(table) : this.renderPlay(msg);
    const link = msg.seat !== null && table.status !== "over" ? this.seatLink.render(() => this.render()) : null;
    patch(this.root, [head, body, chat, link]);
    this.chat.follow(this.root);
    // The page ends above the step bar, so nothing is left hidden under it.
    const bar = this.root.querySelector(".step-bar");
    document.documentElement.style.setProperty("--bar-height", bar ? `${bar.offsetHeight}px` : "0px");
    // A round's or the game's panel, new, is brought into view wherever the page was scrolled.
    if (this.reveal) {
      const panel = this.root.querySelector(this.reveal);
      if (panel) panel.scrollIntoView({ block: "start" });
      this.reveal = null;
    }
    if (table.status !== "open") {
      const board = this.root.querySelector(".board");
      if (board) this.cardKeys = markFresh(board, this.cardKeys);
      const log = this.root.querySelector("#log");
      // The log follows new lines unless the reader has scrolled up to read older ones.
      if (log && (this.logAtEnd !== false || msg.reset)) log.scrollTop = log.scrollHeight;
    }
    // The chosen control went away (a move sent, a step taken): focus the move area, not the page.
    if (hadFocus && !this.root.contains(document.activeElement)) {
      const target = this.root.querySelector("#actions button.step, #actions");
      if (target) target.focus({ preventScroll: true });
    }
  }

  renderSeats(table) {
    const mine = seatOf(this.id);
    const link = `${window.location.origin}/t/${this.id}`;
    const full = table.seats.every((s) => s.kind !== null);
    const rows = table.seats.map((s) => {
      const cells = [h("span.seat-number", `${s.seat + 1}`), seatRole(table.game, s.seat)];
      if (s.kind) {
        cells.push(h("span.seat-name", seatName(s)), s.kind === "bot" ? h("span.badge", t("web.table.bot")) : null, this.presence.dot(s.seat, s.kind));
        const own = mine && mine.seat === s.seat;
        if (own) cells.push(h("span.badge.you", t("web.table.you")));
        if (!own && this.isHost() && s.kind === "human") {
          cells.push(this.removal.control(s, () => this.render()));
        } else if (own || this.isHost()) {
          cells.push(
            h("button.free-seat", { type: "button", onclick: () => this.freeSeat(s.seat, own) }, t(own ? "web.table.leave" : "web.table.remove")),
          );
        }
      } else {
        cells.push(h("span.seat-free.muted", t("web.table.free")));
        if (!mine) cells.push(h("button.sit", { type: "button", onclick: () => this.sit(s.seat) }, t("web.table.sit")));
        if (this.isHost()) {
          // Easy, Normal and Hard first; the other kinds only when "More bot kinds" is ticked.
          const levels = BOT_LEVELS.filter((b) => this.bots.includes(b));
          const others = this.bots.filter((b) => !BOT_LEVELS.includes(b));
          const shown = this.advancedBots || !levels.length ? [...levels, ...others] : levels;
          const pick = h(
            "select.bot-pick",
            { "aria-label": t("web.table.add_bot") },
            shown.map((b) => h("option", { value: b, selected: b === "normal" }, botKind(b))),
          );
          cells.push(pick, h("button.add-bot", { type: "button", onclick: (e) => {
            this.addBot(s.seat, e.currentTarget.parentElement.querySelector("select.bot-pick").value);
          } }, t("web.table.add_bot")));
        }
      }
      return h("li.seat", { dataset: { seat: s.seat, kind: s.kind || "free" } }, cells);
    });
    const invite = h("input.invite", { value: link, readonly: true, "aria-label": t("web.table.invite") });
    return h(
      "section.panel.seats",
      {},
      h("label.option", {}, h("span.option-name", t("web.table.invite")), h("div.row", {}, invite, h("button", {
        type: "button",
        onclick: async (e) => {
          const button = e.currentTarget;
          button.parentElement.querySelector("input.invite").select();
          try {
            await navigator.clipboard.writeText(link);
          } catch {
            document.execCommand("copy");
          }
          button.textContent = t("web.table.copied");
        },
      }, t("web.table.copy")))),
      !mine ? h("label.option", {}, h("span.option-name", t("web.lobby.your_name")), h("input#name", {
        id: "name", value: myName(), maxlength: 32, onchange: (e) => keepName(e.target.value.trim()),
      })) : null,
      h("h2", {}, t("web.table.seats")),
      h("ol.seat-list", {}, rows),
      this.isHost() && !full
        ? h("button#fill-bots", { id: "fill-bots", type: "button", onclick: () => this.fillWithBots(table) }, t("web.table.fill_bots"))
        : null,
      this.clock.renderSettings(this.isHost(), () => this.render()),
      // The bot kinds past Easy, Normal and Hard, for those who want them.
      this.isHost() && !full && this.bots.some((b) => !BOT_LEVELS.includes(b))
        ? h("label.advanced-bots", {}, h("input#advanced-bots", {
          type: "checkbox",
          id: "advanced-bots",
          checked: Boolean(this.advancedBots),
          onchange: (e) => { this.advancedBots = e.currentTarget.checked; this.render(); },
        }), " ", t("core.bot.advanced"))
        : null,
      ratedSwitch(this.id, this.isHost()),
      inviteFriends(this.id),
      this.isHost()
        ? h("button.primary#start", { id: "start", type: "button", disabled: !full, onclick: () => this.startGame() }, t("web.table.start"))
        : h("p.muted", {}, t("web.table.waiting_host")),
    );
  }

  async sit(seat) {
    const field = this.root.querySelector("#name");
    const name = (field ? field.value : myName()).trim();
    if (!name) {
      toast(t("web.lobby.need_name"));
      return;
    }
    keepName(name);
    try {
      const answer = await call("POST", `/api/tables/${this.id}/seats/${seat}`, { name });
      keepSeat(this.id, seat, answer.token);
      this.reconnect();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    }
  }

  async freeSeat(seat, own) {
    const mine = seatOf(this.id);
    const token = own ? mine.token : hostOf(this.id);
    try {
      await call("POST", `/api/tables/${this.id}/seats/${seat}/free`, { token });
      if (own) {
        window.localStorage.removeItem(`parlour.seat.${this.id}`);
        this.reconnect();
      }
    } catch (err) {
      toast(err.message);
    }
  }

  async addBot(seat, bot) {
    try {
      await call("POST", `/api/tables/${this.id}/bots/${seat}`, { bot, host_token: hostOf(this.id) });
    } catch (err) {
      toast(err.message);
    }
  }

  // Every free seat gets the bot its row's list shows (Normal unless changed).
  async fillWithBots(table) {
    for (const s of table.seats) {
      if (s.kind) continue;
      const pick = this.root.querySelector(`li.seat[data-seat="${s.seat}"] select.bot-pick`);
      await this.addBot(s.seat, pick ? pick.value : "normal");
    }
  }

  async startGame() {
    // A clock chosen in the form but not yet set is set first: Start never drops it.
    const box = this.root.querySelector("#clock-settings");
    if (box && this.clock.unsaved(box) && !(await this.clock.save(box, box.querySelector("#clock-mode").value === "turn"))) return;
    try {
      await call("POST", `/api/tables/${this.id}/start`, { host_token: hostOf(this.id) });
    } catch (err) {
      toast(err.message);
    }
  }

  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.connect();
  }

  renderPlay(msg) {
    const view = msg.view;
    const names = msg.names;
    const ctx = { game: msg.table.game, seat: msg.seat, names, log: this.log, t, name: (v) => gameName(msg.table.game, v) };
    const tree = this.renderer(view, ctx);
    this.orderDone = null;
    this.arrangeOrder(tree);
    const promptKey = `${msg.table.game}.prompt.${view.prompt}`;
    const said = has(promptKey) ? t(promptKey) : t("web.table.your_turn");
    const intro = h("strong", said.charAt(0).toLocaleUpperCase(lang()) + said.slice(1));
    let picker = this.board && !this.pending && this.connected ? this.board.decorate(tree, t, intro) : null;
    // "In this order" sits in the step bar with the other choices of the step.
    if (this.orderDone && picker) picker.querySelector(".picker-choices").prepend(this.orderDone);
    else if (this.orderDone) picker = h("div.picker.step-bar#picker", { role: "group", "aria-label": t("web.board.choose") }, h("div.picker-choices", this.orderDone));
    const board = h("section.panel.board", { "aria-labelledby": "board-title", dataset: { picking: String(Boolean(picker) || Boolean(tree.querySelector(".pickable"))) } }, h("h2.sr-only#board-title", t("web.table.board")), picker, tree);
    // The board first (what a phone shows without scrolling), the text menu of moves after it.
    const parts = [this.renderPlayers(msg), board, this.renderTurn(msg), this.renderRecent()];
    if (msg.summary) {
      parts.unshift(this.renderEnd(msg, ctx));
    } else {
      const round = this.renderRound(view, ctx);
      if (round) parts.unshift(round);
      if (msg.seat === null) parts.unshift(h("p.muted.watching", {}, t("web.table.watching")));
    }
    parts.push(this.renderUnseen(view, ctx), this.renderLog());
    return h("div.play", {}, parts);
  }

  // The cards still unseen (a game's renderer counts them from this seat's view only), shown
  // while the switch is on (off by default, remembered in the browser).
  renderUnseen(view, ctx) {
    if (!this.renderer.unseen || !view) return null;
    const on = window.localStorage.getItem(UNSEEN) === "on";
    const rows = on ? this.renderer.unseen(view, ctx) : [];
    return h(
      "section.panel.unseen#unseen",
      { "aria-labelledby": "unseen-switch-label" },
      h(
        "label.unseen-switch",
        h("input#unseen-switch", { type: "checkbox", checked: on, onchange: (e) => {
          window.localStorage.setItem(UNSEEN, e.currentTarget.checked ? "on" : "off");
          this.render();
        } }),
        h("span#unseen-switch-label", t("web.unseen.switch")),
      ),
      on
        ? h(
            "ul.unseen-list",
            rows.map((r) => h("li", { dataset: { card: r.card || "", count: String(r.count) } }, h("span.unseen-name", r.label), h("strong.unseen-count", String(r.count)))),
          )
        : null,
    );
  }

  // Cards to put in order (a container marked data-order, every card a choice now): drawn in
  // the order dragged so far, with a button that takes that order. A container marked
  // data-order-after="n" is ordered after n taps (the Chancellor's card kept): the cards those
  // taps chose are set aside before it.
  arrangeOrder(tree) {
    const container = tree.querySelector("[data-order]");
    if (!container || !this.board || this.pending) return;
    const prefix = this.board.menu.prefix;
    if (prefix.length !== Number(container.dataset.orderAfter || 0)) return;
    if (prefix.length) {
      const aside = h("div.cards.order-aside");
      for (const key of prefix) {
        const chosen = [...container.children].find((el) => el.dataset.pick === key);
        if (chosen) aside.append(chosen);
      }
      container.before(aside, h("p.muted.order-ends", `${t("web.board.top")} ↑ · ${t("web.board.bottom")} ↓`));
    }
    const open = new Set(this.board.menu.choices().map((c) => c.label));
    const keys = this.order.orderOf(container);
    if (!keys.length || !keys.every((k) => open.has(k))) return;
    this.order.arrange(container);
    this.orderDone = (
      h("button.order-done#order-done", { type: "button", disabled: !this.connected, onclick: () => {
        for (const key of this.order.orderOf(container)) {
          if (this.pending || !this.board) break;
          this.board.pick(key);
        }
        if (!this.pending) this.render();
      } }, `✓ ${t("web.board.in_this_order")}`)
    );
  }

  // The end-of-game panel: the server's summary line, the game's score table, the replay link.
  renderEnd(msg, ctx) {
    if (this.endDismissed) {
      return h("button.show-summary#show-summary", { type: "button", onclick: () => {
        this.endDismissed = false;
        this.render();
      } }, t("web.summary.show"));
    }
    const details = this.renderer.endSummary && msg.view ? this.renderer.endSummary(msg.view, ctx) : null;
    // The panel slides in once, not again at every redraw.
    const fresh = !this.shownEnd && motionOn();
    if (!this.shownEnd) this.reveal = "#summary";
    this.shownEnd = true;
    return h(
      fresh ? "section.panel.summary.fresh#summary" : "section.panel.summary#summary",
      h("div.summary-bar", h("h2", {}, t("web.table.game_over")), this.closeButton(() => {
        this.endDismissed = true;
      })),
      h("p.summary-line", {}, msg.summary),
      h("div.summary-details", { tabindex: "0", role: "group", "aria-label": t("web.table.game_over") }, details),
      ratingChanges(this.id),
      h("a.button", { href: `/replay/${this.id}` }, t("web.lobby.replay")),
      rematchButton(this.id, msg.table),
    );
  }

  // A finished round's panel (Love Letter), shown until the player closes it.
  renderRound(view, ctx) {
    if (!this.renderer.roundSummary || !view) return null;
    const round = this.renderer.roundSummary(view, ctx);
    if (!round || this.dismissed.has(round.key)) return null;
    const fresh = this.shownRound !== round.key && motionOn();
    if (this.shownRound !== round.key) this.reveal = "#round-summary";
    this.shownRound = round.key;
    return h(
      fresh ? "section.panel.round-summary.fresh#round-summary" : "section.panel.round-summary#round-summary",
      { dataset: { key: round.key } },
      h("div.summary-bar", h("h2", round.title), this.closeButton(() => this.dismissed.add(round.key))),
      round.parts,
    );
  }

  closeButton(then) {
    return h("button.dismiss", { type: "button", "aria-label": t("web.summary.dismiss"), onclick: () => {
      then();
      this.render();
    } }, `✕ ${t("web.summary.dismiss")}`);
  }

  renderPlayers(msg) {
    const toAct = msg.view ? msg.view.to_act : null;
    return h(
      "ol.players",
      {},
      msg.names.map((name, seat) => {
        const info = msg.table.seats[seat];
        return h(
          "li.player",
          { dataset: { seat, acting: String(toAct === seat), me: String(msg.seat === seat) } },
          h(`span.who.seat-${seat % 8}`, { "aria-hidden": "true" }),
          h("span.player-name", name),
          info && info.kind === "bot" ? h("span.badge", t("web.table.bot")) : null,
          info ? this.presence.dot(seat, info.kind) : null,
          this.clock.seatBadge(seat),
          this.isHost() && info && info.kind === "human" && msg.seat !== seat && !msg.summary ? this.clock.handButton(seat) : null,
          msg.seat === seat ? h("span.badge.you", t("web.table.you")) : null,
        );
      }),
    );
  }

  renderTurn(msg) {
    if (msg.summary) return null;
    const box = h("section.panel.turn#actions", { tabindex: "-1", "aria-labelledby": "turn-title" });
    const toAct = msg.view ? msg.view.to_act : null;
    if (!this.menu) {
      if (toAct !== null && toAct !== undefined && toAct !== msg.seat) {
        box.append(h("p.waiting", {}, t("web.table.waiting_for", { player: msg.names[toAct] })));
      }
      return box;
    }
    // Said once as it appears (a live region around the heading, not on it).
    box.append(h("div.turn-status", { role: "status" }, h("h2.your-turn#turn-title", t("web.table.your_turn"))));
    if (this.pending) {
      box.append(this.renderConfirm(this.pending), this.askFirstSwitch());
      return box;
    }
    const promptKey = `${msg.table.game}.prompt.${msg.view.prompt}`;
    if (has(promptKey)) box.append(h("p.prompt", t(promptKey)));
    const menu = this.menu;
    if (menu.prefix.length) box.append(h("p.chosen", {}, menu.prefix.join(" › ")));
    const choices = h("div.choices");
    for (const choice of menu.choices()) {
      choices.append(
        h("button.step", { type: "button", disabled: !this.connected, dataset: { label: choice.label }, onclick: () => {
          if (!menu.pick(choice)) this.render();
        } }, choice.label),
      );
    }
    const exact = menu.complete();
    if (exact && menu.prefix.length) {
      choices.append(h("button.step.confirm", { type: "button", disabled: !this.connected, onclick: () => this.request(exact.action) }, "✓"));
    }
    box.append(choices);
    const hint = this.hint.render(msg, this.connected, () => this.render());
    if (hint) box.append(hint); // append(null) would show the word "null"
    if (menu.prefix.length) {
      box.append(h("button.back-step", { type: "button", onclick: () => {
        menu.back();
        this.render();
      } }, t("web.table.back")));
    }
    box.append(this.askFirstSwitch());
    return box;
  }

  renderConfirm(entry) {
    return h(
      "div.confirm.step-bar#confirm",
      { role: "group", "aria-labelledby": "confirm-text" },
      h("p.confirm-text#confirm-text", t("web.board.confirm", { move: entry.steps.join(" · ") })),
      entry.self_out ? h("p.self-out", { role: "alert" }, t("web.board.self_out")) : null,
      h(
        "div.choices",
        h("button.step.send#confirm-send", { type: "button", disabled: !this.connected, onclick: () => this.play(entry.action) }, t("web.board.send")),
        h("button.cancel-move#confirm-cancel", { type: "button", onclick: () => this.cancel() }, t("web.board.cancel")),
      ),
    );
  }

  askFirstSwitch() {
    return h(
      "label.ask-first",
      h("input#ask-first", { type: "checkbox", checked: askFirst(), onchange: (e) => {
        window.localStorage.setItem(ASK, e.currentTarget.checked ? "on" : "off");
      } }),
      h("span", t("web.board.ask_first")),
    );
  }

  // The last lines of the log beside the moves (shown on narrow screens, where the log is far
  // below); screen readers have the log itself and the live region.
  renderRecent() {
    if (!this.log.length) return null;
    return h("ol.log.recent#recent", { "aria-hidden": "true", start: String(Math.max(1, this.log.length - 2)) }, this.log.slice(-3).map((e) => logLine(e)));
  }

  renderLog() {
    const list = h("ol.log#log", { tabindex: "0", "aria-label": t("web.table.log"), onscroll: (e) => {
      const el = e.currentTarget;
      this.logAtEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
    } });
    this.log.forEach((e, i) => {
      const fresh = i >= this.freshFrom && motionOn();
      list.append(logLine(e, fresh));
    });
    this.freshFrom = this.log.length;
    return h("section.panel.log-panel", {}, h("h2", {}, t("web.table.log")), list);
  }
}
