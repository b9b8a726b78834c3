#!/usr/bin/env python3
"""Reference renderer for the rasterizer's differential tests.

Reads a JSON list of drawing cases (written by DifferentialTests.swift), renders
each with Blend2D (the `blend2d-python` 1.0.0 bindings), compares with the image
our Canvas produced, and writes the metrics per case as JSON.

    blend2d_render.py CASES.json RESULTS.json

Mapping of our semantics onto Blend2D, and where Blend2D cannot express them:

* Colours are straight sRGB floats; images are premultiplied RGBA8 in sRGB, like
  our pixmaps. Blend2D's PRGB32 is premultiplied too, and both composite in
  gamma-encoded space.
* Curves: Blend2D 0.8 flattens with a coarse default tolerance that this binding
  cannot change (no approximation options), so every curve is first split
  (de Casteljau, exactly the same curve) into pieces flat to 0.005 px; Blend2D then
  draws each piece essentially as its chord.
* Gradients: Blend2D interpolates stops in straight (unpremultiplied) colour; ours
  interpolate premultiplied. When a stop is translucent, intermediate stops (up to
  32 per interval, at least two colour-table cells apart, since Blend2D's table
  goes wrong for stops closer than a cell) carry the premultiplied interpolation. A radial gradient's start radius
  r0 is expressed by remapping stops to r0/r1 + t (r1 - r0)/r1 on Blend2D's
  one-radius gradient. Angular gradients here are full turns (Blend2D's conic
  gradient with repeat 1).
* Clips: this binding has no clip-to-path, so a clip is a mask image (the clip path
  filled white, intersected with the clip below), applied to the drawing rendered
  alone in a temporary image (DST_IN), which is then composited with the blend
  mode. That is the same arithmetic as a coverage mask.
* Aliased drawing (antialiasing off) is not something Blend2D does: coverage is
  computed here by sampling pixel centres against the finely flattened path
  (winding numbers with numpy), as an independent reference.
* Dashes: the binding's dash array has no effect, so dashes are cut here (on the
  finely flattened path, by arc length, restarting per subpath) and the dashes
  are stroked by Blend2D.
* Blend modes Blend2D lacks (hue, saturation, color, luminosity, plus-darker) are
  composited with numpy from the W3C / documented formulas.
"""

import json
import math
import sys

try:
    import numpy as np
    import blend2d as b
except ImportError as error:  # fail closed: the Swift test reports this
    sys.stderr.write(
        "blend2d is not importable (%s); run Scripts/install-deps to install blend2d-python==1.0.0\n" % error)
    sys.exit(3)

FLAT = 0.005  # px: curve pieces are at most this far from their chords

COMP_OPS = {
    "normal": b.BLCompOp.SRC_OVER,
    "multiply": b.BLCompOp.MULTIPLY,
    "screen": b.BLCompOp.SCREEN,
    "overlay": b.BLCompOp.OVERLAY,
    "darken": b.BLCompOp.DARKEN,
    "lighten": b.BLCompOp.LIGHTEN,
    "colorDodge": b.BLCompOp.COLOR_DODGE,
    "colorBurn": b.BLCompOp.COLOR_BURN,
    "softLight": b.BLCompOp.SOFT_LIGHT,
    "hardLight": b.BLCompOp.HARD_LIGHT,
    "difference": b.BLCompOp.DIFFERENCE,
    "exclusion": b.BLCompOp.EXCLUSION,
    "sourceAtop": b.BLCompOp.SRC_ATOP,
    "destinationOver": b.BLCompOp.DST_OVER,
    "destinationOut": b.BLCompOp.DST_OUT,
    "plusLighter": b.BLCompOp.PLUS,
}
CAPS = {"butt": b.BLStrokeCap.CAP_BUTT, "round": b.BLStrokeCap.CAP_ROUND, "square": b.BLStrokeCap.CAP_SQUARE}
JOINS = {"miter": b.BLStrokeJoin.JOIN_MITER_BEVEL, "round": b.BLStrokeJoin.JOIN_ROUND, "bevel": b.BLStrokeJoin.JOIN_BEVEL}


