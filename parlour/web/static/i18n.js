// Catalog texts from the server, with {param} filling. A page fetches only the domains it
// uses: core and web always, a game's own domain once the page knows its game (need()).
let messages = {};
let current = "en";
const wanted = new Set(["core", "web"]);

export const LANGUAGES = ["en", "vi", "zh", "es"];

export function lang() {
  return current;
}

async function fetchDomains(code, domains) {
  const response = await fetch(`/api/i18n/${code}?domains=${[...domains].join(",")}`);
  return response.json();
}

export async function load(code) {
  current = LANGUAGES.includes(code) ? code : "en";
  messages = await fetchDomains(current, wanted);
  document.documentElement.lang = current;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
}

// Fetch the catalog domains a page needs beyond core and web (a game's cards and events);
// they are kept, and fetched again in each language the reader switches to.
export async function need(...domains) {
  const fresh = domains.filter((d) => d && !wanted.has(d));
  if (!fresh.length) return;
  for (const d of fresh) wanted.add(d);
  Object.assign(messages, await fetchDomains(current, fresh));
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

// The CLDR plural category of a number in a language, as the server's Babel gives it.
export function pluralCategory(code, count) {
  const number = Number(count);
  return Number.isFinite(number) ? new Intl.PluralRules(code).select(number) : "other";
}

// "{count:one=card;other=cards}": the form of the parameter's plural category ("other" else).
function pluralForm(spec, count) {
  const forms = {};
  for (const part of spec.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) forms[part.slice(0, at)] = part.slice(at + 1);
  }
  return forms[pluralCategory(current, count)] ?? forms.other ?? "";
}

// The text of a full catalog key, parameters filled in; the key itself when unknown.
export function t(key, params = {}) {
  const text = has(key) ? messages[key] : key;
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (whole, name, spec) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    return spec && spec.includes("=") ? pluralForm(spec, params[name]) : String(params[name]);
  });
}

// A game's word for a value (card id, colour, reason), or the value itself.
export function gameName(game, value) {
  const key = `${game}.name.${value}`;
  if (has(key)) return t(key);
  return value === "game" ? game : String(value);
}

// The bot kinds offered first, by difficulty; the others sit behind "More bot kinds".
export const BOT_LEVELS = ["easy", "normal", "hard"];

// A bot kind in words ("Normal"), or the spec itself for a kind the catalogs do not name.
export function botKind(spec) {
  const kind = String(spec || "").split(":")[0];
  return has(`core.bot.${kind}`) ? t(`core.bot.${kind}`) : kind;
}

// A seat's name as the reader should see it: a bot seated without one is named in words.
export function seatName(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return t("core.bot_name", { bot: botKind(seat.bot), number: seat.seat + 1 });
  return t("core.seat_name", { number: seat.seat + 1 });
}
