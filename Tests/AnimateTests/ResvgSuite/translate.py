#!/usr/bin/env python3
"""Translates resvg's reference tests into one-frame timelines.

    translate.py /path/to/resvg-test-suite [output folder]

The suite (https://github.com/RazrFalcon/resvg-test-suite, MIT licence, see
LICENSE-resvg-test-suite; translated here from commit 9bbdd17) is
read from a git checkout or mirror with `git show`. For each SVG of the
categories below, the SVG is either translated into a timeline that draws the
same picture (a 200 × 200 canvas at scale 2.5, the 500 × 500 pixels of
resvg's reference PNG, on a clear background) and written with its reference
PNG as `cases/<category>--<name>.json` and `.png`, or skipped with a reason.
`manifest.csv` lists every SVG considered.

The translation is conservative: anything it is not sure draws exactly the
same is skipped (units other than user units, CSS, recursive or missing references,
clip paths of more than one shape, gradient transforms and spread methods, focal radial gradients,
gradients stretched by a non-square bounding box, stops that differ in both
colour and opacity, since SVG interpolates unpremultiplied colours, and any
element or attribute not listed here).
"""

import csv
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

CATEGORIES = [
    "shapes/rect", "shapes/circle", "shapes/ellipse", "shapes/line", "shapes/polyline",
    "shapes/polygon", "shapes/path",
    "painting/fill", "painting/fill-opacity", "painting/fill-rule", "painting/stroke",
    "painting/stroke-width", "painting/stroke-linecap", "painting/stroke-linejoin",
    "painting/stroke-miterlimit", "painting/stroke-opacity", "painting/stroke-dasharray",
    "painting/stroke-dashoffset", "painting/opacity",
    "structure/transform", "structure/g", "structure/style-attribute",
    "paint-servers/linearGradient", "paint-servers/radialGradient", "paint-servers/stop",
    "paint-servers/stop-color", "paint-servers/stop-opacity",
    "masking/clipPath", "masking/clip-rule",
    "painting/display", "painting/shape-rendering", "structure/defs",
]

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"

NAMED = {
    "black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "green": "#008000",
    "blue": "#0000FF", "yellow": "#FFFF00", "lime": "#00FF00", "gray": "#808080",
    "grey": "#808080", "silver": "#C0C0C0", "maroon": "#800000", "purple": "#800080",
    "fuchsia": "#FF00FF", "magenta": "#FF00FF", "olive": "#808000", "navy": "#000080",
    "teal": "#008080", "aqua": "#00FFFF", "cyan": "#00FFFF", "orange": "#FFA500",
    "seagreen": "#2E8B57", "darkgreen": "#006400", "lightblue": "#ADD8E6",
    "pink": "#FFC0CB", "gold": "#FFD700", "brown": "#A52A2A", "lightgray": "#D3D3D3", "transparent": "#000000",
}

INHERITED = {
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
    "stroke-dashoffset", "color", "shape-rendering",
}
PRESENTATION = INHERITED | {"opacity", "transform", "clip-path", "clip-rule", "display"}
GEOMETRY = {
    "rect": {"x", "y", "width", "height", "rx", "ry"},
    "circle": {"cx", "cy", "r"},
    "ellipse": {"cx", "cy", "rx", "ry"},
    "line": {"x1", "y1", "x2", "y2"},
    "polyline": {"points"},
    "polygon": {"points"},
    "path": {"d"},
}
IGNORED_ATTRIBUTES = {"id", "font-family", "stop-color"}  # no text is drawn; stop-color only reaches stops
NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"


class Skip(Exception):
    """An SVG, or part of one, that the translation does not handle."""

    def __init__(self, category, detail):
        super().__init__(detail)
        self.category = category
        self.detail = detail


def number(text, what):
    text = text.strip()
    if not re.fullmatch(NUMBER, text):
        raise Skip("units or invalid value", f"{what}={text!r}")
    value = float(text)
    if not math.isfinite(value):
        raise Skip("units or invalid value", f"{what}={text!r}")
    return value


def numbers(text, what):
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    return [number(p, what) for p in parts]


