// Run in the page by tests/browser.rs (WebDriver's asynchronous script): clicks every move
// drawn on the board of the position now shown, each at a point where it is drawn on top
// and no other move's target lies under it, and checks that the move played is the one
// drawn there; a legal move drawn nowhere is played through its footprint's cells, one click
// each, as a person would. After each click the page goes back to the position it started
// from. Returns what it saw: the moves played, the problems (a target covered by another, a
// move that cannot be clicked, a click that plays another move) and the time from each click
// to the board drawn again.
const done = arguments[arguments.length - 1];
(async () => {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
  const idle = async () => {
    for (let i = 0; i < 30000; i++) {
      if (document.body.dataset.busy === "0") return;
      await pause();
    }
    throw new Error("the page stayed busy");
  };
  await idle();
  const at = state.cursor;
  const position = state.view.position + " after " + JSON.stringify(state.line.slice(0, at));
  const legal = state.analysis.moves.filter((m) => m.legal).map((m) => m.move);
  const board = document.getElementById("board");
  const onBoard = Boolean(board.querySelector("svg"));
  const problems = [], played = [], latencies = [], viaCells = [];
  const targetsOf = () => onBoard
    ? [...board.querySelectorAll("[data-move]")]
    : [...document.querySelectorAll("#movelist [data-list-move]")];
  const moveOf = (element) => element.dataset.move ?? element.dataset.listMove;
  const targetAt = (element) => element && element.closest("[data-move], [data-list-move]");
  // The point of `element` nearest its middle where it is on top and no other move's target
  // is under it, or what is wrong.
  const probe = (element, accepts) => {
    element.scrollIntoView({ block: "center", inline: "center" });
    const box = element.getBoundingClientRect();
    const middle = [box.left + box.width / 2, box.top + box.height / 2];
    let best = null, own = 0;
    const steps = 12;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const x = box.left + 1 + ((box.width - 2) * i) / steps, y = box.top + 1 + ((box.height - 2) * j) / steps;
        const top = document.elementFromPoint(x, y);
        if (!top || !accepts(top)) continue;
        own += 1;
        const move = moveOf(element);
        const others = document.elementsFromPoint(x, y).map(targetAt).filter((t) => t && moveOf(t) !== move);
        if (others.length) continue;
        const distance = Math.hypot(x - middle[0], y - middle[1]);
        if (!best || distance < best.distance) best = { x, y, top, distance };
      }
    }
    if (best) return best;
    return { problem: own ? "every point of it lies on another move's target too" : "it is covered: no point of it takes a click" };
  };
  const click = async ({ x, y, top }) => {
    const before = performance.now();
    top.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window, clientX: x, clientY: y }));
    await idle();
    return performance.now() - before;
  };
  const back = async () => {
    if (state.cursor === at && state.line.length >= at) return;
    goTo(at);
    await idle();
  };
  const playedNow = () => (state.cursor === at + 1 ? state.line[at] : null);
  const covered = new Set();
  const count = targetsOf().length;
  for (let index = 0; index < count; index++) {
    const element = targetsOf()[index];
    if (!element) { problems.push(`target ${index} vanished`); continue; }
    const move = moveOf(element);
    // One colour language: a move is never painted in a player's colour.
    const paint = element.getAttribute("fill") || element.getAttribute("stroke");
    if (onBoard && Object.values(PLAYER_COLOURS).includes(paint)) problems.push(`${move}: drawn in a piece's colour ${paint}`);
    const point = probe(element, (top) => element.contains(top));
    if (point.problem) { problems.push(`${move}: ${point.problem}`); continue; }
    const took = await click(point);
    const got = playedNow();
    if (got !== move) problems.push(`clicking the target drawn for ${move} played ${got === null ? "nothing" : got} (${document.getElementById("error").textContent})`);
    else { covered.add(move); played.push(move); latencies.push(took); }
    await back();
  }
  // A legal move drawn nowhere (an amazon's move whose way shows another of its moves):
  // its cells clicked one after the other.
  for (const move of legal.filter((m) => !covered.has(m))) {
    const drawn = state.view.drawing && state.view.drawing.moves.find((m) => m.move === move);
    if (!onBoard || !drawn || drawn.at.length < 2) { problems.push(`${move}: no target drawn for it`); continue; }
    let took = 0, ok = true;
    for (const index of drawn.at) {
      const name = cellName(state.view.drawing, index);
      const cell = board.querySelector(`[data-cell="${name}"]`);
      const point = cell && probe(cell, (top) => top === cell || (targetAt(top) && drawn.at.length === 3));
      if (!cell || point.problem) { problems.push(`${move}: cell ${name} ${cell ? point.problem : "is not drawn"}`); ok = false; break; }
      took += await click(point);
    }
    if (!ok) { CellClicks.selected = null; await back(); continue; }
    const got = playedNow();
    if (got !== move) problems.push(`clicking the cells of ${move} played ${got === null ? "nothing" : got} (${document.getElementById("error").textContent})`);
    else { covered.add(move); played.push(move); viaCells.push(move); latencies.push(took); }
    await back();
  }
  for (const move of legal) if (!covered.has(move) && !problems.some((p) => p.startsWith(move + ":"))) problems.push(`${move}: never played by a click`);
  return { position, legal: legal.length, onBoard, played, viaCells, problems, latencies };
})().then(done, (error) => done({ error: String(error && error.stack || error) }));
