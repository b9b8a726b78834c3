import Foundation

/// An animated scene for the whole-pipeline measurements: translucent circles and
/// rectangles drifting across a white 1920×1080 canvas for 300 frames, written both
/// as a timeline (for `animate`) and as a shape list (for `reference-frames.py`,
/// which draws the same frames with Blend2D). A fixed seed makes every run alike.
///
/// The timeline drives one param, `p`, linearly from 0 to 1 over the duration, so
/// frame n has p = n / frames; each shape is centred at (x + dx·p, y + dy·p) from the
/// canvas centre, which is where a `zstack` puts an offset child.
struct PipelineScene {
    struct Shape {
        var circle: Bool
        var x, y, dx, dy, width, height: Double
        var rgba: (r: Int, g: Int, b: Int, a: Double)
    }

    let width = 1920, height = 1080, fps = 30
    var frames: Int
    var shapes: [Shape] = []

    /// `circles` circles and `rectangles` rectangles; `frames` frames at 30 fps.
    init(frames: Int = 300, circles: Int = 48, rectangles: Int = 24) {
        self.frames = frames
        var state: UInt64 = 0x2545F4914F6CDD1D
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for k in 0..<(circles + rectangles) {
            let circle = k < circles
            let w = random(60...260), h = circle ? w : random(40...200)
            shapes.append(Shape(
                circle: circle,
                x: random(-800...800), y: random(-420...420), dx: random(-500...500), dy: random(-300...300),
                width: w, height: h,
                rgba: (Int(random(0...255)), Int(random(0...255)), Int(random(0...255)), (random(0.45...0.9) * 100).rounded() / 100)))
        }
    }

    var duration: Double { Double(frames) / Double(fps) }

    /// The timeline `animate` renders.
    func timeline() -> String {
        let children = shapes.map { s -> String in
            let colour = String(format: "#%02X%02X%02X%02X", s.rgba.r, s.rgba.g, s.rgba.b, Int((s.rgba.a * 255).rounded()))
            return """
              {"\(s.circle ? "circle" : "rectangle")": {}, "modifiers": [{"fill": "\(colour)"}, \
            {"frame": {"width": \(s.width), "height": \(s.height)}}, \
            {"offset": {"x": "=\(s.x) + \(s.dx) * p", "y": "=\(s.y) + \(s.dy) * p"}}]}
            """
        }
        return """
        {"version": 1, "size": [\(width), \(height)], "fps": \(fps), "duration": \(duration), "background": "white",
         "params": {"p": 0},
         "animations": [{"param": "p", "at": 0, "to": 1, "curve": "linear(duration: \(duration))"}],
         "scene": {"zstack": [
        \(children.joined(separator: ",\n"))
        ]}}

        """
    }

    /// The same frames for `reference-frames.py`: shapes in device pixels with their motion.
    func referenceJSON() -> String {
        let items = shapes.map { s in
            "{\"circle\":\(s.circle),\"x\":\(Double(width) / 2 + s.x),\"y\":\(Double(height) / 2 + s.y),\"dx\":\(s.dx),\"dy\":\(s.dy),"
                + "\"width\":\(s.width),\"height\":\(s.height),\"rgba\":[\(s.rgba.r),\(s.rgba.g),\(s.rgba.b),\(Int((s.rgba.a * 255).rounded()))]}"
        }
        return "{\"width\":\(width),\"height\":\(height),\"frames\":\(frames),\"shapes\":[\(items.joined(separator: ","))]}\n"
    }
}
