// Stones (Clobber; Konane, Amazons): the grid the server describes with each player's round
// stones in their colour (Left blue, Right red), cells burnt during the game (Amazons' arrows)
// dark with a cross, the last move's cells outlined, and each legal move as an arrow from the
// moving stone towards its target, coloured by its value (an amazon's move, with its arrow
// shot, as a disc where it lands: board.js). Click an arrow or disc, or the stone then its
// target (then, for an amazon, the arrow's cell).
"use strict";
Renderers.stones = {
  candidates() { return null; },
  draw(view, values, overlay, onMove, onError) {
    const redraw = () => window.redrawBoard && window.redrawBoard();
    return drawGridBoard(view, values, overlay, onMove, onError || (() => {}), redraw, {
      arrows: true,
      drawPlayed(svg, drawing, centre, cell, last) {
        if (!last) return;
        for (const index of last.at) {
          const [cx, cy] = centre(index);
          svg.appendChild(svgElement("rect", { x: cx - cell / 2 + 2, y: cy - cell / 2 + 2, width: cell - 4, height: cell - 4, fill: "#f6e3a1", stroke: "#e0b000", "stroke-width": 2, "pointer-events": "none", "data-last": last.move }));
        }
      },
      drawCell(svg, mark, [cx, cy], cell) {
        const [kind, owner] = mark.split(" ");
        if (kind === "hole") return;
        if (kind === "filled") {
          // A cell burnt by an arrow during the game (Amazons): dark, with the arrow's mark,
          // inside the outline of the last move's cells.
          svg.appendChild(svgElement("rect", { x: cx - cell / 2 + 5, y: cy - cell / 2 + 5, width: cell - 10, height: cell - 10, fill: "#4a4038", "pointer-events": "none", "data-burnt": "arrow" }));
          svg.appendChild(svgElement("path", { d: `M${cx - cell * 0.2},${cy - cell * 0.2}L${cx + cell * 0.2},${cy + cell * 0.2}M${cx + cell * 0.2},${cy - cell * 0.2}L${cx - cell * 0.2},${cy + cell * 0.2}`, stroke: "#bfb3a0", "stroke-width": 3, "pointer-events": "none" }));
          return;
        }
        if (kind !== "stone" && kind !== "piece") return;
        svg.appendChild(svgElement("circle", { cx, cy, r: cell * 0.36, fill: PLAYER_COLOURS[owner], stroke: "#1d1d1d", "stroke-width": 1.5, "pointer-events": "none", "data-stone": owner }));
        svg.appendChild(svgElement("circle", { cx: cx - cell * 0.11, cy: cy - cell * 0.11, r: cell * 0.09, fill: "rgba(255,255,255,.35)", "pointer-events": "none" }));
      },
    });
  },
};