# ---------------------------------------------------------------- geometry

def apply(t, p):
    a, bb, c, d, tx, ty = t
    return (a * p[0] + c * p[1] + tx, bb * p[0] + d * p[1] + ty)


def scale_of(t):
    a, bb, c, d, _, _ = t
    s1, s2 = a * a + bb * bb, c * c + d * d
    m, diff, off = (s1 + s2) / 2, (s1 - s2) / 2, a * c + bb * d
    return math.sqrt(m + math.sqrt(diff * diff + off * off))


def invert(t):
    a, bb, c, d, tx, ty = t
    det = a * d - bb * c
    ia, ib, ic, idd = d / det, -bb / det, -c / det, a / det
    return (ia, ib, ic, idd, -(tx * ia + ty * ic), -(tx * ib + ty * idd))


def concat(t, u):
    """t followed by u."""
    a, bb, c, d, tx, ty = t
    return (a * u[0] + bb * u[2], a * u[1] + bb * u[3], c * u[0] + d * u[2], c * u[1] + d * u[3],
            tx * u[0] + ty * u[2] + u[4], tx * u[1] + ty * u[3] + u[5])


def matrix(t):
    return b.Matrix2D(*t)


def lerp(p, q, t):
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def split_pieces(points, n):
    """Cuts a Bezier (2 or 3 control legs) into n equal parameter pieces."""
    pieces = []
    rest = list(points)
    for k in range(n, 0, -1):
        if k == 1:
            pieces.append(rest)
            break
        t = 1.0 / k
        levels = [rest]
        while len(levels[-1]) > 1:
            prev = levels[-1]
            levels.append([lerp(prev[i], prev[i + 1], t) for i in range(len(prev) - 1)])
        pieces.append([lvl[0] for lvl in levels])
        rest = [lvl[-1] for lvl in reversed(levels)]
    return pieces


def piece_count(points, tolerance):
    if len(points) == 3:
        p0, c, p1 = points
        dd = math.hypot(p0[0] - 2 * c[0] + p1[0], p0[1] - 2 * c[1] + p1[1])
        return max(1, min(2000, int(math.ceil(math.sqrt(dd / (4 * tolerance))))))
    p0, c1, c2, p1 = points
    dd = max(math.hypot(p0[0] - 2 * c1[0] + c2[0], p0[1] - 2 * c1[1] + c2[1]),
             math.hypot(c1[0] - 2 * c2[0] + p1[0], c1[1] - 2 * c2[1] + p1[1]))
    return max(1, min(2000, int(math.ceil(math.sqrt(0.75 * dd / tolerance)))))


def subpaths(commands, t):
    """Transformed subpaths as lists of (verb, points) with the start point first."""
    result = []
    current = None
    start = (0.0, 0.0)
    last = (0.0, 0.0)
    for cmd in commands:
        verb = cmd[0]
        if verb == "M":
            current = {"start": apply(t, (cmd[1], cmd[2])), "segments": [], "closed": False}
            result.append(current)
            last = current["start"]
        elif verb == "Z":
            if current is not None:
                current["closed"] = True
                last = current["start"]
                current = None
        else:
            if current is None:
                current = {"start": last, "segments": [], "closed": False}
                result.append(current)
            if verb == "L":
                p = apply(t, (cmd[1], cmd[2]))
                current["segments"].append(("L", [last, p]))
            elif verb == "Q":
                c, p = apply(t, (cmd[1], cmd[2])), apply(t, (cmd[3], cmd[4]))
                current["segments"].append(("Q", [last, c, p]))
            elif verb == "C":
                c1, c2, p = apply(t, (cmd[1], cmd[2])), apply(t, (cmd[3], cmd[4])), apply(t, (cmd[5], cmd[6]))
                current["segments"].append(("C", [last, c1, c2, p]))
            last = current["segments"][-1][1][-1]
    return result


