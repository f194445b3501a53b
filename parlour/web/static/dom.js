// A tiny element builder: h("div.card.big#id", {onclick}, child, "text", ...).
// Handlers are kept in el._on and reached through one shared listener, so patch.js can hand a
// kept element the handlers of a newer drawing.
function dispatch(e) {
  const handler = this._on && this._on[e.type];
  if (handler) return handler.call(this, e);
  return undefined;
}

export function h(spec, attrs = {}, ...children) {
  const [head, id] = spec.split("#");
  const [tag, ...classes] = head.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  if (id) el.id = id;
  // h("span", "text") and h("div", child) are allowed: anything but a plain object is a child.
  if (attrs === null || typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) {
      el._on = el._on || {};
      el._on[key.slice(2)] = value;
      el._dispatch = dispatch;
      el.addEventListener(key.slice(2), dispatch);
    }
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

let toastTimer = null;

export function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, 5000);
}
