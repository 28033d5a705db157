// The map's legend: each terrain kind on the map with its swatch and heights, and the raised
// ground by height, so a game master reads the board without guessing.

import { h } from "./panels.js";

const WORDS = {
  wall: "wall", obstacle: "obstacle", difficult: "difficult terrain", damaging: "damaging",
  water: "water", hazard: "pit", climbable: "climbable", impeded: "impeded",
  concealed: "concealed", updraft: "updraft", narrow: "narrow opening", platform: "platform",
};

function heightWords(kind, height) {
  if (height == null) return "";
  if (kind === "wall" && height >= 100) return "full height";
  return `height ${height}`;
}

function swatch(kind) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 1 1");
  svg.setAttribute("class", "swatch");
  const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  const cls = kind === "elevation" ? "swatch-fill elevation-swatch" : `swatch-fill t-${kind}`;
  for (const [k, v] of Object.entries({ x: 0, y: 0, width: 1, height: 1, class: cls })) {
    rect.setAttribute(k, v);
  }
  svg.append(rect);
  return svg;
}

// One row per terrain kind (and height); one per height of raised ground.
export function legendRows(state) {
  const area = state.board || state.map;
  if (!area) return [];
  const rows = new Map();
  for (const t of area.terrain || []) {
    const heights = rows.get(t.kind) || { kind: t.kind, heights: new Set(), count: 0 };
    if (t.height != null) heights.heights.add(t.height);
    heights.count += (t.cells || []).length || 1;
    rows.set(t.kind, heights);
  }
  const out = [...rows.values()].map(({ kind, heights, count }) => ({
    kind,
    words: [WORDS[kind] || kind, ...[...heights].sort((a, b) => a - b).map((v) => heightWords(kind, v))]
      .filter(Boolean).join(", "),
    count,
  }));
  const raised = new Map();
  for (const e of area.elevation || []) raised.set(e.height, (raised.get(e.height) || 0) + e.cells.length);
  for (const [height, count] of [...raised].sort((a, b) => a[0] - b[0])) {
    out.push({ kind: "elevation", words: `${height > 0 ? "raised" : "sunken"} ground ▲${height}`, count });
  }
  return out;
}

export function renderLegend(host, state) {
  const unit = state.board ? "pieces" : "squares";
  host.replaceChildren(...legendRows(state).map(({ kind, words, count }) =>
    h("li", { "data-kind": kind }, swatch(kind), ` ${words} (${count} ${unit})`)));
}
