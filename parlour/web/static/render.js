// Picks a game's renderer module (the one its record names), falling back to the generic one.
// A module exports render(view, ctx) and may export load() to fetch its card data first,
// and roundSummary/endSummary for the result panels.
import { render as generic } from "./games/generic.js";
import { need } from "./i18n.js";

// Each game's own module, as its record on the server names it (null: the generic one).
let modules = null;

async function moduleOf(game) {
  modules ||= fetch("/api/games")
    .then((response) => (response.ok ? response.json() : []))
    .then((games) => Object.fromEntries(games.map((g) => [g.id, g.module])))
    .catch(() => ({}));
  return (await modules)[game] || null;
}

export async function gameData(game, name) {
  const response = await fetch(`/api/games/${game}/data/${name}`);
  if (!response.ok) throw new Error(`no ${name} for ${game}`);
  return response.json();
}

export async function loadRenderer(game) {
  await need(game); // the game's catalog: card names, events, labels
  const path = await moduleOf(game);
  if (!path) return generic;
  try {
    const module = await import(`./${path}`);
    if (module.load) await module.load();
    const draw = (view, ctx) => {
      try {
        return module.render(view, ctx);
      } catch (err) {
        console.error(err);
        return generic(view, ctx);
      }
    };
    // Optional panels: roundSummary(view, ctx) -> {key, title, parts}, endSummary(view, ctx) -> nodes.
    draw.roundSummary = module.roundSummary || null;
    draw.endSummary = module.endSummary || null;
    draw.unseen = module.unseen || null; // the cards a seat has not seen: [{label, count, card}]
    draw.pickPath = module.pickPath || null; // board.js: an action as taps on the board
    return draw;
  } catch (err) {
    console.error(err);
    return generic;
  }
}
