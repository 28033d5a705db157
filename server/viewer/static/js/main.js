// The battle viewer: follow a battle live, scrub its history, judge its actions.

import { makeApi } from "./api.js";
import { Board } from "./board.js";
import { economyRows, leftWords } from "./economy.js";
import { renderLegend } from "./legend.js";
import { h, renderJudgement, renderOptions, renderReactions, whatIfResult } from "./panels.js";
import { redoable, undoable } from "./history.js";
import { KINDS, counted, planIntent, plannedPath, renderPlan } from "./play.js";
import { renderTurnOrder } from "./turns.js";
import { intentSchemas, renderWhatIf } from "./whatif.js";
import { at, buildActions, describe, hiddenNow, involves, legPath, movements, namer, rulings } from "./words.js";

const config = JSON.parse(document.getElementById("config").textContent);
const token = new URLSearchParams(location.search).get("token") || "";
const api = makeApi(config.battle_id, token);
const $ = (id) => document.getElementById(id);

const S = {
  events: [], head: 0, live: true, version: 0, state: null, actions: [], byId: new Map(),
  ctx: { name: namer(null) }, selected: null, reach: new Map(), chosen: null, previews: new Map(),
  options: null, logCreature: "", mode: "move", plan: null, provoking: new Set(),
};
let queue = Promise.resolve();
const serially = (fn) => (queue = queue.then(fn).catch((err) => status(err.message, true)));

function status(message, bad = false) {
  const node = $("status");
  node.textContent = message || "";
  node.classList.toggle("bad", bad);
}

const board = new Board($("board"), {
  creature: (id) => serially(() => selectCreature(id)),
  square: (x, y) => serially(() => clickSquare(x, y)),
  drop: (id, x, y) => serially(async () => {
    if (id !== S.selected) await selectCreature(id);
    await plan(x, y);
  }),
  hover: (x, y) => previewPath(x, y),
  leave: () => board.clearPath("preview"),
});

// -- the log ------------------------------------------------------------------------------

async function loadLog() {
  for (;;) {
    const page = await api.events(S.head);
    addEvents(page.events);
    if (page.events.length < 1000) return;
  }
}

function addEvents(events) {
  for (const e of events) {
    if (e.version <= S.head) continue;
    S.events.push(e);
    S.head = e.version;
  }
  ({ actions: S.actions, byId: S.byId } = buildActions(S.events));
}

function renderLog() {
  const list = $("log");
  list.replaceChildren();
  renderCreatureChoice();
  for (const action of S.actions) {
    if (S.logCreature && !involves(action, S.logCreature)) continue;
    const ruled = rulings(action);
    const classes = ["action", `type-${action.intent?.type || "unknown"}`];
    if (ruled.length) classes.push("ruled");
    if (action.undone) classes.push("undone");
    if (action.first > S.version) classes.push("future");
    if (action.id && action.id === S.chosen) classes.push("selected");
    const item = h("li", { class: classes.join(" "), "data-intent": action.id || "",
      "data-first": action.first, "data-last": action.last, title: `versions ${action.first}–${action.last}` },
      h("span", { class: "v" }, action.first), " ", h("span", { class: "words" }, describe(action)));
    if (ruled.length) item.append(" ", h("span", { class: "ruling" }, ruled[0].words));
    item.title += ruled.length ? ` (set aside: ${ruled[0].rule})` : "";
    item.addEventListener("click", () => serially(() => chooseAction(action.id)));
    list.append(item);
  }
  renderRulings();
  const current = list.querySelector(".selected") || list.lastElementChild;
  if (S.live && current) current.scrollIntoView({ block: "nearest" });
}

// The log of one creature: the choice lists every creature the state knows.
function renderCreatureChoice() {
  const select = $("log-creature");
  const ids = Object.keys(S.state?.creatures || {}).sort();
  const have = [...select.options].map((o) => o.value).slice(1);
  if (have.join() === ids.join()) return;
  select.replaceChildren(h("option", { value: "" }, "every creature"),
    ...ids.map((id) => h("option", { value: id }, S.ctx.name(id))));
  select.value = ids.includes(S.logCreature) ? S.logCreature : "";
}

$("log-creature").addEventListener("change", (e) => {
  S.logCreature = e.target.value;
  renderLog();
});

