// A signed-in browser's seats and the account's, kept together: this browser's tokens join the
// account, and the account's (from its other devices) are kept here, so My games lists the
// same tables everywhere. A mark in this browser's storage says an account signed in here,
// so a guest's pages ask nothing.
import { call, heldTokens, keepHost, keepSeat } from "./api.js";

const MARK = "parlour.account";

export function markSignedIn(on) {
  if (on) window.localStorage.setItem(MARK, "1");
  else window.localStorage.removeItem(MARK);
}

export function signedInHere() {
  return window.localStorage.getItem(MARK) === "1";
}

// Join this browser's seats and the account's; the session's answer ({ account, csrf }).
export async function syncAccount(me = null) {
  const found = me || (await call("GET", "/api/account"));
  markSignedIn(Boolean(found.account));
  if (!found.account) return found;
  const games = await call("POST", "/api/account/tables", heldTokens(), { "X-CSRF-Token": found.csrf });
  for (const s of games.held.seats) keepSeat(s.table, s.seat, s.token);
  for (const host of games.held.hosts) keepHost(host.table, host.token);
  return found;
}
