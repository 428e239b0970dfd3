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
// The colours of the overlay, by value for the mover.
const COLOURS = { win: "#2e9d43", lose: "#c8312f", draw: "#e2b714", unknown: "#8a8a8a", plain: "#5b6fa8" };
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
  element.setAttribute("data-value", overlay ? value : "plain");
  element.setAttribute(colourAttribute || "fill", overlay ? COLOURS[value] : COLOURS.plain);
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
function remotenessLabel(info, overlay, x, y, anchor) {
  if (!overlay || !info || info.remoteness == null) return null;
  return svgElement("text", { x, y, class: "label", "text-anchor": anchor || "middle", "dominant-baseline": "middle" }, String(info.remoteness));
}
const Renderers = {};
