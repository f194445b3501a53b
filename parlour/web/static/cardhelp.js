// Card help during play: a card's effect on hover, focus or tap; a click opens its rule in a panel.
import { h } from "./dom.js";
import { article, fragment, howtoPath, reveal } from "./howto.js";
import { lang, t } from "./i18n.js";

// The attributes that give a drawn card its help: effect text and the how-to page anchor.
export function helpAttrs(game, anchor, text) {
  return { tabindex: "0", role: "button", "aria-label": text, dataset: { help: text, helpGame: game, helpAnchor: anchor } };
}

let tip = null;
let tipFor = null;
let tipBy = null; // what showed the tip: "hover", "focus" or "touch"; only a hover's goes by hover
let panel = null;

function tipBox() {
  if (!tip) {
    tip = h("div#card-tip", { role: "tooltip", hidden: true });
    // Inside a landmark (the page's banner; it is drawn fixed beside the card all the same).
    (document.querySelector("header.top") || document.body).append(tip);
  }
  return tip;
}

export function showTip(el, by = "hover") {
  const box = tipBox();
  tipFor = el;
  tipBy = by;
  box.textContent = "";
  box.append(h("span.tip-text", el.dataset.help), h("span.tip-more", t("web.help.more")));
  box.hidden = false;
  const r = el.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8));
  const below = r.bottom + 6 + box.offsetHeight < window.innerHeight;
  box.style.left = `${left}px`;
  box.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - box.offsetHeight - 6)}px`;
}

export function hideTip() {
  if (tip) tip.hidden = true;
  tipFor = null;
  tipBy = null;
}

export function closeHelp() {
  if (panel) panel.hidden = true;
}

// Opens the game's how-to page in a side panel at the card's row; play goes on beside it.
export async function openHelp(game, anchor) {
  if (!panel) {
    panel = h("aside#help-panel", { "aria-label": t("web.howto.title"), hidden: true });
    document.body.append(panel);
  }
  panel.textContent = "";
  panel.dataset.game = game;
  panel.dataset.anchor = anchor;
  panel.append(
    h(
      "div.help-bar",
      h("a.button.help-page", { href: howtoPath(game, lang(), anchor), target: "_blank", rel: "noopener" }, `${t("web.help.open_page")} ↗`),
      h("button.help-close", { type: "button", onclick: closeHelp }, t("web.help.close")),
    ),
  );
  panel.hidden = false;
  const html = await fragment(game, lang());
  const page = html === null ? null : article(html);
  if (page) {
    panel.append(page);
    reveal(panel, anchor);
  }
}

// One set of listeners for the whole document: re-rendered boards need no wiring of their own.
export function installCardHelp() {
  if (document.body.dataset.cardHelp) return;
  document.body.dataset.cardHelp = "on";
  const target = (e) => (e.target instanceof Element ? e.target.closest("[data-help]") : null);
  // Hover tips follow a real mouse only: after a touch, the browser's compatibility mouse
  // events (and those it makes up when the page shifts under a resting finger) are not hovers.
  let byMouse = true;
  document.addEventListener("pointerdown", (e) => {
    byMouse = e.pointerType === "mouse";
  }, { passive: true });
  document.addEventListener("pointermove", (e) => {
    if (e.pointerType === "mouse" && e.movementX + e.movementY !== 0) byMouse = true;
  }, { passive: true });
  document.addEventListener("mouseover", (e) => {
    if (!byMouse) return;
    const el = target(e);
    // After a tap the browser moves its idea of the mouse as the page shifts; a tip shown by
    // a tap or by focus stays until a tap elsewhere or the focus leaves.
    if (el && el !== tipFor) showTip(el);
    else if (!el && tipFor && tipBy === "hover") hideTip();
  });
  document.addEventListener("focusin", (e) => {
    const el = target(e);
    if (el) showTip(el, "focus");
  });
  document.addEventListener("focusout", (e) => {
    if (target(e)) hideTip();
  });
  // A first tap on a touch screen shows the effect; the next tap on that card opens the rule.
  // (Touch also sends mouse and focus events, so the tip being shown says nothing here.)
  let tapped = null;
  document.addEventListener("click", (e) => {
    const el = target(e);
    const touch = e.pointerType === "touch";
    if (!el) {
      if (touch) hideTip();
      tapped = null;
      return;
    }
    // By what the card is, not by its element: a bot's move may redraw the board between taps.
    const which = `${el.dataset.helpAnchor}|${el.dataset.help}`;
    if (touch && tapped !== which) {
      tapped = which;
      showTip(el, "touch");
      return;
    }
    tapped = null;
    hideTip();
    openHelp(el.dataset.helpGame, el.dataset.helpAnchor);
  });
  document.addEventListener("keydown", (e) => {
    const el = target(e);
    if (el && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      openHelp(el.dataset.helpGame, el.dataset.helpAnchor);
    } else if (e.key === "Escape") {
      hideTip();
      closeHelp();
    }
  });
  // Scrolling moves the card under the tip: follow it (a scroll-then-hover must keep the tip).
  document.addEventListener(
    "scroll",
    () => {
      // A redraw may have replaced the card: follow the same card (its anchor and text).
      if (tipFor && !tipFor.isConnected) {
        const same = [...document.querySelectorAll("[data-help]")].find(
          (el) => el.dataset.help === tipFor.dataset.help && el.dataset.helpAnchor === tipFor.dataset.helpAnchor,
        );
        if (same) tipFor = same;
      }
      if (tipFor && tipFor.isConnected) showTip(tipFor, tipBy);
      else hideTip();
    },
    { passive: true },
  );
}