def bl_path(subs, tolerance):
    path = b.BLPath()
    for sub in subs:
        path.move_to(*sub["start"])
        for verb, pts in sub["segments"]:
            if verb == "L":
                path.line_to(*pts[1])
            else:
                for piece in split_pieces(pts, piece_count(pts, tolerance)):
                    if verb == "Q":
                        path.quadric_to(*piece[1], *piece[2])
                    else:
                        path.cubic_to(*piece[1], *piece[2], *piece[3])
        if sub["closed"]:
            path.close()
    return path


def polylines(subs, tolerance=0.002):
    """Each subpath as a list of points (closing point appended when closed)."""
    out = []
    for sub in subs:
        pts = [sub["start"]]
        for verb, seg in sub["segments"]:
            if verb == "L":
                pts.append(seg[1])
            else:
                n = piece_count(seg, tolerance)
                for k in range(1, n + 1):
                    t = k / n
                    if verb == "Q":
                        p0, c, p1 = seg
                        mt = 1 - t
                        pts.append((mt * mt * p0[0] + 2 * mt * t * c[0] + t * t * p1[0],
                                    mt * mt * p0[1] + 2 * mt * t * c[1] + t * t * p1[1]))
                    else:
                        p0, c1, c2, p1 = seg
                        mt = 1 - t
                        pts.append((mt ** 3 * p0[0] + 3 * mt * mt * t * c1[0] + 3 * mt * t * t * c2[0] + t ** 3 * p1[0],
                                    mt ** 3 * p0[1] + 3 * mt * mt * t * c1[1] + 3 * mt * t * t * c2[1] + t ** 3 * p1[1]))
        out.append((pts, sub["closed"], len(sub["segments"]) > 0))
    return out


def dash_subpaths(subs, pattern, phase):
    """Dashes by arc length on the flattened path, as Path.dashed(pattern:phase:) defines them."""
    if len(pattern) % 2 == 1:
        pattern = pattern + pattern
    total = sum(pattern)
    out = []
    start = phase % total
    first, remaining, skip = 0, pattern[0], start
    while skip > 0:
        if skip < pattern[first]:
            remaining = pattern[first] - skip
            break
        skip -= pattern[first]
        first = (first + 1) % len(pattern)
        remaining = pattern[first]
    for pts, closed, _ in polylines(subs, tolerance=0.001):
        if closed and pts[-1] != pts[0]:
            pts = pts + [pts[0]]
        lengths = [math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1)]
        length = sum(lengths)
        if length <= 0:
            continue
        cumulative = [0.0]
        for l in lengths:
            cumulative.append(cumulative[-1] + l)

        def at(s):
            k = max(0, min(len(lengths) - 1, int(np.searchsorted(cumulative, s, side="right")) - 1))
            f = 0 if lengths[k] == 0 else (s - cumulative[k]) / lengths[k]
            return lerp(pts[k], pts[k + 1], min(max(f, 0), 1))

        def piece(s0, s1):
            seg = [at(s0)]
            for k in range(len(cumulative)):
                if s0 < cumulative[k] < s1:
                    seg.append(pts[k])
            seg.append(at(s1))
            return seg

        position, entry, rem = 0.0, first, remaining
        while position < length:
            end = position + rem
            if entry % 2 == 0:
                if rem == 0:
                    p = at(position)
                    k = max(0, min(len(lengths) - 1, int(np.searchsorted(cumulative, position, side="right")) - 1))
                    d = (pts[k + 1][0] - pts[k][0], pts[k + 1][1] - pts[k][1])
                    dl = math.hypot(*d) or 1
                    out.append({"start": p, "segments": [("L", [p, (p[0] + d[0] / dl * length * 1e-9, p[1] + d[1] / dl * length * 1e-9)])], "closed": False})
                elif position <= 0 and end >= length and closed:
                    poly = pts[:-1]
                    out.append({"start": poly[0], "segments": [("L", [poly[i - 1], poly[i]]) for i in range(1, len(poly))], "closed": True})
                else:
                    seg = piece(position, min(end, length))
                    out.append({"start": seg[0], "segments": [("L", [seg[i - 1], seg[i]]) for i in range(1, len(seg))], "closed": False})
            position = end
            entry = (entry + 1) % len(pattern)
            rem = pattern[entry]
    return out


