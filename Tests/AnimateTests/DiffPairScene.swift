import Foundation

/// The small timeline the diff pair suite changes one value at a time: a spinner (a
/// trimmed circle stroked with round caps), a card (a rounded rectangle filled with a
/// gradient, a bold title on it), a grey subtitle under it, and a dot sliding across the
/// bottom at 20 px a frame (the moving object that shows a timing change), 240 × 160 px
/// at 10 fps for 0.6 s.
struct DiffPairScene {
    var spinnerWidth = 14.0
    var spinnerColor = "#3478F6"
    var spinnerOffset = (x: 0.0, y: 0.0)
    var cornerRadius = 20.0
    var gradient = ["#FF6AA2", "#FFB36A"]
    var cardOffset = (x: 0.0, y: 0.0)
    var cardRotation = 0.0
    var cardScale = 1.0
    var title = "Hello"
    var titleOffset = (x: 0.0, y: 0.0)
    var subtitle = "Ready to go"
    var subtitleColor = "#6E6E78"
    /// When the dot starts to slide, in seconds.
    var slideStart = 0.1
    /// Added to every element's offset: a shift of the whole drawing.
    var shift = (x: 0.0, y: 0.0)

    /// The timeline's JSON text.
    var json: String {
        """
        {
          "version": 1, "size": [240, 160], "fps": 10, "duration": 0.6, "background": "white",
          "params": { "slide": 0 },
          "animations": [ { "param": "slide", "at": \(slideStart), "to": 1, "curve": "linear(duration: 0.45)" } ],
          "scene": { "zstack": [
            { "circle": {}, "modifiers": [
                { "trim": { "from": 0, "to": 0.7 } },
                { "stroke": { "paint": "\(spinnerColor)", "lineWidth": \(spinnerWidth), "lineCap": "round" } },
                { "frame": { "width": 60, "height": 60 } },
                { "rotationEffect": 30 },
                { "offset": { "x": \(-70 + spinnerOffset.x + shift.x), "y": \(-28 + spinnerOffset.y + shift.y) } } ] },
            { "zstack": [
                { "roundedRectangle": { "cornerRadius": \(cornerRadius) }, "modifiers": [
                    { "fill": { "linearGradient": { "colors": ["\(gradient[0])", "\(gradient[1])"], "startPoint": [0, 0], "endPoint": [1, 1] } } },
                    { "frame": { "width": 112, "height": 64 } } ] },
                { "text": { "string": "\(title)", "font": { "size": 20, "weight": "bold" } }, "modifiers": [
                    { "foregroundStyle": "white" }, { "offset": { "x": \(titleOffset.x), "y": \(titleOffset.y) } } ] } ],
              "modifiers": [
                { "rotationEffect": \(cardRotation) }, { "scaleEffect": \(cardScale) },
                { "offset": { "x": \(50 + cardOffset.x + shift.x), "y": \(-30 + cardOffset.y + shift.y) } } ] },
            { "text": { "string": "\(subtitle)", "font": { "size": 14 } }, "modifiers": [
                { "foregroundStyle": "\(subtitleColor)" }, { "offset": { "x": \(50 + shift.x), "y": \(22 + shift.y) } } ] },
            { "circle": {}, "modifiers": [
                { "fill": "#34C759" }, { "frame": { "width": 14, "height": 14 } },
                { "offset": { "x": "=-90 + slide * 180 + \(shift.x)", "y": \(58 + shift.y) } } ] }
          ] }
        }
        """
    }

    /// Even-odd ellipses `(cx, cy, rx, ry, r, g, b)` on a white 120 × 90 canvas, one path per
    /// run of one colour, in the form Tests/FrameDiffTests/Reference/blend2d_ellipses.py takes.
    static func ellipses(_ ellipses: [(Double, Double, Double, Double, Int, Int, Int)]) -> String {
        var runs: [[(Double, Double, Double, Double, Int, Int, Int)]] = []
        for e in ellipses {
            if let last = runs.last?.last, (last.4, last.5, last.6) == (e.4, e.5, e.6) {
                runs[runs.count - 1].append(e)
            } else {
                runs.append([e])
            }
        }
        let paths = runs.map { run in
            let commands = run.map { "[\"ellipse\", \($0.0 - $0.2), \($0.1 - $0.3), \(2 * $0.2), \(2 * $0.3)]" }.joined(separator: ", ")
            return """
                { "path": { "commands": [\(commands)] }, "modifiers": [
                    { "fill": { "paint": "rgb(\(run[0].4), \(run[0].5), \(run[0].6))", "eoFill": true } } ] }
                """
        }
        return """
            { "version": 1, "size": [120, 90], "fps": 10, "duration": 0.1, "background": "white",
              "scene": { "zstack": [ \(paths.joined(separator: ", ")) ] } }
            """
    }

    /// The ellipse scenes of the Blend2D comparison (as in FrameDiffTests' EdgeShiftTests).
    static let blend2DScenes: [(String, [(Double, Double, Double, Double, Int, Int, Int)])] = [
        ("rings", [(60, 45, 40, 30, 0, 90, 200), (60, 45, 28, 20, 0, 90, 200), (60, 45, 14, 9, 0, 90, 200)]),
        ("thin rings", [(60, 45, 30, 22, 20, 20, 20), (60, 45, 28.8, 20.8, 20, 20, 20), (60, 45, 20.3, 14.1, 20, 20, 20), (60, 45, 19.5, 13.3, 20, 20, 20), (30, 20, 6.2, 6.2, 20, 20, 20), (30, 20, 5.4, 5.4, 20, 20, 20)]),
        ("overlap", [(45, 45, 30, 24, 200, 40, 40), (75, 45, 30, 24, 200, 40, 40), (60, 30, 12, 30.5, 30, 30, 30)]),
    ]
}
