// Ordering cards by dragging them (Infinity Gauntlet's looked-at cards, top first): a card
// dropped on another takes its place, and "In this order" takes the order shown. Tapping the
// cards from the top down (with a pointer or Enter) stays the keyboard's way to the same move.
//
// A renderer marks the container data-order; its children carry data-pick keys. The order a
// person builds is kept here (by key), so a redraw while they drag shows it again.

export class DragOrder {
  constructor() {
    this.keys = null; // the keys in the order the person made, or null before any drag
    this.dragging = null;
  }

  reset() {
    this.keys = null;
    this.dragging = null;
  }

  // The container's keys in the order to show: the person's when it holds the same cards.
  orderOf(container) {
    const drawn = [...container.children].filter((el) => el.dataset.pick).map((el) => el.dataset.pick);
    const same = this.keys && this.keys.length === drawn.length && drawn.every((k) => this.keys.includes(k));
    return same ? this.keys : drawn;
  }

  // Redraws the container's cards in the kept order and makes them draggable.
  arrange(container) {
    const cards = new Map([...container.children].filter((el) => el.dataset.pick).map((el) => [el.dataset.pick, el]));
    for (const key of this.orderOf(container)) {
      const el = cards.get(key);
      el.draggable = true;
      container.append(el);
    }
  }

  // dragstart/dragover/drop on the page: returns true when the order changed (redraw then).
  handle(e) {
    const card = e.target instanceof Element ? e.target.closest("[data-order] > [data-pick]") : null;
    if (!card) return false;
    const container = card.parentElement;
    if (e.type === "dragstart") {
      this.dragging = card.dataset.pick;
      if (e.dataTransfer) {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", this.dragging);
      }
      return false;
    }
    if (!this.dragging || !this.orderOf(container).includes(this.dragging)) return false;
    e.preventDefault(); // a drop is allowed here
    if (e.type !== "drop") return false;
    const before = this.orderOf(container);
    const from = before.indexOf(this.dragging);
    const to = before.indexOf(card.dataset.pick);
    const moved = this.dragging;
    this.dragging = null;
    if (from === to) return false;
    // Taken out, then put where the card it landed on was (after it when moving down).
    const keys = before.filter((k) => k !== moved);
    keys.splice(to, 0, moved);
    this.keys = keys;
    return true;
  }
}
