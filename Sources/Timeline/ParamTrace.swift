/// Every param's value at every frame: motion that can be reviewed and diffed
/// apart from pixels.
///
/// Values are the presentation values the renderer sees (animations applied),
/// sampled at `t = n / fps`; numbers are written in Swift's shortest form that
/// reads back to the same `Double`.
public struct ParamTrace: Sendable, Equatable {
    /// Frames per second of the sampling.
    public var fps: Int
    /// Param names in declaration order.
    public var names: [String]
    /// `values[p][n]` is param `p`'s components at frame `n`.
    public var values: [[[Double]]]
    /// The number of frames sampled.
    public var frameCount: Int

    /// Samples every param of `document` at each of its frames.
    public init(document: TimelineDocument) {
        fps = document.fps
        names = document.params.map(\.name)
        let frames = document.frameCount
        frameCount = frames
        values = document.params.map { p in
            (0..<frames).map { n in p.value.value(at: document.time(ofFrame: n)) }
        }
    }

    /// CSV: a header `frame,t,name…` (vector components as `name[i]`), then one row per frame.
    public func csv() -> String {
        var header = ["frame", "t"]
        for (p, name) in names.enumerated() {
            let count = values[p].first?.count ?? 1
            header += count == 1 ? [name] : (0..<count).map { "\(name)[\($0)]" }
        }
        var lines = [header.joined(separator: ",")]
        for n in 0..<frameCount {
            var row = [String(n), Self.format(Double(n) / Double(fps))]
            for p in values.indices { row += values[p][n].map(Self.format) }
            lines.append(row.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: `{"fps": 30, "frames": N, "params": {"name": [v0, v1, …]}}`, a vector
    /// param's entries being arrays.
    public func json() -> String {
        var parts: [String] = []
        for (p, name) in names.enumerated() {
            let series = values[p].map { v in v.count == 1 ? Self.format(v[0]) : "[" + v.map(Self.format).joined(separator: ", ") + "]" }
            parts.append("    \(Self.quote(name)): [" + series.joined(separator: ", ") + "]")
        }
        return "{\n  \"fps\": \(fps),\n  \"frames\": \(frameCount),\n  \"params\": {\n" + parts.joined(separator: ",\n") + "\n  }\n}\n"
    }

    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
