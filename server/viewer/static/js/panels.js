// Side panels: an action's judgement, the director's what-if, pending reaction windows.

import { at } from "./words.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child != null && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function traceTable(trace) {
  const rows = trace.map((step, i) =>
    h("tr", { class: `trace-step kind-${step.kind}` },
      h("td", {}, i + 1), h("td", {}, step.kind), h("td", {}, step.at ? at(step.at) : ""),
      h("td", {}, step.cost ?? ""), h("td", {}, (step.reasons || []).join("; "))));
  return h("table", { class: "trace" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "step"), h("th", {}, "square"),
      h("th", {}, "cost"), h("th", {}, "why"))),
    h("tbody", {}, rows));
}

export function renderJudgement(host, j, ctx) {
  const judged = j.judged;
  const trace = judged?.trace || j.recorded?.trace || [];
  const verdict = j.note
    ? j.note
    : j.matches ? "Judged again: the same result." : "Judged again: a different result!";
  host.replaceChildren(...[
    h("h2", {}, `Judgement of versions ${j.versions[0]}–${j.versions[1]}`),
    h("p", { class: `verdict ${j.matches ? "matches" : "differs"}` }, verdict),
    h("p", { class: "small" }, `Decided under ${j.rules_version_then}`,
      j.rules_version_now ? `; judged now under ${j.rules_version_now}` : "",
      ` by ${j.actor}.`),
    j.ruling ? h("p", { class: "ruling" }, j.ruling.words,
      j.ruling.overruled.length ? ` (set aside: ${j.ruling.overruled.map((o) => o.rule).join(", ")})` : " (nothing needed setting aside)") : null,
    judged?.refused ? h("p", { class: "refused" }, `Now refused: ${judged.refused.rule}: ${judged.refused.detail}`) : null,
    trace.length ? traceTable(trace) : null,
    j.differences?.length ? h("ul", { class: "differences" }, j.differences.map((d) => h("li", {}, d))) : null,
    h("details", {}, h("summary", {}, "Intent"), h("pre", {}, JSON.stringify(j.intent, null, 1))),
  ].filter(Boolean));
  void ctx;
}

export function whatIfResult(result, ctx) {
  const parts = [];
  for (const step of result.steps) {
    if (step.refused) {
      parts.push(h("p", { class: "refused" }, `Intent ${step.index + 1} refused: ${step.refused.rule}: ${step.refused.detail}`));
    } else {
      parts.push(h("p", { class: "whatif-step" },
        step.events.map((e) => e.narration).filter((p) => p).join("; ") || "No events"));
    }
  }
  const changes = Object.entries(result.difference?.creatures || {});
  parts.push(h("h4", {}, `Compared with version ${result.compared_with_version}`));
  if (!changes.length) parts.push(h("p", { class: "whatif-same" }, "No difference."));
  const list = h("ul", { class: "whatif-difference" });
  for (const [id, fields] of changes) {
    for (const [field, pair] of Object.entries(fields)) {
      const show = (v) => (Array.isArray(v) && typeof v[0] === "number" ? at(v) : JSON.stringify(v));
      list.append(h("li", {}, `${ctx.name(id)} ${field}: ${show(pair.what_if)} instead of ${show(pair.actual)}`));
    }
  }
  if (changes.length) parts.push(list);
  return parts;
}

export function renderReactions(host, state, ctx, mayAnswer, answer) {
  const pending = state.pending_reactions || [];
  host.replaceChildren();
  if (!pending.length) return;
  host.append(h("h2", {}, "Waiting for a reaction"));
  for (const r of pending) {
    const kind = r.kind.replaceAll("_", " ");
    const line = h("div", { class: "reaction", "data-id": r.id },
      h("span", {}, `${ctx.name(r.reactor)} must answer: ${kind} on ${ctx.name(r.target)} at ${at(r.at)}. `));
    if (mayAnswer(r.reactor)) {
      line.append(
        h("button", { class: "take", onclick: () => answer(r.id, "take") }, "Take"),
        h("button", { class: "decline", onclick: () => answer(r.id, "decline") }, "Decline"));
    }
    host.append(line);
  }
}

// The selected creature's options (GET .../creatures/{id}/options): each with its summary; an
// available one is a button submitting its intent as it is, an unavailable one says why.
export function renderOptions(host, found, mayAct, onAct) {
  if (!found) {
    host.replaceChildren();
    return;
  }
  const items = found.options.map((o) => {
    const label = [o.kind.replaceAll("_", " "), o.action].filter(Boolean).join(": ");
    const why = o.unavailable ? h("span", { class: "rule" }, o.unavailable.rule) : null;
    const button = o.available && mayAct
      ? h("button", { class: "take-option", onclick: () => onAct(o) }, label)
      : h("span", { class: "option-name" }, label);
    return h("li", { class: `option ${o.available ? "available" : "unavailable"}`,
      "data-kind": o.kind, "data-action": o.action ?? "" },
      button, " ", why, h("p", { class: "small" }, o.summary));
  });
  host.replaceChildren(h("h3", {}, "Options now"), h("ul", { class: "options" }, items));
}
