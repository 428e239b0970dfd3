// Push grid (Pousse's kind): the N x N board and its 4N push arrows (L and R beside the rows, T and B above and
// below the columns).
"use strict";
Renderers["push-grid"] = {
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    const rows = (view.board || "").trim().split("\n");
    const n = rows.length, cell = 40, margin = 44, side = n * cell;
    const svg = svgElement("svg", { viewBox: `0 0 ${side + 2 * margin} ${side + 2 * margin}`, role: "img", "aria-label": `${view.game} ${view.position}` });
    svg.appendChild(svgElement("rect", { x: margin, y: margin, width: side, height: side, fill: "#d9c7a0", stroke: "#333", "stroke-width": 2 }));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = margin + j * cell, y = margin + i * cell;
        svg.appendChild(svgElement("rect", { x, y, width: cell, height: cell, fill: "none", stroke: "#8a7650" }));
        const mark = rows[i][j];
        if (mark === "X" || mark === "O") {
          svg.appendChild(svgElement("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.38, fill: mark === "X" ? "#222" : "#fafafa", stroke: "#222", "stroke-width": 1.5, "data-marker": mark }));
        }
      }
    }
    // An arrow pointing in direction (dx, dy) centred on (cx, cy).
    const arrow = (move, cx, cy, dx, dy, lx, ly) => {
      const info = values.get(move);
      if (!info) return;
      const s = 13, px = -dy, py = dx;
      const points = [[cx + dx * s, cy + dy * s], [cx - dx * s + px * s * 0.8, cy - dy * s + py * s * 0.8], [cx - dx * s - px * s * 0.8, cy - dy * s - py * s * 0.8]]
        .map((p) => p.join(",")).join(" ");
      const shape = svgElement("polygon", { points, stroke: "#333", "stroke-width": 0.5 });
      svg.appendChild(asMove(shape, move, info, overlay, onMove));
      const label = remotenessLabel(info, overlay, lx, ly);
      if (label) svg.appendChild(label);
    };
    for (let i = 1; i <= n; i++) {
      const c = margin + (i - 0.5) * cell;
      arrow(`L${i}`, margin - 20, c, 1, 0, 8, c);
      arrow(`R${i}`, margin + side + 20, c, -1, 0, margin * 2 + side - 8, c);
      arrow(`T${i}`, c, margin - 20, 0, 1, c, 7);
      arrow(`B${i}`, c, margin + side + 20, 0, -1, c, margin * 2 + side - 6);
    }
    return svg;
  },
};