def centre_coverage(subs, width, height, rule):
    """0/1 coverage at pixel centres from winding numbers (antialiasing off)."""
    ys = np.arange(height) + 0.5
    xs = np.arange(width) + 0.5
    winding = np.zeros((height, width), dtype=np.int64)
    for pts, _, _ in polylines(subs, tolerance=0.001):
        ring = pts + [pts[0]]
        for i in range(len(ring) - 1):
            (ax, ay), (bx, by) = ring[i], ring[i + 1]
            if ay == by:
                continue
            direction = 1 if by > ay else -1
            lo, hi = min(ay, by), max(ay, by)
            rows = np.nonzero((ys >= lo) & (ys < hi))[0]
            for r in rows:
                y = ys[r]
                x = ax + (y - ay) * (bx - ax) / (by - ay)
                # Pixels whose centre lies right of the crossing.
                winding[r, xs > x] += direction
    if rule == "evenodd":
        return (winding % 2 != 0).astype(np.float64)
    return (winding != 0).astype(np.float64)


# ---------------------------------------------------------------- paints

def premultiply(c):
    return (c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3])


def straight(p):
    a = p[3]
    return (p[0] / a, p[1] / a, p[2] / a, a) if a > 0 else (0.0, 0.0, 0.0, 0.0)


def color_tuple(c):
    return (float(c[0]), float(c[1]), float(c[2]), float(c[3]))


def add_stops(gradient, stops, opacity, remap=lambda o: o):
    stops = sorted(enumerate(stops), key=lambda e: (min(max(e[1][0], 0), 1), e[0]))
    stops = [(min(max(s[0], 0), 1), (s[1], s[2], s[3], s[4] * opacity)) for _, s in stops]
    translucent = any(s[1][3] < 1 for s in stops)
    for i, (loc, col) in enumerate(stops):
        gradient.add_stop(remap(loc), color_tuple(col))
        if translucent and i + 1 < len(stops) and stops[i + 1][0] > loc:
            nloc, ncol = stops[i + 1]
            p, q = premultiply(col), premultiply(ncol)
            # Blend2D's colour table misbehaves when stops fall within one table cell, so
            # intermediate stops stay two cells (of 256) apart.
            count = max(1, min(32, int((nloc - loc) * 128)))
            for k in range(1, count):
                f = k / count
                mixed = tuple(p[j] + (q[j] - p[j]) * f for j in range(4))
                gradient.add_stop(remap(loc + (nloc - loc) * f), color_tuple(straight(mixed)))


def make_image(spec, data_dir):
    w, h = spec["width"], spec["height"]
    raw = np.fromfile(data_dir + "/" + spec["data"], dtype=np.uint8).reshape(h, w, 4)
    image = b.BLImage(w, h, b.BLFormat.PRGB32)
    ctx = b.BLContext(image)
    ctx.clear_all()
    ctx.comp_op = b.BLCompOp.SRC_COPY
    for y in range(h):
        for x in range(w):
            r, g, bb, a = (int(v) for v in raw[y, x])
            if a == 0:
                continue
            ctx.set_fill_style((r / a, g / a, bb / a, a / 255))
            ctx.fill_rect(b.BLRect(x, y, 1, 1))
    ctx.flush()
    del ctx
    return image


def fill_style(paint, user_to_device, data_dir, keep):
    """A Blend2D style for `paint` when the path is given in a space mapped to the device by
    `user_to_device` (the style's own matrix is paint space → that user space)."""
    kind = paint["type"]
    opacity = paint.get("opacity", 1.0)
    if kind == "solid":
        c = paint["color"]
        return (c[0], c[1], c[2], c[3] * opacity)
    to_user = concat(tuple(paint["transform"]), invert(user_to_device))
    if kind == "linear":
        g = b.create_linear_gradient(*paint["start"], *paint["end"])
        add_stops(g, paint["stops"], opacity)
    elif kind == "radial":
        r0, r1 = paint["startRadius"], paint["endRadius"]
        g = b.create_radial_gradient(*paint["center"], *paint["center"], r1)
        add_stops(g, paint["stops"], opacity, remap=lambda o: r0 / r1 + o * (r1 - r0) / r1)
    elif kind == "angular":
        g = b.create_conical_gradient(*paint["center"], paint["startAngle"])
        g.set_value(3, 1.0)
        add_stops(g, paint["stops"], opacity)
    elif kind == "image":
        image = make_image(paint, data_dir)
        keep.append(image)
        pattern = b.BLPattern(image, b.BLRectI(0, 0, paint["width"], paint["height"]), b.BLExtendMode.PAD, matrix(to_user))
        keep.append(pattern)
        return pattern
    else:
        raise ValueError("unknown paint " + kind)
    g.extend_mode = b.BLExtendMode.PAD
    g.set_transform(matrix(to_user))
    keep.append(g)
    return g


