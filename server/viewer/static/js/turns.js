// The turn order panel: whose turn it is, who is next, and the buttons that move the battle
// on (start the next turn, end the one under way); the director also sets the order.

import { h } from "./panels.js";

// `mayAct(id)`: the caller may send intents for this creature; `send(intent, label)` sends one.
export function renderTurnOrder(host, state, ctx, director, mayAct, send) {
  const order = state.turn_order;
  host.replaceChildren();
  if (!order) return;
  const name = (id) => ctx.name(id);
  const list = order.creatures.length ? order.creatures
    : Object.keys(state.creatures).sort((a, b) => order.sides.indexOf(state.creatures[a].side)
      - order.sides.indexOf(state.creatures[b].side) || a.localeCompare(b));
  const items = list.filter((id) => state.creatures[id]).map((id) => {
    const classes = ["turn"];
    if (order.active === id) classes.push("active");
    if (order.acted.includes(id) && order.active !== id) classes.push("acted");
    if (order.next.includes(id)) classes.push("next");
    const side = order.sides.length ? ` (${state.creatures[id].side})` : "";
    return h("li", { class: classes.join(" "), "data-id": id }, `${name(id)}${side}`);
  });
  const by = !order.set ? "No order set: any creature that has not acted may start."
    : order.sides.length ? `Sides take turns: ${order.sides.join(", ")}.` : "Creatures in order.";
  const active = order.active ? `${name(order.active)}'s turn.` : "No turn under way.";
  const nextSide = order.next_side ? ` (${order.next_side})` : "";
  const next = order.next.length
    ? `Next${order.next_round !== state.round ? ` (round ${order.next_round})` : ""}${nextSide}: ${order.next.map(name).join(" or ")}.`
    : "";
  const buttons = [];
  if (order.active && mayAct(order.active)) {
    buttons.push(h("button", { class: "end-turn", "data-id": order.active,
      onclick: () => send({ type: "end_turn", creature: order.active }, `${name(order.active)}'s turn ended`) },
    `End ${name(order.active)}'s turn`));
  }
  if (!order.active) {
    for (const id of order.next.filter(mayAct)) {
      buttons.push(h("button", { class: "start-turn", "data-id": id,
        onclick: () => send({ type: "start_turn", creature: id }, `${name(id)}'s turn started`) },
      `Start ${name(id)}'s turn`));
    }
  }
  host.append(h("h2", {}, `Round ${state.round}`), h("p", { class: "small" }, by),
    h("ol", { class: "turn-order" }, items), h("p", { class: "turn-now" }, `${active} ${next}`),
    h("div", { class: "turn-buttons" }, buttons));
  if (director) host.append(orderForm(state, order, send));
}

// The director's order: by creature (ids or names, first to act first) or by sides.
function orderForm(state, order, send) {
  const kind = h("select", { id: "order-kind" },
    h("option", { value: "creatures" }, "creatures in order"),
    h("option", { value: "sides" }, "sides taking turns"));
  const sides = [...new Set(Object.values(state.creatures).map((c) => c.side))];
  const ids = Object.keys(state.creatures);
  kind.value = order.sides.length ? "sides" : "creatures";
  const listed = h("input", { id: "order-list", type: "text", title: "First to act first, separated by commas" });
  const fill = () => {
    listed.value = kind.value === "sides"
      ? (order.sides.length ? order.sides : sides).join(", ")
      : (order.creatures.length ? order.creatures : ids).join(", ");
  };
  kind.addEventListener("change", fill);
  fill();
  const reason = h("input", { id: "order-reason", type: "text",
    placeholder: "reason (needed once a round is under way: a ruling)" });
  const byName = new Map(Object.entries(state.creatures).map(([id, c]) => [String(c.name || id).toLowerCase(), id]));
  const button = h("button", { id: "order-set", onclick: () => {
    const names = listed.value.split(",").map((s) => s.trim()).filter(Boolean);
    const items = kind.value === "sides" ? names
      : names.map((n) => (state.creatures[n] ? n : byName.get(n.toLowerCase()) || n));
    const intent = { type: "set_order", [kind.value]: items };
    if (reason.value.trim()) intent.overrule = { reason: reason.value.trim() };
    send(intent, "Order set");
  } }, "Set the order");
  return h("details", { class: "order-form" }, h("summary", {}, "Set the turn order"),
    h("label", {}, "By ", kind), listed, reason, button);
}
