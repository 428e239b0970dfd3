// Cuts (the rectangle game's kind, and Cutcake's): W x H rectangles joined by `+`, side by
// side; every interior grid line is a cut (v p from the left, h p from the top, after the
// rectangle's number and `:` when there are several), drawn in the colour of its value.
"use strict";
Renderers.cuts = {
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    // A position may end in `@L` or `@R` (the player to move: Cutcake).
    const rects = view.position.replace(/@[LR]$/, "").split("+").map((text) => text.split("x").map(Number));
    const several = rects.length > 1;
    const margin = 26, gap = 24, room = 720;
    const big = !rects.every(([w, h]) => w <= 64 && h <= 64);
    const totalWidth = rects.reduce((sum, [w]) => sum + w, 0);
    const tallest = Math.max(...rects.map(([, h]) => h));
    // One unit for every rectangle, so that they compare; at most 40 pixels.
    const unit = big ? 0 : Math.max(4, Math.min(40, (room - gap * (rects.length - 1)) / totalWidth, 400 / tallest));
    const sizes = rects.map(([w, h]) => big ? [Math.min(400, room / rects.length - gap), Math.max(40, Math.min(400, (room / rects.length - gap) * Math.min(h / w, 2)))] : [w * unit, h * unit]);
    const width = sizes.reduce((sum, [sw]) => sum + sw, 0) + gap * (rects.length - 1);
    const height = Math.max(...sizes.map(([, sh]) => sh));
    const svg = svgElement("svg", { viewBox: `0 0 ${width + 2 * margin} ${height + 2 * margin}`, role: "img", "aria-label": `${view.game} ${view.position}` });
    let x0 = margin;
    rects.forEach(([w, h], index) => {
      const [sw, sh] = sizes[index];
      svg.appendChild(svgElement("rect", { x: x0, y: margin, width: sw, height: sh, fill: "#f2e6c9", stroke: "#333", "stroke-width": 2 }));
      svg.appendChild(svgElement("text", { x: x0 + sw / 2, y: margin + sh + 16, "text-anchor": "middle", "font-size": 14 }, `${w} × ${h}`));
      // The cake's unit squares, faint, under the cuts of the player to move.
      if (!big) {
        for (let p = 1; p < w; p++) svg.appendChild(svgElement("line", { x1: x0 + p * unit, y1: margin, x2: x0 + p * unit, y2: margin + sh, stroke: "#d8c9a4", "stroke-width": 1, "pointer-events": "none", class: "square-line" }));
        for (let p = 1; p < h; p++) svg.appendChild(svgElement("line", { x1: x0, y1: margin + p * unit, x2: x0 + sw, y2: margin + p * unit, stroke: "#d8c9a4", "stroke-width": 1, "pointer-events": "none", class: "square-line" }));
      }
      const prefix = several ? `${index + 1}:` : "";
      const left = x0;
      x0 += sw + gap;
      if (big || Editor.on) return;
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
      for (let p = 1; p < w; p++) cut(`${prefix}v${p}`, left + p * unit, margin, left + p * unit, margin + sh, left + p * unit, margin - 11);
      for (let p = 1; p < h; p++) cut(`${prefix}h${p}`, left, margin + p * unit, left + sw, margin + p * unit, left - 12, margin + p * unit);
    });
    // The position editor: each rectangle's sizes one less or more, removed, or a 1 × 1 more.
    if (Editor.on) sumEditPanel(svg, view.position.replace(/@[LR]$/, "").split("+"), "1x1");
    return svg;
  },
};
