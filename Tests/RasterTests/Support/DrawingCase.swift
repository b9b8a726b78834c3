import Foundation
import Geometry
import Raster

/// One drawing operation of a test scene, replayable on our canvas and describable
/// to the reference renderer (Reference/blend2d_render.py).
enum DrawOp {
    case fill(Path, AffineTransform, Paint, FillRule, antialiased: Bool)
    case stroke(Path, AffineTransform, Paint, StrokeStyle)
    case pushClip(Path, AffineTransform, FillRule, antialiased: Bool)
    case popClip
    case beginLayer
    case endLayer(opacity: Double, blendMode: BlendMode)
}

/// A scene: a canvas size, a background and operations; `category` picks the thresholds.
struct DrawingCase {
    enum Category: String, CaseIterable {
        case fill, stroke
    }

    var name: String
    var category: Category
    var width = 128, height = 128
    var background = Color.clear
    var ops: [DrawOp]

    func render() -> Pixmap {
        let canvas = Canvas(width: width, height: height, background: background)
        for op in ops {
            switch op {
            case .fill(let path, let t, let paint, let rule, let aa):
                canvas.fill(path, transform: t, paint: paint, rule: rule, antialiased: aa)
            case .stroke(let path, let t, let paint, let style):
                canvas.stroke(path, transform: t, paint: paint, style: style)
            case .pushClip(let path, let t, let rule, let aa):
                canvas.pushClip(path, transform: t, rule: rule, antialiased: aa)
            case .popClip:
                canvas.popClip()
            case .beginLayer:
                canvas.beginLayer()
            case .endLayer(let opacity, let mode):
                canvas.endLayer(opacity: opacity, blendMode: mode)
            }
        }
        return canvas.pixmap
    }

    /// The JSON description; image data is written to `directory`.
    func json(directory: URL, output: String) throws -> [String: Any] {
        var images = 0
        func paintJSON(_ paint: Paint) throws -> [String: Any] {
            var out: [String: Any] = ["opacity": paint.opacity, "blend": paint.blendMode.rawValue, "transform": transformJSON(paint.transform)]
            func stops(_ g: Gradient) -> [[Double]] { g.stops.map { [$0.location, $0.color.red, $0.color.green, $0.color.blue, $0.color.alpha] } }
            switch paint.shader {
            case .solid(let c):
                out["type"] = "solid"
                out["color"] = [c.red, c.green, c.blue, c.alpha]
            case .linearGradient(let g, let start, let end):
                out["type"] = "linear"
                out["stops"] = stops(g)
                out["start"] = [start.x, start.y]
                out["end"] = [end.x, end.y]
            case .radialGradient(let g, let center, let r0, let r1):
                out["type"] = "radial"
                out["stops"] = stops(g)
                out["center"] = [center.x, center.y]
                out["startRadius"] = r0
                out["endRadius"] = r1
            case .angularGradient(let g, let center, let a0, _):
                out["type"] = "angular"
                out["stops"] = stops(g)
                out["center"] = [center.x, center.y]
                out["startAngle"] = a0
            case .image(let pixmap, _):
                let file = "\(name).image\(images).rgba"
                images += 1
                try Data(pixmap.data).write(to: directory.appendingPathComponent(file))
                out["type"] = "image"
                out["width"] = pixmap.width
                out["height"] = pixmap.height
                out["data"] = file
            }
            return out
        }
        var list: [[String: Any]] = []
        for op in ops {
            switch op {
            case .fill(let path, let t, let paint, let rule, let aa):
                list.append([
                    "op": "fill", "path": pathJSON(path), "transform": transformJSON(t), "paint": try paintJSON(paint),
                    "rule": rule == .evenOdd ? "evenodd" : "nonzero", "aa": aa,
                ])
            case .stroke(let path, let t, let paint, let style):
                list.append([
                    "op": "stroke", "path": pathJSON(path), "transform": transformJSON(t), "paint": try paintJSON(paint),
                    "stroke": [
                        "width": style.lineWidth, "cap": style.lineCap.rawValue, "join": style.lineJoin.rawValue,
                        "miterLimit": style.miterLimit, "dash": style.dash, "dashPhase": style.dashPhase,
                    ] as [String: Any],
                ])
            case .pushClip(let path, let t, let rule, let aa):
                list.append([
                    "op": "pushClip", "path": pathJSON(path), "transform": transformJSON(t), "rule": rule == .evenOdd ? "evenodd" : "nonzero",
                    "aa": aa,
                ])
            case .popClip:
                list.append(["op": "popClip"])
            case .beginLayer:
                list.append(["op": "beginLayer"])
            case .endLayer(let opacity, let mode):
                list.append(["op": "endLayer", "opacity": opacity, "blend": mode.rawValue])
            }
        }
        return [
            "name": name, "width": width, "height": height, "output": output,
            "background": [background.red, background.green, background.blue, background.alpha], "ops": list,
        ]
    }
}

func transformJSON(_ t: AffineTransform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

func pathJSON(_ path: Path) -> [[Any]] {
    var out: [[Any]] = []
    var i = 0
    for verb in path.verbs {
        let p = path.points
        switch verb {
        case .move:
            out.append(["M", p[i].x, p[i].y])
            i += 1
        case .line:
            out.append(["L", p[i].x, p[i].y])
            i += 1
        case .quad:
            out.append(["Q", p[i].x, p[i].y, p[i + 1].x, p[i + 1].y])
            i += 2
        case .cubic:
            out.append(["C", p[i].x, p[i].y, p[i + 1].x, p[i + 1].y, p[i + 2].x, p[i + 2].y])
            i += 3
        case .close:
            out.append(["Z"])
        }
    }
    return out
}
