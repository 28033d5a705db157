// What a creature has left this turn, in its ruleset's own words (the state's `economy`).

const UNIT = { squares: " squares", feet: " ft", Movement: " Movement", "Move Points": " Move Points", inches: '"' };

const round = (n) => Math.round(n * 100) / 100;

// "3 squares left", "30 ft left", "4\" left", ...
export function leftWords(eco) {
  if (!eco) return "";
  return `${round(eco.movement_left)}${UNIT[eco.unit] ?? ` ${eco.unit}`} left`;
}

// The economy as [label, value] rows, for the selection panel and a token's title.
export function economyRows(eco) {
  if (!eco) return [];
  const rows = [["Left", leftWords(eco)]];
  if (eco.turn === "waiting") rows.push(["Turn", "waiting for its turn"]);
  if (eco.turn === "free") rows.push(["Turn", "free movement: nothing is spent"]);
  if (eco.actions) {
    const actions = Object.entries(eco.actions)
      .map(([k, v]) => (typeof v === "boolean" ? (v ? k.replace("_", "-") : "") : `${k} ${v}`))
      .filter(Boolean);
    rows.push(["Actions", actions.join(", ")]);
  }
  if (eco.actions_left != null) rows.push(["Actions", `${eco.actions_left} of ${eco.actions_per_activation}`]);
  if (eco.advance_left) rows.push(["Advance", `${eco.advance_left} squares of it left`]);
  if (eco.main_converts) rows.push(["Main action", "may become a move action"]);
  if (eco.double_move_left) rows.push(["Double move", `${eco.double_move_left} ft`]);
  if (eco.run_left) rows.push(["Run", `${eco.run_left} ft`]);
  if (eco.ruleset === "epic-path") {
    rows.push(["5-foot step", eco.five_foot_step_used ? "taken" : eco.five_foot_step ? "allowed" : "not now"]);
    if (eco.action_points_left) rows.push(["Action points", `${eco.action_points_left}`]);
  }
  if (eco.ruleset === "one-two-one") {
    rows.push(["Next diagonal", `${eco.next_diagonal_costs}`]);
    rows.push(["Sprint", eco.sprinting ? "sprinting" : eco.may_sprint ? "may sprint" : "no"]);
  }
  if (eco.ruleset === "action-points") {
    rows.push(["Action Points", `${eco.action_points_left} (${eco.convertible} may become Move Points)`]);
    if (eco.running) rows.push(["Running", `MOVE ${eco.move}`]);
  }
  return rows;
}
