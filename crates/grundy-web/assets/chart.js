// The value history: one point per position of the line, placed by remoteness (left of the
// centre when the first player wins, right when the second does, as GamesmanUni draws it),
// marked by the value for the player to move in the overlay's language (api.js: a win dark,
// a loss pale and dashed); with the overlay off every point is plain, on the centre line,
// so that nothing tells win or loss. Clicking a point goes to that position.
"use strict";
function drawValueHistory(container, points, cursor, onPick, overlay) {
  container.textContent = "";
  const known = points.filter((p) => p && p.remoteness != null).map((p) => p.remoteness);
  const maxR = Math.max(4, ...known);
  const rows = Math.max(points.length, 1), rowH = 18, half = 140, top = 24;
  const svg = svgElement("svg", { viewBox: `0 0 ${2 * half + 60} ${top + rows * rowH + 10}`, role: "img", "aria-label": "value history" });
  const cx = half + 30;
  svg.appendChild(svgElement("text", { x: 30, y: 14, "font-size": 10 }, "first wins"));
  svg.appendChild(svgElement("text", { x: 2 * half + 30, y: 14, "font-size": 10, "text-anchor": "end" }, "second wins"));
  svg.appendChild(svgElement("line", { x1: cx, y1: top - 4, x2: cx, y2: top + rows * rowH, stroke: "#bbb" }));
  for (let r = 0; r <= maxR; r += Math.max(1, Math.ceil(maxR / 5))) {
    for (const sign of [-1, 1]) {
      const x = cx + sign * (half - (r / maxR) * half);
      svg.appendChild(svgElement("line", { x1: x, y1: top - 4, x2: x, y2: top + rows * rowH, stroke: "#eee" }));
      svg.appendChild(svgElement("text", { x, y: top + rows * rowH + 9, "font-size": 7, "text-anchor": "middle", fill: "#888" }, String(r)));
    }
  }
  let previous = null;
  points.forEach((point, ply) => {
    const y = top + ply * rowH + rowH / 2;
    svg.appendChild(svgElement("text", { x: 2, y: y + 3, "font-size": 8, fill: "#888" }, String(ply)));
    if (!point) return;
    let x = cx;
    const firstToMove = point.to_move === "first";
    const value = overlay ? point.value : "plain";
    if (overlay && (point.value === "win" || point.value === "lose") && point.remoteness != null) {
      const firstWins = (point.value === "win") === firstToMove;
      x = cx + (firstWins ? -1 : 1) * (half - (Math.min(point.remoteness, maxR) / maxR) * half);
    }
    if (previous) svg.appendChild(svgElement("line", { x1: previous[0], y1: previous[1], x2: x, y2: y, stroke: "#999" }));
    previous = [x, y];
    const dot = svgElement("circle", { cx: x, cy: y, r: ply === cursor ? 7 : 5, fill: COLOURS[value] || COLOURS.unknown, stroke: ply === cursor ? "#000" : "#777", "stroke-width": 1.5, "stroke-dasharray": DASHES[value] || "none", class: "chart-point", "data-ply": ply, "data-value": value, cursor: "pointer" });
    dot.appendChild(svgElement("title", {}, overlay ? `after ${ply} moves: ${point.value}${point.remoteness != null ? " in " + point.remoteness : ""} for ${point.to_move_name}` : `after ${ply} moves`));
    dot.addEventListener("click", () => onPick(ply));
    svg.appendChild(dot);
  });
  container.appendChild(svg);
}
