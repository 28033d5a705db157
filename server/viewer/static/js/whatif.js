// What if…: a form built from the intent schemas the server publishes (/openapi.json), filled
// with the recorded intent; trying it runs a what-if from just before the action.

import { h } from "./panels.js";

let schemas = null;

// The intent shapes by `type`, read once: the intents' JSON Schema the viewer is served
// (what the API's OpenAPI document says of them, without the whole document).
export function intentSchemas() {
  schemas ||= readSchemas();
  return schemas;
}

async function readSchemas() {
  const answer = await fetch("/viewer/intents.json");
  if (!answer.ok) {
    schemas = null;
    throw new Error(`the API description: HTTP ${answer.status}`);
  }
  const spec = await answer.json();
  const body = spec;
  const resolve = (ref) => ref.split("/").slice(1).reduce((node, part) => node[part], spec);
  const mapping = body.discriminator.mapping;
  const shapes = new Map(Object.entries(mapping).map(([type, ref]) => [type, resolve(ref)]));
  shapes.resolve = resolve;
  return shapes;
}

// A property's input: a choice for an enum (or a constant, or a boolean), a number, a text,
// and for the structured fields a line a person writes: a point as "6, 5", a path as
// "1,2; 1,3", a list as "7, 9", a map as "might: 3, agility: 1", legs as "jump 5,6,1", and
// an object (an `overrule`) as fields of its own. Nothing asks for JSON.
function kindOf(prop, resolve) {
  const options = (prop.anyOf || [prop]).filter((p) => p.type !== "null").map((p) => (p.$ref ? resolve(p.$ref) : p));
  const one = options.length === 1 ? options[0] : null;
  if (one?.enum) return { kind: "enum", values: one.enum };
  if (one?.const !== undefined) return { kind: "enum", values: [one.const] };
  if (one?.type === "boolean") return { kind: "enum", values: [true, false] };
  if (one?.type === "integer" || one?.type === "number") return { kind: "number" };
  if (one?.type === "string") return { kind: "text" };
  if (one?.type === "object" && one.properties) return { kind: "object", schema: one };
  if (one?.type === "object") return { kind: "pairs" };
  if (one?.type === "array") {
    const item = one.items?.$ref ? resolve(one.items.$ref) : one.items || {};
    if (item.type === "array") return { kind: "points" };
    if (item.type === "object") return { kind: "legs" };
    // a move's `to` takes integers or numbers (a fraction is inches): items as anyOf
    const numeric = (item.anyOf || [item]).every((t) => t.type === "integer" || t.type === "number");
    if (numeric && one.minItems === 2) return { kind: "point" };
    if (numeric) return { kind: "numbers" };
    return { kind: "words" };
  }
  if (options.some((o) => o.type === "array") && options.some((o) => o.type === "string")) return { kind: "words" };
  return { kind: "text" };
}

const PLACEHOLDER = {
  point: "x, y (or x, y, z)", points: "x,y; x,y; ...", numbers: "7, 9", words: "a, b",
  pairs: "name: value, name: value", legs: "normal x,y; jump x,y,z",
};

const nums = (text) => text.split(",").map((v) => Number(v.trim()));

function shown(kind, value) {
  if (value === undefined || value === null) return "";
  if (kind === "point" || kind === "numbers") return value.join(", ");
  if (kind === "points") return value.map((p) => p.join(",")).join("; ");
  if (kind === "words") return Array.isArray(value) ? value.join(", ") : String(value);
  if (kind === "pairs") return Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ");
  if (kind === "legs") return value.map((l) => `${l.kind} ${l.to.join(",")}`).join("; ");
  return String(value);
}

function parsed(kind, raw, name) {
  if (kind === "number") return Number(raw);
  if (kind === "point" || kind === "numbers") return nums(raw);
  if (kind === "points") return raw.split(";").map((p) => nums(p)).filter((p) => p.length > 1);
  if (kind === "words") {
    const words = raw.split(",").map((w) => w.trim()).filter(Boolean);
    return name === "target" && words.length === 1 ? words[0] : words;
  }
  if (kind === "pairs") {
    return Object.fromEntries(raw.split(",").map((pair) => {
      const [k, ...v] = pair.split(":");
      const value = v.join(":").trim();
      const scalar = value === "true" ? true : value === "false" ? false
        : value !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;
      return [k.trim(), scalar];
    }).filter(([k]) => k));
  }
  if (kind === "legs") {
    return raw.split(";").map((leg) => leg.trim().split(/\s+/)).filter((l) => l.length === 2)
      .map(([k, to]) => ({ kind: k, to: nums(to) }));
  }
  return raw;
}

function field(name, prop, value, resolve) {
  const { kind, values, schema } = kindOf(prop, resolve);
  const id = `whatif-field-${name.replaceAll(".", "-")}`;
  if (kind === "object") {
    const given = value || {};
    return h("fieldset", { class: "whatif-object", "data-object": name, title: prop.description || "" },
      h("legend", {}, name),
      Object.entries(schema.properties).map(([sub, p]) => field(`${name}.${sub}`, p, given[sub], resolve)));
  }
  let input;
  if (kind === "enum") {
    input = h("select", { id, "data-kind": kind },
      h("option", { value: "" }, "(default)"),
      values.map((v) => h("option", { value: JSON.stringify(v) }, String(v))));
    input.value = value === undefined ? "" : JSON.stringify(value);
  } else {
    const type = kind === "number" ? "number" : "text";
    input = h("input", { id, type, "data-kind": kind, placeholder: PLACEHOLDER[kind] || "" });
    input.value = shown(kind, value);
  }
  input.dataset.field = name;
  return h("label", { class: "whatif-field", title: prop.description || "" }, h("span", {}, name), input);
}

function readForm(form, type) {
  const intent = { type };
  for (const input of form.querySelectorAll("[data-field]")) {
    const raw = input.value.trim();
    if (raw === "") continue;
    const path = input.dataset.field.split(".");
    const value = input.dataset.kind === "enum" ? JSON.parse(raw) : parsed(input.dataset.kind, raw, path[path.length - 1]);
    let host = intent;
    for (const part of path.slice(0, -1)) host = host[part] ||= {};
    host[path[path.length - 1]] = value;
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
      .map(([name, prop]) => field(name, prop, given[name], shapes.resolve)));
  };
  type.addEventListener("change", fill);
  fill();
  const out = h("div", { id: "whatif-result" });
  const button = h("button", { id: "whatif-run", onclick: async () => {
    const tried = readForm(form, type.value);
    out.replaceChildren(h("p", {}, "Trying…"));
    out.replaceChildren(...(await run(version, [tried])));
  } }, `Try from version ${version}`);
  host.append(h("section", { class: "whatif" },
    h("h3", {}, "What if…"),
    h("p", { class: "small" }, "Change the intent and try it from just before this action; empty fields take the server's default. A square is written x, y; a path 1,2; 1,3."),
    h("label", { class: "whatif-field" }, h("span", {}, "type"), type), form, button, out));
}
