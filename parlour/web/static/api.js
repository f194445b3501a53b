// Talking to the server over HTTP, and the secrets this browser keeps (seat and host tokens).
import { lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(body) {
    super(body.message || t("web.error.network"));
    this.key = body.error;
  }
}

export async function call(method, path, body) {
  const sep = path.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(`${path}${sep}lang=${lang()}`, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
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
  return raw ? JSON.parse(raw) : null;
}

export function keepSeat(table, seat, token) {
  store.setItem(`parlour.seat.${table}`, JSON.stringify({ seat, token }));
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
