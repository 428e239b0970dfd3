// The page: pick a game and a position, play against a strategy or another person, turn the
// analysis overlay on, follow the value history, and replay recorded games.
"use strict";
const $ = (id) => document.getElementById(id);
const state = {
  games: [], game: null, start: "", line: [], cursor: 0, points: [], view: null, analysis: null,
  overlay: false, textView: false, replay: false, busy: 0, generation: 0, record: null, job: null,
  jobs: 0, // analyses waiting on a job: the board stays playable meanwhile
  // The name the board gives each move played, by the line up to it (`moves.join(" ")`): a
  // Hackenbush edge's name in the start position, which its move string (its number among
  // the edges left) loses as others are cut.
  names: new Map(),
};
// The name of the move `line[index]` as the board gives it, the move itself until known.
function moveName(line, index) {
  return state.names.get(line.slice(0, index + 1).join(" ")) ?? line[index];
}
// The game tree: every line played from the start, each node a move (the root the start
// position) with its children, the first of which continues its line (the main line from
// the root) and the others variations. `state.line` is always a path of the tree from the
// root, through the current node (at `state.cursor`) and on along first children. A node
// keeps its point of the value history and, once the position before it was analysed, the
// move's result for its mover (`result`: the analysis's move) and whether it was a mistake
// (`before`: the value of the position before it for its mover).
function treeNode(move, parent) { return { move, parent, children: [], point: null, result: null, before: null }; }
function treeOf(moves) {
  const root = treeNode(null, null);
  let node = root;
  for (const move of moves) { const child = treeNode(move, node); node.children.push(child); node = child; }
  return root;
}
// The node at `ply` of the current line.
function nodeAt(ply) {
  let node = state.tree;
  for (let index = 0; index < ply && node; index++) node = node.children.find((child) => child.move === state.line[index]);
  return node;
}
function pathTo(node) {
  const moves = [];
  for (let at = node; at.parent; at = at.parent) moves.unshift(at.move);
  return moves;
}
// Makes `node` the current one: the line through it, on along first children.
function followNode(node) {
  const line = pathTo(node);
  state.cursor = line.length;
  for (let at = node; at.children.length; at = at.children[0]) line.push(at.children[0].move);
  state.line = line;
}
// Plays `move` from the current node in the tree: the child that is that move if there is
// one (its line kept), else a new child, a variation when the node has children already.
function advance(move) {
  const node = nodeAt(state.cursor);
  let child = node.children.find((c) => c.move === move);
  if (!child) {
    child = treeNode(move, node);
    node.children.push(child);
    if (state.analysis && !state.analysis.pending && state.analysis.view.moves.join(" ") === pathTo(node).join(" ")) noteResults(node, state.analysis);
  }
  followNode(child);
}
// What the analysis of `node`'s position says of its children's moves.
function noteResults(node, analysis) {
  for (const child of node.children) {
    child.result = analysis.moves.find((m) => m.move === child.move && m.legal) || null;
    child.before = analysis.position.value;
  }
}
// A mistake: a move that turns a won position into a lost one for its mover.
function isMistake(node) { return node.before === "win" && node.result != null && node.result.value === "lose"; }

// Keeps the names the board gives the moves of `view`'s line.
function keepNames(view) {
  if (!view.drawing) return;
  view.drawing.played.forEach((played, index) => {
    if (played.name !== undefined) state.names.set(view.moves.slice(0, index + 1).join(" "), played.name);
  });
}
// True while a request the page must wait for is under way (not a job's analysis).
function waiting() { return state.busy - state.jobs > 0; }

function info() { return state.games.find((g) => g.name === state.game); }
// The renderer of the game's kind of board; none (the generic view: the game's text picture
// and the list of moves) for a game that names no kind, or when the text view is asked for.
function boardRenderer() {
  const kind = info().board;
  return state.textView || !kind ? null : Renderers[kind] || null;
}
function sideAfter(plies) { return plies % 2 === 0 ? "first" : "second"; }
function engineSide() {
  const mode = $("mode").value;
  if (state.replay || mode === "two") return null;
  return mode === "first" ? "second" : "first";
}
function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }
function setBusy(delta) {
  state.busy += delta;
  document.body.dataset.busy = state.busy > 0 ? "1" : "0";
}
function request(game) {
  return { game: state.game, position: state.start, moves: state.line.slice(0, state.cursor), ...game };
}

