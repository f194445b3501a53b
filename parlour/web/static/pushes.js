// This device's notifications: the service worker, the browser's push subscription, and
// what the account wants to hear of here (its turns, invitations, game ends).
import { call } from "./api.js";

const KINDS = ["turns", "invites", "ends"];

function toBytes(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function pushesPossible() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration() {
  return navigator.serviceWorker.register("/static/sw.js");
}

// Turn this device's notifications on with the kinds chosen (asks the person's permission).
export async function turnOn(chosen, csrf) {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const reg = await registration();
  const { key } = await call("GET", "/api/push/key");
  const sub = (await reg.pushManager.getSubscription())
    || (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(key) }));
  const body = { subscription: sub.toJSON() };
  for (const kind of KINDS) body[kind] = Boolean(chosen[kind]);
  await call("POST", "/api/push/subscribe", body, { "X-CSRF-Token": csrf });
  return true;
}

export async function turnOff(csrf) {
  const reg = await navigator.serviceWorker.getRegistration("/static/sw.js");
  const sub = reg && (await reg.pushManager.getSubscription());
  if (!sub) return;
  await call("POST", "/api/push/unsubscribe", { endpoint: sub.endpoint }, { "X-CSRF-Token": csrf });
  await sub.unsubscribe();
}

export { KINDS };