# ---------------------------------------------------------------- compositing

def new_image(w, h):
    image = b.BLImage(w, h, b.BLFormat.PRGB32)
    ctx = b.BLContext(image)
    ctx.clear_all()
    ctx.flush()
    del ctx
    return image


def pixels(image):
    return np.array(image.getDataAsNumPy(), dtype=np.float64) / 255.0


def load_pixels(image, values):
    """Writes premultiplied floats (h, w, 4) into image, pixel by pixel (SRC_COPY)."""
    ctx = b.BLContext(image)
    ctx.comp_op = b.BLCompOp.SRC_COPY
    q = np.clip(np.floor(values * 255 + 0.5), 0, 255).astype(np.int64)
    h, w, _ = q.shape
    old = np.array(image.getDataAsNumPy(), dtype=np.int64)
    for y in range(h):
        for x in range(w):
            if (q[y, x] == old[y, x]).all():
                continue
            r, g, bb, a = (int(v) for v in q[y, x])
            ctx.set_fill_style((r / a, g / a, bb / a, a / 255) if a else (0.0, 0.0, 0.0, 0.0))
            ctx.fill_rect(b.BLRect(x, y, 1, 1))
    ctx.flush()
    del ctx


def lum(c):
    return 0.3 * c[..., 0] + 0.59 * c[..., 1] + 0.11 * c[..., 2]


def clip_color(c):
    l = lum(c)[..., None]
    n = c.min(axis=-1, keepdims=True)
    x = c.max(axis=-1, keepdims=True)
    c = np.where(n < 0, l + (c - l) * l / np.maximum(l - n, 1e-12), c)
    c = np.where(x > 1, l + (c - l) * (1 - l) / np.maximum(x - l, 1e-12), c)
    return c


def set_lum(c, l):
    return clip_color(c + (l - lum(c))[..., None])


def sat(c):
    return c.max(axis=-1) - c.min(axis=-1)


def set_sat(c, s):
    n = c.min(axis=-1, keepdims=True)
    x = c.max(axis=-1, keepdims=True)
    span = x - n
    return np.where(span > 0, (c - n) * s[..., None] / np.where(span > 0, span, 1), 0.0)


def numpy_blend(mode, s, d):
    """W3C non-separable modes and plus-darker on premultiplied floats."""
    sa, da = s[..., 3:4], d[..., 3:4]
    if mode == "plusDarker":
        a = np.minimum(1, sa + da)
        rgb = np.maximum(0, a - ((sa - s[..., :3]) + (da - d[..., :3])))
        return np.concatenate([rgb, a], axis=-1)
    cs = np.where(sa > 0, s[..., :3] / np.where(sa > 0, sa, 1), 0)
    cb = np.where(da > 0, d[..., :3] / np.where(da > 0, da, 1), 0)
    if mode == "hue":
        bl = set_lum(set_sat(cs, sat(cb)), lum(cb))
    elif mode == "saturation":
        bl = set_lum(set_sat(cb, sat(cs)), lum(cb))
    elif mode == "color":
        bl = set_lum(cs, lum(cb))
    elif mode == "luminosity":
        bl = set_lum(cb, lum(cs))
    else:
        raise ValueError(mode)
    rgb = s[..., :3] * (1 - da) + d[..., :3] * (1 - sa) + bl * sa * da
    return np.concatenate([rgb, sa + da - sa * da], axis=-1)


