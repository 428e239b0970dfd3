// Heaps (Nim, take-and-break codes, subtraction games, Grundy's game, partizan subtraction):
// each heap of the sum, after an optional `RULES:` prefix, as a row of tokens, and beside it
// its moves (`12->3+4` on every heap of 12; `2:3`, taking 3 from heap 2; `2+3->5`, a union,
// on the first heap of 2), coloured by their value; the move list below holds them all. In
// the position editor each heap has − and + (a token less, a token more) and × (removed)
// instead of its moves, and a last row + adds a heap of 1.
"use strict";
Renderers.heaps = {
  candidates() { return null; },
  draw(view, values, overlay, onMove) {
    // A partizan position may end in `@L` or `@R` (the player to move).
    const bare = view.position.replace(/@[LR]$/, "");
    const colon = bare.lastIndexOf(":");
    const rules = colon >= 0 ? bare.slice(0, colon) : "";
    const heapText = colon >= 0 ? bare.slice(colon + 1) : bare;
    const texts = heapText.split("+");
    const all = texts.map(Number);
    // The heaps drawn, each with its number in the position (moves `HEAP:AMOUNT` name it).
    // In the editor every heap is drawn, an empty one too, to be changed or removed.
    const rows = all.map((heap, index) => ({ heap, index })).filter((row) => row.heap > 0 || Editor.on);
    const heaps = rows.map((row) => row.heap);
    const rowHeight = 46, margin = 20, token = 14, shown = 40;
    const width = 760;
    const height = margin * 2 + 24 + (Math.max(1, heaps.length) + (Editor.on ? 1 : 0)) * rowHeight;
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `heaps ${view.position}` });
    svg.appendChild(svgElement("text", { x: margin, y: margin + 6, "font-size": 15 }, `${rules ? rules + ": " : ""}${heaps.length ? heaps.join(" + ") : "no heap left"}`));
    // The moves of each heap, in the order the server listed them, with their chips'
    // labels: `SIZE->REST` (impartial rules) goes on every heap of that size; `HEAP:AMOUNT`
    // (partizan subtraction), or `AMOUNT` alone with one heap, on that heap.
    const byRow = new Map();
    const add = (key, move, info, label) => {
      if (!byRow.has(key)) byRow.set(key, []);
      byRow.get(key).push([move, info, label]);
    };
    // `1+1+1+2` reads `3×1+2` on a chip: a split into many equal heaps stays short.
    const compact = (parts) => parts.split("+").reduce((runs, part) => {
      const last = runs[runs.length - 1];
      if (last && last.part === part) last.count += 1; else runs.push({ part, count: 1 });
      return runs;
    }, []).map(({ part, count }) => (count > 1 ? `${count}×${part}` : part)).join("+");
    for (const [move, info] of values) {
      const numbered = /^(\d+):(\d+)$/.exec(move);
      if (move.includes("->")) {
        const [size, rest] = move.split("->");
        const united = /^(\d+)\+(\d+)$/.exec(size);
        if (united) {
          // A union `A+B->SUM` (Fair Shares and Varied Pairs) goes on the first heap of A.
          const row = rows.find((candidate) => candidate.heap === Number(united[1]));
          if (row) add(row.index, move, info, `+${united[2]}→${rest}`);
        } else {
          rows.forEach((row) => { if (row.heap === Number(size)) add(row.index, move, info, compact(rest)); });
        }
      } else if (numbered) {
        add(Number(numbered[1]) - 1, move, info, `−${numbered[2]}`);
      } else if (/^\d+$/.test(move)) {
        add(0, move, info, `−${move}`);
      }
    }
    rows.forEach(({ heap, index }, row) => {
      const y = margin + 30 + row * rowHeight;
      const drawn = Math.min(heap, shown);
      for (let i = 0; i < drawn; i++) {
        svg.appendChild(svgElement("circle", { cx: margin + 8 + i * token, cy: y + 12, r: 6, fill: "#8b5a2b" }));
      }
      const after = margin + 16 + drawn * token;
      svg.appendChild(svgElement("text", { x: after, y: y + 17, "font-size": 13 }, heap > shown ? `… ${heap}` : String(heap)));
      let x = Math.max(after + 50, 330);
      if (Editor.on) {
        // The editor's buttons instead of the moves: one token less, one more, no heap.
        const text = texts[index].trim(), size = /^\d+$/.test(text) ? BigInt(text) : null;
        if (size !== null && size > 0n) editButton(svg, x, y, "−", { op: "set-part", part: index, value: String(size - 1n) }, `heap ${index + 1}: one token less`);
        if (size !== null) editButton(svg, x + 32, y, "+", { op: "set-part", part: index, value: String(size + 1n) }, `heap ${index + 1}: one token more`);
        editButton(svg, x + 64, y, "×", { op: "remove-part", part: index }, `remove heap ${index + 1}`);
        return;
      }
      for (const [move, info, label] of (byRow.get(index) || []).slice(0, 8)) {
        const group = svgElement("g");
        // Wide enough for its label (about 6 px a character at 10 px).
        const chipWidth = Math.max(48, 6 * label.length + 12);
        if (x + chipWidth > width) break;
        const chip = svgElement("rect", { x, y, width: chipWidth, height: 24, rx: 5 });
        group.appendChild(chip);
        group.appendChild(svgElement("text", { x: x + chipWidth / 2, y: y + 16, "text-anchor": "middle", "font-size": 10, fill: overlay && info && info.value !== "win" ? "#222" : "#fff", "pointer-events": "none" }, label));
        asMove(group, move, info, overlay, onMove);
        chip.setAttribute("fill", group.getAttribute("fill"));
        svg.appendChild(group);
        x += chipWidth + 4;
      }
    });
    if (Editor.on) {
      const y = margin + 30 + rows.length * rowHeight;
      svg.appendChild(svgElement("text", { x: margin, y: y + 17, "font-size": 13 }, "a heap of 1 more"));
      editButton(svg, 330, y, "+", { op: "add-part", value: "1" }, "add a heap of 1");
    }
    return svg;
  },
};
