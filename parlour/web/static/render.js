// Picks a game's renderer module (games/<id>.js), falling back to the generic one.
// A module exports render(view, ctx) and may export load() to fetch its card data first,
// and roundSummary/endSummary for the result panels.
import { render as generic } from "./games/generic.js";
import { need } from "./i18n.js";

const KNOWN = ["loveletter", "gauntlet", "splendor-marvel"];

export async function gameData(game, name) {
  const response = await fetch(`/api/games/${game}/data/${name}`);
  if (!response.ok) throw new Error(`no ${name} for ${game}`);
  return response.json();
}

export async function loadRenderer(game) {
  await need(game); // the game's catalog: card names, events, labels
  if (!KNOWN.includes(game)) return generic;
  try {
    const module = await import(`./games/${game}.js`);
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
