// Picks a game's renderer module (games/<id>.js), falling back to the generic one.
import { render as generic } from "./games/generic.js";

const KNOWN = ["loveletter", "gauntlet", "splendor-marvel"];

export async function loadRenderer(game) {
  if (!KNOWN.includes(game)) return generic;
  try {
    const module = await import(`./games/${game}.js`);
    return module.render;
  } catch {
    return generic;
  }
}
