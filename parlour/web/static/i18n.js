// Catalog texts from the server (every domain of one language), with {param} filling.
let messages = {};
let current = "en";

export const LANGUAGES = ["en", "vi", "zh", "es"];

export function lang() {
  return current;
}

export async function load(code) {
  current = LANGUAGES.includes(code) ? code : "en";
  const response = await fetch(`/api/i18n/${current}`);
  messages = await response.json();
  document.documentElement.lang = current;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

// The text of a full catalog key, parameters filled in; the key itself when unknown.
export function t(key, params = {}) {
  const text = has(key) ? messages[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

// A game's word for a value (card id, colour, reason), or the value itself.
export function gameName(game, value) {
  const key = `${game}.name.${value}`;
  if (has(key)) return t(key);
  return value === "game" ? game : String(value);
}
