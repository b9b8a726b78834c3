#!/usr/bin/env python3
"""The reference of StrokedUnionReferenceTests: a five-pointed star united with a
circle by skia-pathops, the union's outline stroked by Blend2D.

    stroked_union.py OUT.png

The scene is the test's timeline, computed here from its definition and not from
animate's code: a 240 × 240 white canvas; the star's frame is the centred 200 × 200
square, so its centre is (120, 120), its corners 100 pt out (the first at angle 0,
then every 36°, clockwise on screen) and its inner corners 40 pt out (innerRatio
0.4); the circle is the frame inset by 20, radius 80, as four cubic Béziers
(k = 0.5523). skia-pathops (Skia's PathOps) unites the two, each filled by the
non-zero rule (skia-pathops 0.9.2); Blend2D (blend2d-python 1.0.0) strokes the result in blue, 4 pt wide,
butt caps, miter joins with limit 10 (SwiftUI's StrokeStyle defaults), on white.
Blend2D's own curve flattening is coarse and this binding cannot set it, so every
curve of the union is first split (de Casteljau, the same curve) into pieces flat
to 0.005 px. The PNG is opaque RGB.
"""
import math
import sys

import blend2d as b
import numpy as np
import pathops
from PIL import Image

SIZE = 240
CENTRE = (120.0, 120.0)
OUTER, INNER, CIRCLE = 100.0, 40.0, 80.0
LINE_WIDTH = 4.0
FLAT = 0.005


def star():
    path = pathops.Path()
    for k in range(10):
        r = OUTER if k % 2 == 0 else INNER
        a = k * math.pi / 5
        p = (CENTRE[0] + math.cos(a) * r, CENTRE[1] + math.sin(a) * r)
        path.moveTo(*p) if k == 0 else path.lineTo(*p)
    path.close()
    return path


def circle():
    k = 4 * (math.sqrt(2) - 1) / 3 * CIRCLE
    cx, cy, r = CENTRE[0], CENTRE[1], CIRCLE
    path = pathops.Path()
    path.moveTo(cx + r, cy)
    path.cubicTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
    path.cubicTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
    path.cubicTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
    path.cubicTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
    path.close()
    return path


def split(points, n):
    """The curve cut into n pieces of equal parameter span, each as its control points."""
    pieces, rest = [], points
    for i in range(n, 1, -1):
        t = 1.0 / i
        levels = [rest]
        while len(levels[-1]) > 1:
            prev = levels[-1]
            levels.append([(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t) for p, q in zip(prev, prev[1:])])
        pieces.append([lv[0] for lv in levels])
        rest = [lv[-1] for lv in reversed(levels)]
    pieces.append(rest)
    return pieces


def piece_count(points):
    # A curve's deviation from its chord is at most 3/4 (cubic) or 1/4 (quadratic) of
    # the largest second difference of its control points, shrinking with n².
    d = max(math.hypot(p[0] - 2 * q[0] + s[0], p[1] - 2 * q[1] + s[1]) for p, q, s in zip(points, points[1:], points[2:]))
    return max(1, math.ceil(math.sqrt(0.75 * d / FLAT)))


def bl_path(path):
    out = b.BLPath()
    last = None
    for verb, points in path:
        name = int(verb)
        if name == 0:
            out.move_to(*points[0])
        elif name == 1:
            out.line_to(*points[0])
        elif name in (2, 4):
            curve = [last] + list(points)
            for piece in split(curve, piece_count(curve)):
                if name == 2:
                    out.quadric_to(*piece[1], *piece[2])
                else:
                    out.cubic_to(*piece[1], *piece[2], *piece[3])
        elif name == 5:
            out.close()
            continue
        else:
            raise ValueError("unexpected verb %s" % verb)
        last = points[-1]
    return out


def main():
    union = pathops.op(star(), circle(), pathops.PathOp.UNION, fix_winding=True)
    image = b.BLImage(SIZE, SIZE, b.BLFormat.PRGB32)
    ctx = b.BLContext(image)
    ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
    ctx.fill_all()
    ctx.stroke_width = LINE_WIDTH
    ctx.set_stroke_caps(b.BLStrokeCap.CAP_BUTT)
    ctx.stroke_join = b.BLStrokeJoin.JOIN_MITER_BEVEL
    ctx.stroke_miter_limit = 10
    ctx.set_stroke_style((0.0, 0.0, 1.0, 1.0))
    ctx.stroke_path(bl_path(union))
    ctx.flush()
    del ctx
    rgba = np.array(image.getDataAsNumPy(), dtype=np.uint8)
    Image.fromarray(rgba[:, :, :3].copy(), "RGB").save(sys.argv[1], optimize=True)


if __name__ == "__main__":
    main()
