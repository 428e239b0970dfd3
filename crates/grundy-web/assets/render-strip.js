// Strip (Toads and Frogs; Toppling Dominoes): a row of cells numbered from 1 as moves name
// them, each piece in its player's colour with its letter (Toads T blue, Frogs F red), the
// last move's cells outlined, and each legal move as an arrow above the row from the piece
// to where it lands, coloured by its value. Click an arrow, or a piece (a Toad or Frog has
// one move at most), or a move's first cell then its second (board.js).
"use strict";
Renderers.strip = {
  candidates() { return null; },
  draw(view, values, overlay, onMove, onError) {
    const drawing = view.drawing, n = drawing.cells.length;
    const redraw = () => window.redrawBoard && window.redrawBoard();
    onError = onError || (() => {});
    // Moves to the right are arcs above the row, moves to the left arcs below it, so that
    // two pieces moving towards each other (two dominoes falling together) never share an
    // arc; a move off an end of the strip (a domino falling off it, one cell in its
    // footprint) is an arrow from the piece out past that end, on its side's half.
    const cell = 56, margin = cell + 8, band = 64, top = band + 8;
    const width = Math.max(n * cell + 2 * margin, 380), left = (width - n * cell) / 2;
    const bottom = top + cell + band;
    const height = bottom + 44;
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${view.game} ${view.position}`, class: "strip-board" });
    boardBackground(svg, width, height, view, onError, redraw);
    const cx = (index) => left + (index + 0.5) * cell, cy = top + cell / 2;
    const selected = CellClicks.selection(view);
    const last = drawing.played.length ? drawing.played[drawing.played.length - 1] : null;
    drawing.cells.forEach((mark, index) => {
      const rect = svgElement("rect", { x: left + index * cell, y: top, width: cell, height: cell, fill: mark === "hole" ? "#2f2f2f" : "#f4efe4", stroke: "#8a8172", "data-cell": cellName(drawing, index), "data-mark": mark, class: "cell" });
      if (last && last.at.includes(index)) rect.setAttribute("fill", "#f6e3a1");
      rect.addEventListener("click", () => CellClicks.click(view, index, onMove, onError, redraw, true));
      svg.appendChild(rect);
      svg.appendChild(svgElement("text", { x: left + index * cell + 4, y: top + cell - 4, "font-size": 11, fill: "#777", "pointer-events": "none", class: "cell-number" }, String(index + 1)));
      const [kind, owner, letter] = mark.split(" ");
      if (kind === "piece" || kind === "stone" || kind === "domino") {
        const piece = svgElement("g", { "pointer-events": "none", "data-piece": letter || owner });
        if (kind === "domino") {
          // A domino standing on its end: an upright tile with its letter.
          piece.appendChild(svgElement("rect", { x: cx(index) - cell * 0.17, y: top + 5, width: cell * 0.34, height: cell - 10, rx: 4, fill: PLAYER_COLOURS[owner], stroke: "#1d1d1d", "stroke-width": 1.5 }));
          piece.appendChild(svgElement("line", { x1: cx(index) - cell * 0.17, y1: cy, x2: cx(index) + cell * 0.17, y2: cy, stroke: "rgba(255,255,255,.6)", "stroke-width": 1.5 }));
          if (letter) piece.appendChild(svgElement("text", { x: cx(index), y: cy - 6, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#fff" }, letter));
        } else {
          piece.appendChild(svgElement("circle", { cx: cx(index), cy, r: cell * 0.36, fill: PLAYER_COLOURS[owner], stroke: "#1d1d1d", "stroke-width": 1.5 }));
          if (letter) piece.appendChild(svgElement("text", { x: cx(index), y: cy + 7, "text-anchor": "middle", "font-size": 20, "font-weight": "bold", fill: "#fff" }, letter));
        }
        svg.appendChild(piece);
      }
    });
    svg.appendChild(svgElement("rect", { x: left, y: top, width: n * cell, height: cell, fill: "none", stroke: "#5a5348", "stroke-width": 2, "pointer-events": "none" }));
    if (selected !== null) svg.appendChild(svgElement("rect", { x: left + selected * cell + 3, y: top + 3, width: cell - 6, height: cell - 6, fill: "none", stroke: "#e2a100", "stroke-width": 4, "pointer-events": "none", class: "selected" }));
    // A move's arc from x1 to x2, above the row (up) or below it, its head at x2.
    const arc = (m, x1, x2, up) => {
      const dir = Math.sign(x2 - x1), side = up ? -1 : 1;
      const rise = Math.min(band - 14, 18 + 10 * Math.round(Math.abs(x2 - x1) / cell));
      const y = up ? top - 4 : top + cell + 4, peak = y + side * rise;
      const info = values.get(m.move);
      const group = svgElement("g", { "data-at": m.at.join(",") });
      group.appendChild(svgElement("path", { d: `M ${x1} ${y} Q ${(x1 + x2) / 2} ${peak} ${x2 - dir * 4} ${y + side * 6}`, fill: "none", "stroke-width": 5, "stroke-linecap": "round" }));
      group.appendChild(svgElement("path", { d: `M ${x2} ${y} l ${-dir * 13} ${side * 6} l ${dir * 3} ${side * 9} z`, "stroke-width": 1 }));
      // A wide invisible stroke along the arc, so that it is easy to click.
      group.appendChild(svgElement("path", { d: `M ${x1} ${y} Q ${(x1 + x2) / 2} ${peak} ${x2} ${y}`, fill: "none", stroke: "transparent", "stroke-width": 16 }));
      asMove(group, m.move, info, overlay, onMove, "stroke");
      const colour = group.getAttribute("stroke");
      group.children[0].setAttribute("stroke", colour);
      group.children[1].setAttribute("fill", colour);
      group.children[1].setAttribute("stroke", colour);
      svg.appendChild(group);
      const label = remotenessLabel(info, overlay, (x1 + x2) / 2, (y + peak) / 2 + side * 9);
      if (label) { label.style.fontSize = "12px"; svg.appendChild(label); }
    };
    const offEnd = new Map();
    for (const m of drawing.moves) {
      if (m.at.length === 2) {
        const [from, to] = m.at;
        arc(m, cx(from), cx(to), to > from);
      } else if (m.at.length === 1) {
        // Off the left end from the first cell, off the right end from the last; a strip of
        // one cell lists its falls left then right.
        const index = m.at[0], seen = offEnd.get(index) || 0;
        offEnd.set(index, seen + 1);
        const rightwards = index === n - 1 && (index !== 0 || seen > 0);
        arc(m, cx(index), rightwards ? left + n * cell + cell * 0.7 : left - cell * 0.7, rightwards);
      }
    }
    boardCaption(svg, view, 16, bottom + 22);
    return svg;
  },
};
