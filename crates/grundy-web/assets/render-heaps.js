// Heaps (Nim, take-and-break codes, subtraction games, Grundy's game): each heap of the sum,
// after an optional `RULES:` prefix, as a row of tokens, and beside it the moves on a heap of
// that size (`12->3+4`), coloured by their value; the move list below holds them all.
"use strict";
Renderers.heaps = {
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    const colon = view.position.lastIndexOf(":");
    const rules = colon >= 0 ? view.position.slice(0, colon) : "";
    const heapText = colon >= 0 ? view.position.slice(colon + 1) : view.position;
    const heaps = heapText.split("+").map(Number).filter((heap) => heap > 0);
    const rowHeight = 46, margin = 20, token = 14, shown = 40;
    const width = 760;
    const height = margin * 2 + 24 + Math.max(1, heaps.length) * rowHeight;
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `heaps ${view.position}` });
    svg.appendChild(svgElement("text", { x: margin, y: margin + 6, "font-size": 15 }, `${rules ? rules + ": " : ""}${heaps.length ? heaps.join(" + ") : "no heap left"}`));
    // The moves of each heap size, in the order the server listed them.
    const bySize = new Map();
    for (const [move, info] of values) {
      const size = Number(move.split("->")[0]);
      if (!bySize.has(size)) bySize.set(size, []);
      bySize.get(size).push([move, info]);
    }
    heaps.forEach((heap, row) => {
      const y = margin + 30 + row * rowHeight;
      const drawn = Math.min(heap, shown);
      for (let i = 0; i < drawn; i++) {
        svg.appendChild(svgElement("circle", { cx: margin + 8 + i * token, cy: y + 12, r: 6, fill: "#8b5a2b" }));
      }
      const after = margin + 16 + drawn * token;
      svg.appendChild(svgElement("text", { x: after, y: y + 17, "font-size": 13 }, heap > shown ? `… ${heap}` : String(heap)));
      let x = Math.max(after + 50, 330);
      for (const [move, info] of (bySize.get(heap) || []).slice(0, 8)) {
        const group = svgElement("g");
        const chip = svgElement("rect", { x, y, width: 48, height: 24, rx: 5 });
        group.appendChild(chip);
        group.appendChild(svgElement("text", { x: x + 24, y: y + 16, "text-anchor": "middle", "font-size": 10, fill: "#fff", "pointer-events": "none" }, move.split("->")[1]));
        asMove(group, move, info, overlay, onMove);
        chip.setAttribute("fill", group.getAttribute("fill"));
        svg.appendChild(group);
        x += 52;
        if (x > width - 52) break;
      }
    });
    return svg;
  },
};