// The table's precedents: every ruling still in effect, newest last.
function renderRulings() {
  const found = S.actions.filter((a) => !a.undone).flatMap((a) => rulings(a).map((r) => ({ ...r, action: a })));
  const host = $("rulings");
  host.replaceChildren(...(found.length ? [h("h2", {}, "Rulings"),
    h("ol", { class: "rulings" }, found.map((r) => {
      const item = h("li", { class: "ruling-item", "data-version": r.version, "data-rule": r.rule },
        h("span", { class: "v" }, r.version), " ", `${r.rule}: ${r.words}`);
      item.addEventListener("click", () => serially(() => chooseAction(r.action.id)));
      return item;
    }))] : []));
}

// -- showing a version ----------------------------------------------------------------------

function renderTimeline() {
  const scrubber = $("scrubber");
  scrubber.max = String(S.head);
  scrubber.value = String(S.version);
  $("version-label").textContent = S.live ? `version ${S.version} (live)` : `version ${S.version} of ${S.head}`;
  document.body.classList.toggle("scrubbed", !S.live);
}

function show(state) {
  S.state = state;
  S.ctx = { name: namer(state) };
  S.version = state.version;
  board.render(state, config.role === "director" ? hiddenNow(S.actions) : new Set());
  $("battle-title").textContent = config.title || `a ${state.ruleset} battle`;
  document.title = `${config.title || state.ruleset} · turnledger`;
  renderTurnOrder($("turns"), state, S.ctx, config.role === "director" && S.live,
    (id) => S.live && mayControl(id), (intent, label) => serially(() => act(label, () => api.intent(intent))));
  $("round").textContent = state.round ? `Round ${state.round}${state.active ? ` · ${S.ctx.name(state.active)}'s turn` : ""}` : "";
  renderReactions($("reactions"), state, S.ctx, mayAnswer, answerReaction);
  renderLegend($("legend"), state);
  renderSelection();
  renderTimeline();
  renderLog();
  renderUndo();
}

// The action the version shown ends (or is inside of): the status line follows the scrubber.
function actionAt(version) {
  return S.actions.filter((a) => a.first <= version).pop();
}

function scrubbedStatus() {
  if (S.live) return;
  const action = actionAt(S.version);
  const words = action ? `: ${describe(action)}` : "";
  status(`Showing version ${S.version} of ${S.head}${words}`);
}

// Undo and Redo are enabled exactly when the server would accept them from this caller; each
// names the action it would take back or bring back.
function renderUndo() {
  const button = $("undo");
  const { action, why } = undoable(S.actions, S.state, config);
  button.disabled = !action || !S.live;
  button.textContent = action ? `Undo ${action.intent?.type?.replaceAll("_", " ") || "action"}` : "Undo";
  button.title = action ? `Undo version ${action.first}: ${describe(action)}` : why;
  button.dataset.intent = action?.id || "";
  const redo = $("redo");
  const again = redoable(S.actions, config);
  redo.disabled = !again.action || !S.live;
  redo.textContent = again.action ? `Redo ${again.action.intent?.type?.replaceAll("_", " ") || "action"}` : "Redo";
  redo.title = again.action ? `Redo version ${again.action.first}: ${describe(again.action)}` : again.why;
}

function mayControl(id) {
  return config.role === "director" || config.creatures.includes(id);
}

// The selected creature's economy: what it has left this turn, in its ruleset's words.
function renderSelection() {
  const c = S.selected && S.state?.creatures[S.selected];
  const rows = economyRows(c?.economy);
  const panel = h("section", { id: "options" });
  $("selection").replaceChildren(...(c ? [h("h2", {}, S.ctx.name(S.selected)),
    h("dl", { class: "economy" }, rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])), panel] : []));
  const mine = mayControl(S.selected);
  if (c) renderOptions(panel, S.options, S.live && mine, takeOption);
  if (c && S.live && mine) panel.prepend(modeChoice());
  renderPlan($("plan"), S.plan, S.ctx, () => serially(confirmPlan), () => serially(cancelPlan));
}

// How a click on a square sends the selected creature: Move, Shift or Teleport (each offered
// when the creature's options hold it).
function modeChoice() {
  const offered = new Set((S.options?.options || []).map((o) => o.kind));
  const kinds = Object.keys(KINDS).filter((k) => offered.has(k));
  return h("div", { class: "mode-choice" }, "Click a square to ",
    ...kinds.map((k) => h("label", {}, h("input", { type: "radio", name: "mode", value: k,
      ...(S.mode === k ? { checked: "" } : {}),
      onclick: () => { S.mode = k; cancelPlan(); } }), ` ${KINDS[k].toLowerCase()} `)),
    "there.");
}

