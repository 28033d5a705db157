// What if…: a form built from the intent schemas the server publishes (/openapi.json), filled
// with the recorded intent; trying it runs a what-if from just before the action.

import { h } from "./panels.js";

let schemas = null;

// The intent shapes by `type`, read once from the server's OpenAPI document.
export function intentSchemas() {
  schemas ||= readSchemas();
  return schemas;
}

async function readSchemas() {
  const answer = await fetch("/openapi.json");
  if (!answer.ok) {
    schemas = null;
    throw new Error(`the API description: HTTP ${answer.status}`);
  }
  const spec = await answer.json();
  const body = spec.paths["/battles/{battle_id}/intents"].post.requestBody.content["application/json"].schema;
  const resolve = (ref) => ref.split("/").slice(1).reduce((node, part) => node[part], spec);
  const mapping = body.discriminator.mapping;
  return new Map(Object.entries(mapping).map(([type, ref]) => [type, resolve(ref)]));
}

// A property's input kind: its enum, boolean, number, text, or JSON for lists and objects.
function kindOf(prop) {
  const options = (prop.anyOf || [prop]).filter((p) => p.type !== "null");
  const one = options.length === 1 ? options[0] : null;
  if (one?.enum) return { kind: "enum", values: one.enum };
  if (one?.type === "boolean") return { kind: "enum", values: [true, false] };
  if (one?.type === "integer" || one?.type === "number") return { kind: "number" };
  if (one?.type === "string") return { kind: "text" };
  return { kind: "json" };
}

function field(name, prop, value) {
  const { kind, values } = kindOf(prop);
  const id = `whatif-field-${name}`;
  let input;
  if (kind === "enum") {
    input = h("select", { id, "data-kind": kind },
      h("option", { value: "" }, "(default)"),
      values.map((v) => h("option", { value: JSON.stringify(v) }, String(v))));
    input.value = value === undefined ? "" : JSON.stringify(value);
  } else {
    const type = kind === "number" ? "number" : "text";
    input = h("input", { id, type, "data-kind": kind, placeholder: kind === "json" ? "JSON, e.g. [1, 2]" : "" });
    if (value !== undefined && value !== null) input.value = kind === "json" ? JSON.stringify(value) : String(value);
  }
  input.dataset.field = name;
  return h("label", { class: "whatif-field", title: prop.description || "" }, h("span", {}, name), input);
}

function readForm(form, type) {
  const intent = { type };
  for (const input of form.querySelectorAll("[data-field]")) {
    const raw = input.value.trim();
    if (raw === "") continue;
    const name = input.dataset.field;
    if (input.dataset.kind === "number") intent[name] = Number(raw);
    else if (input.dataset.kind === "text") intent[name] = raw;
    else {
      try {
        intent[name] = JSON.parse(raw);
      } catch (err) {
        throw new Error(`${name}: not JSON (${err.message})`);
      }
    }
  }
  return intent;
}

export function renderWhatIf(host, version, intent, run, shapes) {
  const form = h("div", { id: "whatif-form" });
  const type = h("select", { id: "whatif-type" }, [...shapes.keys()].map((t) => h("option", { value: t }, t)));
  type.value = shapes.has(intent?.type) ? intent.type : [...shapes.keys()][0];
  const fill = () => {
    const schema = shapes.get(type.value);
    const given = type.value === intent?.type ? intent : {};
    form.replaceChildren(...Object.entries(schema.properties || {})
      .filter(([name]) => name !== "type")
      .map(([name, prop]) => field(name, prop, given[name])));
  };
  type.addEventListener("change", fill);
  fill();
  const out = h("div", { id: "whatif-result" });
  const button = h("button", { id: "whatif-run", onclick: async () => {
    let tried;
    try {
      tried = readForm(form, type.value);
    } catch (err) {
      out.replaceChildren(h("p", { class: "refused" }, err.message));
      return;
    }
    out.replaceChildren(h("p", {}, "Trying…"));
    out.replaceChildren(...(await run(version, [tried])));
  } }, `Try from version ${version}`);
  host.append(h("section", { class: "whatif" },
    h("h3", {}, "What if…"),
    h("p", { class: "small" }, "Change the intent and try it from just before this action; empty fields take the server's default."),
    h("label", { class: "whatif-field" }, h("span", {}, "type"), type), form, button, out));
}
