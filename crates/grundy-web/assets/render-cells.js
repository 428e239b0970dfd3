// Cells (placement games: Domineering; Cram, Snort, Col): the grid the server describes, the
// cells blocked at the start dark, each piece placed so far drawn where it lies in the
// colour of the player who placed it (a domino over its two cells, the last one outlined),
// each legal move as a bar across its two cells coloured by its value, or as a disc in its
// cell (a one-cell move: Snort, Col), cells coloured at the start in their player's colour
// and tinted cells (only one player may use them) ringed in that player's colour. Click a
// bar, a disc or a one-cell move's cell, or a move's first cell then its second (board.js).
"use strict";
Renderers.cells = {
  candidates() { return null; },
  draw(view, values, overlay, onMove, onError) {
    const redraw = () => window.redrawBoard && window.redrawBoard();
    return drawGridBoard(view, values, overlay, onMove, onError || (() => {}), redraw, {
      arrows: false,
      drawPlayed(svg, drawing, centre, cell, last) {
        for (const played of drawing.played) {
          if (!played.at.length) continue;
          const points = played.at.map(centre);
          const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
          const inset = 6;
          const x = Math.min(...xs) - cell / 2 + inset, y = Math.min(...ys) - cell / 2 + inset;
          const piece = svgElement("rect", {
            x, y, width: Math.max(...xs) - Math.min(...xs) + cell - 2 * inset, height: Math.max(...ys) - Math.min(...ys) + cell - 2 * inset,
            rx: 8, fill: PLAYER_COLOURS[played.by], stroke: played === last ? "#f0b400" : "#1d1d1d", "stroke-width": played === last ? 4 : 1.5,
            "data-placed": played.move, "data-by": played.by, "pointer-events": "none",
          });
          svg.appendChild(piece);
          // A domino's halves: a line across its middle and a pip in each half.
          if (points.length === 2) {
            const [[ax, ay], [bx, by]] = points, mx = (ax + bx) / 2, my = (ay + by) / 2, vertical = ax === bx;
            const half = cell / 2 - inset - 4;
            const ends = vertical ? { x1: mx - half, y1: my, x2: mx + half, y2: my } : { x1: mx, y1: my - half, x2: mx, y2: my + half };
            svg.appendChild(svgElement("line", { ...ends, stroke: "rgba(255,255,255,.7)", "stroke-width": 2, "pointer-events": "none" }));
            for (const [px, py] of points) svg.appendChild(svgElement("circle", { cx: px, cy: py, r: 4, fill: "rgba(255,255,255,.85)", "pointer-events": "none" }));
          }
        }
      },
      drawCell(svg, mark, [cx, cy], cell) {
        const [kind, owner] = mark.split(" ");
        if (kind === "stone") {
          svg.appendChild(svgElement("rect", { x: cx - cell / 2 + 6, y: cy - cell / 2 + 6, width: cell - 12, height: cell - 12, rx: 8, fill: PLAYER_COLOURS[owner], stroke: "#1d1d1d", "stroke-width": 1.5, "pointer-events": "none", "data-coloured": owner }));
          return;
        }
        if (kind === "tinted") {
          svg.appendChild(svgElement("rect", { x: cx - cell / 2 + 4, y: cy - cell / 2 + 4, width: cell - 8, height: cell - 8, rx: 6, fill: "none", stroke: PLAYER_COLOURS[owner], "stroke-width": 3, "stroke-dasharray": "6 4", "pointer-events": "none", "data-tint": owner }));
          return;
        }
        if (mark !== "hole") return;
        // A hole: dark, with a cross, so that it never reads as a placed piece.
        const d = cell * 0.18;
        svg.appendChild(svgElement("path", { d: `M ${cx - d} ${cy - d} L ${cx + d} ${cy + d} M ${cx + d} ${cy - d} L ${cx - d} ${cy + d}`, stroke: "#777", "stroke-width": 2, "pointer-events": "none" }));
      },
    });
  },
};
