#!/usr/bin/env python3
"""Draws docs/images/layers.svg: the layers of the grundy workspace, bottom to top.

The library's layers are those of crates/grundy/tests/integration/layers.rs (its table LAYERS); the
front ends are the other crates, each above what it depends on. Run from the repository's
root: python3 docs/images/layers.py
"""

from pathlib import Path
from xml.sax.saxutils import escape

# Bottom to top: (layer name, colour, modules).
LAYERS = [
    ("foundations", "#eeeeee",
     ["error", "integer", "nimber", "stop", "checksum", "contest_input", "tables", "graph",
      "grid"]),
    ("traits a game\nimplements", "#dbe9f6",
     ["player", "report", "drawing", "heap", "position", "game"]),
    ("engines", "#dff0d8",
     ["impartial", "cgt", "misere_quotient", "misere_play", "partizan", "strategy",
      "loopy"]),
    ("games", "#fcf3cf", ["games/<game>/ (one folder each)", "games/mod.rs (the list)"]),
    ("list of games", "#f8d7c4", ["registry"]),
]

# The front ends, bottom to top, each row depending on the rows below it.
FRONT_ENDS = [
    ["grundy-arena", "grundy-ffi"],
    ["grundy-web"],
    ["grundy-cli", "python"],
]

WIDTH = 960
ROW = 64
GAP = 14
LABEL = 190
MARGIN = 20


def boxes(names, y, colour, out):
    """Draws one row of module boxes over the width right of the label, each as wide as
    its name needs (at least a short name's width)."""
    room = WIDTH - LABEL - 2 * MARGIN - 24
    weights = [max(len(name), 9) for name in names]
    x = LABEL + MARGIN
    for name, weight in zip(names, weights):
        step = room * weight / sum(weights)
        out.append(
            f'<rect x="{x + 3:.1f}" y="{y + 10}" width="{step - 6:.1f}" height="{ROW - 20}" '
            f'rx="6" fill="{colour}" stroke="#555"/>'
        )
        size = min(13.0, (step - 14) / (0.62 * len(name)))
        out.append(
            f'<text x="{x + step / 2:.1f}" y="{y + ROW / 2 + 4}" font-size="{size:.1f}" '
            f'text-anchor="middle" font-family="monospace">{escape(name)}</text>'
        )
        x += step


def label(text, y, out):
    """Writes a layer's name left of its row, one line per line of `text`."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        baseline = y + ROW / 2 + 5 + (number - (len(lines) - 1) / 2) * 18
        out.append(
            f'<text x="{MARGIN}" y="{baseline:.1f}" font-size="15" '
            f'font-family="sans-serif" font-weight="bold">{escape(line)}</text>'
        )


def main():
    out = []
    total = len(LAYERS) + len(FRONT_ENDS)
    height = 2 * MARGIN + total * (ROW + GAP) + 20
    # Top row first: the front ends, top tier first.
    y = MARGIN + 30
    for tier, names in enumerate(reversed(FRONT_ENDS)):
        label("front ends" if tier == 0 else "", y, out)
        boxes(names, y, "#e8daef", out)
        y += ROW + GAP
    out.append(
        f'<line x1="{MARGIN}" y1="{y - GAP / 2}" x2="{WIDTH - MARGIN}" y2="{y - GAP / 2}" '
        f'stroke="#333" stroke-dasharray="6 4"/>'
    )
    for name, colour, modules in reversed(LAYERS):
        label(name, y, out)
        boxes(modules, y, colour, out)
        y += ROW + GAP
    title = (
        f'<text x="{WIDTH / 2}" y="{MARGIN + 8}" font-size="17" text-anchor="middle" '
        f'font-family="sans-serif">The layers of grundy, top to bottom: every import runs '
        f'down</text>'
    )
    bottom = y - GAP - 4
    arrow = (
        f'<line x1="{WIDTH - 22}" y1="{MARGIN + 40}" x2="{WIDTH - 22}" y2="{bottom - 10}" '
        f'stroke="#333" stroke-width="2"/>'
        f'<polygon points="{WIDTH - 29},{bottom - 12} {WIDTH - 15},{bottom - 12} '
        f'{WIDTH - 22},{bottom}" fill="#333"/>'
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">\n'
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>\n'
        + title + "\n" + arrow + "\n" + "\n".join(out) + "\n</svg>\n"
    )
    Path(__file__).with_name("layers.svg").write_text(svg)


if __name__ == "__main__":
    main()
