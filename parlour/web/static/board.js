// Direct play on the board: the legal moves as paths of board elements (a card in hand, a
// player, a gem, a displayed card...) with a picker for what the board does not show (a named
// card, fight or decline). The text menu (menu.js) stays as the keyboard and screen-reader path.
//
// A game module's pickPath(action, steps, view) returns the action's path, or several when the
// order of taps does not matter (gems): each step is [key, label]. Keys "seat:N" mark the
// player's board; "say:" keys are picker buttons; any other key marks the elements drawn with
// that data-pick, and falls back to a picker button when the board shows none.
import { h } from "./dom.js";
import { StepMenu } from "./menu.js";

const INLINE = new Set(["SPAN", "STRONG", "EM", "B", "I", "TIME", "ABBR", "SMALL", "svg"]);

// What a screen reader should say for a board element taken as a button: its parts as a
// sentence ("Bo: 0 of 4 tokens, 1 card in hand, Discards, 3 Baron"), never run together
// ("Bo0 of 4 tokens"); parts hidden from readers (drawn hearts, card backs) left out.
export function spokenName(el) {
  const parts = [];
  let line = "";
  const add = (text) => {
    const chunk = text.replace(/\s+/g, " ");
    if (!chunk.trim()) {
      if (line && !line.endsWith(" ")) line += " ";
      return;
    }
    if (line && !/\s$/.test(line) && !/^\s/.test(chunk)) line += " ";
    line += chunk;
  };
  const flush = () => {
    if (line.trim()) parts.push(line.trim());
    line = "";
  };
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        add(child.textContent);
        continue;
      }
      if (!(child instanceof Element) || child.getAttribute("aria-hidden") === "true") continue;
      const block = !INLINE.has(child.tagName);
      if (block) flush();
      const label = child.getAttribute("aria-label");
      if (label && child.getAttribute("role") === "img") add(label);
      else walk(child);
      if (block) flush();
    }
  };
  walk(el);
  flush();
  return parts.join(", ");
}

export class BoardPlay {
  // legal: the server's [{action, steps}]; onDone(action) takes a finished move.
  constructor(legal, pickPath, view, onDone) {
    this.labels = new Map();
    const paths = [];
    for (const move of legal) {
      let found = pickPath ? pickPath(move.action, move.steps, view) : null;
      if (!found || !found.length) found = [move.steps.map((label) => [`say:${label}`, label])];
      if (!Array.isArray(found[0][0])) found = [found];
      for (const path of found) {
        for (const [key, label] of path) if (!this.labels.has(key)) this.labels.set(key, label);
        paths.push({ action: move.action, steps: path.map(([key]) => key) });
      }
    }
    this.menu = new StepMenu(paths, onDone);
    this.onDone = onDone;
  }

  // Takes the steps that have a single answer (after a first tap; the whole move never).
  advance() {
    for (;;) {
      const choices = this.menu.choices();
      if (!this.menu.prefix.length || choices.length !== 1 || this.menu.complete()) return;
      if (this.menu.pick(choices[0])) return;
    }
  }

  pick(key) {
    const choice = this.menu.choices().find((c) => c.label === key);
    if (!choice) return;
    if (!this.menu.pick(choice)) this.advance();
  }

  back() {
    this.menu.back();
    while (this.menu.prefix.length && this.menu.choices().length === 1 && !this.menu.complete()) this.menu.back();
  }

  // Marks the board's pickable elements and returns the step bar: the picker for what the board
  // does not show, and every choice once a move is under way; before the first tap, with
  // nothing else to show, it says whose move it is (intro) and what to tap.
  decorate(board, t, intro = null) {
    const prefix = this.menu.prefix;
    const elements = (key) =>
      key.startsWith("seat:") ? [...board.querySelectorAll(`.seat-board[data-seat="${key.slice(5)}"]`)] : [...board.querySelectorAll(`[data-pick="${CSS.escape(key)}"]`)];
    // What is chosen so far stays marked (a card tapped, then its target).
    prefix.forEach((key, i) => {
      for (const el of elements(key)) {
        el.classList.add("picked");
        el.dataset.pickedOrder = String(i + 1);
      }
    });
    const loose = [];
    const onBoard = [];
    for (const choice of this.menu.choices()) {
      const key = choice.label;
      const found = key.startsWith("say:") ? [] : elements(key).filter((el) => !el.classList.contains("picked") || key.startsWith("hand:"));
      if (!found.length) {
        loose.push(key);
        continue;
      }
      onBoard.push(key);
      for (const el of found) {
        el.classList.add("pickable");
        el.dataset.pickKey = key;
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        const name = el.getAttribute("aria-label") || spokenName(el);
        el.setAttribute("aria-label", `${t("web.board.choose")}: ${name}`);
      }
    }
    const done = this.menu.complete();
    const trail = prefix.map((key) => this.labels.get(key) || key).join(" › ");
    // Once a move is under way, every choice of its next step is also a button in the bar at
    // the bottom of the screen (within a thumb's reach, wherever the board is scrolled).
    const shown = prefix.length ? [...onBoard, ...loose] : loose;
    return h(
      "div.picker.step-bar#picker",
      { role: "group", "aria-label": t("web.board.choose") },
      trail ? h("p.picker-trail", trail) : h("p.picker-trail", intro, " ", h("span.muted", t("web.board.tap"))),
      h(
        "div.picker-choices",
        shown.map((key) => h("button.pick", { type: "button", dataset: { pickKey: key } }, this.labels.get(key) || key)),
        done && prefix.length ? h("button.pick.pick-done", { type: "button", dataset: { pickDone: "1" } }, `✓ ${t("web.board.these")}`) : null,
        prefix.length ? h("button.pick-back", { type: "button", dataset: { pickBack: "1" } }, t("web.table.back")) : null,
      ),
    );
  }

  finish() {
    const done = this.menu.complete();
    if (done) this.onDone(done.action);
  }
}
