// Graph (Red-Blue-Green Hackenbush): the picture laid out by the game on the server (nodes,
// edges as curves and loops, the ground line), each edge in its colour (Blue Left's, Red
// Right's, Green either's) with its name: its number in the start position, which it keeps
// through the game, and where it stood then (the move that takes it now, its number among
// the edges left, is `data-edge`). The edges the last move took stay drawn where they
// stood, faint and dashed, under a yellow outline (the last move). A legal move's
// edge is clickable and, under the overlay, haloed in the colour of its value with its
// remoteness beside the number. Clicking an edge the mover may not take is an error.
"use strict";
Renderers.graph = {
  candidates() { return null; },
  draw(view, values, overlay, onMove, onError) {
    const drawing = view.drawing;
    onError = onError || (() => {});
    // The server's layout, scaled up so that edges and numbers read well.
    const scale = 1.6, pad = 12, caption = 40;
    const width = Math.max(drawing.width * scale + 2 * pad, 380);
    const dx = (width - drawing.width * scale) / 2;
    const height = drawing.height * scale + caption + pad;
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${view.game} ${view.position}`, class: "graph-board" });
    boardBackground(svg, width, height, view, onError, () => window.redrawBoard && window.redrawBoard());
    const world = svgElement("g", { transform: `translate(${dx} ${pad}) scale(${scale})` });
    svg.appendChild(world);
    world.appendChild(svgElement("rect", { x: -dx / scale, y: drawing.ground, width: width / scale, height: drawing.height - drawing.ground + 4, fill: "#efe4cf", "pointer-events": "none" }));
    world.appendChild(svgElement("line", { x1: -dx / scale, y1: drawing.ground, x2: (width - dx) / scale, y2: drawing.ground, stroke: "#6b4f2a", "stroke-width": 4, class: "ground", "pointer-events": "none" }));
    const legal = new Map(drawing.moves.map((m) => [m.move, m]));
    const shape = (edge, attributes) => edge.path
      ? svgElement("path", { d: edge.path, fill: "none", "stroke-linecap": "round", ...attributes })
      : svgElement("circle", { cx: edge.circle[0], cy: edge.circle[1], r: edge.circle[2], fill: "none", ...attributes });
    // The middle of an edge: of its curve (a quadratic's middle is a quarter of each end
    // and half the control point), or the far side of a loop.
    const middle = (edge) => {
      if (!edge.path) return [edge.circle[0] + edge.circle[2], edge.circle[1]];
      const [x1, y1, cx, cy, x2, y2] = edge.path.replace(/[MQ]/g, " ").trim().split(/\s+/).map(Number);
      return [(x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4];
    };
    const labels = [];
    // The last move: the edges it took, where they stood, faint and dashed in their colours
    // under a yellow outline, with their names.
    for (const edge of drawing.taken || []) {
      const ghost = svgElement("g", { class: "taken", "data-name": edge.name, "pointer-events": "none" });
      ghost.appendChild(shape(edge, { stroke: "#f2c200", "stroke-width": 11, "stroke-opacity": 0.55 }));
      ghost.appendChild(shape(edge, { stroke: PLAYER_COLOURS[edge.owner], "stroke-width": 3, "stroke-opacity": 0.5, "stroke-dasharray": "4 3" }));
      world.appendChild(ghost);
      const [lx, ly] = edge.label;
      world.appendChild(svgElement("text", { x: lx + 3, y: ly + 3.2, "text-anchor": "middle", "font-size": 8, fill: "#777", "pointer-events": "none" }, edge.name));
    }
    for (const edge of drawing.edges) {
      const name = edge.name || edge.move;
      const group = svgElement("g", { "data-edge": edge.move, "data-name": name, "data-owner": edge.owner });
      const info = values.get(edge.move);
      const halo = shape(edge, { "stroke-width": 15, "stroke-opacity": overlay && legal.has(edge.move) ? 0.45 : 0 });
      group.appendChild(halo);
      group.appendChild(shape(edge, { stroke: PLAYER_COLOURS[edge.owner], "stroke-width": 5, "stroke-dasharray": "none" }));
      // A disc on the edge's middle: something to click where a thin line is hard to hit
      // (and a size for an upright edge, whose outline has no width).
      const [mx, my] = middle(edge);
      group.appendChild(svgElement("circle", { cx: mx, cy: my, r: 8, fill: "transparent", stroke: "none" }));
      if (legal.has(edge.move)) {
        asMove(group, edge.move, info, overlay, onMove, "stroke");
      } else {
        halo.setAttribute("stroke", "transparent");
        group.style.cursor = "not-allowed";
        const colour = { left: "Blue", right: "Red", either: "Green" }[edge.owner];
        group.addEventListener("click", () => onError(view.over ? "the game is over" : `edge ${name} is ${colour}: ${view.to_move_name} may not take it`));
      }
      world.appendChild(group);
      labels.push([edge, info]);
    }
    for (const [x, y] of drawing.nodes) world.appendChild(svgElement("circle", { cx: x, cy: y, r: 3.5, fill: "#202020", "pointer-events": "none" }));
    // The numbers on top of every edge: a white disc with the number in the edge's colour,
    // and the remoteness under the overlay.
    for (const [edge, info] of labels) {
      const [lx, ly] = edge.label;
      const badge = svgElement("g", { "pointer-events": "none", class: "edge-number" });
      badge.appendChild(svgElement("circle", { cx: lx + 3, cy: ly, r: 7, fill: "#fff", stroke: PLAYER_COLOURS[edge.owner], "stroke-width": 1 }));
      badge.appendChild(svgElement("text", { x: lx + 3, y: ly + 3.2, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: "#222" }, edge.name || edge.move));
      world.appendChild(badge);
      const label = remotenessLabel(info, overlay && legal.has(edge.move), lx + 13, ly, "start");
      if (label) { label.style.fontSize = "8px"; world.appendChild(label); }
    }
    boardCaption(svg, view, 16, drawing.height * scale + pad + 18);
    return svg;
  },
};
