// Vertices (Node Kayles, Arc Kayles, Snort, Col): a graph without a ground, laid out by the
// server, each vertex with its name, coloured vertices in their player's colour (Left blue,
// Right red), tinted ones (only one player may colour them) ringed in that player's colour.
// A move takes a vertex (its footprint is the vertex's index) or an edge (the index of the
// edge after the vertices): a legal move's vertex or edge is clickable and, under the overlay,
// coloured by its value with its remoteness beside it. Clicking a vertex or an edge that is
// no move says so. The last move is ringed (a vertex) or banded (an edge) in yellow. In the
// position editor (`Editor.on`) the clicks edit the graph instead.
"use strict";
// A transparent band 12 units wide along the edge from `p` to `q`: the part of an edge that
// takes clicks. A line alone has no area when it is level or upright (a browser then finds
// nothing to click).
function edgeHitArea(p, q) {
  const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const nx = ((p.y - q.y) / length) * 6, ny = ((q.x - p.x) / length) * 6;
  const corners = [[p.x + nx, p.y + ny], [q.x + nx, q.y + ny], [q.x - nx, q.y - ny], [p.x - nx, p.y - ny]];
  return svgElement("polygon", { points: corners.map((c) => c.join(",")).join(" "), fill: "transparent", stroke: "none" });
}
Renderers.vertices = {
  candidates() { return null; },
  draw(view, values, overlay, onMove, onError) {
    const drawing = view.drawing;
    onError = onError || (() => {});
    const scale = 1.4, pad = 16, caption = 40;
    const width = Math.max(drawing.width * scale + 2 * pad, 400);
    const dx = (width - drawing.width * scale) / 2;
    const height = drawing.height * scale + caption + pad + (Editor.on ? 40 : 0);
    // In the position editor a click on a vertex selects it, a click on a second one adds
    // the edge between them or deletes it, and the toolbar under the board adds a vertex or
    // deletes or tags the selected one; no move is played.
    const editing = Editor.on && !view.over;
    const selected = editing && Editor.selected && Editor.selected.position === view.position ? Editor.selected.vertex : null;
    const redraw = () => window.redrawBoard && window.redrawBoard();
    const editClick = (name) => {
      if (selected === null) { Editor.selected = { position: view.position, vertex: name }; redraw(); return; }
      Editor.selected = null;
      if (selected === name) { redraw(); return; }
      Editor.send({ op: "toggle-edge", a: selected, b: name });
    };
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${view.game} ${view.position}`, class: "vertex-board" });
    boardBackground(svg, width, height, view, onError, () => window.redrawBoard && window.redrawBoard());
    const world = svgElement("g", { transform: `translate(${dx} ${pad}) scale(${scale})` });
    svg.appendChild(world);
    const count = drawing.vertices.length;
    const byIndex = new Map();
    for (const m of drawing.moves) if (m.at.length === 1) byIndex.set(m.at[0], m);
    const nothing = (what) => () => onError(view.over ? "the game is over" : `${what} is no move of ${view.to_move_name}`);
    const labels = [];
    // The last move of the line, under the board where it was played (every vertex stands
    // where it stood at the start): a yellow ring round the vertex it took or coloured, a
    // yellow band along the edge it took, faint where the vertex or edge is gone.
    const last = drawing.played.length ? drawing.played[drawing.played.length - 1] : null;
    const spots = (last && last.spots) || [];
    if (spots.length === 2) {
      const [[x1, y1], [x2, y2]] = spots;
      world.appendChild(svgElement("line", { x1, y1, x2, y2, stroke: "#f0b400", "stroke-width": 14, "stroke-linecap": "round", opacity: 0.8, "stroke-dasharray": "10 5", "pointer-events": "none", class: "last-move", "data-last": last.move }));
    } else if (spots.length === 1) {
      const [[cx, cy]] = spots;
      world.appendChild(svgElement("circle", { cx, cy, r: 13, fill: "#f6e3a1", stroke: "#999", "stroke-dasharray": "3 3", "pointer-events": "none" }));
      world.appendChild(svgElement("circle", { cx, cy, r: 18, fill: "none", stroke: "#f0b400", "stroke-width": 4, "pointer-events": "none", class: "last-move", "data-last": last.move }));
    }
    drawing.edges.forEach(([a, b], i) => {
      const [p, q] = [drawing.vertices[a], drawing.vertices[b]];
      const move = editing ? null : byIndex.get(count + i);
      const group = svgElement("g", { "data-edge": `${p.name}-${q.name}` });
      const line = { x1: p.x, y1: p.y, x2: q.x, y2: q.y, "stroke-linecap": "round" };
      if (move) {
        const info = values.get(move.move);
        group.appendChild(svgElement("line", { ...line, "stroke-width": 9 }));
        group.appendChild(edgeHitArea(p, q));
        asMove(group, move.move, info, overlay, onMove, "stroke");
        labels.push([(p.x + q.x) / 2, (p.y + q.y) / 2 - 8, info]);
      } else {
        group.appendChild(svgElement("line", { ...line, stroke: "#555", "stroke-width": 3 }));
        group.appendChild(edgeHitArea(p, q));
        group.addEventListener("click", editing ? () => Editor.send({ op: "toggle-edge", a: p.name, b: q.name }) : nothing(`edge ${p.name}-${q.name}`));
      }
      world.appendChild(group);
    });
    drawing.vertices.forEach((vertex, index) => {
      const [kind, owner] = vertex.mark.split(" ");
      const group = svgElement("g", { "data-vertex": vertex.name, "data-mark": vertex.mark });
      const move = editing ? null : byIndex.get(index);
      const fill = kind === "stone" ? PLAYER_COLOURS[owner] : "#f4efe4";
      const disc = svgElement("circle", { cx: vertex.x, cy: vertex.y, r: 13, fill, stroke: kind === "tinted" ? PLAYER_COLOURS[owner] : "#1d1d1d", "stroke-width": kind === "tinted" ? 4 : 1.5 });
      if (kind === "tinted") disc.setAttribute("stroke-dasharray", "5 3");
      group.appendChild(disc);
      if (move) {
        const info = values.get(move.move);
        const dot = svgElement("circle", { cx: vertex.x, cy: vertex.y, r: 8, stroke: "#fff", "stroke-width": 1 });
        asMove(dot, move.move, info, overlay, onMove);
        group.appendChild(dot);
        group.addEventListener("click", (event) => { if (event.target !== dot) onMove(move.move); });
        group.style.cursor = "pointer";
        labels.push([vertex.x + 16, vertex.y - 12, info]);
      } else if (editing) {
        group.style.cursor = "pointer";
        group.addEventListener("click", () => editClick(vertex.name));
        if (selected === vertex.name) {
          group.setAttribute("data-selected", "1");
          group.appendChild(svgElement("circle", { cx: vertex.x, cy: vertex.y, r: 17, fill: "none", stroke: "#222", "stroke-width": 2, "stroke-dasharray": "4 3" }));
        }
      } else {
        group.style.cursor = "not-allowed";
        group.addEventListener("click", nothing(`vertex ${vertex.name}`));
      }
      group.appendChild(svgElement("text", { x: vertex.x, y: vertex.y + 24, "text-anchor": "middle", "font-size": 10, fill: "#333" }, vertex.name));
      world.appendChild(group);
    });
    for (const [x, y, info] of labels) {
      const label = remotenessLabel(info, overlay, x, y);
      if (label) { label.style.fontSize = "9px"; world.appendChild(label); }
    }
    // The moves of the line: the last one's name under the board.
    if (last) svg.appendChild(svgElement("text", { x: width - 16, y: drawing.height * scale + pad + 23, "text-anchor": "end", "font-size": 12, fill: "#555", "data-last": last.move }, `last: ${last.move}`));
    boardCaption(svg, view, 16, drawing.height * scale + pad + 18);
    if (editing) {
      const y = drawing.height * scale + pad + caption + 4;
      editButton(svg, 16, y, "+", { op: "add-vertex" }, "add a vertex");
      if (selected !== null) {
        editButton(svg, 52, y, "×", { op: "remove-vertex", vertex: selected }, `delete vertex ${selected}`);
        // The tags a game may allow (Col's and Snort's): coloured, tinted, none.
        ["L", "R", "l", "r", ""].forEach((tag, i) => {
          editButton(svg, 100 + 32 * i, y, tag || "–", { op: "set-tag", vertex: selected, tag }, tag ? `tag vertex ${selected} ${tag}` : `untag vertex ${selected}`);
        });
      }
    }
    return svg;
  },
};
