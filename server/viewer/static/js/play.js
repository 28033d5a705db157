// The play surface: a creature sent to a square. The server previews the intent (a dry run):
// its path and the cost of each step, every reaction window the path would open and what
// taking each would do; the player confirms, or picks another square.

import { h } from "./panels.js";
import { at } from "./words.js";

export const KINDS = { move: "Move", shift: "Shift", teleport: "Teleport" };

const DESTINATION = ["type", "creature", "to", "path", "legs", "jumps", "distance"];

// The intent that sends `creature` to square [x, y] by `kind` (a teleport's distance is the
// creature's teleport speed, which the state lists), paid as the creature's options pay for
// it now: when its own action is spent, the first available option of that kind says how
// else (Draw Steel's move or shift from the main action, Epic Path's walk with the standard
// action, the action-point game's converted Action Points).
export function planIntent(kind, creature, state, x, y, options = []) {
  const offered = options.filter((o) => o.kind === kind && o.available && o.intent?.creature === creature);
  const chosen = offered.find((o) => !o.intent.mode) || offered[0];
  const paid = Object.fromEntries(Object.entries(chosen?.intent || {})
    .filter(([k]) => !DESTINATION.includes(k) && k !== "mode"));
  const intent = { type: kind, creature, ...paid, to: [x, y] };
  const speed = state.creatures[creature]?.speeds?.teleport;
  if (kind === "teleport" && speed) intent.distance = speed;
  return intent;
}

// The moved creature's path from a preview's events (its own movement, first to last), and
// the rest of it that waits in the first reaction window for the answers (`rest`).
export function plannedPath(events, creature) {
  const points = [];
  let rest = [];
  for (const e of events) {
    const d = e.data || {};
    if (["Moved", "Shifted"].includes(e.type) && d.creature === creature) points.push(...d.path);
    if (e.type === "Teleported" && d.creature === creature) points.push(d.to);
    if (e.type === "OpportunityAttackTriggered" && d.target === creature && d.resume && !rest.length) {
      rest = d.resume.path || [];
    }
  }
  return { points, rest };
}

// A count with its noun in the right number ("1 step", "2 steps").
export function counted(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

// The plan panel: steps with their costs, the reaction windows ahead, confirm and cancel.
export function renderPlan(host, plan, ctx, confirm, cancel) {
  host.replaceChildren();
  if (!plan) return;
  const { kind, intent, preview, refused } = plan;
  const title = `${KINDS[kind]} ${ctx.name(intent.creature)} to ${at(intent.to)}`;
  if (refused) {
    host.append(h("h3", {}, title), h("p", { class: "refused" }, refused),
      h("button", { id: "plan-cancel", onclick: cancel }, "Cancel"));
    return;
  }
  const steps = preview.trace.filter((s) => s.kind === "step" || s.kind === "teleport");
  const before = steps.reduce((n, s) => n + (s.cost || 0), 0);
  const rest = plannedPath(preview.events, intent.creature).rest;
  const rows = steps.map((s, i) => h("tr", { class: "plan-step" },
    h("td", {}, i + 1), h("td", {}, s.at ? at(s.at) : ""), h("td", {}, s.cost ?? ""),
    h("td", {}, (s.reasons || []).join("; "))));
  // the rest of a path that stops for reactions: its squares, walked once they are answered
  rows.push(...rest.map((square, i) => h("tr", { class: "plan-step plan-rest" },
    h("td", {}, steps.length + i + 1), h("td", {}, at(square)), h("td", {}, ""),
    h("td", {}, i ? "" : "once the reactions are answered (each declined)"))));
  const total = rest.length && plan.total != null ? plan.total : before;
  const totalWords = rest.length && plan.total != null
    ? `Cost: ${total} in all, ${before} of it before the first reaction`
    : `Cost: ${total}`;
  const windows = (preview.reactions || []).map((r) => h("li", { class: "plan-reaction",
    "data-reactor": r.reactor, "data-now": String(r.now) },
  `${ctx.name(r.reactor)}: ${r.kind.replaceAll("_", " ")} at ${at(r.at)}`,
  r.now ? " (the move stops here for the answer)" : " (further along, if the earlier ones are declined)",
  r.if_taken_words.length ? h("span", { class: "small" }, ` If taken: ${r.if_taken_words.join("; ")}.`) : null));
  const stopsAtOnce = !steps.length && (preview.reactions || []).some((r) => r.now);
  host.append(...[
    h("h3", {}, title),
    rows.length ? h("table", { class: "plan-steps trace" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "square"), h("th", {}, "cost"), h("th", {}, "why"))),
      h("tbody", {}, rows)) : null,
    h("p", { class: "plan-total" }, stopsAtOnce
      ? `It stops in its first square for the reactions; the rest of the path goes on once they are answered. ${totalWords}.`
      : `${totalWords}${windows.length ? "." : "; it provokes no reaction."}`),
    windows.length ? h("div", {}, h("h4", {}, `It would provoke ${windows.length} reaction${windows.length === 1 ? "" : "s"}`),
      h("ul", { class: "plan-reactions" }, windows)) : null,
    h("button", { id: "plan-confirm", onclick: confirm }, "Confirm"), " ",
    h("button", { id: "plan-cancel", onclick: cancel }, "Cancel"),
  ].filter((part) => part != null));
}