class Renderer:
    def __init__(self, case, data_dir):
        self.w, self.h = case["width"], case["height"]
        self.data_dir = data_dir
        base = new_image(self.w, self.h)
        bg = case.get("background", [0, 0, 0, 0])
        if bg[3] > 0:
            ctx = b.BLContext(base)
            ctx.comp_op = b.BLCompOp.SRC_COPY
            ctx.set_fill_style(tuple(bg))
            ctx.fill_all()
            ctx.flush()
            del ctx
        self.layers = [base]
        self.clips = [None]  # mask images (alpha = coverage), None = no clip
        self.layer_clip_depth = [1]
        self.keep = []

    def source_image(self, op):
        """The drawing alone (paint × coverage) on a transparent image."""
        image = new_image(self.w, self.h)
        self.draw(image, op, b.BLCompOp.SRC_OVER)
        return image

    def draw(self, image, op, comp_op):
        ctx = b.BLContext(image)
        ctx.comp_op = comp_op
        t = tuple(op.get("transform", [1, 0, 0, 1, 0, 0]))
        if op["op"] == "fill":
            subs = subpaths(op["path"], t)
            if not op.get("aa", True):
                ctx.flush()
                del ctx
                self.draw_aliased(image, op, subs, comp_op)
                return
            ctx.fill_rule = b.BLFillRule.EVEN_ODD if op.get("rule") == "evenodd" else b.BLFillRule.NON_ZERO
            ctx.set_fill_style(fill_style(op["paint"], (1, 0, 0, 1, 0, 0), self.data_dir, self.keep))
            if op["paint"]["type"] == "image":
                ctx.fill_alpha = op["paint"].get("opacity", 1.0)
            ctx.fill_path(bl_path(subs, FLAT))
        else:
            style = op["stroke"]
            width = style["width"]
            identity = (1, 0, 0, 1, 0, 0)
            if width == 0:
                # Hairline: one device pixel, stroked in device space.
                subs = subpaths(op["path"], t)
                if style.get("dash"):
                    subs = dash_subpaths(subpaths(op["path"], identity), style["dash"], style.get("dashPhase", 0))
                    subs = [{"start": apply(t, s["start"]), "closed": s["closed"],
                             "segments": [(v, [apply(t, p) for p in pts]) for v, pts in s["segments"]]} for s in subs]
                user, width = identity, 1.0
            else:
                subs = subpaths(op["path"], identity)
                if style.get("dash"):
                    subs = dash_subpaths(subs, style["dash"], style.get("dashPhase", 0))
                user = t
                ctx.transform(matrix(t))
            ctx.stroke_width = width
            ctx.set_stroke_caps(CAPS[style["cap"]])
            ctx.stroke_join = JOINS[style["join"]]
            ctx.stroke_miter_limit = style.get("miterLimit", 10)
            ctx.set_stroke_style(fill_style(op["paint"], user, self.data_dir, self.keep))
            if op["paint"]["type"] == "image":
                ctx.stroke_alpha = op["paint"].get("opacity", 1.0)
            ctx.stroke_path(bl_path(subs, FLAT / scale_of(user)))
        ctx.flush()
        del ctx

    def draw_aliased(self, image, op, subs, comp_op):
        coverage = centre_coverage(subs, self.w, self.h, op.get("rule", "nonzero"))
        paint_image = new_image(self.w, self.h)
        ctx = b.BLContext(paint_image)
        ctx.set_fill_style(fill_style(op["paint"], (1, 0, 0, 1, 0, 0), self.data_dir, self.keep))
        if op["paint"]["type"] == "image":
            ctx.fill_alpha = op["paint"].get("opacity", 1.0)
        ctx.fill_all()
        ctx.flush()
        del ctx
        shaded = pixels(paint_image) * coverage[..., None]
        if comp_op == b.BLCompOp.SRC_OVER:
            d = pixels(image)
            load_pixels(image, shaded + d * (1 - shaded[..., 3:4]))
        else:
            raise ValueError("aliased drawing only composites source-over here")

    def mask_image(self, op):
        """The clip path's coverage as an image (alpha), intersected with the current clip."""
        t = tuple(op.get("transform", [1, 0, 0, 1, 0, 0]))
        subs = subpaths(op["path"], t)
        image = new_image(self.w, self.h)
        if op.get("aa", True):
            ctx = b.BLContext(image)
            ctx.fill_rule = b.BLFillRule.EVEN_ODD if op.get("rule") == "evenodd" else b.BLFillRule.NON_ZERO
            ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
            ctx.fill_path(bl_path(subs, FLAT))
            ctx.flush()
            del ctx
        else:
            coverage = centre_coverage(subs, self.w, self.h, op.get("rule", "nonzero"))
            load_pixels(image, np.repeat(coverage[..., None], 4, axis=-1))
        if self.clips[-1] is not None:
            ctx = b.BLContext(image)
            ctx.comp_op = b.BLCompOp.DST_IN
            ctx.blit_image(b.BLPoint(0, 0), self.clips[-1])
            ctx.flush()
            del ctx
        return image

    def composite(self, source, mode, opacity=1.0):
        """Composites a source image onto the top layer through the current clip."""
        target = self.layers[-1]
        clip = self.clips[-1]
        if clip is not None:
            ctx = b.BLContext(source)
            ctx.comp_op = b.BLCompOp.DST_IN
            ctx.blit_image(b.BLPoint(0, 0), clip)
            ctx.flush()
            del ctx
        if mode in COMP_OPS:
            ctx = b.BLContext(target)
            ctx.comp_op = COMP_OPS[mode]
            ctx.global_alpha = opacity
            ctx.blit_image(b.BLPoint(0, 0), source)
            ctx.flush()
            del ctx
        else:
            s = pixels(source) * opacity
            d = pixels(target)
            load_pixels(target, numpy_blend(mode, s, d))

    def run(self, ops):
        for op in ops:
            kind = op["op"]
            if kind in ("fill", "stroke"):
                mode = op["paint"].get("blend", "normal")
                direct = self.clips[-1] is None and mode in COMP_OPS and op.get("aa", True)
                if direct:
                    self.draw(self.layers[-1], op, COMP_OPS[mode])
                else:
                    self.composite(self.source_image(op), mode)
            elif kind == "pushClip":
                self.clips.append(self.mask_image(op))
            elif kind == "popClip":
                if len(self.clips) > self.layer_clip_depth[-1]:
                    self.clips.pop()
            elif kind == "beginLayer":
                self.layers.append(new_image(self.w, self.h))
                self.layer_clip_depth.append(len(self.clips))
            elif kind == "endLayer":
                layer = self.layers.pop()
                del self.clips[self.layer_clip_depth.pop():]
                self.composite(layer, op.get("blend", "normal"), op.get("opacity", 1.0))
            else:
                raise ValueError("unknown op " + kind)
        return self.layers[0]