async function clickSquare(x, y) {
  if (!S.selected || !S.live || !mayControl(S.selected)) return selectCreature(null);
  await plan(x, y);
}

// Ask the server what sending the selected creature to [x, y] would do (a dry run), and show
// it for confirmation: the path, each step's cost, the reactions it would provoke.
async function plan(x, y) {
  const id = S.selected;
  if (!id || !S.live || !mayControl(id)) return;
  const intent = planIntent(S.mode, id, S.state, x, y, S.options?.options);
  try {
    const preview = await api.preview(intent);
    // a move's whole cost is its square's in the reach drawn (the route is the cheapest)
    const total = S.mode === "move" ? S.reach.get(`${x},${y}`) : undefined;
    S.plan = { kind: S.mode, intent, preview, total };
    const { points, rest } = plannedPath(preview.events, id);
    const start = S.state.creatures[id].position;
    board.showPath("plan", S.state.creatures[id], [start, ...points, ...rest], "");
    if ((preview.reactions || []).length) S.provoking.add(`${x},${y}`);
    status(`${KINDS[S.mode]} ${S.ctx.name(id)} to ${at([x, y])}: confirm or pick another square.`);
  } catch (err) {
    S.plan = { kind: S.mode, intent, refused: err.message };
    board.clearPath("plan");
    status(`${KINDS[S.mode]} to ${at([x, y])} refused: ${err.message}`, true);
  }
  renderSelection();
}

async function confirmPlan() {
  const planned = S.plan;
  if (!planned?.preview) return;
  S.plan = null;
  board.clearPath("plan");
  await act(`${KINDS[planned.kind]} done`, () => api.intent(planned.intent));
}

function cancelPlan() {
  S.plan = null;
  board.clearPath("plan");
  renderSelection();
}

function takeOption(option) {
  const label = [option.kind.replaceAll("_", " "), option.action].filter(Boolean).join(" ");
  serially(() => act(`Done (${label})`, () => api.intent(option.intent)));
}

async function showVersion(version) {
  S.live = version >= S.head;
  clearSelection();
  show(await api.state(S.live ? undefined : version));
  if (S.live) status(`Live at version ${S.version}.`);
  else scrubbedStatus();
}

async function followLive() {
  const before = S.state;
  const state = await api.state();
  if (!S.live) return;
  const fresh = S.events.filter((e) => e.version > (before?.version ?? 0));
  show(state);
  if (S.selected) await selectCreature(S.selected, true);
  if (fresh.length && !S.plan) {
    const last = S.actions[S.actions.length - 1];
    status(`Live at version ${state.version}${last ? `: ${describe(last)}` : ""}.`);
  }
  if (before && !fresh.some((e) => e.type === "ActionUndone" || e.type === "ActionRedone")) {
    await animate(before, fresh);
  }
}

async function animate(before, events) {
  const places = new Map(Object.entries(before.creatures).map(([id, c]) => [id, c.position]));
  for (const m of movements(events)) {
    const start = places.get(m.id);
    places.set(m.id, m.path[m.path.length - 1]);
    if (start && !m.jump) await board.animate(m.id, [start, ...m.path]);
  }
}

// -- the stream -------------------------------------------------------------------------------

function connect() {
  const source = new EventSource(api.streamUrl(S.head));
  const badge = $("live");
  source.onopen = () => { badge.textContent = "live"; badge.className = "badge on"; };
  source.onerror = () => { badge.textContent = "reconnecting"; badge.className = "badge off"; };
  const received = () => {
    clearTimeout(S.pending);
    // An action's events arrive together: once they have all come in, read them from the
    // log with the server's narration, then draw.
    S.pending = setTimeout(() => serially(async () => {
      await loadLog();
      if (S.live) await followLive();
      else { renderTimeline(); renderLog(); }
    }), 40);
  };
  for (const type of config.event_types) source.addEventListener(type, received);
  source.onmessage = received;
}

// -- a creature's reach and the cheapest path --------------------------------------------------

function clearSelection() {
  S.selected = null;
  S.options = null;
  S.plan = null;
  S.provoking = new Set();
  board.clearPath("plan");
  renderSelection();
  S.reach = new Map();
  board.select(null);
  board.clearReach();
  board.clearPath("preview");
}