def colour(text):
    """An SVG (CSS) colour as (`#RRGGBB`, alpha), or None for `none`."""
    text = text.strip()
    if text == "none":
        return None
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        return text.upper(), 1.0
    if re.fullmatch(r"#[0-9a-fA-F]{3}", text):
        return "#" + "".join(c * 2 for c in text[1:]).upper(), 1.0
    if re.fullmatch(r"#[0-9a-fA-F]{8}", text):
        return text[:7].upper(), int(text[7:], 16) / 255
    if re.fullmatch(r"#[0-9a-fA-F]{4}", text):
        return "#" + "".join(c * 2 for c in text[1:4]).upper(), int(text[4] * 2, 16) / 255
    m = re.fullmatch(r"(rgba?|hsla?)\(([^()]*)\)", text)
    if m:
        args = [t.strip() for t in m.group(2).split(",")]
        if len(args) not in (3, 4) or not all(re.fullmatch(NUMBER + "%?", t) for t in args):
            raise Skip("colour syntax", f"colour {text!r}")  # CSS's space-separated form is not read by resvg
        if m.group(1).startswith("rgb") and len({t.endswith("%") for t in args[:3]}) > 1:
            raise Skip("colour syntax", f"colour {text!r} mixes numbers and percentages")
        alpha = 1.0
        if len(args) == 4:
            t = args[3]
            alpha = float(t[:-1]) / 100 if t.endswith("%") else float(t)
            alpha = min(max(alpha, 0.0), 1.0)
        if m.group(1).startswith("rgb"):
            channels = []
            for t in args[:3]:
                v = float(t[:-1]) * 2.55 if t.endswith("%") else float(t)
                channels.append(int(round(min(max(v, 0.0), 255.0))))
        else:
            if args[0].endswith("%") or not args[1].endswith("%") or not args[2].endswith("%"):
                raise Skip("colour syntax", f"colour {text!r}")
            h = (float(args[0]) % 360) / 360
            sat = min(max(float(args[1][:-1]) / 100, 0.0), 1.0)
            light = min(max(float(args[2][:-1]) / 100, 0.0), 1.0)
            t2 = light * (1 + sat) if light <= 0.5 else light + sat - light * sat
            t1 = 2 * light - t2

            def hue(x):
                x %= 1
                if x < 1 / 6:
                    return t1 + (t2 - t1) * 6 * x
                if x < 1 / 2:
                    return t2
                if x < 2 / 3:
                    return t1 + (t2 - t1) * (2 / 3 - x) * 6
                return t1

            channels = [int(round(hue(h + 1 / 3) * 255)), int(round(hue(h) * 255)), int(round(hue(h - 1 / 3) * 255))]
        return "#" + "".join(f"{v:02X}" for v in channels), alpha
    if text.lower() == "transparent":
        return "#000000", 0.0
    if text.lower() in NAMED:
        return NAMED[text.lower()], 1.0
    raise Skip("colour syntax", f"colour {text!r}")


def opacity_value(text, what):
    value = number(text, what)
    return min(max(value, 0.0), 1.0)


def paint_colour(hex_colour, alpha):
    if alpha >= 1:
        return hex_colour
    return {"color": hex_colour, "opacity": round(alpha, 6)}


def multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def transform(text):
    """An SVG transform list as a matrix (a, b, c, d, e, f)."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    rest = text.strip()
    pattern = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?\s*")
    while rest:
        found = pattern.match(rest)
        if not found:
            raise Skip("invalid attribute (SVG error rule)", f"transform {text!r}")
        name, args = found.group(1), numbers(found.group(2), "transform")
        rest = rest[found.end():]
        if name == "matrix" and len(args) == 6:
            n = tuple(args)
        elif name == "translate" and len(args) in (1, 2):
            n = (1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0)
        elif name == "scale" and len(args) in (1, 2):
            n = (args[0], 0, 0, args[1] if len(args) == 2 else args[0], 0, 0)
        elif name == "rotate" and len(args) in (1, 3):
            r = math.radians(args[0])
            n = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(args) == 3:
                n = multiply(multiply((1, 0, 0, 1, args[1], args[2]), n), (1, 0, 0, 1, -args[1], -args[2]))
        elif name == "skewX" and len(args) == 1:
            n = (1, 0, math.tan(math.radians(args[0])), 1, 0, 0)
        elif name == "skewY" and len(args) == 1:
            n = (1, math.tan(math.radians(args[0])), 0, 1, 0, 0)
        else:
            raise Skip("invalid attribute (SVG error rule)", f"transform {text!r}")
        m = multiply(m, n)
    return m


ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def valid_path_data(d):
    """Whether `d` is path data without an error (SVG's grammar: a move first, each
    command followed by whole groups of its arguments, arc flags a single 0 or 1,
    numbers separated by white space, one comma or a sign)."""
    number = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
    pos, n = 0, len(d)

    def skip(comma):
        nonlocal pos
        while pos < n and d[pos] in " \t\r\n":
            pos += 1
        if comma and pos < n and d[pos] == ",":
            pos += 1
            while pos < n and d[pos] in " \t\r\n":
                pos += 1

    skip(False)
    if pos >= n or d[pos] not in "Mm":
        return False
    while True:
        skip(False)
        if pos >= n:
            return True
        command = d[pos]
        if command.lower() not in ARITY:
            return False
        pos += 1
        arity = ARITY[command.lower()]
        groups = 0
        while arity:
            for k in range(arity):
                skip(k > 0 or groups > 0)
                if command in "Aa" and k in (3, 4):
                    if pos < n and d[pos] in "01":
                        pos += 1
                        continue
                    return False
                found = number.match(d, pos)
                if not found:
                    if k == 0 and groups > 0:
                        break
                    return False
                if command in "Aa" and k < 2 and float(found.group()) < 0:
                    return False
                pos = found.end()
            else:
                groups += 1
                continue
            break


def attributes(element):
    """The element's attributes with `style` declarations merged in (they win)."""
    attrs = dict(element.attrib)
    style = attrs.pop("style", None)
    if style is not None:
        for declaration in style.split(";"):
            if not declaration.strip():
                continue
            if ":" not in declaration or "!" in declaration or "/*" in declaration:
                raise Skip("CSS", f"style {style!r}")
            key, value = (s.strip() for s in declaration.split(":", 1))
            if key not in PRESENTATION or key == "transform":
                raise Skip("CSS", f"style property {key!r}")
            attrs[key] = value
    return attrs


def fmt(v):
    r = round(v, 6)
    return int(r) if r == int(r) else r


def cascade(inherited, attrs):
    """The inherited properties of an element: its own, `inherit` and invalid
    keywords leaving the parent's (an invalid presentation attribute is ignored)."""
    style = dict(inherited)
    for key, value in attrs.items():
        if key not in INHERITED or value.strip() == "inherit":
            continue
        if key == "stroke-linecap" and value.strip() not in ("butt", "round", "square"):
            continue
        if key == "shape-rendering" and value.strip() not in ("auto", "optimizeSpeed", "crispEdges", "geometricPrecision"):
            continue
        style[key] = value
    for key in ("fill", "stroke"):
        if style.get(key, "").strip() == "currentColor":
            style[key] = style.get("color", "black")
    return style