def metrics(ours, reference):
    diff = np.abs(ours.astype(np.int64) - reference.astype(np.int64))
    worst = diff.max(axis=-1)
    n = worst.size
    return {
        "meanAbsolute": float(diff.mean()),
        "over16": float((worst > 16).sum()) / n,
        "over32": float((worst > 32).sum()) / n,
        "largest": int(worst.max()),
    }


def main():
    cases_path, results_path = sys.argv[1], sys.argv[2]
    with open(cases_path) as f:
        spec = json.load(f)
    data_dir = spec["directory"]
    results = []
    for case in spec["cases"]:
        try:
            image = Renderer(case, data_dir).run(case["ops"])
            reference = np.array(image.getDataAsNumPy(), dtype=np.uint8)
            reference.tofile(data_dir + "/" + case["name"] + ".reference.rgba")
            ours = np.fromfile(data_dir + "/" + case["output"], dtype=np.uint8).reshape(case["height"], case["width"], 4)
            entry = {"name": case["name"]}
            entry.update(metrics(ours, reference))
        except Exception as error:  # reported per case, so one bad case cannot hide the others
            entry = {"name": case["name"], "error": "%s: %s" % (type(error).__name__, error)}
        results.append(entry)
    with open(results_path, "w") as f:
        json.dump({"blend2dVersion": list(b.BL_VERSION), "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
