// Updates in place: a freshly built tree is merged into the live one, so an element that
// stays keeps its focus, scroll position, typed text and running animation.
//
// The builders (dom.js h()) stay the one way pages are drawn; this merge replaces "clear and
// append". Children are matched by key (id, then data-key) and otherwise by position and tag.
// Event handlers live in a property that the merge copies (see dom.js), so a kept element
// answers with the new drawing's handlers.

function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  return node.id || node.dataset.key || null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

function syncAttributes(live, next) {
  for (const { name } of [...live.attributes]) {
    if (!next.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of next.attributes) {
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  live._on = next._on;
  for (const type of Object.keys(next._on || {})) live.addEventListener(type, next._dispatch);
}

function syncValue(live, next) {
  // What a person is typing or choosing is theirs: only a control without focus follows.
  if (live === document.activeElement) return;
  if (live instanceof HTMLInputElement) {
    if (live.value !== next.value) live.value = next.value;
    if (live.checked !== next.checked) live.checked = next.checked;
  } else if (live instanceof HTMLSelectElement || live instanceof HTMLTextAreaElement) {
    if (live.value !== next.value) live.value = next.value;
  }
}

function patchNode(live, next) {
  if (live.nodeType === Node.TEXT_NODE) {
    if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
    return;
  }
  syncAttributes(live, next);
  patchChildren(live, [...next.childNodes]);
  syncValue(live, next);
}

// Makes parent's children match `nodes` (fresh nodes, not in the document), keeping what it can.
export function patchChildren(parent, nodes) {
  const old = [...parent.childNodes];
  const keyed = new Map();
  for (const node of old) {
    const key = keyOf(node);
    if (key !== null) keyed.set(key, node);
  }
  const used = new Set();
  let cursor = 0; // the next unkeyed old child to try
  nodes.forEach((next, i) => {
    const key = keyOf(next);
    let match = null;
    if (key !== null) {
      match = keyed.get(key) || null;
      if (match && (used.has(match) || !sameKind(match, next))) match = null;
    } else {
      while (cursor < old.length && (used.has(old[cursor]) || keyOf(old[cursor]) !== null)) cursor++;
      if (cursor < old.length && sameKind(old[cursor], next)) match = old[cursor++];
    }
    let node = next;
    if (match) {
      used.add(match);
      patchNode(match, next);
      node = match;
    }
    // Moving an element takes its focus away: only move what is out of place.
    const here = parent.childNodes[i] || null;
    if (here !== node) parent.insertBefore(node, here);
  });
  for (const node of old) if (!used.has(node) && node.parentNode === parent) node.remove();
}

// Draws `nodes` into `root` in place of what it shows.
export function patch(root, nodes) {
  patchChildren(root, nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
}
