// The JSON API of grundy serve (docs/web.md): every call returns the parsed reply or throws
// an Error carrying the server's message.
"use strict";
const api = {
  async request(method, path, body, raw) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.body = raw ? body : JSON.stringify(body);
      options.headers["Content-Type"] = raw ? "application/octet-stream" : "application/json";
    }
    const reply = await fetch(path, options);
    const text = await reply.text();
    let value;
    try { value = JSON.parse(text); } catch (_) { value = { error: text }; }
    if (!reply.ok) {
      const error = new Error(value.error || `HTTP ${reply.status}`);
      error.status = reply.status;
      throw error;
    }
    return value;
  },
  get(path) { return this.request("GET", path); },
  post(path, body) { return this.request("POST", path, body); },
  delete(path) { return this.request("DELETE", path); },
  upload(path, file) { return this.request("POST", path, file, true); },
};
// One colour language: the players' colours (blue, red, and green for a piece either may
// take) belong to the pieces alone. A move is drawn in neutral ink, and under the overlay
// its value for the mover is told by its outline and a badge, never by a piece's colour: a
// win solid and dark with a check mark, a loss dashed and pale with a cross, a draw dotted
// with an equals sign, an unknown value faint with a question mark.
const COLOURS = { win: "#1b1b1b", lose: "#a6a6a6", draw: "#5e5e5e", unknown: "#c4c4c4", plain: "#4d4d4d" };
const DASHES = { win: "none", lose: "7 4", draw: "2 3", unknown: "1 4", plain: "none" };
const BADGES = { win: "\u2713", lose: "\u2717", draw: "=", unknown: "?" };
const SVG_NS = "http://www.w3.org/2000/svg";
// An SVG element with attributes (and text).
function svgElement(name, attributes, text) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}
// Marks an element as a move: clickable, coloured by its value when the overlay is on.
function asMove(element, move, info, overlay, onMove, colourAttribute) {
  element.classList.add("move");
  element.setAttribute("data-move", move);
  const value = info ? info.value : "unknown";
  const shown = overlay ? value : "plain";
  element.setAttribute("data-value", shown);
  element.setAttribute(colourAttribute || "fill", COLOURS[shown]);
  // The value's outline: dashed for a loss, dotted for a draw; on a group, on its drawn
  // parts only (a transparent hit area stays whole, or a click could fall in a gap).
  const drawn = element.tagName === "g" ? [...element.children].filter((c) => c.getAttribute("stroke") !== "transparent" && c.getAttribute("fill") !== "transparent" && !c.hasAttribute("stroke-dasharray")) : [element];
  for (const part of drawn) part.setAttribute("stroke-dasharray", DASHES[shown]);
  if (!colourAttribute || colourAttribute === "fill") {
    if (overlay && value !== "win") element.setAttribute("fill-opacity", value === "lose" ? "0.55" : "0.75");
  }
  element.addEventListener("click", () => onMove(move));
  const title = svgElement("title", {}, overlay && info ? moveTitle(move, info) : move);
  element.appendChild(title);
  return element;
}
// A move's tooltip with the overlay on: its value for the mover, the remoteness when known,
// under misère play decided by the misère quotient the element of the position it leaves
// (in the P-portion exactly when the move wins), and why a move could not be valued.
function moveTitle(move, info) {
  const remoteness = info.remoteness != null ? " in " + info.remoteness : "";
  const element = info.quotient_element != null ? ` \u2192 quotient element ${info.quotient_element}${info.value === "win" ? " (P-portion)" : " (not P)"}` : "";
  const why = info.comment ? ` (${info.comment})` : "";
  return `${move}: ${info.value}${remoteness}${element}${why}`;
}
// The remoteness label of a move, when the overlay is on.
// The value's badge and the remoteness of a move, when the overlay is on: `✓3` (a win in
// 3), `✗5`, `=`, `?`.
function remotenessLabel(info, overlay, x, y, anchor) {
  if (!overlay || !info) return null;
  const badge = BADGES[info.value] || BADGES.unknown;
  const text = badge + (info.remoteness != null ? String(info.remoteness) : "");
  return svgElement("text", { x, y, class: `label badge-${info.value}`, "data-badge": info.value, "text-anchor": anchor || "middle", "dominant-baseline": "middle", "pointer-events": "none" }, text);
}
const Renderers = {};
