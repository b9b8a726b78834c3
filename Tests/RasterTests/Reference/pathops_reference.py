#!/usr/bin/env python3
"""Boolean operations by skia-pathops, the reference of BooleanOperationDifferentialTests.

Reads {"pairs": [{"a": commands, "b": commands, "eoFill": bool}]} where commands are
["M", x, y], ["L", x, y], ["Q", cx, cy, x, y], ["C", c1x, c1y, c2x, c2y, x, y], ["Z"];
writes {"results": [{"union": {"commands": …, "eoFill": bool}, "intersection": …,
"subtracting": …, "symmetricDifference": …}]} with each result's own fill rule.
"""
import json
import sys

import pathops

OPS = {
    "union": pathops.PathOp.UNION,
    "intersection": pathops.PathOp.INTERSECTION,
    "subtracting": pathops.PathOp.DIFFERENCE,
    "symmetricDifference": pathops.PathOp.XOR,
}


def build(commands, eo_fill):
    path = pathops.Path()
    path.fillType = pathops.FillType.EVEN_ODD if eo_fill else pathops.FillType.WINDING
    for c in commands:
        verb, v = c[0], c[1:]
        if verb == "M":
            path.moveTo(*v)
        elif verb == "L":
            path.lineTo(*v)
        elif verb == "Q":
            path.quadTo(*v)
        elif verb == "C":
            path.cubicTo(*v)
        elif verb == "Z":
            path.close()
    return path


def commands(path):
    out = []
    for verb, points in path:
        flat = [c for p in points for c in p]
        name = {0: "M", 1: "L", 2: "Q", 4: "C", 5: "Z"}.get(int(verb))
        if name is None:  # a conic: Skia makes none from lines, quadratics and cubics
            raise ValueError("unexpected verb %s" % verb)
        out.append([name] + flat)
    return out


def main():
    pairs = json.load(open(sys.argv[1]))["pairs"]
    results = []
    for pair in pairs:
        a, b = build(pair["a"], pair["eoFill"]), build(pair["b"], pair["eoFill"])
        entry = {}
        for name, op in OPS.items():
            r = pathops.op(a, b, op, fix_winding=True)
            entry[name] = {"commands": commands(r), "eoFill": int(r.fillType) in (1, 3)}
        results.append(entry)
    json.dump({"results": results}, open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
