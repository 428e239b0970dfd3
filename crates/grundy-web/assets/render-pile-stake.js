// Pile and stake (the bidding game's kind): the room of n stones as a bar holding the pile and the stake, and three buttons:
// pass, double, triple (those that are illegal are greyed out).
"use strict";
Renderers["pile-stake"] = {
  candidates() { return ["pass", "double", "triple"]; },
  draw(view, values, overlay, onMove) {
    const [n, pile, stake] = view.position.includes("/") ? view.position.split("/").map(Number) : [Number(view.position), 0, 1];
    const svg = svgElement("svg", { viewBox: "0 0 420 200", role: "img", "aria-label": `${view.game} ${view.position}` });
    const bar = 380, x0 = 20, scale = bar / n;
    svg.appendChild(svgElement("rect", { x: x0, y: 30, width: bar, height: 34, fill: "#eee", stroke: "#333" }));
    svg.appendChild(svgElement("rect", { x: x0, y: 30, width: Math.min(pile, n) * scale, height: 34, fill: "#8b5a2b" }));
    const stakeWidth = Math.max(2, Math.min(stake, n - pile) * scale);
    svg.appendChild(svgElement("rect", { x: x0 + pile * scale, y: 30, width: stakeWidth, height: 34, fill: "#f0a030", opacity: 0.85 }));
    svg.appendChild(svgElement("text", { x: x0, y: 20, "font-size": 13 }, `n = ${n}: pile ${pile}, stake ${stake}, room ${n - pile}`));
    // The pile's label only when there is a pile; the stake's label drops a line when the
    // pile's would run into it.
    const stakeX = x0 + pile * scale;
    if (pile > 0) svg.appendChild(svgElement("text", { x: x0, y: 82, "font-size": 11, fill: "#8b5a2b" }, "pile"));
    const stakeY = pile > 0 && stakeX - x0 < 30 ? 96 : 82;
    svg.appendChild(svgElement("text", { x: stakeX, y: stakeY, "font-size": 11, fill: "#c07010" }, "stake"));
    ["pass", "double", "triple"].forEach((move, index) => {
      const info = values.get(move);
      const x = x0 + index * 130, y = 110;
      const group = svgElement("g");
      const button = svgElement("rect", { x, y, width: 118, height: 50, rx: 8 });
      group.appendChild(button);
      group.appendChild(svgElement("text", { x: x + 59, y: y + 30, "text-anchor": "middle", "font-size": 18, fill: "#fff", "pointer-events": "none" }, move));
      if (info && info.legal !== false) {
        asMove(group, move, info, overlay, onMove);
        button.setAttribute("fill", group.getAttribute("fill"));
        const label = remotenessLabel(info, overlay, x + 59, y + 62);
        if (label) group.appendChild(label);
      } else {
        button.setAttribute("fill", "#ccc");
      }
      svg.appendChild(group);
    });
    return svg;
  },
};
