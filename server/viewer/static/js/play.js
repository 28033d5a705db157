// The play surface: a creature sent to a square. The server previews the intent (a dry run):
// its path and the cost of each step, every reaction window the path would open and what
// taking each would do; the player confirms, or picks another square.

import { h } from "./panels.js";
import { at } from "./words.js";

export const KINDS = { move: "Move", shift: "Shift", teleport: "Teleport" };

// The intent that sends `creature` to square [x, y] by `kind` (a teleport's distance is the
// creature's teleport speed, which the state lists).
export function planIntent(kind, creature, state, x, y) {
  const intent = { type: kind, creature, to: [x, y] };
  const speed = state.creatures[creature]?.speeds?.teleport;
  if (kind === "teleport" && speed) intent.distance = speed;
  return intent;
}

// The moved creature's path from a preview's events (its own movement, first to last).
export function plannedPath(events, creature) {
  const points = [];
  for (const e of events) {
    const d = e.data || {};
    if (["Moved", "Shifted"].includes(e.type) && d.creature === creature) points.push(...d.path);
    if (e.type === "Teleported" && d.creature === creature) points.push(d.to);
  }
  return points;
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
  const total = steps.reduce((n, s) => n + (s.cost || 0), 0);
  const rows = steps.map((s, i) => h("tr", { class: "plan-step" },
    h("td", {}, i + 1), h("td", {}, s.at ? at(s.at) : ""), h("td", {}, s.cost ?? ""),
    h("td", {}, (s.reasons || []).join("; "))));
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
      ? "It stops in its first square for the reactions; the rest of the path goes on once they are answered."
      : `Cost: ${total}${windows.length ? "" : "; it provokes no reaction."}`),
    windows.length ? h("div", {}, h("h4", {}, `It would provoke ${windows.length} reaction${windows.length === 1 ? "" : "s"}`),
      h("ul", { class: "plan-reactions" }, windows)) : null,
    h("button", { id: "plan-confirm", onclick: confirm }, "Confirm"), " ",
    h("button", { id: "plan-cancel", onclick: cancel }, "Cancel"),
  ].filter((part) => part != null));
}
