#!/usr/bin/env python3
"""Blend2D's side of the whole-pipeline benchmark: the frames of animate-bench's
pipeline scene, rendered by Blend2D (blend2d-python 1.0.0, one thread) and written
to standard output as raw 32-bit pixels, frame after frame, the way
`animate T --format rgba -o -` writes its own; piped into the ffmpeg program it is
the hand-made alternative to `animate T -o out.mp4`.

Usage: reference-frames.py SCENE.json  (the shape list animate-bench writes)
Frame n draws each shape at (x + dx·p, y + dy·p) with p = n / frames, the value
the timeline's linear animation gives. Pixels are RGBA in memory order, as the
binding's only pixel accessor (`getDataAsNumPy`, a copy) returns them
(`-pix_fmt rgba` for ffmpeg), premultiplied, which on the opaque canvas is the colour itself.
"""
import json
import sys

import blend2d as b


def main():
    with open(sys.argv[1]) as f:
        scene = json.load(f)
    width, height, frames = scene["width"], scene["height"], scene["frames"]
    shapes = [(s["circle"], s["x"], s["y"], s["dx"], s["dy"], s["width"], s["height"],
               tuple(c / 255 for c in s["rgba"])) for s in scene["shapes"]]
    image = b.BLImage(width, height, b.BLFormat.PRGB32)
    out = sys.stdout.buffer
    for n in range(frames):
        p = n / frames
        ctx = b.BLContext(image)
        ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
        ctx.fill_all()
        for circle, x, y, dx, dy, w, h, rgba in shapes:
            cx, cy = x + dx * p, y + dy * p
            ctx.set_fill_style(rgba)
            if circle:
                ctx.fill_circle(cx, cy, w / 2)
            else:
                ctx.fill_rect(b.BLRect(cx - w / 2, cy - h / 2, w, h))
        ctx.flush()
        del ctx
        out.write(image.getDataAsNumPy().data)
    out.flush()


if __name__ == "__main__":
    main()
