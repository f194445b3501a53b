// Love Letter: hands, discards in order, tokens of affection, protection and knowledge.
import { helpAttrs } from "../cardhelp.js";
import { h } from "../dom.js";
import { gameName } from "../i18n.js";
import { icon } from "../icons.js";
import { gameData } from "../render.js";
import { scoreTable } from "../summary.js";

let cards = {};

export async function load() {
  const data = await gameData("loveletter", "cards.json");
  cards = Object.fromEntries(data.cards.map((c) => [c.id, c]));
}

function value(id, edition) {
  const c = cards[id];
  return c && c.value ? c.value[edition] : undefined;
}

export function card(ctx, id, edition, size = "") {
  if (id === null || id === undefined) {
    return h(`div.card.ll.back${size}`, { "aria-hidden": "true" }, h("span.ll-seal", "♥"));
  }
  const v = value(id, edition);
  const effect = ctx.t(`loveletter.card.${id}.effect`);
  const help = helpAttrs("loveletter", `card-${id}`, `${ctx.name(id)} (${v}): ${effect}`);
  return h(
    `div.card.ll${size}`,
    { ...help, dataset: { card: id, value: v, ...help.dataset } },
    h("span.ll-value", v === undefined ? "" : String(v)),
    h("span.card-name", ctx.name(id)),
    size ? null : h("span.ll-effect", effect),
  );
}

function picks(el, key) {
  el.dataset.pick = key;
  return el;
}

// A move as taps on the board (board.js): the card in hand, its target(s), then the named card.
export function pickPath(action, steps) {
  const say = (i) => [`say:${steps[i]}`, steps[i]];
  let m;
  if ((m = action.match(/^keep=(\w+);bottom=([\w,]+)$/))) {
    // The Chancellor: the card kept, then the others top to bottom.
    // The step labels name the order as one choice: each card tapped is named by its card name.
    return [[`hand:${m[1]}`, steps[0]], ...m[2].split(",").map((c) => [`hand:${c}`, gameName("loveletter", c)])];
  }
  if ((m = action.match(/^look=p(\d+)$/))) return [[`seat:${m[1]}`, steps[steps.length - 1]]];
  if ((m = action.match(/^(\w+)(?:>([p\d+]+))?(?:=(\d+))?$/)) && !["keep", "discard"].includes(action) && !action.startsWith("look=")) {
    const path = [[`hand:${m[1]}`, steps[0]]];
    const seats = m[2] ? m[2].split("+").map((p) => p.slice(1)) : [];
    seats.forEach((seat, i) => path.push([`seat:${seat}`, steps[i + 1] || seat]));
    if (m[3] !== undefined) path.push(say(steps.length - 1));
    return path;
  }
  return null;
}

function hearts(n, goal) {
  // Drawn for the eye: the text beside it says the same in words.
  return h("span.ll-hearts", { "aria-hidden": "true" }, "♥".repeat(n), h("span.muted", "♡".repeat(Math.max(0, goal - n))));
}

export function render(view, ctx) {
  const ed = view.edition;
  const root = h("div.ll-board");
  const top = h(
    "div.ll-top",
    h("span.ll-round", ctx.t("web.table.round", { round: view.round })),
    h("span.ll-pile", h("span.card.ll.back.tiny"), `${ctx.t("web.table.pile")}: ${view.pile}`),
  );
  if (view.face_up && view.face_up.length) {
    top.append(h("div.ll-faceup", h("span.muted", ctx.t("web.table.face_up")), h("div.cards", view.face_up.map((c) => card(ctx, c, ed, ".small")))));
  }
  root.append(top);
  if (view.seat !== null && view.hand && view.hand.length) {
    // The Chancellor's cards: after the card kept is tapped, the others may be dragged into the
    // order they go under the deck (table.js sets the kept card aside).
    const ordering = view.pending && view.pending.chancellor === view.seat ? { dataset: { order: "top-first", orderAfter: "1" } } : {};
    root.append(h("div.hand", h("h3", ctx.t("web.table.hand")), h("div.cards", ordering, view.hand.map((c) => picks(card(ctx, c, ed), `hand:${c}`)))));
  }
  const seats = h("div.seat-boards");
  for (let s = 0; s < view.players; s++) {
    const inRound = view.in_round[s];
    const known = view.known ? view.known[String(s)] : undefined;
    // At the end of the game the last showdown's hands stay face up (the log revealed them).
    const shown = view.result && view.last_round && view.last_round.showdown ? view.last_round.hands[String(s)] : undefined;
    let hand;
    if (s === view.seat) hand = null;
    else if (shown !== undefined && shown !== null) hand = h("div.cards", card(ctx, shown, ed, ".small"), h("span.badge", ctx.t("web.summary.showdown")));
    else if (!inRound) hand = h("span.muted", ctx.t("web.table.out"));
    else if (known !== undefined && known !== null) hand = h("div.cards", card(ctx, known, ed, ".small"), h("span.badge", ctx.t("web.table.known")));
    else hand = h("div.cards", Array.from({ length: view.hand_sizes[s] }, () => card(ctx, null, ed, ".small")), h("span.sr-only", ctx.t("web.table.cards_in_hand", { count: view.hand_sizes[s] })));
    seats.append(
      h(
        "div.seat-board.ll-seat",
        { dataset: { seat: s, acting: String(view.to_act === s), out: String(!inRound) } },
        h("h3", ctx.names[s], view.protected[s] ? h("span.badge.shield", icon("shield"), ` ${ctx.t("web.table.protected")}`) : null),
        h("div", ctx.t("web.table.tokens", { tokens: view.tokens[s], goal: view.tokens_to_win }), " ", hearts(view.tokens[s], view.tokens_to_win)),
        hand,
        h("div.ll-discards", h("span.muted", ctx.t("web.table.discards")), h("div.cards", view.discards[s].map((c) => card(ctx, c, ed, ".small")))),
      ),
    );
  }
  root.append(seats);
  return root;
}