// Reads the position and its analysis for the current cursor, then draws everything.
async function refresh() {
  const generation = ++state.generation;
  const node = nodeAt(state.cursor);
  setBusy(1);
  try {
    const view = await api.post("/api/position", request({}));
    keepNames(view);
    const renderer = boardRenderer();
    const candidates = renderer ? renderer.candidates(view) : null;
    const body = request({});
    if (candidates) body.candidates = candidates;
    if (info().searched) body.movetime_ms = Math.min(Number($("movetime").value) || 500, 300);
    let analysis;
    try {
      analysis = await api.post("/api/analysis", body);
    } catch (error) {
      if (error.status !== 413) throw error;
      // Over the instant caps: the board drawn and playable at once, without values, while
      // the job runs (as after a Cancel); the analysis is drawn when it ends.
      state.view = view;
      state.analysis = pendingAnalysis(view);
      if (node) node.point = { value: "unknown", remoteness: null, to_move: view.to_move, to_move_name: view.to_move_name };
      showError(null);
      draw();
      state.jobs += 1;
      try { analysis = await runJob(body, generation); } finally { state.jobs -= 1; }
    }
    if (!analysis || generation !== state.generation) return;
    state.view = analysis.view;
    state.analysis = analysis;
    if (node) {
      node.point = { value: analysis.position.value, remoteness: analysis.position.remoteness, to_move: view.to_move, to_move_name: view.to_move_name };
      noteResults(node, analysis);
    }
    showError(null);
    draw();
  } catch (error) {
    if (generation === state.generation) showError(error);
  } finally {
    setBusy(-1);
  }
}

// What the page knows of a position whose analysis has not come (a job runs, or was
// cancelled): its moves, each of unknown value.
function pendingAnalysis(view) {
  const moves = (view.drawing ? view.drawing.moves.map((m) => m.move) : []).map((move) => ({ move, legal: true, value: "unknown", remoteness: null }));
  return { view, moves, complete: false, components: [], pending: true, position: { value: "unknown", remoteness: null, winning_moves: [], winning_moves_complete: false, pv: [] } };
}

// Runs an analysis job (POST /api/jobs), polling it for its progress line until it ends;
// the Cancel button or a new position cancels it.
async function runJob(body, generation) {
  let job = await api.post("/api/jobs", body);
  const id = job.id;
  state.job = id;
  const line = $("job"), progress = $("job-progress");
  line.hidden = false;
  line.dataset.state = job.state;
  line.dataset.id = String(id);
  try {
    for (;;) {
      progress.textContent = `Analysing as a job: ${job.progress_text}`;
      line.dataset.state = job.state;
      if (job.state === "done") return job.analysis;
      if (job.state === "failed") throw new Error(job.error);
      if (job.state === "cancelled") throw new Error("the analysis job was cancelled");
      if (generation !== state.generation || state.job !== id) {
        await api.delete(`/api/jobs/${id}`).catch(() => {});
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
      job = await api.get(`/api/jobs/${id}`);
    }
  } finally {
    if (state.job === id) { state.job = null; line.hidden = true; }
  }
}

async function cancelJob() {
  const id = state.job;
  if (id == null) return;
  $("job-progress").textContent = "Cancelling…";
  try { await api.delete(`/api/jobs/${id}`); } catch (error) { showError(error); }
}

function draw() {
  const view = state.view, analysis = state.analysis;
  if (!view) return;
  const values = new Map(analysis.moves.filter((m) => m.legal).map((m) => [m.move, m]));
  const board = $("board");
  board.textContent = "";
  const renderer = boardRenderer();
  if (renderer) {
    const drawn = renderer.draw({ ...view, position: barePosition(view.position) }, values, state.overlay, playMove, showError);
    // A board drawn from the notation marks the last move here; one drawn from the server's
    // description marks it itself, where it lies.
    if (!view.drawing && drawn instanceof SVGSVGElement) markLastMove(drawn, view);
    board.appendChild(drawn);
  } else {
    const pre = document.createElement("pre");
    pre.textContent = view.picture;
    board.appendChild(pre);
  }
  board.dataset.game = state.game;
  board.dataset.position = view.position;
  board.dataset.over = view.over ? "1" : "0";
  board.dataset.ply = String(state.cursor);
  $("status").textContent = (view.over
    ? `Game over: ${view.winner_name} (${view.winner} player) wins after ${view.moves.length} moves.`
    : `${view.to_move_name} (${view.to_move} player) to move.` + (engineSide() === view.to_move ? " The computer is thinking…" : ""))
    + (isMisere(view.position) ? " Misère play: the last mover loses." : "");
  showSide();
  drawAnalysis(analysis);
  drawMoveList(analysis);
  drawLine();
  const points = [];
  for (let ply = 0, at = state.tree; at; ply++) {
    points.push(at.point);
    at = ply < state.line.length ? at.children.find((child) => child.move === state.line[ply]) : null;
  }
  drawValueHistory($("chart"), points, state.cursor, goTo, state.overlay);
  writeHash();
}

// A value in CGSuite's notation with its symbols: `^` ↑, `v` ↓, `^^` ⇑, `vv` ⇓, `Tiny(G)`
// ⧾ with G below, `Miny(G)` ⧿ with G below (`*n` is already its symbol).
function valueSymbols(text) {
  return String(text)
    .replace(/\^\^/g, "\u21d1").replace(/\^/g, "\u2191")
    .replace(/(^|[^A-Za-z])vv(?![A-Za-z])/g, "$1\u21d3").replace(/(^|[^A-Za-z])v(?![A-Za-z])/g, "$1\u2193")
    .replace(/(Tiny|Miny)\(([^()]*)\)/g, (_, kind, g) => (kind === "Tiny" ? "\u29fe" : "\u29ff") + (/^[0-9]+$/.test(g) ? [...g].map((d) => String.fromCharCode(0x2080 + Number(d))).join("") : `_${g}`));
}
// Shows a value in `box`: with its symbols (the text as the server wrote it in `data-raw`
// and the tooltip), a long form folded to its first 60 characters with a button to unfold.
function showValue(box, text) {
  const shown = valueSymbols(text);
  box.textContent = "";
  box.dataset.raw = text;
  box.title = text;
  const span = document.createElement("span");
  span.className = "value";
  box.append(span);
  const put = (folded) => {
    span.textContent = folded ? shown.slice(0, 60) + "\u2026" : shown;
  };
  put(shown.length > 60);
  if (shown.length > 60) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "unfold";
    button.textContent = "unfold";
    button.addEventListener("click", () => {
      const folded = button.textContent === "fold";
      put(folded);
      button.textContent = folded ? "unfold" : "fold";
    });
    box.append(" ", button);
  }
}

