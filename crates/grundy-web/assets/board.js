// What the boards drawn from the server's description (`view.drawing`: the kinds cells,
// stones, strip and graph) share: the players' colours, the caption saying whose turn it is,
// the names of cells, and playing by clicking cells (one cell, or the first cell then the
// second, of a move's footprint; an amazon's move, three cells, the amazon, where it goes and
// where its arrow lands, one after the other).
"use strict";
const PLAYER_COLOURS = { left: "#1f5fbf", right: "#c0392b", either: "#2e8b3e" };
const PLAYER_WORDS = { left: "blue", right: "red", either: "green" };

// The name of cell `index` of a drawing as moves name it: `b2` on a grid, `3` on a strip,
// `6,9` on a grid of blocks named by coordinates from 0 (Wythoff's: each queen's board).
function cellName(drawing, index) {
  if (drawing.naming === "numbers") return String(index + 1);
  const column = columnName(drawing, index % drawing.width);
  const row = Math.floor(index / drawing.width);
  if (drawing.naming === "coordinates") return column === "" ? "" : `${column},${row}`;
  return column + rowName(drawing, row);
}
// The name of a grid's column as its cells' names begin: `b`, or `6` within its block (none
// for a column between two blocks).
function columnName(drawing, column) {
  if (drawing.naming === "coordinates") {
    const block = drawing.blocks.find(([first, width]) => column >= first && column < first + width);
    return block ? String(column - block[0]) : "";
  }
  let letters = "";
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(97 + ((rest - 1) % 26)) + letters;
  return letters;
}
// The name of a grid's row: from 1 at the top, from 1 at the bottom (a chessboard's, Fox and
// Geese), or from 0 for coordinates.
function rowName(drawing, row) {
  if (drawing.naming === "coordinates") return String(row);
  if (drawing.naming === "letters-rows-up") return String(drawing.height - row);
  return String(row + 1);
}

// The caption under a board: a marker in the colour of the side to move and who it is, or
// who won.
function boardCaption(svg, view, x, y) {
  const drawing = view.drawing;
  const group = svgElement("g", { class: "caption", "data-to-move": view.over ? "" : drawing.to_move });
  if (view.over) {
    group.appendChild(svgElement("text", { x, y: y + 5, "font-size": 14, "font-weight": "bold", fill: "#222" }, `Game over: ${view.winner_name} wins`));
  } else {
    // In an impartial game the pieces are either player's (green): the marker is green and
    // says so, as the pieces are drawn (the Wythoff queen), whoever is to move.
    const side = view.impartial ? "either" : drawing.to_move;
    group.appendChild(svgElement("circle", { cx: x + 8, cy: y, r: 8, fill: PLAYER_COLOURS[side], stroke: "#222" }));
    group.appendChild(svgElement("text", { x: x + 22, y: y + 5, "font-size": 14, fill: "#222" }, `${view.to_move_name} to move (${PLAYER_WORDS[side]}: ${drawing.pieces[drawing.to_move]})`));
  }
  svg.appendChild(group);
}

