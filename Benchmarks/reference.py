#!/usr/bin/env python3
"""Reference renderers for the benchmark: Blend2D (blend2d-python 1.0.0) and cairo (pycairo).

Runs as a server for animate-bench: each line on standard input is
`ENGINE SCENE.json ITERATIONS`; the answer is one line with the milliseconds each
iteration took (rendering the whole scene onto a fresh white 1920×1080 image), after
one untimed iteration.
Scenes are lists of fills and strokes in device pixels, written by animate-bench.
Both engines keep their default curve tolerance (cairo 0.1 px, Blend2D 0.2 px: its
blDefaultApproximationOptions); one thread each.
"""

import json
import sys
import time

import blend2d as b
import cairo


def load(path):
    with open(path) as f:
        return json.load(f)


def blend2d_path(verbs):
    p = b.BLPath()
    for v in verbs:
        if v[0] == "M": p.move_to(v[1], v[2])
        elif v[0] == "L": p.line_to(v[1], v[2])
        elif v[0] == "Q": p.quadric_to(v[1], v[2], v[3], v[4])
        elif v[0] == "C": p.cubic_to(v[1], v[2], v[3], v[4], v[5], v[6])
        else: p.close()
    return p


def blend2d_style(paint):
    if "solid" in paint:
        return tuple(float(c) for c in paint["solid"])
    x0, y0, x1, y1 = paint["linear"]
    gradient = b.create_linear_gradient(x0, y0, x1, y1)
    for offset, rgba in paint["stops"]:
        gradient.add_stop(offset, tuple(float(c) for c in rgba))
    gradient.extend_mode = b.BLExtendMode.PAD
    return gradient


def prepare_blend2d(scene):
    ops = []
    for op in scene["ops"]:
        style = blend2d_style(op["paint"])
        if "fill" in op:
            ops.append(("fill", blend2d_path(op["fill"]), style, op["evenOdd"]))
        else:
            ops.append(("stroke", blend2d_path(op["stroke"]), style, op))
    return ops


def render_blend2d(scene, ops):
    image = b.BLImage(scene["width"], scene["height"], b.BLFormat.PRGB32)
    ctx = b.BLContext(image)
    ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
    ctx.fill_all()
    for kind, path, style, extra in ops:
        if kind == "fill":
            ctx.fill_rule = b.BLFillRule.EVEN_ODD if extra else b.BLFillRule.NON_ZERO
            ctx.set_fill_style(style)
            ctx.fill_path(path)
        else:
            ctx.stroke_width = extra["width"]
            ctx.set_stroke_caps(b.BLStrokeCap.CAP_ROUND if extra["cap"] == "round" else b.BLStrokeCap.CAP_BUTT)
            ctx.stroke_join = b.BLStrokeJoin.JOIN_ROUND if extra["join"] == "round" else b.BLStrokeJoin.JOIN_MITER_BEVEL
            ctx.set_stroke_style(style)
            ctx.stroke_path(path)
    ctx.flush()
    del ctx
    return image


def cairo_path(ctx, verbs):
    ctx.new_path()
    for v in verbs:
        if v[0] == "M": ctx.move_to(v[1], v[2])
        elif v[0] == "L": ctx.line_to(v[1], v[2])
        elif v[0] == "Q":
            x0, y0 = ctx.get_current_point()
            cx, cy, x, y = v[1], v[2], v[3], v[4]
            ctx.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
        elif v[0] == "C": ctx.curve_to(v[1], v[2], v[3], v[4], v[5], v[6])
        else: ctx.close_path()


def cairo_source(ctx, paint):
    if "solid" in paint:
        ctx.set_source_rgba(*paint["solid"])
        return
    x0, y0, x1, y1 = paint["linear"]
    gradient = cairo.LinearGradient(x0, y0, x1, y1)
    for offset, rgba in paint["stops"]:
        gradient.add_color_stop_rgba(offset, *rgba)
    ctx.set_source(gradient)


def render_cairo(scene, _ops):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["width"], scene["height"])
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    for op in scene["ops"]:
        cairo_source(ctx, op["paint"])
        if "fill" in op:
            cairo_path(ctx, op["fill"])
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op["evenOdd"] else cairo.FILL_RULE_WINDING)
            ctx.fill()
        else:
            cairo_path(ctx, op["stroke"])
            ctx.set_line_width(op["width"])
            ctx.set_line_cap(cairo.LINE_CAP_ROUND if op["cap"] == "round" else cairo.LINE_CAP_BUTT)
            ctx.set_line_join(cairo.LINE_JOIN_ROUND if op["join"] == "round" else cairo.LINE_JOIN_MITER)
            ctx.stroke()
    surface.flush()
    return surface


def main():
    scenes = {}
    for line in sys.stdin:
        engine, path, iterations = line.split()
        if path not in scenes:
            scene = load(path)
            scenes[path] = (scene, prepare_blend2d(scene))
        scene, ops = scenes[path]
        render = render_blend2d if engine == "blend2d" else render_cairo
        # One untimed frame first, as animate-bench draws its own: the first frames of a
        # turn run slower after the other engines' turns.
        render(scene, ops)
        times = []
        for _ in range(int(iterations)):
            start = time.perf_counter()
            render(scene, ops)
            times.append((time.perf_counter() - start) * 1000)
        print(" ".join("%.4f" % t for t in times), flush=True)


if __name__ == "__main__":
    main()