async function selectCreature(id, again = false) {
  if (!id || (id === S.selected && !again) || !S.live) {
    clearSelection();
    if (id && !S.live) status("Go live to see where a creature can go now.");
    return;
  }
  if (id !== S.selected) {
    S.plan = null;
    S.provoking = new Set();
    board.clearPath("plan");
  }
  S.selected = id;
  S.previews = new Map();
  board.select(id);
  renderSelection();
  try {
    // the move panel: what the creature may do now; its first walking move's reach is drawn
    S.options = await api.options(id);
    renderSelection();
    const move = S.options.options.find((o) => o.kind === "move" && o.reach && o.reach.mode === "walk");
    const found = move ? move.reach : await api.reach(id);
    S.reach = new Map(found.squares.map((s) => [`${s.at[0]},${s.at[1]}`, s.cost]));
    board.showReach(found.squares, found.region, S.provoking);
    const many = found.region ? `${found.region.points.length} points` : `${found.squares.length} squares`;
    const left = leftWords(S.state?.creatures[id]?.economy);
    if (!again) status(`${S.ctx.name(id)} can reach ${many}${left ? `; ${left}` : ""}.`);
  } catch (err) {
    board.clearReach();
    status(`No reach for ${S.ctx.name(id)}: ${err.message}`, true);
  }
}

// Hovering a square previews the cheapest path there, only where the server would accept the
// move (a walk the creature's options offer, by a caller that controls it): a preview the
// server must refuse would only log its refusal.
function previewPath(x, y) {
  const id = S.selected;
  board.clearPath("preview");
  if (!id || !S.reach.has(`${x},${y}`) || S.mode !== "move" || !mayControl(id)) return;
  if (!(S.options?.options || []).some((o) => o.kind === "move" && o.available)) return;
  clearTimeout(S.hoverTimer);
  S.hoverTimer = setTimeout(async () => {
    const key = `${S.version}:${id}:${x},${y}`;
    let found = S.previews.get(key);
    try {
      if (!found) {
        found = await api.preview(planIntent("move", id, S.state, x, y, S.options?.options));
        // the battle may have moved on while it was asked (a new version clears the
        // previews): a preview of an older version is not kept, nor shown
        if (!key.startsWith(`${S.version}:`)) return;
        S.previews.set(key, found);
      }
    } catch (err) {
      status(`No path to ${at([x, y])}: ${err.message}`, true);
      return;
    }
    if (S.selected !== id || board.hovered !== `${x},${y}`) return;
    const moved = found.events.find((e) => e.type === "Moved" || e.type === "MovedInches");
    const windows = found.reactions || [];
    if (windows.length && !S.provoking.has(`${x},${y}`)) {
      S.provoking.add(`${x},${y}`);
      document.querySelector(`rect.reach[data-x="${x}"][data-y="${y}"]`)?.classList.add("provokes");
    }
    // a path that stops for reactions goes on once they are answered: all of it is drawn, at
    // its whole cost (its square's in the reach)
    const { points, rest } = plannedPath(found.events, id);
    if (!moved && !rest.length) {
      if (windows.length) status(`The path to ${at([x, y])} provokes at once: ${windows.map((w) => S.ctx.name(w.reactor)).join(", ")}.`);
      return;
    }
    const start = S.state.creatures[id].position;
    const gridless = moved?.type === "MovedInches";
    const path = [start, ...(gridless ? legPath(moved.data) : [...points, ...rest])];
    const cost = rest.length ? S.reach.get(`${x},${y}`) ?? moved?.data.cost : moved.data.cost;
    const label = gridless ? `${Math.round(moved.data.cost * 100) / 100}"` : `${cost}`;
    board.showPath("preview", S.state.creatures[id], path, label);
    const provokes = windows.length ? `; it provokes ${windows.map((w) => S.ctx.name(w.reactor)).join(", ")}` : "";
    const steps = gridless ? "" : ` (${counted(path.length - 1, "step")})`;
    status(`Cheapest path to ${at([x, y])}: ${label}${steps}${provokes}`);
  }, 60);
}

// -- an action: its path, its judgement, what if ---------------------------------------------

async function chooseAction(id) {
  const action = id && S.byId.get(id);
  board.clearPath("action");
  board.clearPath("whatif");
  if (!action) return;
  S.chosen = id;
  renderLog();
  drawActionPath(action);
  const panel = $("judgement");
  panel.replaceChildren(h("p", {}, "Judging…"));
  const judgement = await api.judgement(id);
  renderJudgement(panel, judgement, S.ctx);
  const kind = action.intent?.type;
  if (config.role === "director" && !["create_battle", "undo", "redo"].includes(kind)) {
    renderWhatIf(panel, action.first - 1, action.intent, whatIf, await intentSchemas());
  }
}