// Playing by clicking cells. A click on a cell that is a whole move (its only cell), or,
// where the board asks for it (`pieceMoves`: a strip's Toad or Frog has one move at most),
// the first cell of exactly one move and in no other, plays it; otherwise the cell is
// selected, and a click on a second cell plays the move of those two
// cells. A move of three cells (an amazon's: the amazon, the cell it goes to, the cell its
// arrow burns) is played by clicking them in that order: the first selects the amazon, the
// second its landing, the third plays. A cell in no move, or cells that make no move, is an
// error for the page to show; a second click on the selected cell drops it.
const CellClicks = {
  selected: null, // { position, cell, landing }
  selection(view) {
    return this.selected && this.selected.position === view.position + "|" + view.moves.length ? this.selected.cell : null;
  },
  // The selected landing of a three-cell move, after its first cell.
  landing(view) {
    return this.selection(view) === null || this.selected.landing == null ? null : this.selected.landing;
  },
  click(view, index, onMove, onError, redraw, pieceMoves) {
    const drawing = view.drawing, name = cellName(drawing, index);
    const mover = view.to_move_name;
    const moves = drawing.moves.filter((m) => (m.at.length === 3 ? m.at[0] === index : m.at.includes(index)));
    const selected = this.selection(view), landing = this.landing(view);
    const key = view.position + "|" + view.moves.length;
    this.selected = null;
    if (selected === null) {
      if (view.over) { onError("the game is over"); redraw(); return; }
      if (!moves.length) { onError(`no move of ${mover} uses ${name}`); redraw(); return; }
      const whole = moves.find((m) => m.at.length === 1);
      if (whole) { onError(null); onMove(whole.move); return; }
      if (pieceMoves && moves.length === 1 && moves[0].at[0] === index && drawing.moves.every((m) => m === moves[0] || !m.at.includes(index))) { onError(null); onMove(moves[0].move); return; }
      this.selected = { position: key, cell: index };
      onError(null);
      redraw();
      return;
    }
    if (landing !== null) {
      const shot = drawing.moves.find((m) => m.at.length === 3 && m.at[0] === selected && m.at[1] === landing && m.at[2] === index);
      if (!shot) { onError(`${cellName(drawing, selected)}, ${cellName(drawing, landing)} and ${name} make no move of ${mover}`); redraw(); return; }
      onError(null);
      onMove(shot.move);
      return;
    }
    if (selected === index) { redraw(); return; }
    const pair = drawing.moves.find((m) => m.at.length === 2 && m.at.includes(selected) && m.at.includes(index));
    if (!pair && drawing.moves.some((m) => m.at.length === 3 && m.at[0] === selected && m.at[1] === index)) {
      this.selected = { position: key, cell: selected, landing: index };
      onError(null);
      redraw();
      return;
    }
    if (!pair) { onError(`${cellName(drawing, selected)} and ${name} make no move of ${mover}`); redraw(); return; }
    onError(null);
    onMove(pair.move);
  },
};

// A click on a board beside its cells and moves: drops the selected cell, and says how to
// play, so that no click is lost without a word.
function boardBackground(svg, width, height, view, onError, redraw) {
  const background = svgElement("rect", { x: 0, y: 0, width, height, fill: "transparent", class: "background" });
  background.addEventListener("click", () => {
    CellClicks.selected = null;
    onError(view.over ? "the game is over" : "no move there: click a move drawn on the board, or a move's cells one after the other");
    redraw();
  });
  svg.appendChild(background);
}

