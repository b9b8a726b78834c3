#!/usr/bin/env python3
"""Renders ellipses filled even-odd with Blend2D, for the comparator's tests.

    blend2d_ellipses.py WIDTH HEIGHT OUTPUT.rgba CX,CY,RX,RY,R,G,B ...

Each ellipse is one subpath of a single even-odd path, in the given opaque colour
(all ellipses share the first one's colour; later colours start a new path), over
white. Each ellipse is flattened here to 2,048 chords (within 0.0001 px of the
curve for radii under 100 px), so Blend2D's own curve flattening plays no part.
Writes premultiplied RGBA8, rows top to bottom.
"""

import math
import sys

try:
    import numpy as np
    import blend2d as b
except ImportError as error:  # fail closed: the Swift test reports this
    sys.stderr.write("blend2d is not importable (%s); run Scripts/install-deps\n" % error)
    sys.exit(3)


def main():
    width, height, output = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    image = b.BLImage(width, height, b.BLFormat.PRGB32)
    ctx = b.BLContext(image)
    ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
    ctx.fill_all()
    ctx.fill_rule = b.BLFillRule.EVEN_ODD
    groups = []
    for spec in sys.argv[4:]:
        cx, cy, rx, ry, r, g, bb = (float(v) for v in spec.split(","))
        colour = (r / 255, g / 255, bb / 255, 1.0)
        if not groups or groups[-1][0] != colour:
            groups.append((colour, []))
        groups[-1][1].append((cx, cy, rx, ry))
    for colour, ellipses in groups:
        path = b.BLPath()
        for cx, cy, rx, ry in ellipses:
            steps = 2048
            path.move_to(cx + rx, cy)
            for k in range(1, steps):
                angle = 2 * math.pi * k / steps
                path.line_to(cx + rx * math.cos(angle), cy + ry * math.sin(angle))
            path.close()
        ctx.set_fill_style(colour)
        ctx.fill_path(path)
    ctx.flush()
    del ctx
    np.array(image.getDataAsNumPy(), dtype=np.uint8).tofile(output)


if __name__ == "__main__":
    main()
