// Animations are short and optional: a header switch (kept in localStorage) and the system's
// reduced-motion setting both turn them off; CSS does the rest, so nothing ever waits for one.
const KEY = "parlour.motion";

export function motionOn() {
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return !reduced && window.localStorage.getItem(KEY) !== "off";
}

function apply() {
  document.documentElement.dataset.motion = motionOn() ? "on" : "off";
}

export function installMotion(box) {
  if (box) {
    box.checked = window.localStorage.getItem(KEY) !== "off";
    box.addEventListener("change", () => {
      window.localStorage.setItem(KEY, box.checked ? "on" : "off");
      apply();
    });
  }
  if (window.matchMedia) window.matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", apply);
  apply();
}

// Marks what is new since the previous drawing of a board: cards get .fresh (a short slide-in).
// A card's key is its seat, its container and its id, counted, so a moved card counts as new.
export function markFresh(root, previous) {
  const keys = new Set();
  const counts = new Map();
  for (const el of root.querySelectorAll(".card[data-card]")) {
    const seat = el.closest("[data-seat]");
    const parent = el.parentElement;
    const base = `${seat ? seat.dataset.seat : "-"}|${parent.className}|${parent.parentElement ? parent.parentElement.className : ""}|${el.dataset.card}`;
    const n = (counts.get(base) || 0) + 1;
    counts.set(base, n);
    const key = `${base}|${n}`;
    keys.add(key);
    if (previous && !previous.has(key) && motionOn()) el.classList.add("fresh");
  }
  return keys;
}