// A grid of cells (the kinds cells and stones): coordinates, holes dark, the pieces drawn
// by `drawCell`, the placed pieces of the line by `drawPlayed`, each legal move of two
// adjacent cells as a bar across their shared side, coloured by its value, and the cells
// clickable (CellClicks).
function drawGridBoard(view, values, overlay, onMove, onError, redraw, options) {
  const drawing = view.drawing, w = drawing.width, h = drawing.height;
  const cell = 52, margin = 30, bottom = 44;
  const width = Math.max(w * cell + 2 * margin, 400), left = (width - w * cell) / 2;
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${h * cell + margin + bottom}`, role: "img", "aria-label": `${view.game} ${view.position}`, class: "cell-board" });
  boardBackground(svg, width, h * cell + margin + bottom, view, onError, redraw);
  const x0 = (index) => left + (index % w) * cell, y0 = (index) => margin + Math.floor(index / w) * cell;
  const selected = CellClicks.selection(view), landing = CellClicks.landing(view);
  const partners = new Set();
  if (selected !== null) {
    for (const m of drawing.moves) {
      // A three-cell move: the landings of the selected amazon, then the arrow's cells.
      if (m.at.length === 3) {
        if (m.at[0] === selected && landing === null) partners.add(m.at[1]);
        if (m.at[0] === selected && m.at[1] === landing) partners.add(m.at[2]);
      } else if (m.at.includes(selected)) m.at.forEach((c) => partners.add(c));
    }
  }
  drawing.cells.forEach((mark, index) => {
    const hole = mark === "hole";
    const rect = svgElement("rect", { x: x0(index), y: y0(index), width: cell, height: cell, fill: hole ? "#2f2f2f" : "#f4efe4", stroke: "#8a8172", "stroke-width": 1, "data-cell": cellName(drawing, index), "data-mark": mark, class: "cell" });
    if (index !== selected && index !== landing && partners.has(index)) rect.setAttribute("fill", "#fbe9a6");
    rect.addEventListener("click", () => CellClicks.click(view, index, onMove, onError, redraw));
    svg.appendChild(rect);
  });
  svg.appendChild(svgElement("rect", { x: left, y: margin, width: w * cell, height: h * cell, fill: "none", stroke: "#5a5348", "stroke-width": 2, "pointer-events": "none" }));
  for (let c = 0; c < w; c++) svg.appendChild(svgElement("text", { x: left + (c + 0.5) * cell, y: margin - 9, "text-anchor": "middle", "font-size": 14, fill: "#555" }, columnName(drawing, c)));
  for (let r = 0; r < h; r++) svg.appendChild(svgElement("text", { x: left - 12, y: margin + (r + 0.5) * cell + 5, "text-anchor": "middle", "font-size": 14, fill: "#555" }, rowName(drawing, r)));
  const centre = (index) => [x0(index) + cell / 2, y0(index) + cell / 2];
  const last = drawing.played.length ? drawing.played[drawing.played.length - 1] : null;
  options.drawPlayed(svg, drawing, centre, cell, last);
  drawing.cells.forEach((mark, index) => options.drawCell(svg, mark, centre(index), cell));
  for (const chosen of [selected, landing]) {
    if (chosen === null) continue;
    const [cx, cy] = centre(chosen);
    svg.appendChild(svgElement("rect", { x: cx - cell / 2 + 3, y: cy - cell / 2 + 3, width: cell - 6, height: cell - 6, fill: "none", stroke: "#e2a100", "stroke-width": 4, "pointer-events": "none", class: "selected" }));
  }
  drawThreeCellMoves(svg, drawing, values, overlay, onMove, centre, cell, selected, landing);
  // The legal moves: a bar across the side two cells share, pointing from the first cell to
  // the second when the move goes somewhere (a stone's capture); a move between two cells of
  // a row or column further apart (a jump) is a long arrow over the cells between, drawn
  // before the shorter ones so that each tip shows. A one-cell move is a disc in its cell,
  // coloured by its value (the cell plays it too).
  for (const m of drawing.moves.filter((m) => m.at.length === 1)) {
    const [cx, cy] = centre(m.at[0]);
    const info = values.get(m.move);
    const disc = svgElement("circle", { cx, cy, r: cell * 0.2, stroke: "#fff", "stroke-width": 1.5, "data-at": String(m.at[0]) });
    asMove(disc, m.move, info, overlay, onMove);
    svg.appendChild(disc);
    const label = remotenessLabel(info, overlay, cx, cy + 0.5);
    if (label) { label.style.fill = info && info.value === "win" ? "#fff" : "#111"; label.style.fontWeight = "bold"; svg.appendChild(label); }
  }
  const straight = (m) => {
    if (m.at.length !== 2) return 0;
    const [ax, ay] = centre(m.at[0]), [bx, by] = centre(m.at[1]);
    return ax === bx || ay === by ? Math.round((Math.abs(ax - bx) + Math.abs(ay - by)) / cell) : 0;
  };
  // A diagonal move (Fox and Geese) is an arrow too, on boards that draw arrows.
  const diagonal = (m) => {
    if (!options.arrows || m.at.length !== 2) return 0;
    const [ax, ay] = centre(m.at[0]), [bx, by] = centre(m.at[1]);
    return Math.abs(ax - bx) === Math.abs(ay - by) ? Math.round(Math.abs(ax - bx) / cell) : 0;
  };
  const lines = drawing.moves.filter((m) => straight(m) >= 1).sort((a, b) => straight(b) - straight(a));
  for (const m of drawing.moves.filter((m) => straight(m) === 0 && diagonal(m) >= 1)) {
    const [ax, ay] = centre(m.at[0]), [bx, by] = centre(m.at[1]);
    const length = Math.hypot(bx - ax, by - ay), ux = (bx - ax) / length, uy = (by - ay) / length;
    const thick = 14, long = diagonal(m) === 1 ? length * 0.62 : length - cell * 0.5;
    const mx = (ax + bx) / 2, my = (ay + by) / 2;
    const shape = svgElement("polygon", { points: arrowPoints(mx, my, ux, uy, long, thick), stroke: "#fff", "stroke-width": 1.5 });
    addMoveShape(svg, shape, m, values.get(m.move), overlay, onMove, mx, my);
  }
  for (const m of lines) {
    const [ax, ay] = centre(m.at[0]), [bx, by] = centre(m.at[1]);
    const apart = straight(m), dx = Math.sign(bx - ax), dy = Math.sign(by - ay);
    const thick = 14, long = apart === 1 ? cell * 0.62 : (apart - 0.5) * cell;
    // A jump's arrow lies beside the row or column's middle line, further for a longer jump
    // and on the side of its direction, so that a jump and a longer one from the same cell
    // (a double jump) or a jump the other way each keep some of themselves to click.
    const shift = apart === 1 ? 0 : (dx + dy > 0 ? 1 : -1) * Math.min(cell * 0.42, 4 + 9 * (apart - 1));
    const mx = (apart === 1 ? (ax + bx) / 2 : (ax + bx) / 2 + dx * cell * 0.2) - dy * shift, my = (apart === 1 ? (ay + by) / 2 : (ay + by) / 2 + dy * cell * 0.2) + dx * shift;
    let shape;
    if (options.arrows) {
      shape = svgElement("polygon", { points: arrowPoints(mx, my, dx, dy, long, thick), stroke: "#fff", "stroke-width": 1.5 });
    } else {
      const bw = dx ? long : thick, bh = dx ? thick : long;
      shape = svgElement("rect", { x: mx - bw / 2, y: my - bh / 2, width: bw, height: bh, rx: 5, stroke: "#fff", "stroke-width": 1.5 });
    }
    addMoveShape(svg, shape, m, values.get(m.move), overlay, onMove, mx, my);
  }
  boardCaption(svg, view, Math.min(left, 16), margin + h * cell + 26);
  return svg;
}

// The outline of an arrow centred on (mx, my), pointing along the unit vector (ux, uy),
// `long` long and `thick` wide, with a head 8 long: the points of its polygon.
function arrowPoints(mx, my, ux, uy, long, thick) {
  const px = -uy, py = ux, half = long / 2;
  return [[mx - ux * half + px * thick / 2, my - uy * half + py * thick / 2], [mx + ux * (half - 8) + px * thick / 2, my + uy * (half - 8) + py * thick / 2], [mx + ux * half, my + uy * half],
    [mx + ux * (half - 8) - px * thick / 2, my + uy * (half - 8) - py * thick / 2], [mx - ux * half - px * thick / 2, my - uy * half - py * thick / 2]].map((p) => p.join(",")).join(" ");
}

// A move's shape on a grid board, clickable and coloured by its value (`info`), with its
// remoteness written at (mx, my) under the overlay.
function addMoveShape(svg, shape, m, info, overlay, onMove, mx, my) {
  const group = svgElement("g");
  group.appendChild(shape);
  asMove(group, m.move, info, overlay, onMove);
  shape.setAttribute("fill", group.getAttribute("fill"));
  group.setAttribute("data-at", m.at.join(","));
  svg.appendChild(group);
  const label = remotenessLabel(info, overlay, mx, my + 0.5);
  if (label) { label.style.fill = info && info.value === "win" ? "#fff" : "#111"; label.style.fontWeight = "bold"; svg.appendChild(label); }
}

// The moves of three cells (an amazon's: the amazon, the cell it goes to, the cell its arrow
// burns), which would cross each other as arrows: each way an amazon can go is a small disc
// in the cell it goes to, on the side it comes from (at most one amazon comes from each of the
// eight sides), standing for that way's best move (a win, else one not lost, else the first)
// with its value's colour; clicking it plays that move. Once an amazon and its landing are
// selected, each cell its arrow can burn holds a disc playing that move.
function drawThreeCellMoves(svg, drawing, values, overlay, onMove, centre, cell, selected, landing) {
  const triples = drawing.moves.filter((m) => m.at.length === 3);
  if (!triples.length) return;
  // A disc in the arrow's cell lets the click through to the cell, which plays the same move.
  const disc = (m, cx, cy, r, labelled) => {
    const info = values.get(m.move);
    const element = svgElement("circle", { cx, cy, r, stroke: "#fff", "stroke-width": 1.5, "data-at": m.at.join(",") });
    asMove(element, m.move, info, overlay, onMove);
    if (labelled) element.setAttribute("pointer-events", "none");
    svg.appendChild(element);
    const label = labelled ? remotenessLabel(info, overlay, cx, cy + 0.5) : null;
    if (label) { label.style.fill = info && info.value === "win" ? "#fff" : "#111"; label.style.fontWeight = "bold"; svg.appendChild(label); }
  };
  if (landing !== null) {
    for (const m of triples.filter((m) => m.at[0] === selected && m.at[1] === landing)) {
      const [cx, cy] = centre(m.at[2]);
      disc(m, cx, cy, cell * 0.2, true);
    }
    return;
  }
  const rank = (m) => {
    const info = values.get(m.move);
    return !info ? 1 : info.value === "win" ? 0 : info.value === "lose" ? 2 : 1;
  };
  const best = new Map();
  for (const m of triples) {
    const way = m.at[0] + "," + m.at[1], held = best.get(way);
    if (!held || rank(m) < rank(held)) best.set(way, m);
  }
  for (const m of best.values()) {
    const [ax, ay] = centre(m.at[0]), [bx, by] = centre(m.at[1]);
    const length = Math.hypot(ax - bx, ay - by);
    disc(m, bx + ((ax - bx) / length) * cell * 0.32, by + ((ay - by) / length) * cell * 0.32, cell * 0.1, false);
  }
}

// The last move of the line on a board drawn from the notation (heaps, cuts, boxes, the
// bidding bar, the paper sheet, Pousse), which knows only the position now: the move in a
// yellow badge at the board's top right corner, over nothing a click needs.
function markLastMove(svg, view) {
  const last = view.moves.length ? view.moves[view.moves.length - 1] : null;
  if (!last) return;
  const box = svg.viewBox.baseVal, text = `last: ${last}`;
  const width = 7 * text.length + 12, x = box.x + box.width - width - 4, y = box.y + 4;
  const group = svgElement("g", { class: "last-move", "data-last": last, "pointer-events": "none" });
  group.appendChild(svgElement("rect", { x, y, width, height: 20, rx: 4, fill: "#f6e3a1", stroke: "#f0b400", "stroke-width": 2 }));
  group.appendChild(svgElement("text", { x: x + width / 2, y: y + 14, "text-anchor": "middle", "font-size": 12, fill: "#333" }, text));
  svg.appendChild(group);
}

// The position editor: while `on`, a board that can be edited draws its edit buttons, and a
// click sends the edit (`POST /api/edit`, the kind's edit) through `send`, which the page
// sets: the server turns it into the position's notation and the game's parser reads it.
// `selected` is a vertex board's selected vertex ({ position, vertex }).
const Editor = { on: false, send: () => {}, selected: null };
// An edit button: a small labelled box at (x, y) that sends `edit`.
function editButton(svg, x, y, label, edit, title) {
  const group = svgElement("g", { class: "edit-button", "data-edit": edit.op, "data-part": edit.part == null ? "" : String(edit.part), "data-value": edit.value == null ? "" : edit.value, "data-tag": edit.tag == null ? "" : edit.tag });
  group.appendChild(svgElement("rect", { x, y, width: 28, height: 24, rx: 4, fill: "#fff", stroke: "#555" }));
  group.appendChild(svgElement("text", { x: x + 14, y: y + 17, "text-anchor": "middle", "font-size": 15, fill: "#222", "pointer-events": "none" }, label));
  const tip = svgElement("title", {});
  tip.textContent = title;
  group.appendChild(tip);
  group.style.cursor = "pointer";
  group.addEventListener("click", (event) => { event.stopPropagation(); Editor.send(edit); });
  svg.appendChild(group);
}

// The position editor's panel under a board whose position is a sum of parts of sizes
// joined by `x` (`cuts`: `4x3`, `boxes`: `2x2x3`): a row for each part with − and + for each
// of its sizes and × to remove it, and a last row whose + adds the part `unit`.
function sumEditPanel(svg, parts, unit) {
  const box = svg.viewBox.baseVal, rowHeight = 30, top = box.height + 4;
  const width = Math.max(box.width, 460);
  parts.forEach((text, index) => {
    const dims = text.split("x"), y = top + index * rowHeight;
    svg.appendChild(svgElement("text", { x: 10, y: y + 17, "font-size": 13 }, `${index + 1}: ${dims.join(" × ")}`));
    let x = 150;
    dims.forEach((dim, k) => {
      const size = /^\d+$/.test(dim) ? BigInt(dim) : null;
      const with_ = (value) => dims.map((d, i) => (i === k ? String(value) : d)).join("x");
      if (size !== null && size > 1n) editButton(svg, x, y, "−", { op: "set-part", part: index, value: with_(size - 1n) }, `part ${index + 1}: size ${k + 1} one less`);
      if (size !== null) editButton(svg, x + 30, y, "+", { op: "set-part", part: index, value: with_(size + 1n) }, `part ${index + 1}: size ${k + 1} one more`);
      x += 72;
    });
    editButton(svg, x, y, "×", { op: "remove-part", part: index }, `remove part ${index + 1}`);
  });
  const y = top + parts.length * rowHeight;
  svg.appendChild(svgElement("text", { x: 10, y: y + 17, "font-size": 13 }, `a part ${unit.split("x").join(" × ")} more`));
  editButton(svg, 150, y, "+", { op: "add-part", value: unit }, `add a part ${unit}`);
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${width} ${y + rowHeight + 4}`);
}
