// Undo and redo as the server judges them (server/history_service.py), so the buttons are
// enabled exactly when a click would be accepted: undo takes back the latest action still in
// effect (a player's only if it is its seat's, in the same turn); redo brings back the latest
// undone action while nothing new has been done since (a player's only its seat's own).

const CONTROL = ["undo", "redo"];

// The action Undo would take back for this caller, or null with the reason.
export function undoable(actions, state, config) {
  const target = actions.filter((a) => !a.undone && a.intent && !CONTROL.includes(a.intent.type)).pop();
  if (!target || target.first === 1) return { action: null, why: "Nothing to undo" };
  if (config.role === "director") return { action: target };
  if (target.actor !== config.actor) return { action: null, why: "The latest action is not yours" };
  const opening = target.opening || {};
  if (state?.turn_order && (opening.round !== state.round || (opening.active ?? null) !== (state.active ?? null))) {
    return { action: null, why: "A player may undo only within the same turn" };
  }
  return { action: target };
}

// The action Redo would bring back for this caller, or null with the reason.
export function redoable(actions, config) {
  let stack = [];
  const controls = [];
  for (let i = actions.length - 1; i >= 0; i--) {
    const a = actions[i];
    if (!a.intent || !CONTROL.includes(a.intent.type)) break; // a new action clears redo
    controls.unshift(a);
  }
  for (const a of controls) {
    for (const e of a.events) {
      if (e.type === "ActionUndone") stack.push(e.data.target);
      if (e.type === "ActionRedone") stack = stack.filter((t) => t !== e.data.target);
    }
  }
  const target = stack.length ? actions.find((a) => a.id === stack[stack.length - 1]) : null;
  if (!target) return { action: null, why: "Nothing to redo" };
  if (config.role !== "director" && target.actor !== config.actor) {
    return { action: null, why: "The action to redo is not yours" };
  }
  return { action: target };
}
