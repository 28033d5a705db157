// The map drawn to scale in SVG: one unit is one square (or one inch on a gridless board).

import { economyRows } from "./economy.js";

const NS = "http://www.w3.org/2000/svg";
const STEP_MS = 160;

function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, cls) {
  const t = el("text", { x, y, class: cls }, parent);
  t.textContent = content;
  return t;
}

// Epic Path's own size categories bigger than a square, by the squares a side of their
// space (engine/rulesets/epic_path/sizes.py); smaller ones fill one square.
const NAMED_SIDES = { large: 2, huge: 3, gargantuan: 4, colossal: 5, titanic: 6, "titanic-plus": 12 };

// A grid creature's footprint side from its size ("1M" -> 1, "2" -> 2, "3L" -> 3, "Large" -> 2).
export function footprint(size) {
  const named = NAMED_SIDES[String(size).toLowerCase()];
  if (named) return named;
  const n = parseInt(size, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

const RADIUS = { T: 0.3, S: 0.36, M: 0.42, L: 0.46 };
const SIDE_COLOURS = ["#2f6fd0", "#c8372d", "#2e9a4e", "#8a4fbf", "#c98a12", "#1a9aa0"];

export class Board {
  constructor(host, handlers) {
    this.host = host;
    this.on = handlers;
    this.sides = new Map();
    this.animations = new Map();
    this.svg = null;
    this.mapKey = null;
  }

  // Where a creature's token centre is when it stands at `p`.
  centre(creature, p) {
    if (this.gridless) return [p[0], p[1]];
    const n = footprint(creature?.size);
    return [p[0] + n / 2, p[1] + n / 2];
  }

  colour(side) {
    if (side === "heroes") return SIDE_COLOURS[0];
    if (side === "monsters") return SIDE_COLOURS[1];
    if (!this.sides.has(side)) this.sides.set(side, SIDE_COLOURS[2 + (this.sides.size % 4)]);
    return this.sides.get(side);
  }

  build(area) {
    const { width, height } = area;
    const scale = Math.max(12, Math.min(56, 880 / width, 640 / height));
    this.host.replaceChildren();
    // a grid keeps a margin on its top and left edges for the coordinates
    const m = this.gridless ? 0.05 : 0.7;
    const svg = el("svg", {
      viewBox: `${-m} ${-m} ${width + m + 0.05} ${height + m + 0.05}`,
      width: Math.round((width + m) * scale), height: Math.round((height + m) * scale),
      class: this.gridless ? "map gridless" : "map", "data-width": width, "data-height": height,
    }, this.host);
    const defs = el("defs", {}, svg);
    const hatch = el("pattern", { id: "hatch", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, defs);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, class: "hatch-line" }, hatch);
    el("rect", { x: 0, y: 0, width, height, class: "ground" }, svg);
    this.layers = {};
    for (const name of ["terrain", "grid", "reach", "paths", "tokens", "hover"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, svg);
    }
    svg.addEventListener("mousemove", (ev) => this.hover(ev));
    svg.addEventListener("mouseleave", () => this.on.leave?.());
    svg.addEventListener("click", (ev) => this.click(ev));
    // drag a token to a square: the same as selecting it and clicking the square
    svg.addEventListener("pointerdown", (ev) => {
      const token = ev.target.closest?.(".token");
      this.dragging = token ? { id: token.dataset.id, from: this.point(ev).join() } : null;
    });
    svg.addEventListener("pointerup", (ev) => {
      const drag = this.dragging;
      this.dragging = null;
      if (!drag || this.point(ev).join() === drag.from) return;
      this.dropped = true; // the click that follows this release is the drop's, not a new one
      this.on.drop?.(drag.id, ...this.point(ev));
    });
    this.svg = svg;
  }

  point(ev) {
    const pt = this.svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return this.gridless ? [p.x, p.y] : [Math.floor(p.x), Math.floor(p.y)];
  }

  hover(ev) {
    // gridless: the nearest whole-inch point, where the reach region is sampled
    const [x, y] = this.gridless ? this.point(ev).map(Math.round) : this.point(ev);
    const key = `${x},${y}`;
    if (key === this.hovered) return;
    this.hovered = key;
    this.on.hover?.(x, y);
  }

  click(ev) {
    if (this.dropped) {
      this.dropped = false;
      return;
    }
    const token = ev.target.closest?.(".token");
    if (token) this.on.creature?.(token.dataset.id);
    else this.on.square?.(...this.point(ev));
  }

  render(state, hidden) {
    this.gridless = Boolean(state.board);
    const area = state.board || state.map || { width: 10, height: 10 };
    const key = JSON.stringify(area);
    if (key !== this.mapKey) {
      this.build(area);
      if (this.gridless) this.drawShapes(area);
      else this.drawGrid(area);
      this.mapKey = key;
    }
    this.drawTokens(state, hidden);
  }

  drawGrid(map) {
    const terrain = this.layers.terrain;
    for (const elev of map.elevation || []) {
      for (const [x, y] of elev.cells) {
        el("rect", { x, y, width: 1, height: 1, class: "elevation",
          "fill-opacity": Math.min(0.6, 0.12 * elev.height) }, terrain);
        text(terrain, x + 0.95, y + 0.28, `▲${elev.height}`, "elev-label");
      }
    }
    for (const t of map.terrain || []) {
      for (const [x, y] of t.cells || []) {
        el("rect", { x, y, width: 1, height: 1, class: `terrain t-${t.kind}`, "data-kind": t.kind,
          "data-x": x, "data-y": y }, terrain);
      }
    }
    const grid = this.layers.grid;
    for (let x = 0; x <= map.width; x++) el("line", { x1: x, y1: 0, x2: x, y2: map.height }, grid);
    for (let y = 0; y <= map.height; y++) el("line", { x1: 0, y1: y, x2: map.width, y2: y }, grid);
    // the squares' coordinates on the grid's edges, as the log writes them: (x, y)
    const edge = el("g", { class: "coords" }, this.svg);
    for (let x = 0; x < map.width; x++) {
      text(edge, x + 0.5, -0.22, `${x}`, "coord centred").setAttribute("data-axis", "x");
    }
    for (let y = 0; y < map.height; y++) {
      text(edge, -0.35, y + 0.5, `${y}`, "coord centred").setAttribute("data-axis", "y");
    }
  }

  // Gridless (Warcry): terrain as polygons in inches; a faint line every 6".
  drawShapes(board) {
    const terrain = this.layers.terrain;
    for (const t of board.terrain || []) {
      if (!t.polygon) continue;
      const points = t.polygon.map(([x, y]) => `${x},${y}`).join(" ");
      el("polygon", { points, class: `terrain t-${t.kind}`, "data-kind": t.kind }, terrain);
      if (t.height) {
        const cx = t.polygon.reduce((s, p) => s + p[0], 0) / t.polygon.length;
        const cy = t.polygon.reduce((s, p) => s + p[1], 0) / t.polygon.length;
        text(terrain, cx, cy, `${t.height}"`, "elev-label centred");
      }
    }
    const grid = this.layers.grid;
    for (let x = 0; x <= board.width; x += 6) el("line", { x1: x, y1: 0, x2: x, y2: board.height }, grid);
    for (let y = 0; y <= board.height; y += 6) el("line", { x1: 0, y1: y, x2: board.width, y2: y }, grid);
  }

  // The ground's height under a square (its elevation), to tell a creature above it.
  ground(x, y) {
    for (const e of this.elevations || []) {
      if (e.cells.some(([cx, cy]) => cx === x && cy === y)) return e.height;
    }
    return 0;
  }

  drawTokens(state, hidden = new Set()) {
    this.stopAnimations();
    this.elevations = state.map?.elevation || [];
    const layer = this.layers.tokens;
    layer.replaceChildren();
    this.creatures = state.creatures || {};
    const waiting = new Set((state.pending_reactions || []).map((r) => r.reactor));
    for (const [id, c] of Object.entries(this.creatures)) {
      if (!c.position) continue;
      const [cx, cy] = this.centre(c, c.position);
      const size = String(c.size || "1M");
      const r = this.gridless ? (c.base || 1) / 2 : footprint(size) > 1
        ? footprint(size) / 2 - 0.06 : RADIUS[size.slice(-1)] || 0.42;
      const classes = ["token"];
      if (state.active === id) classes.push("active");
      if (waiting.has(id)) classes.push("must-answer");
      if (id === this.selected) classes.push("selected");
      if (hidden.has(id)) classes.push("hidden-creature");
      const g = el("g", {
        class: classes.join(" "), transform: `translate(${cx} ${cy})`, "data-id": id,
        "data-x": c.position[0], "data-y": c.position[1], "data-z": c.position[2] ?? 0,
        "data-hp": c.hp, "data-side": c.side, "data-conditions": (c.conditions || []).join(" "),
        "data-movement-left": c.movement_left ?? "",
      }, layer);
      el("title", {}, g).textContent =
        `${c.name || id} (${c.side}, size ${size}) at ${c.position.join(", ")}: ${c.hp} hp` +
        `${c.conditions?.length ? `; ${c.conditions.join(", ")}` : ""}` +
        economyRows(c.economy).map(([k, v]) => `\n${k}: ${v}`).join("");
      el("circle", { r, fill: this.colour(c.side), class: "body" }, g);
      if ((c.conditions || []).includes("prone")) el("line", { x1: -r, y1: r, x2: r, y2: -r, class: "prone-mark" }, g);
      // shortened to fit the token; the full name is the token's title (shown on hover)
      const name = c.name || id;
      const label = name.slice(0, Math.max(3, Math.round(r * 9)));
      g.setAttribute("data-name", name);
      const t = text(g, 0, 0.02, label, "token-name centred");
      t.setAttribute("font-size", Math.min(0.3, r * 0.62));
      text(g, 0, r * 0.62, `${c.hp}`, "token-hp centred").setAttribute("font-size", Math.min(0.24, r * 0.5));
      const up = this.gridless ? 0 : (c.position[2] ?? 0) - this.ground(c.position[0], c.position[1]);
      if (up > 0) {
        g.setAttribute("data-up", up);
        text(g, r * 0.95, -r * 0.7, `↑${up}`, "token-height centred").setAttribute("font-size", 0.24);
      }
      if (hidden.has(id)) {
        text(g, -r * 0.95, -r * 0.7, "hidden", "token-hidden centred").setAttribute("font-size", 0.18);
      }
      if (c.conditions?.length) {
        const shortened = c.conditions.map((x) => x.slice(0, 4)).join(" ");
        text(g, 0, -r - 0.06, shortened, "token-conditions centred");
      }
    }
  }

  token(id) {
    return this.layers?.tokens.querySelector(`.token[data-id="${CSS.escape(id)}"]`);
  }

  select(id) {
    this.selected = id;
    for (const t of this.layers?.tokens.querySelectorAll(".token") || []) {
      t.classList.toggle("selected", t.dataset.id === id);
    }
  }

  // Reachable squares, each shaded and labelled with its cost; on a gridless board the reach
  // region's points (inches, floats), each a dot titled with its inches and legs.
  showReach(squares, region, provoking = new Set()) {
    const layer = this.layers.reach;
    layer.replaceChildren();
    if (this.gridless && region) {
      for (const { at: [x, y, z], cost, legs } of region.points) {
        const dot = el("circle", { cx: x, cy: y, r: 0.18, class: "reach", "data-x": x, "data-y": y,
          "data-z": z, "data-cost": cost }, layer);
        const kinds = legs.map((leg) => leg.kind).join(", ");
        el("title", {}, dot).textContent = `${cost.toFixed(2)}" (${kinds})${z ? `, up ${z}` : ""}`;
      }
      return;
    }
    // a square whose move would provoke (the reach's `provokes`, or a preview that found one)
    // is marked, titled with who would react and why
    for (const { at: [x, y], cost, provokes = [] } of squares) {
      const marked = provokes.length > 0 || provoking.has(`${x},${y}`);
      const square = el("rect", { x, y, width: 1, height: 1, class: marked ? "reach provokes" : "reach",
        "data-x": x, "data-y": y, "data-cost": cost,
        "data-provokes": provokes.map((p) => p.reactor).join(" ") }, layer);
      if (provokes.length) {
        el("title", {}, square).textContent = `${cost}: provokes ${provokes.map((p) => `${p.reactor_name} (${p.why})`).join("; ")}`;
      }
      text(layer, x + 0.08, y + 0.9, `${cost}`, "reach-cost");
    }
  }

  clearReach() {
    this.layers?.reach.replaceChildren();
  }

  // A path as a polyline through the token centres, with the cost at the end.
  showPath(kind, creature, points, label) {
    this.clearPath(kind);
    if (!points.length) return;
    const centres = points.map((p) => this.centre(creature, p));
    const g = el("g", { class: `path path-${kind}`, "data-points": JSON.stringify(points) }, this.layers.paths);
    el("polyline", { points: centres.map(([x, y]) => `${x},${y}`).join(" ") }, g);
    for (const [x, y] of centres.slice(1)) el("circle", { cx: x, cy: y, r: 0.08 }, g);
    if (label) {
      const [x, y] = centres[centres.length - 1];
      text(g, x, y - 0.3, label, "path-label centred");
    }
  }

  clearPath(kind) {
    for (const g of this.layers?.paths.querySelectorAll(kind ? `.path-${kind}` : ".path") || []) g.remove();
  }

  // Slide a token along the squares of its path; the final place is already rendered.
  animate(id, points) {
    const g = this.token(id);
    const creature = this.creatures?.[id];
    if (!g || !creature || points.length < 2) return Promise.resolve();
    const centres = points.map((p) => this.centre(creature, p));
    const total = STEP_MS * (centres.length - 1);
    g.classList.add("moving");
    return new Promise((resolve) => {
      const started = performance.now();
      const frame = (now) => {
        const t = Math.max(0, Math.min(1, (now - started) / total)) * (centres.length - 1);
        const i = Math.min(Math.floor(t), centres.length - 2);
        const f = t - i;
        const [ax, ay] = centres[i];
        const [bx, by] = centres[i + 1];
        g.setAttribute("transform", `translate(${ax + (bx - ax) * f} ${ay + (by - ay) * f})`);
        if (t < centres.length - 1) {
          this.animations.set(id, { handle: requestAnimationFrame(frame), resolve });
        } else {
          this.animations.delete(id);
          g.classList.remove("moving");
          resolve();
        }
      };
      this.animations.set(id, { handle: requestAnimationFrame(frame), resolve });
    });
  }

  stopAnimations() {
    for (const { handle, resolve } of this.animations.values()) {
      cancelAnimationFrame(handle);
      resolve();
    }
    this.animations.clear();
  }
}
