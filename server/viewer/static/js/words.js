// The log in plain words: events grouped into actions, one sentence per action.

const UNITS = { "epic-path": ["foot", "feet"], warcry: ["inch", "inches"] };

export function unitOf(ruleset) {
  return UNITS[ruleset] || ["square", "squares"];
}

// How many of the ruleset's units one square is (Epic Path counts 5 ft a square).
function squareSize(ruleset) {
  return ruleset === "epic-path" ? 5 : 1;
}

function amount(n, ruleset) {
  const [one, many] = unitOf(ruleset);
  return `${n} ${n === 1 ? one : many}`;
}

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
    let action = e.intent_id ? byId.get(e.intent_id) : null;
    if (!action) {
      action = { id: e.intent_id, first: e.version, last: e.version, intent: null, trace: [],
        events: [], actor: e.actor, undone: false };
      actions.push(action);
      if (e.intent_id) byId.set(e.intent_id, action);
    }
    action.last = e.version;
    if (e.type === "IntentAccepted") {
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

// Who is who, and which reaction belongs to whom, from the whole log.
export function buildContext(events) {
  const names = new Map();
  const reactions = new Map();
  let ruleset = "";
  for (const e of events) {
    if (e.type === "BattleCreated") {
      ruleset = e.data.ruleset;
      for (const c of e.data.creatures || []) names.set(c.id, c.name || c.id);
    } else if (e.type === "CreaturePlaced") {
      names.set(e.data.creature.id, e.data.creature.name || e.data.creature.id);
    } else if (e.type === "OpportunityAttackTriggered") {
      reactions.set(e.data.reaction, e.data);
    }
  }
  return { ruleset, reactions, name: (id) => (id == null ? "?" : names.get(id) || id) };
}

const MOVED = { walk: "moved", climb: "climbed", swim: "swam", fly: "flew", burrow: "burrowed" };

function difficultSteps(trace) {
  return trace.filter((s) => (s.reasons || []).some((r) => /difficult/i.test(r))).length;
}

export function sentence(e, ctx, trace = []) {
  const d = e.data;
  const n = ctx.name;
  const u = (v) => amount(v, ctx.ruleset);
  switch (e.type) {
    case "BattleCreated":
      return `Battle created: ${d.ruleset}, ${d.creatures.length} creatures`;
    case "Moved": {
      const end = d.path[d.path.length - 1];
      let s = `${n(d.creature)} ${MOVED[d.mode] || "moved"} ${u(d.cost)} to ${at(end)}`;
      const difficult = difficultSteps(trace);
      if (difficult) s += `, ${difficult} through difficult terrain`;
      return s;
    }
    case "Shifted":
      return `${n(d.creature)} shifted ${u(d.cost)} to ${at(d.path[d.path.length - 1])}`;
    case "Teleported":
      return `${n(d.creature)} teleported ${u(d.distance)} to ${at(d.to)}`;
    case "ForceMoved":
      return `${n(d.source)} ${d.kind === "push" ? "pushed" : d.kind === "pull" ? "pulled" : "slid"} ${n(d.target)} ${u(d.path.length * squareSize(ctx.ruleset))} to ${at(d.path[d.path.length - 1])}`;
    case "Collided":
      return `${n(d.creature)} collided with ${d.other_creature ? n(d.other_creature) : d.obstacle || "something"}`;
    case "HurledThrough":
      return `${n(d.creature)} was hurled through ${d.material}`;
    case "DamageTaken":
      return `${n(d.creature)} took ${d.amount} damage (${d.cause})`;
    case "Fell":
      return `${n(d.creature)} fell ${u(d.height)} to ${at(d.landing)}`;
    case "MovedInches": {
      const kinds = d.legs.map((leg) => (leg.kind === "normal" ? "move" : leg.kind));
      const legs = d.legs.length === 1 ? kinds[0] : `${d.legs.length} legs: ${kinds.join(", ")}`;
      const climbing = d.climbing ? ", still climbing" : "";
      return `${n(d.creature)} moved ${inches(d.cost)} (${legs}) to ${at(d.path[d.path.length - 1])}${climbing}`;
    }
    case "DroppedDown":
      return `${n(d.creature)} dropped ${inches(d.height)} to ${at(d.to)}`;
    case "FellInches": {
      const by = { opponent: ", the opposing player chose where", auto: "", stays: "" }[d.chosen_by] ?? "";
      return d.chosen_by === "stays"
        ? `${n(d.creature)} fell but stayed at ${at(d.landing)}`
        : `${n(d.creature)} fell ${inches(d.height)} to ${at(d.landing)}${by}`;
    }
    case "ImpactRolled":
      return `${n(d.creature)} rolled ${d.roll} for impact after dropping ${inches(d.height)}: ${d.damage ? `${d.damage} damage` : "no damage"}`;
    case "TakenDown":
      return `${n(d.creature)} was taken down (${d.cause})`;
    case "FighterPlaced":
      return `${n(d.creature)} was placed at ${at(d.fighter.at)} on a ${inches(d.fighter.base)} base`;
    case "KnockedProne":
      return d.voluntary ? `${n(d.creature)} dropped prone` : `${n(d.creature)} was knocked prone`;
    case "StoodUp":
      return `${n(d.creature)} stood up${d.by ? ` with ${n(d.by)}'s help` : ""}`;
    case "OpportunityAttackTriggered":
      return `${n(d.target)} provoked an opportunity attack from ${n(d.reactor)} at ${at(d.at)}`;
    case "ReactionResolved": {
      const r = ctx.reactions.get(d.reaction);
      const who = r ? n(r.reactor) : "The reactor";
      if (d.decision === "decline") return `${who} declined the opportunity attack`;
      return d.damage
        ? `${who}'s opportunity attack hit for ${d.damage}`
        : `${who}'s opportunity attack dealt no damage`;
    }
    case "TurnStarted":
      return `Round ${d.round}: ${n(d.creature)}'s turn began`;
    case "TurnEnded":
      return `${n(d.creature)} ended the turn`;
    case "ActionConverted":
      return `${n(d.creature)} spent the main action as a ${d.into}`;
    case "JumpTested":
      return `${n(d.creature)} tested a jump (${d.total})`;
    case "CreaturePlaced":
      return `${d.creature.name || d.creature.id} was placed at ${at(d.creature.at)}`;
    case "CreatureRemoved":
      return `${n(d.creature)} was removed`;
    case "TerrainSet":
      return `Terrain set to ${d.kind} on ${d.cells.length} square${d.cells.length === 1 ? "" : "s"}`;
    case "ConditionSet":
      return `${n(d.creature)} is ${d.on ? "now" : "no longer"} ${d.condition}`;
    case "ActionUndone":
      return `undid the action at versions ${d.first_version}–${d.last_version}`;
    case "ActionRedone":
      return `redid the action at versions ${d.first_version}–${d.last_version}`;
    case "DiceRolled":
      return `${n(d.creature)} rolled ${d.dice} for ${d.purpose}: ${d.rolls.join(", ")} = ${d.total}`;
    case "ShieldSurfStarted":
      return `${n(d.creature)} began shield surfing at ${at(d.at)}`;
    case "ShieldWorn":
      return `${n(d.creature)}'s shield took ${d.amount} wear (${d.left} left)`;
    case "ShieldSurfEnded":
      return d.forced
        ? `${n(d.creature)} was thrown off the shield (${d.reason}) and knocked prone`
        : `${n(d.creature)} stopped shield surfing`;
    case "ActionUsed":
    case "Tallied":
      return null; // bookkeeping: what it spent shows in the state, not in the story
    default:
      return e.type;
  }
}

export function describe(action, ctx) {
  const kind = action.intent?.type;
  const parts = action.events.map((e) => sentence(e, ctx, action.trace)).filter((p) => p);
  if (kind === "undo" || kind === "redo") {
    const who = action.actor === "director" ? "The director" : "A player";
    return `${who} ${parts.join(" and ") || kind}`;
  }
  const text = parts.join("; ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : kind || "(empty action)";
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