function drawActionPath(action) {
  const before = findBefore(action);
  for (const m of movements(action.events)) {
    const creature = S.state?.creatures[m.id] || { size: "1M" };
    const start = before?.[m.id];
    board.showPath("action", creature, start ? [start, ...m.path] : m.path, "");
  }
}

// Where each creature stood before an action, from the trace-free log: the last path end.
function findBefore(action) {
  const places = {};
  for (const e of S.events) {
    if (e.version >= action.first) break;
    if (e.type === "BattleCreated") for (const c of e.data.creatures) places[c.id] = c.at;
    for (const m of movements([e])) places[m.id] = m.path[m.path.length - 1];
  }
  return places;
}

async function whatIf(version, intents) {
  try {
    const result = await api.whatIf(version, intents);
    board.clearPath("whatif");
    for (const step of result.steps) {
      for (const m of movements(step.events || [])) {
        const creature = S.state.creatures[m.id] || { size: "1M" };
        const start = findBefore({ first: version + 1 })[m.id];
        board.showPath("whatif", creature, start ? [start, ...m.path] : m.path, "what if");
      }
    }
    return whatIfResult(result, S.ctx);
  } catch (err) {
    return [h("p", { class: "refused" }, err.message)];
  }
}

// -- buttons -------------------------------------------------------------------------------------

function mayAnswer(reactor) {
  return S.live && (config.role === "director" || config.creatures.includes(reactor));
}

async function act(label, call) {
  try {
    const done = await call();
    status(`${label}: version ${done.version}.`);
    if (!S.live) await showVersion(S.head);
    await checkReceipts();
  } catch (err) {
    status(`${label} refused: ${err.message}`, true);
  }
}

// The badge: does the log still agree with every receipt this page was given?
async function checkReceipts() {
  const badge = $("receipts");
  const kept = api.receipts();
  if (!kept.length) return;
  try {
    const found = (await api.verifyReceipts()).receipts;
    if (found.agree && !found.invalid.length) {
      badge.textContent = `matches ${found.checked} receipt${found.checked === 1 ? "" : "s"}`;
      badge.className = "badge on";
    } else {
      const why = found.rewritten ? "rewritten" : "differs";
      badge.textContent = `log ${why} at version ${found.first_disagreeing_version ?? "?"}`;
      badge.className = "badge off";
    }
  } catch (err) {
    badge.textContent = "receipts unchecked";
    badge.className = "badge off";
  }
}

function answerReaction(reaction, decision) {
  serially(() => act(decision === "take" ? "Taken" : "Declined",
    () => api.intent({ type: "resolve_reaction", reaction, decision })));
}

function wireButtons() {
  document.body.classList.add(`role-${config.role}`);
  $("undo").addEventListener("click", () => serially(() => act("Undone", () => api.undo({}))));
  $("redo").addEventListener("click", () => serially(() => act("Redone", () => api.redo())));
  $("rewind").addEventListener("click", () =>
    serially(() => act("Rewound", () => api.undo({ to_version: S.version }))));
  $("go-live").addEventListener("click", () => serially(() => showVersion(S.head)));
  const scrubber = $("scrubber");
  scrubber.addEventListener("input", () => {
    S.live = false;
    $("version-label").textContent = `version ${scrubber.value} of ${S.head}`;
    clearTimeout(S.scrubTimer);
    S.scrubTimer = setTimeout(() => serially(() => showVersion(Number(scrubber.value))), 80);
  });
  $("step-back").addEventListener("click", () => serially(() => step(-1)));
  $("step-forward").addEventListener("click", () => serially(() => step(1)));
}

// Step to the end of the previous or next action.
function step(direction) {
  const ends = S.actions.map((a) => a.last);
  const target = direction < 0
    ? ends.filter((v) => v < S.version).pop()
    : ends.find((v) => v > S.version);
  if (target) return showVersion(target);
}

async function start() {
  wireButtons();
  // the what-if form's intent shapes, read ahead (the document is large the first time)
  if (config.role === "director") intentSchemas().catch(() => {});
  try {
    config.actor = (await api.me()).actor;
    await loadLog();
    show(await api.state());
    $("board-pane").dataset.ready = "true";
    connect();
    await checkReceipts();
  } catch (err) {
    status(`Cannot load the battle: ${err.message}`, true);
  }
}

start();