function drawAnalysis(analysis) {
  const list = $("analysis");
  list.textContent = "";
  const add = (term, text, id) => {
    if (text === null || text === undefined || text === "") return null;
    const dt = document.createElement("dt"); dt.textContent = term;
    const dd = document.createElement("dd"); dd.textContent = text;
    if (id) dd.id = id;
    list.append(dt, dd);
    return dd;
  };
  if (!state.overlay) { add("Overlay", "off: tick \u201cAnalysis overlay\u201d to see values"); return; }
  const p = analysis.position;
  const first = add("Value", `${p.value}${p.remoteness != null ? " in " + p.remoteness : ""} for ${analysis.view.to_move_name}`, "position-value");
  first.dataset.value = p.value;
  if (p.grundy_value != null) add("Grundy value", p.grundy_value);
  // Misère play decided by the game's misère quotient: the position's element (a word in the
  // quotient's generators), whether it is in the P-portion, and which quotient.
  if (p.quotient_element != null) {
    const portion = p.value === "lose" ? "P-portion: a P-position, lost by the player to move" : "not in the P-portion: an N-position, won by the player to move";
    add("Quotient element", `${p.quotient_element} (${portion})`, "quotient-element");
    if (p.comment) add("Quotient", p.comment.replace(/^misère play, by /, ""), "quotient-name");
  }
  if (p.partizan_value != null) showValue(add("Game value", p.partizan_value, "game-value"), p.partizan_value);
  const s = p.summary;
  if (s) {
    add("Outcome", `${s.outcome} (${s.outcome_meaning})`, "value-outcome");
    add("Temperature", s.temperature, "value-temperature");
    add("Mean", s.mean, "value-mean");
    add("Left stop", s.left_stop, "value-left-stop");
    add("Right stop", s.right_stop, "value-right-stop");
    if (s.atomic_weight != null) add("Atomic weight", s.atomic_weight, "value-atomic-weight");
  }
  if (analysis.components.length > 1) add("Components", analysis.components.map((c) => `${c.position}: ${c.grundy_value ?? c.value ?? "?"}`).join(", "), "value-components");
  drawOptions(add, analysis);
  if (p.best_move) add("Best move", p.best_move);
  if (p.winning_moves.length) add("Winning moves", p.winning_moves.slice(0, 12).join(" ") + (p.winning_moves.length > 12 || !p.winning_moves_complete ? " …" : ""));
  if (p.score) add("Score", p.score);
  if (p.pv.length) add("Principal variation", p.pv.join(" "));
  // A game solved exactly whose position or moves could not be valued says why (a limit, or
  // an error of the game's own code).
  if (p.value === "unknown" && p.comment && !p.score && p.quotient_element == null) add("Not solved", p.comment, "position-comment");
  const unvalued = analysis.moves.filter((m) => m.comment);
  if (unvalued.length) add("Not valued", unvalued.slice(0, 3).map((m) => `${m.move}: ${m.comment}`).join("; ") + (unvalued.length > 3 ? " …" : ""), "moves-comment");
  else if (!analysis.complete) add("Note", "only the first moves are valued");
  if (s || p.thermograph) {
    const dt = document.createElement("dt"); dt.textContent = "Thermograph";
    const dd = document.createElement("dd"); dd.id = "thermograph";
    list.append(dt, dd);
    if (s) {
      drawThermograph(dd, s);
    } else {
      // The server's SVG, drawn from the value alone (no text of the request in it).
      dd.append(new DOMParser().parseFromString(p.thermograph, "image/svg+xml").documentElement);
    }
  }
}

