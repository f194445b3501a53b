// Legal moves as step-by-step choices: card, then target, then guess (labels from the server).

export class StepMenu {
  // legal: [{action, steps: [label, ...]}]; onPick(actionText) sends the move.
  constructor(legal, onPick) {
    this.legal = legal;
    this.onPick = onPick;
    this.prefix = [];
  }

  candidates() {
    return this.legal.filter((m) => this.prefix.every((label, i) => m.steps[i] === label));
  }

  // The choices at the current step: [{label, action|null}] in the server's order.
  choices() {
    const depth = this.prefix.length;
    const seen = new Map();
    for (const m of this.candidates()) {
      const label = m.steps.length > depth ? m.steps[depth] : null;
      if (label === null) continue;
      if (!seen.has(label)) seen.set(label, []);
      seen.get(label).push(m);
    }
    return [...seen].map(([label, moves]) => {
      const done = moves.length === 1 && moves[0].steps.length === depth + 1;
      return { label, action: done ? moves[0].action : null };
    });
  }

  // An action whose steps are exactly the prefix (when other, longer ones share it).
  complete() {
    return this.candidates().find((m) => m.steps.length === this.prefix.length) || null;
  }

  pick(choice) {
    if (choice.action !== null) {
      this.onPick(choice.action);
      return true;
    }
    this.prefix.push(choice.label);
    return false;
  }

  back() {
    this.prefix.pop();
  }
}
