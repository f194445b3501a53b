// Talking to the server over HTTP, and the secrets this browser keeps (seat and host tokens).
import { lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(body) {
    super(body.message || t("web.error.network"));
    this.key = body.error;
  }
}

// `headers` carries what must stay out of an address (a seat's token), never the query.
export async function call(method, path, body, headers = {}) {
  const sep = path.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(`${path}${sep}lang=${lang()}`, {
      method,
      headers: body ? { "Content-Type": "application/json", ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError({ error: "web.error.network" });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data);
  return data;
}

const store = window.localStorage;

export function seatOf(table) {
  const raw = store.getItem(`parlour.seat.${table}`);
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null; // an entry this page cannot read holds no seat
  }
}

export function keepSeat(table, seat, token) {
  store.setItem(`parlour.seat.${table}`, JSON.stringify({ seat, token }));
}

// Every seat and host token this browser holds (My games asks the server about them), at most
// `limit` in all (the server answers about 100 at once).
export function heldTokens(limit = 100) {
  const seats = [];
  const hosts = [];
  for (let i = 0; i < store.length && seats.length + hosts.length < limit; i += 1) {
    const key = store.key(i);
    const seat = /^parlour\.seat\.(.+)$/.exec(key);
    const host = /^parlour\.host\.(.+)$/.exec(key);
    if (seat) {
      const held = seatOf(seat[1]);
      if (held && Number.isInteger(held.seat) && typeof held.token === "string") {
        seats.push({ table: seat[1], seat: held.seat, token: held.token });
      }
    } else if (host) {
      hosts.push({ table: host[1], token: store.getItem(key) });
    }
  }
  return { seats, hosts };
}

// Forget a token the server says holds nothing now (a freed seat, one moved elsewhere).
export function forget(kind, table) {
  store.removeItem(`parlour.${kind}.${table}`);
}

export function hostOf(table) {
  return store.getItem(`parlour.host.${table}`);
}

export function keepHost(table, token) {
  store.setItem(`parlour.host.${table}`, token);
}

export function myName() {
  return store.getItem("parlour.name") || "";
}

export function keepName(name) {
  store.setItem("parlour.name", name);
}

export function savedLang() {
  return store.getItem("parlour.lang");
}

export function keepLang(code) {
  store.setItem("parlour.lang", code);
}
