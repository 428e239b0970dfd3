// Cuts (the rectangle game's kind): a W x H grid; every interior grid line is a cut (v p
// from the left, h p from the top), drawn in the colour of its value.
"use strict";
Renderers.cuts = {
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    const [w, h] = view.position.split("x").map(Number);
    const big = !(w <= 64 && h <= 64);
    const unit = 40, margin = 26;
    const width = big ? 400 : w * unit, height = big ? Math.max(40, 400 * Math.min(h / w, 2)) : h * unit;
    const svg = svgElement("svg", { viewBox: `0 0 ${width + 2 * margin} ${height + 2 * margin}`, role: "img", "aria-label": `${view.game} ${view.position}` });
    svg.appendChild(svgElement("rect", { x: margin, y: margin, width, height, fill: "#f2e6c9", stroke: "#333", "stroke-width": 2 }));
    svg.appendChild(svgElement("text", { x: margin + width / 2, y: margin + height + 16, "text-anchor": "middle", "font-size": 14 }, `${w} × ${h}`));
    if (big) return svg;
    const cut = (move, x1, y1, x2, y2, lx, ly) => {
      const info = values.get(move);
      if (!info) return;
      const group = svgElement("g");
      // A hit area of real width: a bare line has no size to click.
      group.appendChild(svgElement("rect", { x: Math.min(x1, x2) - 6, y: Math.min(y1, y2) - 6, width: Math.abs(x2 - x1) + 12, height: Math.abs(y2 - y1) + 12, fill: "transparent", stroke: "none" }));
      const line = svgElement("line", { x1, y1, x2, y2, "stroke-width": 4, "stroke-linecap": "round" });
      group.appendChild(line);
      asMove(group, move, info, overlay, onMove, "stroke");
      line.setAttribute("stroke", group.getAttribute("stroke"));
      svg.appendChild(group);
      const label = remotenessLabel(info, overlay, lx, ly);
      if (label) svg.appendChild(label);
    };
    for (let p = 1; p < w; p++) cut(`v${p}`, margin + p * unit, margin, margin + p * unit, margin + height, margin + p * unit, margin - 11);
    for (let p = 1; p < h; p++) cut(`h${p}`, margin, margin + p * unit, margin + width, margin + p * unit, margin - 12, margin + p * unit);
    return svg;
  },
};
