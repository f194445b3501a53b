// A game's how-to-play page: the fragment for the interface language inside the app's layout.
import { clear, h } from "./dom.js";
import { gameName, lang, LANGUAGES, need, t } from "./i18n.js";
import { LESSON_GAMES, lessonPath } from "./lesson.js";

const NATIVE = { en: "English", vi: "Tiếng Việt", zh: "中文", es: "Español" };
const cache = new Map();

// The fragment's HTML for a game in a language, falling back to English; null when neither exists.
export async function fragment(game, code) {
  for (const c of [code, "en"]) {
    const key = `${game}.${c}`;
    if (!cache.has(key)) {
      const response = await fetch(`/static/howto/${encodeURIComponent(game)}.${c}.html`).catch(() => null);
      cache.set(key, response && response.ok ? await response.text() : null);
    }
    if (cache.get(key) !== null) return cache.get(key);
  }
  return null;
}

// The page as an element. Parsing never runs scripts, and the pages have none by contract.
export function article(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const el = doc.body.firstElementChild;
  return el ? document.importNode(el, true) : null;
}

export function howtoPath(game, code, anchor = "") {
  return `/howto/${game}?lang=${code}${anchor ? `#${anchor}` : ""}`;
}

// Scrolls to an id inside a container and marks it for a moment (the :target style needs a real jump).
export function reveal(container, id) {
  if (!id) return;
  const el = container.querySelector(`[id="${CSS.escape(id)}"]`);
  if (!el) return;
  for (const old of container.querySelectorAll(".howto-target")) old.classList.remove("howto-target");
  el.classList.add("howto-target");
  el.scrollIntoView({ block: "center" });
}

export class HowtoPage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
  }

  async start() {
    await need(this.game); // its name in the heading
    await this.render();
    window.addEventListener("hashchange", () => reveal(this.root, decodeURIComponent(window.location.hash.slice(1))));
  }

  async languageChanged() {
    window.history.replaceState(null, "", howtoPath(this.game, lang(), window.location.hash.slice(1)));
    await this.render();
  }

  async render() {
    const code = lang();
    const html = await fragment(this.game, code);
    clear(this.root);
    this.root.dataset.page = "howto";
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    const switcher = h(
      "nav.howto-langs",
      { "aria-label": t("web.lang.label") },
      LANGUAGES.map((c) =>
        h("a.button", { href: howtoPath(this.game, c, anchor), hreflang: c, lang: c, "aria-current": c === code ? "page" : null }, NATIVE[c]),
      ),
    );
    this.root.append(
      h(
        "section.panel.howto-head",
        h("a.back", { href: "/" }, `← ${t("web.table.lobby")}`),
        h("h2", `${t("web.howto.title")} · ${gameName(this.game, "game")}`),
        switcher,
        LESSON_GAMES.includes(this.game) ? h("a.howto-link#lessons-link", { id: "lessons-link", href: lessonPath(this.game, code) }, `${t("web.learn.link")} →`) : null,
      ),
    );
    const page = html === null ? null : article(html);
    if (!page) {
      this.root.append(h("p.form-error", t("web.howto.missing")));
      return;
    }
    this.root.append(h("section.panel.howto-body", page));
    requestAnimationFrame(() => reveal(this.root, anchor));
  }
}