// The cards this seat has not seen in the round: the edition's deck less every discard, the
// face-up cards, its own hand and the hands it knows (public facts and its own knowledge only).
export function unseen(view, ctx) {
  const ed = view.edition;
  const left = {};
  for (const c of Object.values(cards)) if (c.count && c.count[ed]) left[c.id] = c.count[ed];
  const seen = [...view.discards.flat(), ...(view.face_up || []), ...(view.hand || [])];
  for (const [s, id] of Object.entries(view.known || {})) if (id && Number(s) !== view.seat) seen.push(id);
  for (const id of seen) if (left[id]) left[id] -= 1;
  return Object.entries(left)
    .sort(([a], [b]) => value(a, ed) - value(b, ed))
    .map(([id, n]) => ({ label: `${ctx.name(id)} (${value(id, ed)})`, count: n, card: id }));
}

function winnerNames(ctx, seats) {
  return seats.map((s) => ctx.names[s]).join(", ");
}

// The tokens given at the end of the last round besides the winners' (the Spy's, the Jester's):
// their log lines, between the round's result and the next round's start.
function bonusLines(ctx) {
  const log = ctx.log || [];
  let i = log.length - 1;
  while (i >= 0 && log[i].kind !== "round_won" && log[i].kind !== "round_nobody") i--;
  const out = [];
  for (let j = i + 1; i >= 0 && j < log.length && log[j].kind !== "round_start"; j++) {
    if (log[j].kind === "token" && log[j].data.reason !== "round") out.push(log[j].text);
  }
  return out;
}

// The log's own lines that decided the last showdown: the hands revealed (their values with
// the Counts), a tie broken on discards, the winner or nobody. The panel says what the log
// says, never a rule of its own ("the highest card won" when a tie was broken).
const DECIDING = new Set(["reveal", "tie_break", "round_won", "round_nobody"]);

function decidingLines(ctx) {
  const log = ctx.log || [];
  let end = log.length - 1;
  while (end >= 0 && log[end].kind !== "round_won" && log[end].kind !== "round_nobody") end--;
  let start = end;
  while (start > 0 && log[start - 1].kind !== "round_start" && DECIDING.has(log[start - 1].kind)) start--;
  return end < 0 ? [] : log.slice(start, end + 1).filter((e) => DECIDING.has(e.kind)).map((e) => e.text);
}

// Why the round ended, its bonus tokens and the hands shown at its showdown (round panel and
// end panel alike).
function roundEnd(view, ctx, last) {
  const shown = Object.entries(last.hands || {});
  const bonuses = bonusLines(ctx);
  const deciding = last.showdown ? decidingLines(ctx) : [];
  return [
    h("p.summary-why", ctx.t(last.showdown ? "web.summary.by_showdown" : "web.summary.by_knockout")),
    deciding.length ? h("ul.summary-log", deciding.map((line) => h("li", line))) : null,
    bonuses.length ? h("ul.summary-bonuses", { "aria-label": ctx.t("web.summary.bonuses") }, bonuses.map((line) => h("li", line))) : null,
    last.showdown && shown.length
        ? h(
            "div.summary-showdown",
            h("h3", ctx.t("web.summary.showdown")),
            h("div.cards", shown.map(([s, id]) => h("div.shown", h("span", ctx.names[Number(s)]), card(ctx, id, view.edition, ".small")))),
          )
        : null,
  ];
}

// The round just played: who won it and why, the hands shown at the showdown, the tokens so far.
export function roundSummary(view, ctx) {
  const last = view.last_round;
  if (!last || view.result) return null;
  return {
    key: `round-${last.round}`,
    title: ctx.t("web.summary.round_over", { round: last.round }),
    parts: [
      h("p.summary-winners", ctx.t("web.summary.round_winners", { winners: winnerNames(ctx, last.winners) })),
      roundEnd(view, ctx, last),
      tokenTable(view, ctx, last.winners),
    ],
  };
}

function tokenTable(view, ctx, winners) {
  return scoreTable(ctx, winners, [
    { label: ctx.t("web.summary.tokens"), values: view.tokens.map((n) => `${n} / ${view.tokens_to_win}`) },
  ]);
}

// The end of the game: tokens per player and the rounds played.
export function endSummary(view, ctx) {
  const result = view.result;
  if (!result) return null;
  const rounds = result.details && result.details.rounds;
  return [
    view.last_round ? roundEnd(view, ctx, view.last_round) : null,
    tokenTable(view, ctx, result.winners),
    rounds ? h("div.muted.summary-note", ctx.t("web.summary.rounds", { rounds })) : null,
  ];
}