// Each option's value, for both players as CGSuite's explorer lists Left's and Right's
// options: the mover's moves (`moves`) and, in a partizan game, the other player's
// (`other_moves`, their moves if it were their turn), each a button with the move and the
// value of the position it leaves. A click walks into the option: the mover's is played; the
// other player's starts a game from the position it leaves (the other player having moved).
function drawOptions(add, analysis) {
  const sides = [[analysis.view.to_move_name, analysis.moves.filter((m) => m.legal), true]];
  const other = analysis.other_moves || [];
  if (other.length || (!analysis.view.impartial && analysis.position.partizan_value != null)) {
    const mover = analysis.view.to_move_name;
    const otherName = /^left$/i.test(mover) ? "Right" : /^right$/i.test(mover) ? "Left" : "the other player";
    sides.push([otherName, other, false]);
  }
  for (const [who, moves, ours] of sides) {
    if (!moves.some((m) => m.option_value != null) && !(moves.length === 0 && !ours)) continue;
    const dd = add(analysis.view.impartial ? "Options" : `${who}'s options`, " ", `options-${ours ? "mover" : "other"}`);
    dd.textContent = moves.length ? "" : "none";
    // Past a dozen options the rest is folded (a button shows them), and a long value is
    // cut (the tooltip holds it whole).
    let box = dd;
    moves.slice(0, 60).forEach((m, index) => {
      if (index === 12) {
        box = document.createElement("details");
        const summary = document.createElement("summary");
        summary.textContent = `${Math.min(moves.length, 60) - 12} more`;
        box.append(summary);
        dd.append(box);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = `option ${m.value}`;
      button.dataset.option = m.move;
      button.dataset.optionValue = m.option_value ?? "";
      if (m.position) button.dataset.position = m.position;
      const value = m.option_value != null ? valueSymbols(m.option_value) : "?";
      button.textContent = `${m.move} \u2192 ${value.length > 24 ? value.slice(0, 24) + "\u2026" : value}`;
      button.title = `${who} plays ${m.move}: ${m.position || ""}, value ${m.option_value ?? "unknown"} (${m.value} for ${who})`;
      button.addEventListener("click", () => {
        if (ours) playMove(m.move);
        else if (m.position) newGame(state.game, m.position);
      });
      box.append(button, " ");
    });
    if (moves.length > 60) box.append("\u2026");
  }
}

// An exact number of the server ("-3/4", "2") as a float, for placing it on the picture.
function exactNumber(text) {
  const [top, bottom] = String(text).split("/");
  return Number(top) / (bottom === undefined ? 1 : Number(bottom));
}

// The thermograph of a value drawn from its walls (exact breakpoints from the server) at the
// panel's width, its labels at the page's text size. The value axis increases to the left
// (Left's side), temperature upwards from -1; both walls rise to the foot of the mast, which
// goes up for ever. Each breakpoint is a point to hover or focus (Tab) to read it exactly.
function drawThermograph(box, summary) {
  const width = Math.max(220, Math.floor(box.clientWidth || box.parentElement.clientWidth || 300));
  const font = parseFloat(getComputedStyle(box).fontSize) || 16;
  const walls = { left: summary.left_wall, right: summary.right_wall };
  const temperature = exactNumber(summary.temperature), mean = exactNumber(summary.mean);
  const values = [...walls.left, ...walls.right].map((p) => exactNumber(p.value)).concat([0, mean]);
  let xLow = Math.min(...values), xHigh = Math.max(...values);
  const tLow = -1, tHigh = Math.max(temperature, 0) + Math.max((temperature + 1) * 0.35, 1);
  const pad = Math.max((xHigh - xLow) * 0.1, 0.5);
  xLow -= pad; xHigh += pad;
  const margin = { left: font * 4.2, right: font, top: font * 0.8, bottom: font * 3.7 };
  const plotWidth = width - margin.left - margin.right;
  const scale = Math.min(plotWidth / (xHigh - xLow), (font * 16) / (tHigh - tLow));
  const height = Math.ceil(margin.top + (tHigh - tLow) * scale + margin.bottom);
  const originX = margin.left + (plotWidth - (xHigh - xLow) * scale) / 2;
  const sx = (x) => originX + (xHigh - x) * scale;
  const sy = (t) => margin.top + (tHigh - t) * scale;
  const svg = svgElement("svg", { class: "thermo", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `thermograph of ${summary.canonical}` });
  // Ticks every 1, 2, 5, 10… so that labels keep apart at this text size.
  const step = (span, room) => { for (const s of [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]) if (s * scale >= room) return s; return Math.ceil(span); };
  const xStep = step(xHigh - xLow, font * 2.5), tStep = step(tHigh - tLow, font * 1.6);
  // Ticks fall on quarters or whole numbers, so each label is an exact fraction (3/4).
  const label = (x) => {
    for (const d of [1, 2, 4]) if (Number.isInteger(x * d)) return d === 1 ? String(x) : `${x * d}/${d}`;
    return String(x);
  };
  for (let x = Math.ceil(xLow / xStep) * xStep; x <= xHigh; x += xStep) {
    svg.append(svgElement("line", { class: x === 0 ? "axis" : "grid", x1: sx(x), x2: sx(x), y1: sy(tLow), y2: sy(tHigh) }));
    svg.append(svgElement("text", { class: "tick", x: sx(x), y: sy(tLow) + font * 1.45, "text-anchor": "middle" }, label(x)));
  }
  for (let t = Math.ceil(tLow / tStep) * tStep; t <= tHigh; t += tStep) {
    svg.append(svgElement("line", { class: t === 0 ? "axis" : "grid", x1: sx(xHigh), x2: sx(xLow), y1: sy(t), y2: sy(t) }));
    svg.append(svgElement("text", { class: "tick", x: sx(xHigh) - font * 0.3, y: sy(t), "text-anchor": "end", "dominant-baseline": "middle" }, label(t)));
  }
  // The axes' names: the value grows to the left, towards Left.
  svg.append(svgElement("text", { class: "axis-title", x: (sx(xLow) + sx(xHigh)) / 2, y: sy(tLow) + font * 2.8, "text-anchor": "middle" }, "value (Left's side to the left)"));
  const titleX = font * 0.9, titleY = (sy(tLow) + sy(tHigh)) / 2;
  svg.append(svgElement("text", { class: "axis-title", x: titleX, y: titleY, "text-anchor": "middle", transform: `rotate(-90 ${titleX} ${titleY})` }, "temperature"));
  svg.append(svgElement("line", { class: "mast", x1: sx(mean), x2: sx(mean), y1: sy(temperature), y2: sy(tHigh) }));
  const readout = document.createElement("div");
  readout.id = "thermo-readout";
  readout.textContent = `temperature ${summary.temperature}, mean ${summary.mean}: hover or focus a point of a wall`;
  for (const [side, points] of Object.entries(walls)) {
    svg.append(svgElement("polyline", { class: `wall ${side}`, points: points.map((p) => `${sx(exactNumber(p.value))},${sy(exactNumber(p.temperature))}`).join(" ") }));
  }
  for (const [side, points] of Object.entries(walls)) {
    for (const point of points) {
      const text = `${side} wall: temperature ${point.temperature}, value ${point.value}`;
      const dot = svgElement("circle", { class: "wall-point", "data-side": side, "data-temperature": point.temperature, "data-value": point.value, tabindex: "0", r: Math.max(4, font * 0.3), cx: sx(exactNumber(point.value)), cy: sy(exactNumber(point.temperature)) });
      dot.append(svgElement("title", {}, text));
      const show = () => {
        readout.textContent = text;
        svg.querySelectorAll(".wall-point.shown").forEach((other) => other.classList.remove("shown"));
        dot.classList.add("shown");
      };
      dot.addEventListener("mouseenter", show);
      dot.addEventListener("focus", show);
      svg.append(dot);
    }
  }
  box.append(svg, readout);
}

function drawMoveList(analysis) {
  const box = $("movelist");
  box.textContent = "";
  for (const move of analysis.moves.filter((m) => m.legal).slice(0, 300)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = state.overlay ? `${BADGES[move.value] || BADGES.unknown} ${move.move}${move.remoteness != null ? ` (${move.remoteness})` : ""}` : move.move;
    button.dataset.listMove = move.move;
    if (state.overlay && move.quotient_element != null) button.dataset.element = move.quotient_element;
    if (state.overlay && (move.quotient_element != null || move.comment)) button.title = moveTitle(move.move, move);
    if (state.overlay) button.className = move.value;
    button.addEventListener("click", () => playMove(move.move));
    box.appendChild(button);
  }
}

// The game tree as a move list: the main line, each variation in brackets after the move
// it branches from, every move clickable to go to its position. Under the overlay each move
// carries its result for its mover (win, lose, draw with the moves to the end, or its
// value) and a mistake (a won position turned into a lost one) is marked `?`.
function drawLine() {
  const box = $("line");
  box.textContent = "";
  const current = nodeAt(state.cursor);
  const onLine = new Set();
  for (let ply = 0, at = state.tree; at; ply++) {
    onLine.add(at);
    at = ply < state.line.length ? at.children.find((child) => child.move === state.line[ply]) : null;
  }
  const moveItem = (node, ply, depth) => {
    const item = document.createElement("span");
    item.className = "node";
    const line = pathTo(node);
    const name = moveName(line, ply - 1);
    item.dataset.move = node.move;
    item.dataset.name = name;
    item.dataset.ply = String(ply);
    item.dataset.depth = String(depth);
    item.append(`${ply}. ${name}`);
    if (node === current) item.classList.add("current");
    else if (onLine.has(node) && ply > state.cursor) item.classList.add("future");
    if (state.overlay && node.result) {
      const result = node.result;
      const shown = `${BADGES[result.value] || BADGES.unknown}${result.remoteness != null ? result.remoteness : ""}`;
      const badge = document.createElement("span");
      badge.className = `result ${result.value}`;
      badge.textContent = shown;
      item.dataset.value = result.value;
      item.append(" ", badge);
      if (isMistake(node)) {
        item.dataset.mistake = "1";
        item.classList.add("mistake");
        const mark = document.createElement("span");
        mark.className = "mistake-mark";
        mark.textContent = "?";
        mark.title = "a mistake: the position was won for the mover, and this move loses it";
        item.append(mark);
      }
    }
    item.addEventListener("click", () => goToNode(node));
    return item;
  };
  // The line from `node` on along first children, each other child a variation in brackets.
  const walk = (container, node, ply, depth) => {
    for (let at = node; at.children.length; at = at.children[0], ply++) {
      container.append(moveItem(at.children[0], ply + 1, depth), " ");
      for (const other of at.children.slice(1)) {
        const variation = document.createElement("span");
        variation.className = "variation";
        variation.append("(", moveItem(other, ply + 1, depth + 1), " ");
        walk(variation, other, ply + 1, depth + 1);
        variation.append(")");
        container.append(variation, " ");
      }
    }
  };
  walk(box, state.tree, 0, 0);
}

function goToNode(node) {
  if (waiting()) return;
  followNode(node);
  refresh();
}

// The link: game, position (only ever one the server accepted), moves, current move, mode,
// strategy, time per move, overlay and text view.
function writeHash() {
  const params = new URLSearchParams({ game: state.game, position: state.start });
  if (state.line.length) params.set("moves", state.line.join(" "));
  if (state.cursor !== state.line.length) params.set("at", String(state.cursor));
  params.set("mode", $("mode").value);
  if ($("mode").value !== "two") params.set("strategy", $("strategy").value);
  if (info() && info().searched) params.set("movetime", $("movetime").value);
  if (state.overlay) params.set("overlay", "1");
  if (state.textView) params.set("text", "1");
  const hash = "#" + params.toString();
  // Chromium ignores a page's history calls past a few hundred in ten seconds: an unchanged
  // link is not written again, and links come at most every 100 ms (the last one always).
  clearTimeout(hashWriter.timer);
  const write = () => { hashWriter.last = Date.now(); hashWriter.timer = null; if (location.hash !== hash) history.replaceState(null, "", hash); };
  const wait = hashWriter.last + 100 - Date.now();
  if (wait <= 0) write(); else hashWriter.timer = setTimeout(write, wait);
}
const hashWriter = { last: 0, timer: null };

// Plays a move chosen on the board or in the list, then lets the computer answer.
async function playMove(move) {
  if (waiting() || !state.view || state.view.over) return;
  setBusy(1);
  try {
    const view = await api.post("/api/play", request({ move }));
    advance(view.moves[view.moves.length - 1]);
    await refresh();
    await engineMove();
  } catch (error) {
    showError(error);
  } finally {
    setBusy(-1);
  }
}

// The computer's move when it is its turn at the end of the line.
async function engineMove() {
  const side = engineSide();
  if (!side || !state.view || state.view.over || state.view.to_move !== side || state.cursor !== state.line.length) return;
  setBusy(1);
  try {
    const reply = await api.post("/api/strategy", request({ strategy: $("strategy").value, movetime_ms: Number($("movetime").value) || 500 }));
    advance(reply.view.moves[reply.view.moves.length - 1]);
    await refresh();
  } catch (error) {
    showError(error);
  } finally {
    setBusy(-1);
  }
}

function goTo(ply) {
  if (ply < 0 || ply > state.line.length || waiting()) return;
  state.cursor = ply;
  refresh();
}
function undo() {
  let ply = state.cursor - 1;
  if (engineSide() && ply > 0 && sideAfter(ply) === engineSide()) ply -= 1;
  goTo(Math.max(0, ply));
}
function redo() {
  let ply = state.cursor + 1;
  if (engineSide() && ply < state.line.length && sideAfter(ply) === engineSide()) ply += 1;
  goTo(Math.min(state.line.length, ply));
}

// The rules term that asks for misère play (the last mover loses), at the end of a position.
const MISERE = "@misere";

function isMisere(position) { return String(position).toLowerCase().endsWith(MISERE); }

function barePosition(position) {
  return isMisere(position) ? String(position).slice(0, -MISERE.length).trimEnd() : String(position);
}

// Starts `game` from `position` (and `moves`). Nothing of the page changes until the server
// accepts the position: a refused one (a bad position, misère play asked of a partizan game)
// gets the red message and leaves the board, the form and the link as they were; on a page
// that has no position yet, the game's default position is shown under the message.
async function newGame(game, position, moves, cursor, replay) {
  const entry = state.games.find((g) => g.name === game);
  // A position that names misère play ticks the switch; the switch, where the game is
  // impartial, adds the term to a position without it. A replay keeps its record's rules.
  // A game without misère play (the partizan games, Pousse) refuses a position that asks
  // for it: the position goes to the server as it is, whose refusal (the command line's
  // words) is shown, and the switch stays unticked.
  const given = position || entry.default_position;
  const refused = isMisere(given) && !entry.impartial;
  const misere = refused ? false : isMisere(given) || replay ? isMisere(given) : entry.impartial && $("misere").checked;
  const start = refused ? given : misere ? barePosition(given) + MISERE : barePosition(given);
  setBusy(1);
  try {
    let view;
    try {
      view = await api.post("/api/position", { game, position: start, moves: moves || [] });
    } catch (error) {
      // Back to what was accepted: the form shows it again.
      if (state.game) {
        $("game").value = state.game;
        fillSizes();
        $("position").value = state.start;
        $("misere").checked = isMisere(state.start);
        showError(error);
      } else {
        await newGame(game, null);
        showError(error);
      }
      return;
    }
    state.game = game;
    state.replay = Boolean(replay);
    $("game").value = game;
    fillSizes();
    $("misere").checked = misere;
    $("misere").disabled = !entry.impartial;
    $("movetime-label").hidden = !entry.searched;
    state.start = view.start;
    $("position").value = state.start;
    state.line = view.moves.slice();
    state.cursor = cursor == null ? state.line.length : Math.max(0, Math.min(cursor, state.line.length));
    state.names = new Map();
    state.tree = treeOf(state.line);
    if (Renderers.boxes) Renderers.boxes.layers = {};
    await refresh();
    if (!state.replay) await engineMove();
  } catch (error) {
    showError(error);
  } finally {
    setBusy(-1);
  }
}

// The position editor's choice of who moves, for a partizan game (not searched: its
// positions end in `@L` or `@R`): the current position with the other player to move,
// started as a new game, which the server reads with the game's own parser (a refusal is
// the red message, and the board, the form and the link stay as they were).
const TURN = /@(l|r|left|right)$/i;
function sideOf(position) { const turn = String(position).match(TURN); return turn && /^r/i.test(turn[1]) ? "R" : "L"; }
function showSide() {
  const entry = info();
  const editable = entry && !entry.impartial && !entry.searched && !state.replay;
  $("side-label").hidden = !editable;
  if (editable && state.view) $("side").value = sideOf(state.view.position);
}
async function chooseSide(side) {
  if (!state.view) return;
  const bare = String(state.view.position).replace(TURN, "");
  await newGame(state.game, side === "R" ? `${bare}@R` : `${bare}@L`);
  showSide();
}

// The position editor: the edit goes to the server with the position now, which answers
// the edited position in the game's notation (read by the game's parser); it is started as a
// new game, which writes it into the link. A refused edit is the red message, and the board
// and the link stay as they were.
async function editPosition(edit) {
  if (!state.view) return;
  let edited;
  setBusy(1);
  try {
    edited = await api.post("/api/edit", { game: state.game, position: state.view.position, edit });
  } catch (error) {
    showError(error);
    return;
  } finally {
    setBusy(-1);
  }
  await newGame(state.game, edited.position);
}

function fillSizes() {
  const select = $("sizes");
  select.textContent = "";
  const placeholder = document.createElement("option");
  placeholder.textContent = "sizes…";
  placeholder.value = "";
  select.appendChild(placeholder);
  for (const size of info().sizes) {
    const option = document.createElement("option");
    option.value = option.textContent = size;
    select.appendChild(option);
  }
}

// Replays: a record from the server's directory or an uploaded file.
// What the page says of a record: its games, and the lines skipped (the first named).
function recordInfo(record) {
  let info = `${record.source}: ${record.games.length} games`;
  if (record.skipped) {
    const lines = record.unreadable.map((text) => text.split(":")[0].replace("line ", ""));
    const more = record.skipped > lines.length ? ", …" : "";
    info += `; ${record.skipped} unreadable line${record.skipped === 1 ? "" : "s"} skipped (line${record.skipped === 1 ? "" : "s"} ${lines.join(", ")}${more})`;
  }
  if (record.stopped_at) info += `; only the first ${record.games.length} games are read (the rest from line ${record.stopped_at} on)`;
  if (record.unknown_games && record.unknown_games.length) info += `; games of ${record.unknown_games.join(", ")} cannot be replayed here (this server does not serve ${record.unknown_games.length === 1 ? "it" : "them"})`;
  return info;
}
// True when this server serves the game called `name`.
function served(name) { return state.games.some((g) => g.name === name); }
function showRecord(record) {
  state.record = record;
  const select = $("record-game");
  select.textContent = "";
  record.games.forEach((game, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    const winner = game.result.winner ? `${game.result.winner} wins` : "no winner";
    option.textContent = `${index + 1}: ${game.game} ${game.position}, ${game.players[0]} v ${game.players[1]}, ${winner}`;
    if (!served(game.game)) option.textContent += " (not served here)";
    select.appendChild(option);
  });
  $("record-info").textContent = recordInfo(record);
  $("record-info").title = record.unreadable.join("\n");
  const first = record.games.findIndex((game) => served(game.game));
  select.value = String(Math.max(0, first));
  openRecordGame(Math.max(0, first));
}
function openRecordGame(index) {
  const game = state.record.games[index];
  if (!served(game.game)) {
    showError(`game ${index + 1} of the record is of "${game.game}", which this server does not serve`);
    return;
  }
  state.overlay = true;
  $("overlay").checked = true;
  $("mode").value = "two";
  newGame(game.game, game.position, game.moves.map((m) => m.move), 0, true);
}
async function loadRecords() {
  try {
    const files = await api.get("/api/records");
    const select = $("records");
    select.textContent = "";
    for (const file of files) {
      const option = document.createElement("option");
      option.value = option.textContent = file;
      select.appendChild(option);
    }
  } catch (error) { showError(error); }
}

function bind() {
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame($("game").value, $("position").value.trim());
  });
  $("game").addEventListener("change", () => newGame($("game").value, null));
  $("misere").addEventListener("change", () => newGame(state.game, barePosition($("position").value.trim())));
  $("sizes").addEventListener("change", () => { if ($("sizes").value) newGame(state.game, $("sizes").value); });
  $("mode").addEventListener("change", () => { state.replay = false; draw(); engineMove(); });
  $("strategy").addEventListener("change", () => writeHash());
  $("movetime").addEventListener("change", () => writeHash());
  $("overlay").addEventListener("change", () => { state.overlay = $("overlay").checked; draw(); });
  $("edit").addEventListener("change", () => { Editor.on = $("edit").checked; draw(); });
  Editor.send = editPosition;
  $("text-view").addEventListener("change", () => { state.textView = $("text-view").checked; refresh(); });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-text").value.trim();
    if (move) playMove(move).then(() => { $("move-text").value = ""; });
  });
  $("side").addEventListener("change", () => chooseSide($("side").value));
  $("job-cancel").addEventListener("click", cancelJob);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("step-first").addEventListener("click", () => goTo(0));
  $("step-back").addEventListener("click", () => goTo(state.cursor - 1));
  $("step-forward").addEventListener("click", () => goTo(state.cursor + 1));
  $("step-last").addEventListener("click", () => goTo(state.line.length));
  $("open-record").addEventListener("click", async () => {
    if (!$("records").value) return;
    setBusy(1);
    try { showRecord(await api.get("/api/record?path=" + encodeURIComponent($("records").value))); } catch (error) { showError(error); } finally { setBusy(-1); }
  });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    setBusy(1);
    // The file's bytes as they are, so that the server skips a damaged line as the command
    // line does (file.text() would replace an invalid byte).
    try { showRecord(await api.upload("/api/records/upload", file)); } catch (error) { showError(error); } finally { setBusy(-1); }
  });
  $("record-game").addEventListener("change", () => openRecordGame(Number($("record-game").value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "u") undo();
    else if (event.key === "r") redo();
    else if (event.key === "ArrowLeft") goTo(state.cursor - 1);
    else if (event.key === "ArrowRight") goTo(state.cursor + 1);
  });
  window.redrawBoard = draw;
  // The board and the thermograph take the width they are given: draw them again when the
  // window's size settles.
  let resizing = null;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(draw, 150); });
}

async function main() {
  bind();
  try {
    state.games = await api.get("/api/games");
  } catch (error) { showError(error); return; }
  for (const game of state.games) {
    const option = document.createElement("option");
    option.value = option.textContent = game.name;
    option.title = game.summary;
    $("game").appendChild(option);
  }
  loadRecords();
  const params = new URLSearchParams(location.hash.slice(1));
  const game = state.games.some((g) => g.name === params.get("game")) ? params.get("game") : state.games[0].name;
  const moves = params.get("moves") ? params.get("moves").split(" ").filter(Boolean) : [];
  const at = params.has("at") ? Number(params.get("at")) : null;
  if (params.get("overlay") === "1") { state.overlay = true; $("overlay").checked = true; }
  if (params.get("text") === "1") { state.textView = true; $("text-view").checked = true; }
  if (params.get("mode")) $("mode").value = params.get("mode");
  if (params.get("strategy")) $("strategy").value = params.get("strategy");
  if (params.get("movetime")) $("movetime").value = params.get("movetime");
  await newGame(game, params.get("position"), moves, at);
  document.body.dataset.loaded = "1";
}
main();
