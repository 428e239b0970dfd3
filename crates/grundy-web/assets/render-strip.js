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
    const cell = 56, margin = 20, top = 78;
    const width = Math.max(n * cell + 2 * margin, 380), left = (width - n * cell) / 2;
    const height = top + cell + 24 + 44;
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
      svg.appendChild(svgElement("text", { x: cx(index), y: top + cell + 18, "text-anchor": "middle", "font-size": 14, fill: "#555" }, String(index + 1)));
      const [kind, owner, letter] = mark.split(" ");
      if (kind === "piece" || kind === "stone") {
        const piece = svgElement("g", { "pointer-events": "none", "data-piece": letter || owner });
        piece.appendChild(svgElement("circle", { cx: cx(index), cy, r: cell * 0.36, fill: PLAYER_COLOURS[owner], stroke: "#1d1d1d", "stroke-width": 1.5 }));
        if (letter) piece.appendChild(svgElement("text", { x: cx(index), y: cy + 7, "text-anchor": "middle", "font-size": 20, "font-weight": "bold", fill: "#fff" }, letter));
        svg.appendChild(piece);
      }
    });
    svg.appendChild(svgElement("rect", { x: left, y: top, width: n * cell, height: cell, fill: "none", stroke: "#5a5348", "stroke-width": 2, "pointer-events": "none" }));
    if (selected !== null) svg.appendChild(svgElement("rect", { x: left + selected * cell + 3, y: top + 3, width: cell - 6, height: cell - 6, fill: "none", stroke: "#e2a100", "stroke-width": 4, "pointer-events": "none", class: "selected" }));
    // Each move: an arc above the row from the cell left to the cell reached, its head on
    // the landing cell.
    for (const m of drawing.moves) {
      if (m.at.length !== 2) continue;
      const [from, to] = m.at, x1 = cx(from), x2 = cx(to), dir = Math.sign(x2 - x1);
      const rise = 18 + 10 * Math.abs(to - from);
      const y = top - 4, peak = y - rise;
      const info = values.get(m.move);
      const group = svgElement("g", { "data-at": m.at.join(",") });
      group.appendChild(svgElement("path", { d: `M ${x1} ${y} Q ${(x1 + x2) / 2} ${peak} ${x2 - dir * 4} ${y - 6}`, fill: "none", "stroke-width": 5, "stroke-linecap": "round" }));
      group.appendChild(svgElement("path", { d: `M ${x2} ${y} l ${-dir * 13} -6 l ${dir * 3} -9 z`, "stroke-width": 1 }));
      // A wide invisible stroke along the arc, so that it is easy to click.
      group.appendChild(svgElement("path", { d: `M ${x1} ${y} Q ${(x1 + x2) / 2} ${peak} ${x2} ${y}`, fill: "none", stroke: "transparent", "stroke-width": 16 }));
      asMove(group, m.move, info, overlay, onMove, "stroke");
      const colour = group.getAttribute("stroke");
      group.children[0].setAttribute("stroke", colour);
      group.children[1].setAttribute("fill", colour);
      group.children[1].setAttribute("stroke", colour);
      svg.appendChild(group);
      const label = remotenessLabel(info, overlay, (x1 + x2) / 2, (y + peak) / 2 - 9);
      if (label) { label.style.fontSize = "12px"; svg.appendChild(label); }
    }
    boardCaption(svg, view, Math.min(left, 16), top + cell + 50);
    return svg;
  },
};
