// Grid cuts (the paper cutting game's kind): the W x H sheet on its grid, the cuts made so
// far in black, and every unit segment of an interior line as a cut of one unit, coloured by
// its value.
"use strict";
Renderers["grid-cuts"] = {
  size(view) {
    const [dims] = view.position.split(":");
    return dims.split("x").map(Number);
  },
  candidates(view) {
    const [w, h] = this.size(view);
    if (!(w <= 24 && h <= 24)) return null;
    const moves = [];
    for (let y = 1; y < h; y++) for (let x = 0; x < w; x++) moves.push(`${x},${y},${x + 1},${y}`);
    for (let x = 1; x < w; x++) for (let y = 0; y < h; y++) moves.push(`${x},${y},${x},${y + 1}`);
    return moves;
  },
  draw(view, values, overlay, onMove) {
    const [w, h] = this.size(view);
    const big = !(w <= 24 && h <= 24);
    const unit = big ? 400 / Math.max(w, h) : 36, margin = 20;
    const svg = svgElement("svg", { viewBox: `0 0 ${w * unit + 2 * margin} ${h * unit + 2 * margin + 14}`, role: "img", "aria-label": `${view.game} ${view.position}` });
    // y grows upwards in the notation: row y is drawn at the bottom minus y.
    const X = (x) => margin + x * unit, Y = (y) => margin + (h - y) * unit;
    svg.appendChild(svgElement("rect", { x: X(0), y: Y(h), width: w * unit, height: h * unit, fill: "#fffdf5", stroke: "#333", "stroke-width": 2 }));
    svg.appendChild(svgElement("text", { x: X(w / 2), y: Y(0) + 16, "text-anchor": "middle", "font-size": 12 }, `${w} × ${h}`));
    const cuts = view.position.includes(":") ? view.position.split(":")[1].split(";").filter(Boolean) : [];
    for (const cut of cuts) {
      const [xb, yb, xe, ye] = cut.split(",").map(Number);
      svg.appendChild(svgElement("line", { x1: X(xb), y1: Y(yb), x2: X(xe), y2: Y(ye), stroke: "#111", "stroke-width": 4, "data-cut": cut }));
    }
    if (big) return svg;
    for (const [move, info] of values) {
      if (!info.legal) continue;
      const [xb, yb, xe, ye] = move.split(",").map(Number);
      const group = svgElement("g");
      // A hit area of real width: a bare line has no size to click.
      group.appendChild(svgElement("rect", { x: Math.min(X(xb), X(xe)) - 6, y: Math.min(Y(yb), Y(ye)) - 6, width: Math.abs(X(xe) - X(xb)) + 12, height: Math.abs(Y(ye) - Y(yb)) + 12, fill: "transparent", stroke: "none" }));
      const line = svgElement("line", { x1: X(xb) + (xe > xb ? 3 : 0), y1: Y(yb) - (ye > yb ? 3 : 0), x2: X(xe) - (xe > xb ? 3 : 0), y2: Y(ye) + (ye > yb ? 3 : 0), "stroke-width": 4, "stroke-linecap": "round" });
      group.appendChild(line);
      asMove(group, move, info, overlay, onMove, "stroke");
      line.setAttribute("stroke", group.getAttribute("stroke"));
      svg.appendChild(group);
      const label = remotenessLabel(info, overlay, (X(xb) + X(xe)) / 2 + (xe === xb ? 7 : 0), (Y(yb) + Y(ye)) / 2 - (ye === yb ? 7 : 0));
      if (label) svg.appendChild(label);
    }
    return svg;
  },
};
