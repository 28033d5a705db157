// The log in plain words: events grouped into actions, one line per action, in the words
// the server narrates (engine/narration.py), so the viewer, the CLI and the API agree.

// Inches to one decimal, as a tape measure reads them: 3.49 -> 3.5", 2 -> 2".
export function inches(v) {
  const r = Math.round(Number(v) * 10) / 10;
  return `${r}"`;
}

export function at(p) {
  if (!p) return "?";
  const round = (v) => (Number.isInteger(v) ? v : Number(v).toFixed(1));
  const [x, y, z] = p;
  return z ? `(${round(x)}, ${round(y)}, up ${round(z)})` : `(${round(x)}, ${round(y)})`;
}

// Group the log into actions: every event of one intent shares its intent_id.
export function buildActions(events) {
  const actions = [];
  const byId = new Map();
  for (const e of events) {
    if (e.type === "Unseen") continue; // hidden from this reader: its version, nothing else
    let action = e.intent_id ? byId.get(e.intent_id) : null;
    if (!action) {
      action = { id: e.intent_id, first: e.version, last: e.version, intent: null, trace: [],
        events: [], actor: e.actor, undone: false };
      actions.push(action);
      if (e.intent_id) byId.set(e.intent_id, action);
    }
    action.last = e.version;
    if (e.type === "IntentAccepted") {
      action.opening = e.data;
      action.intent = e.data.intent || {};
      action.trace = e.data.trace || [];
    } else {
      action.events.push(e);
    }
  }
  for (const action of actions) {
    for (const e of action.events) {
      const target = byId.get(e.data.target);
      if (e.type === "ActionUndone" && target) target.undone = true;
      if (e.type === "ActionRedone" && target) target.undone = false;
    }
  }
  return { actions, byId };
}

// The creatures an action is about: its intent's and its events' creatures.
export function involves(action, id) {
  const intent = action.intent || {};
  if ([intent.creature, intent.target, intent.source].includes(id)) return true;
  return action.events.some((e) => {
    const d = e.data || {};
    return [d.creature, d.target, d.source, d.reactor].includes(id) || d.creature?.id === id;
  });
}

// The director's ruling in an action (its RuleOverruled events), in the words the server
// uses: one ruling per action, its reason said once, with every rule it set aside.
export function rulings(action) {
  const ruled = action.events.filter((e) => e.type === "RuleOverruled");
  if (!ruled.length) return [];
  const rules = [...new Set(ruled.map((e) => e.data.rule))];
  const reasons = [...new Set(ruled.map((e) => e.data.reason))];
  return [{ version: ruled[0].version, rule: rules.join(", "), rules,
    words: `overruled by the director: ${reasons.join("; ")}` }];
}

// The creatures hidden from players now, by the log's effective hides and reveals.
export function hiddenNow(actions) {
  const hidden = new Set();
  for (const a of actions) {
    if (a.undone) continue;
    for (const e of a.events) {
      if (e.type === "CreatureHidden") hidden.add(e.data.creature);
      if (e.type === "CreatureRevealed") hidden.delete(e.data.creature);
    }
  }
  return hidden;
}

// Who is who: creatures' names from a state (the server words events; see narration).
export function namer(state) {
  return (id) => (id == null ? "?" : state?.creatures?.[id]?.name || id);
}

// An action in one line: its events as the server narrates them (`?narrate=true`).
export function describe(action) {
  // the opening IntentAccepted is narrated as the action's heading; the line tells its events
  // a ruling is told once, beside the line (see `rulings`), not once per rule it set aside
  const parts = action.events
    .filter((e) => e.type !== "IntentAccepted" && e.type !== "RuleOverruled")
    .map((e) => e.narration)
    .filter((p) => p);
  return parts.join("; ") || action.intent?.type || "(empty action)";
}

// The points a gridless move passed through after its start: each leg's turns (a flight's
// rise and descent, `via`) and its end.
export function legPath(d) {
  return d.legs.flatMap((leg) => [...(leg.via || []), leg.to]);
}

// The squares each moving event passed through, for drawing and animating.
export function movements(events) {
  const out = [];
  for (const e of events) {
    const d = e.data;
    if (e.type === "MovedInches") out.push({ id: d.creature, path: legPath(d) });
    else if (e.type === "Moved" || e.type === "Shifted") {
      out.push({ id: d.creature, path: d.path });
    } else if (e.type === "DroppedDown") out.push({ id: d.creature, path: [d.to] });
    else if (e.type === "FellInches") out.push({ id: d.creature, path: [d.landing] });
    else if (e.type === "ForceMoved") out.push({ id: d.target, path: d.path });
    else if (e.type === "Fell") out.push({ id: d.creature, path: [d.landing] });
    else if (e.type === "Teleported") out.push({ id: d.creature, path: [d.to], jump: true });
  }
  return out;
}
