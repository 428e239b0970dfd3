// Boxes (the cuboid slicing game's kind): each box of the sum drawn with its sides, and
// beside it the I x J grids of its unit cubes, one for each layer K side by side (for a
// cuboid too deep for that, one layer and buttons to change it): clicking a cube slices
// through it.
"use strict";
Renderers.boxes = {
  layers: {},
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    const cuboids = view.position === "empty" ? [] : view.position.split("+").map((c) => c.split("x").map(Number));
    const cell = 24, rowHeight = (c) => Math.max(150, c[1] * cell + 50);
    const height = cuboids.reduce((sum, c) => sum + rowHeight(c) + 10, 10);
    // Every layer of a cuboid is drawn when they fit in a row of 600 units.
    const fitsAll = ([a, , c]) => c * (a * cell + 18) <= 600;
    const width = Math.max(440, ...cuboids.map((c) => 190 + (fitsAll(c) ? c[2] * (c[0] * cell + 18) : c[0] * cell) + 20));
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${Math.max(height, 80)}`, role: "img", "aria-label": `${view.game} ${view.position}` });
    if (cuboids.length === 0) {
      svg.appendChild(svgElement("text", { x: 20, y: 45, "font-size": 16 }, "empty: no cuboid left"));
      if (Editor.on) sumEditPanel(svg, [], "1x1x1");
      return svg;
    }
    let top = 10;
    cuboids.forEach(([a, b, c], index) => {
      const number = index + 1;
      const key = `${number}:${a}x${b}x${c}`;
      const layer = Math.min(this.layers[key] || 0, c - 1);
      // The box in oblique projection, its sides proportional up to a cap.
      const s = 64 / Math.max(a, b, c), fw = a * s, fh = b * s, d = c * s * 0.5, bx = 20, by = top + 20 + d;
      svg.appendChild(svgElement("polygon", { points: `${bx},${by} ${bx + d},${by - d} ${bx + d + fw},${by - d} ${bx + fw},${by}`, fill: "#b9d3ee", stroke: "#335" }));
      svg.appendChild(svgElement("polygon", { points: `${bx + fw},${by} ${bx + fw + d},${by - d} ${bx + fw + d},${by - d + fh} ${bx + fw},${by + fh}`, fill: "#8fb3dc", stroke: "#335" }));
      svg.appendChild(svgElement("rect", { x: bx, y: by, width: fw, height: fh, fill: "#d6e6f7", stroke: "#335" }));
      svg.appendChild(svgElement("text", { x: bx, y: by + fh + 20, "font-size": 13 }, `#${number}: ${a} × ${b} × ${c}`));
      // The layers' grids, I across, J down: every layer side by side when they fit, so
      // that every move is on the board; else one layer K with buttons to change it.
      const gx = 190, gy = top + 34, apart = a * cell + 18;
      const all = fitsAll([a, b, c]);
      if (!all) {
        svg.appendChild(svgElement("text", { x: gx, y: gy - 8, "font-size": 11 }, `layer K = ${layer} of 0..${c - 1}`));
        const stepper = (label, x, delta) => {
          const group = svgElement("g", { class: "layer-step", "data-cuboid": number, "data-delta": delta, cursor: "pointer" });
          group.appendChild(svgElement("rect", { x, y: gy - 20, width: 18, height: 16, rx: 3, fill: "#ddd", stroke: "#999" }));
          group.appendChild(svgElement("text", { x: x + 9, y: gy - 8, "text-anchor": "middle", "font-size": 12 }, label));
          group.addEventListener("click", () => {
            this.layers[key] = Math.max(0, Math.min(c - 1, layer + delta));
            if (window.redrawBoard) window.redrawBoard();
          });
          svg.appendChild(group);
        };
        stepper("−", gx + 120, -1);
        stepper("+", gx + 142, 1);
      }
      const shown = all ? [...Array(c).keys()] : [layer];
      shown.forEach((k, place) => {
        const x0 = gx + place * apart;
        if (all) svg.appendChild(svgElement("text", { x: x0, y: gy - 8, "font-size": 11 }, `K = ${k}`));
        for (let i = 0; i < a; i++) {
          for (let j = 0; j < b; j++) {
            const move = `${number}:${i},${j},${k}`;
            const info = values.get(move);
            const square = svgElement("rect", { x: x0 + i * cell, y: gy + j * cell, width: cell - 2, height: cell - 2, rx: 2 });
            if (info && !Editor.on) {
              svg.appendChild(asMove(square, move, info, overlay, onMove));
              const label = remotenessLabel(info, overlay, x0 + i * cell + cell / 2 - 1, gy + j * cell + cell / 2);
              if (label) svg.appendChild(label);
            } else {
              square.setAttribute("fill", "#ddd");
              svg.appendChild(square);
            }
          }
        }
      });
      top += rowHeight([a, b, c]) + 10;
    });
    // The position editor: each cuboid's sizes one less or more, removed, or a 1 × 1 × 1 more.
    if (Editor.on) sumEditPanel(svg, view.position.split("+"), "1x1x1");
    return svg;
  },
};