class Translator:
    def __init__(self, root):
        self.root = root
        self.ids = {e.get("id"): e for e in root.iter() if e.get("id") is not None}
        self.parents = {child: parent for parent in root.iter() for child in parent}

    def stop_colour(self, stop):
        """A stop's `stop-color` as CSS computes it: `inherit` takes the parent element's
        (not the referenced gradient's), `currentColor` the `color` inherited at the stop."""
        element, value = stop, None
        while element is not None:
            value = attributes(element).get("stop-color", "black" if element is stop else None)
            if value is None:
                value = "black"
            if value.strip() != "inherit":
                break
            element = self.parents.get(element)
            value = "black"
        if value.strip() == "currentColor":
            element, value = stop, "black"
            while element is not None:
                own = attributes(element).get("color")
                if own is not None and own.strip() != "inherit":
                    value = own
                    break
                element = self.parents.get(element)
        return value

    def document(self):
        root = self.root
        if root.tag != SVG + "svg":
            raise Skip("document", "root is not svg")
        for key in root.attrib:
            if key not in ("id", "viewBox", "width", "height", "version", "font-family", "opacity"):
                raise Skip("document", f"root attribute {key}")
        if root.get("viewBox", "").split() != ["0", "0", "200", "200"]:
            raise Skip("document", "viewBox other than 0 0 200 200")
        for key in ("width", "height"):
            if key in root.attrib and root.get(key) != "200":
                raise Skip("document", f"root {key}")
        scene = {"zstack": self.children(root, {})}
        scene = self.effects(scene, {k: v for k, v in root.attrib.items() if k == "opacity"})
        return {
            "version": 1, "size": [200, 200], "scale": 2.5, "duration": 1, "fps": 1,
            "background": "clear",
            "scene": scene,
        }

    def children(self, parent, inherited):
        views = []
        for child in parent:
            tag = child.tag
            if not isinstance(tag, str):
                continue
            local = tag[len(SVG):] if tag.startswith(SVG) else tag
            if local in ("title", "desc"):
                continue
            if local in ("linearGradient", "radialGradient", "clipPath"):
                continue  # never drawn; found by id
            if local == "defs":
                continue  # never drawn; its gradients and clip paths are found by id
            if attributes(child).get("display", "inline").strip() == "none":
                continue
            if local == "g":
                view = self.group(child, inherited)
            elif local in GEOMETRY:
                view = self.shape(child, local, inherited)
            else:
                raise Skip("unsupported element", local)
            if view is not None:
                views.append(view)
        return views

    def own(self, element, allowed):
        attrs = attributes(element)
        for key in attrs:
            if key not in allowed and key not in PRESENTATION and key not in IGNORED_ATTRIBUTES:
                raise Skip("unsupported attribute", f"{key} on {element.tag[len(SVG):]}")
        return attrs

    def effects(self, view, attrs):
        """The element's transform and group opacity, as view modifiers."""
        modifiers = view.setdefault("modifiers", [])
        if "clip-path" in attrs and attrs["clip-path"].strip() != "none":
            modifiers.append({"clipShape": self.clip(attrs["clip-path"])})
        if "transform" in attrs:
            a, b, c, d, e, f = transform(attrs["transform"])
            if abs(a * d - b * c) < 1e-12:
                return None  # a singular transform draws nothing
            modifiers.append({"transformEffect": {"a": fmt(a), "b": fmt(b), "c": fmt(c), "d": fmt(d), "tx": fmt(e), "ty": fmt(f)}})
        if "opacity" in attrs:
            alpha = opacity_value(attrs["opacity"], "opacity")
            if alpha < 1:
                modifiers.append({"compositingGroup": {}})
                modifiers.append({"opacity": fmt(alpha)})
        if not modifiers:
            del view["modifiers"]
        return view

    def clip(self, text):
        """A clip path of shapes in user space, as a `clipShape`."""
        m = re.fullmatch(r"\s*url\(#([^)]+)\)\s*", text)
        clip = self.ids.get(m.group(1)) if m else None
        if clip is None or clip.tag != SVG + "clipPath":
            raise Skip("paint server reference", f"clip-path {text!r}")
        for key in attributes(clip):
            if key not in ("id", "transform", "clip-rule", "clipPathUnits"):
                raise Skip("clip feature", f"{key} on clipPath")
        if clip.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse":
            raise Skip("clip feature", "clipPathUnits")
        children = [c for c in clip if isinstance(c.tag, str) and c.tag not in (SVG + "title", SVG + "desc")]
        if not children or any(c.tag[len(SVG):] not in GEOMETRY or c.tag == SVG + "line" for c in children):
            raise Skip("clip feature", "clip path other than shapes")
        shapes, rules = [], set()
        for child in children:
            kind = child.tag[len(SVG):]
            attrs = attributes(child)
            for key in attrs:
                if key not in GEOMETRY[kind] and key not in ("id", "transform", "clip-rule", "fill", "stroke", "stroke-width", "opacity"):
                    raise Skip("clip feature", f"{key} on a clip path's shape")
            geometry = self.geometry(kind, attrs)
            if geometry is None:
                raise Skip("clip feature", "empty clip shape")
            rule, element = "nonzero", child  # clip-rule inherits from the clip path's ancestors
            while element is not None:
                own = attributes(element).get("clip-rule")
                if own is not None and own.strip() != "inherit":
                    rule = own.strip()
                    break
                element = self.parents.get(element)
            if rule not in ("nonzero", "evenodd"):
                raise Skip("clip feature", f"clip-rule {rule!r}")
            if kind not in ("rect", "circle", "ellipse"):
                rules.add(rule)  # a rectangle's or an ellipse's region is the same by either rule
            m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            for element in (clip, child):
                if "transform" in attributes(element):
                    m = multiply(m, transform(attributes(element)["transform"]))
            shape = {"path": {"d": geometry[0]}}
            if m != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                a, b, c, d, e, f = m
                shape["modifiers"] = [{"transform": {"a": fmt(a), "b": fmt(b), "c": fmt(c), "d": fmt(d), "tx": fmt(e), "ty": fmt(f)}}]
            shapes.append(shape)
        if len(rules) > 1:
            raise Skip("clip feature", "clip rules that differ between shapes")
        evenodd = rules == {"evenodd"}
        if len(shapes) == 1:
            return {"shape": shapes[0], "eoFill": evenodd}
        # Several shapes clip to the union of their regions, each by its own rule.
        first = shapes[0]
        modifiers = first.setdefault("modifiers", [])
        for other in shapes[1:]:
            modifiers.append({"union": {"shape": other, "eoFill": evenodd}})
        return {"shape": first, "eoFill": False}

    def group(self, element, inherited):
        attrs = self.own(element, set())
        style = cascade(inherited, attrs)
        children = self.children(element, style)
        if not children:
            return None
        return self.effects({"zstack": children}, attrs)

    def shape(self, element, kind, inherited):
        attrs = self.own(element, GEOMETRY[kind])
        style = cascade(inherited, attrs)
        geometry = self.geometry(kind, attrs)
        if geometry is None:
            return None
        d, bbox = geometry
        modifiers = []
        fill = self.paint(style.get("fill", "black"), style.get("fill-opacity", "1"), bbox, "fill")
        if fill is not None and kind not in ("line",):
            rule = style.get("fill-rule", "nonzero")
            if rule not in ("nonzero", "evenodd"):
                raise Skip("invalid attribute (SVG error rule)", f"fill-rule {rule!r}")
            crisp = style.get("shape-rendering", "auto").strip() in ("optimizeSpeed", "crispEdges")
            if rule == "evenodd" or crisp:
                fill = {"paint": fill, "eoFill": rule == "evenodd", "antialiased": not crisp}
            modifiers.append({"fill": fill})
        stroke = self.paint(style.get("stroke", "none"), style.get("stroke-opacity", "1"), bbox, "stroke")
        if stroke is not None:
            s = self.stroke_style(style)
            if s is not None and style.get("shape-rendering", "auto").strip() in ("optimizeSpeed", "crispEdges"):
                raise Skip("unsupported attribute", "a stroke without anti-aliasing")
            if s is not None:
                s["paint"] = stroke
                modifiers.append({"stroke": s})
        if not modifiers:
            return None
        return self.effects({"path": {"d": d}, "modifiers": modifiers}, attrs)

    def stroke_style(self, style):
        width = number(style.get("stroke-width", "1"), "stroke-width")
        if width < 0:
            raise Skip("invalid attribute (SVG error rule)", "negative stroke-width")
        if width == 0:
            return None
        s = {"lineWidth": fmt(width)}
        cap = style.get("stroke-linecap", "butt")
        join = style.get("stroke-linejoin", "miter")
        if cap not in ("butt", "round", "square"):
            raise Skip("invalid attribute (SVG error rule)", f"stroke-linecap {cap!r}")
        if join not in ("miter", "round", "bevel"):
            raise Skip("unsupported attribute", f"stroke-linejoin {join!r}")
        if cap != "butt":
            s["lineCap"] = cap
        if join != "miter":
            s["lineJoin"] = join
        limit = number(style.get("stroke-miterlimit", "4"), "stroke-miterlimit")
        if limit < 1:
            raise Skip("invalid attribute (SVG error rule)", "stroke-miterlimit below 1")
        s["miterLimit"] = fmt(limit)
        dash = style.get("stroke-dasharray", "none").strip()
        if dash != "none":
            values = numbers(dash, "stroke-dasharray")
            if not values or any(v < 0 for v in values):
                raise Skip("invalid attribute (SVG error rule)", f"stroke-dasharray {dash!r}")
            if sum(values) > 0:
                if len(values) % 2:
                    values = values * 2
                s["dash"] = [fmt(v) for v in values]
                offset = number(style.get("stroke-dashoffset", "0"), "stroke-dashoffset")
                if offset:
                    s["dashPhase"] = fmt(offset)
        return s

    def geometry(self, kind, attrs):
        """SVG path data in user units and the bounding box, or None when nothing is drawn."""
        def get(key, default=None):
            if key not in attrs:
                if default is None:
                    raise Skip("invalid attribute (SVG error rule)", f"missing {key}")
                return default
            return number(attrs[key], key)

        if kind == "rect":
            x, y, w, h = get("x", 0.0), get("y", 0.0), get("width"), get("height")
            if w < 0 or h < 0:
                raise Skip("invalid attribute (SVG error rule)", "negative size")
            if w == 0 or h == 0:
                return None
            if "rx" in attrs or "ry" in attrs:
                rx = get("rx", -1.0)
                ry = get("ry", -1.0)
                if rx < 0 and ry < 0:
                    raise Skip("invalid attribute (SVG error rule)", "negative radius")
                rx = ry if rx < 0 else rx
                ry = rx if ry < 0 else ry
                rx, ry = min(rx, w / 2), min(ry, h / 2)
                if rx > 0 and ry > 0:
                    d = (f"M {fmt(x + rx)} {fmt(y)} H {fmt(x + w - rx)} A {fmt(rx)} {fmt(ry)} 0 0 1 {fmt(x + w)} {fmt(y + ry)} "
                         f"V {fmt(y + h - ry)} A {fmt(rx)} {fmt(ry)} 0 0 1 {fmt(x + w - rx)} {fmt(y + h)} "
                         f"H {fmt(x + rx)} A {fmt(rx)} {fmt(ry)} 0 0 1 {fmt(x)} {fmt(y + h - ry)} "
                         f"V {fmt(y + ry)} A {fmt(rx)} {fmt(ry)} 0 0 1 {fmt(x + rx)} {fmt(y)} Z")
                    return d, (x, y, w, h)
            d = f"M {fmt(x)} {fmt(y)} H {fmt(x + w)} V {fmt(y + h)} H {fmt(x)} Z"
            return d, (x, y, w, h)
        if kind in ("circle", "ellipse"):
            cx, cy = get("cx", 0.0), get("cy", 0.0)
            if kind == "circle":
                rx = ry = get("r")
            else:
                if "rx" not in attrs or "ry" not in attrs:
                    raise Skip("invalid attribute (SVG error rule)", "ellipse radius auto")
                rx, ry = get("rx"), get("ry")
            if rx < 0 or ry < 0:
                raise Skip("invalid attribute (SVG error rule)", "negative radius")
            if rx == 0 or ry == 0:
                return None
            r = f"A {fmt(rx)} {fmt(ry)} 0 0 1"
            d = (f"M {fmt(cx + rx)} {fmt(cy)} {r} {fmt(cx)} {fmt(cy + ry)} {r} {fmt(cx - rx)} {fmt(cy)} "
                 f"{r} {fmt(cx)} {fmt(cy - ry)} {r} {fmt(cx + rx)} {fmt(cy)} Z")
            return d, (cx - rx, cy - ry, 2 * rx, 2 * ry)
        if kind == "line":
            x1, y1, x2, y2 = get("x1", 0.0), get("y1", 0.0), get("x2", 0.0), get("y2", 0.0)
            d = f"M {fmt(x1)} {fmt(y1)} L {fmt(x2)} {fmt(y2)}"
            return d, (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        if kind in ("polyline", "polygon"):
            values = numbers(attrs.get("points", ""), "points")
            if len(values) % 2 or len(values) < 4:
                raise Skip("invalid attribute (SVG error rule)", "odd or short points")
            pts = list(zip(values[::2], values[1::2]))
            d = "M " + " L ".join(f"{fmt(x)} {fmt(y)}" for x, y in pts) + (" Z" if kind == "polygon" else "")
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return d, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        d = attrs.get("d", "").strip()
        if not valid_path_data(d):
            raise Skip("invalid attribute (SVG error rule)", "path data with an error (SVG draws up to it)")
        return d, None

    def paint(self, text, opacity_text, bbox, what):
        text = text.strip()
        alpha = opacity_value(opacity_text, f"{what}-opacity")
        m = re.fullmatch(r"url\(#([^)]+)\)(.*)", text)
        if m:
            if m.group(2).strip():
                raise Skip("paint fallback", text)
            return self.gradient(m.group(1), alpha, bbox)
        c = colour(text)
        if c is None:
            return None
        return paint_colour(c[0], c[1] * alpha)

    def gradient(self, ident, alpha, bbox):
        g = self.ids.get(ident)
        if g is None or g.tag not in (SVG + "linearGradient", SVG + "radialGradient"):
            raise Skip("paint server reference", f"url(#{ident})")
        linear = g.tag == SVG + "linearGradient"
        chain = [g]
        while True:
            href = chain[-1].get(XLINK + "href", chain[-1].get("href"))
            if href is None:
                break
            target = self.ids.get(href[1:]) if href.startswith("#") else None
            if target is None or target.tag not in (SVG + "linearGradient", SVG + "radialGradient") or target in chain:
                raise Skip("paint server reference", f"gradient reference {href!r}")
            chain.append(target)
        merged = {}
        for element in chain:
            for key, value in element.attrib.items():
                if key in ("id", "href", XLINK + "href") or key in merged:
                    continue
                if key in ("gradientUnits", "gradientTransform", "spreadMethod") or element.tag == g.tag:
                    merged[key] = value
        allowed = {"gradientUnits", "x1", "y1", "x2", "y2"} if linear else {"gradientUnits", "cx", "cy", "r"}
        for key, value in merged.items():
            if key == "spreadMethod" and value == "pad" or key in ("stop-color", "color"):
                continue
            if key not in allowed:
                raise Skip("gradient feature", f"{key} on gradient")
        units = merged.get("gradientUnits", "objectBoundingBox")
        if units not in ("objectBoundingBox", "userSpaceOnUse"):
            raise Skip("invalid attribute (SVG error rule)", "gradientUnits")
        source = next((element for element in chain if len(element)), g)
        stops = []
        last = 0.0
        for stop in source:
            if stop.tag != SVG + "stop":
                raise Skip("gradient feature", "gradient child other than stop")
            attrs = attributes(stop)
            for key in attrs:
                if key not in ("id", "offset", "stop-color", "stop-opacity", "color"):
                    raise Skip("gradient feature", f"{key} on stop")
            offset_text = attrs.get("offset", "0").strip()
            if offset_text.endswith("%"):
                offset = number(offset_text[:-1], "offset") / 100
            else:
                offset = number(offset_text, "offset")
            offset = min(max(offset, 0.0), 1.0)
            offset = max(offset, last)
            last = offset
            c = colour(self.stop_colour(stop))
            if c is None:
                raise Skip("colour syntax", "stop-color none")
            stops.append((c[0], c[1] * opacity_value(attrs.get("stop-opacity", "1"), "stop-opacity") * alpha, offset))
        if not stops:
            return None  # a gradient without stops paints nothing
        if len(stops) == 1:
            return paint_colour(stops[0][0], stops[0][1])  # one stop paints its colour
        if len({s[1] for s in stops}) > 1 and len({s[0] for s in stops}) > 1:
            raise Skip("gradient feature", "stops differ in colour and opacity (SVG interpolates unpremultiplied)")

        def coordinate(key, default, size_index):
            text = merged.get(key, default).strip()
            if text.endswith("%"):
                v = number(text[:-1], key) / 100
                if units == "userSpaceOnUse":
                    raise Skip("units or invalid value", "percent in user space")
                return v
            return number(text, key)

        if units == "objectBoundingBox":
            if bbox is None:
                raise Skip("gradient feature", "bounding box of path data")
            bx, by, bw, bh = bbox
            if bw <= 0 or bh <= 0:
                raise Skip("gradient feature", "empty bounding box")

            def point(u, v):
                return (bx + u * bw, by + v * bh)
        else:
            def point(u, v):
                return (u, v)

        def unit(p):
            return [fmt(p[0] / 200), fmt(p[1] / 200)]

        colour_stops = [[paint_colour(c, a), fmt(o)] for c, a, o in stops]
        if linear:
            x1, y1 = coordinate("x1", "0%", 0), coordinate("y1", "0%", 1)
            x2, y2 = coordinate("x2", "100%", 0), coordinate("y2", "0%", 1)
            if units == "objectBoundingBox" and abs(bbox[2] - bbox[3]) > 1e-9 and x1 != x2 and y1 != y2:
                raise Skip("gradient feature", "oblique gradient on a non-square bounding box")
            if (x1, y1) == (x2, y2):
                raise Skip("gradient feature", "zero-length gradient vector")
            return {"linearGradient": {"stops": colour_stops, "startPoint": unit(point(x1, y1)), "endPoint": unit(point(x2, y2))}}
        cx, cy, r = coordinate("cx", "50%", 0), coordinate("cy", "50%", 1), coordinate("r", "50%", 0)
        if r <= 0:
            raise Skip("gradient feature", "zero or negative radius")
        if units == "objectBoundingBox":
            if abs(bbox[2] - bbox[3]) > 1e-9:
                raise Skip("gradient feature", "radial gradient on a non-square bounding box")
            r *= bbox[2]
        return {"radialGradient": {"stops": colour_stops, "center": unit(point(cx, cy)), "startRadius": 0, "endRadius": fmt(r)}}


def git_show(suite, path, binary=False):
    out = subprocess.run(["git", "-C", suite, "show", f"HEAD:{path}"], capture_output=True, check=True).stdout
    return out if binary else out.decode("utf-8")


def main():
    suite = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
    cases = os.path.join(out, "cases")
    os.makedirs(cases, exist_ok=True)
    for name in os.listdir(cases):
        os.remove(os.path.join(cases, name))
    listing = subprocess.run(["git", "-C", suite, "ls-tree", "-r", "--name-only", "HEAD", "tests"],
                             capture_output=True, check=True, text=True).stdout.split()
    rows = []
    for category in CATEGORIES:
        for path in sorted(p for p in listing if p.startswith(f"tests/{category}/") and p.endswith(".svg")):
            name = category.replace("/", "--") + "--" + os.path.basename(path)[:-4]
            png = path[:-4] + ".png"
            try:
                if png not in listing:
                    raise Skip("no reference", "no PNG")
                text = git_show(suite, path)
                if re.search(r"<!ENTITY|<style|\bclass=|xml:space|<!DOCTYPE", text):
                    raise Skip("CSS", "stylesheet, class, entity or doctype")
                root = ET.fromstring(text)
                timeline = Translator(root).document()
            except Skip as skip:
                rows.append([name, "skipped", skip.category, skip.detail])
                continue
            except ET.ParseError as error:
                rows.append([name, "skipped", "malformed XML", str(error)])
                continue
            with open(os.path.join(cases, name + ".json"), "w") as f:
                json.dump(timeline, f, indent=1)
                f.write("\n")
            with open(os.path.join(cases, name + ".png"), "wb") as f:
                f.write(git_show(suite, png, binary=True))
            rows.append([name, "translated", "", ""])
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["case", "status", "reason", "detail"])
        writer.writerows(rows)
    translated = sum(1 for r in rows if r[1] == "translated")
    print(f"{len(rows)} considered, {translated} translated, {len(rows) - translated} skipped")


if __name__ == "__main__":
    main()
