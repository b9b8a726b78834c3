import Geometry
import Motion
import Raster
import Scene

/// Reads a timeline file (format version 1) into a `TimelineDocument`.
///
/// Every error names the JSON path and line:column of what is wrong; unknown keys
/// are errors. Limits protect the machine from absurd requests and can be raised.
public struct TimelineLoader {
    /// Largest canvas in device pixels.
    public var maxPixels = 8192 * 8192
    /// Largest number of frames.
    public var maxFrames = 100_000
    /// Deepest view nesting.
    public var maxDepth = 64

    public init() {}

    /// Loads the timeline in `bytes`.
    public func load(_ bytes: [UInt8]) throws(TimelineError) -> TimelineDocument {
        let root = try JSONParser.parse(bytes)
        return try decode(root)
    }

    static let topLevelKeys = ["version", "size", "scale", "fps", "duration", "background", "params", "animations", "scene"]

    func decode(_ root: JSONNode) throws(TimelineError) -> TimelineDocument {
        let top = try root.object(allowedKeys: Self.topLevelKeys)
        if let version = top.optional("version") {
            let v = try version.number()
            guard v == 1 else { throw version.error("unsupported format version \(JSONNode.format(v)) (this is version 1)") }
        }
        let sizeNode = try top.required("size")
        let sizeItems = try sizeNode.array(count: 2)
        let size = Size(width: try sizeItems[0].number(), height: try sizeItems[1].number())
        guard size.width > 0, size.height > 0 else { throw sizeNode.error("size must be positive") }
        var scale = 1.0
        if let node = top.optional("scale") {
            scale = try node.number()
            guard scale > 0, scale <= 16 else { throw node.error("scale must be greater than 0 and at most 16") }
        }
        let pixels = (size.width * scale).rounded() * (size.height * scale).rounded()
        guard pixels <= Double(maxPixels) else {
            throw sizeNode.error("the canvas is \(Int(pixels)) pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)")
        }
        var fps = 30
        if let node = top.optional("fps") {
            let v = try node.number()
            guard v >= 1, v <= 240, v == v.rounded() else { throw node.error("fps must be a whole number from 1 to 240") }
            fps = Int(v)
        }
        let durationNode = try top.required("duration")
        let duration = try durationNode.number()
        guard duration > 0 else { throw durationNode.error("duration must be positive") }
        guard duration * Double(fps) <= Double(maxFrames) else {
            throw durationNode.error("\(Int((duration * Double(fps)).rounded())) frames is more than the limit of \(maxFrames) (raise it with --max-frames)")
        }
        var background = Color.white
        if let node = top.optional("background") { background = try ColorSyntax.color(node) }

        var scope = Scope()
        var params: [TimelineDocument.Param] = []
        if let node = top.optional("params") {
            for member in try node.members() {
                let initial = try Self.paramValue(member.value)
                guard Self.isIdentifier(member.key), !Scope.reservedNames.contains(member.key) else {
                    throw TimelineError("\"\(member.key)\" cannot be a param name (use letters, digits and _, not a built-in name)", path: member.value.path, location: member.keyLocation)
                }
                let slot = params.reduce(0) { $0 + $1.count }
                params.append(.init(name: member.key, slot: slot, count: initial.count, value: AnimatedValue(initial: initial)))
                if initial.count == 1 { scope.params[member.key] = slot }
            }
        }
        var entries: [TimelineDocument.AnimationEntry] = []
        if let node = top.optional("animations") {
            var decoded: [(at: Double, index: Int, node: JSONNode, param: Int, to: [Double], animation: Animation)] = []
            for (i, item) in try node.array().enumerated() {
                let obj = try item.object(allowedKeys: ["param", "at", "to", "curve"])
                let paramNode = try obj.required("param")
                let names = params.map(\.name)
                let name = try paramNode.keyword(among: names, kind: "param")
                let index = names.firstIndex(of: name)!
                var at = 0.0
                if let atNode = obj.optional("at") {
                    at = try atNode.number()
                    guard at >= 0 else { throw atNode.error("at must not be negative") }
                }
                let toNode = try obj.required("to")
                let to = try Self.paramValue(toNode)
                guard to.count == params[index].count else {
                    throw toNode.error("param \"\(name)\" has \(params[index].count) component(s), this value has \(to.count)")
                }
                let curveNode = try obj.required("curve")
                let curve = try curveNode.string()
                let animation: Animation
                do {
                    animation = try Animation(parsing: curve)
                } catch {
                    throw TimelineError(error.message, path: curveNode.path, location: Self.location(in: curveNode, offset: error.offset))
                }
                decoded.append((at, i, item, index, to, animation))
                entries.append(.init(param: name, at: at, curve: curve))
            }
            // State changes apply in time order; ties keep the order written.
            decoded.sort { ($0.at, $0.index) < ($1.at, $1.index) }
            for d in decoded {
                params[d.param].value.animate(to: d.to, at: d.at, with: d.animation)
            }
        }
        let sceneNode = try top.required("scene")
        var decoder = SceneDecoder(scope: scope, maxDepth: maxDepth)
        let rootView = try decoder.view(sceneNode, depth: 0)
        let scene = Scene(size: size, scale: scale, background: background, root: rootView)
        return TimelineDocument(scene: scene, fps: fps, duration: duration, params: params, animations: entries)
    }

    /// A param value: a number, an array of numbers, or a colour (premultiplied RGBA, 4 components).
    static func paramValue(_ node: JSONNode) throws(TimelineError) -> [Double] {
        switch node.value {
        case .number(let v): return [v]
        case .array(let items):
            guard !items.isEmpty else { throw node.error("a vector param needs at least one number") }
            var values: [Double] = []
            for item in items { values.append(try item.number()) }
            return values
        case .string:
            let c = try ColorSyntax.color(node)
            return [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
        default:
            throw node.typeMismatch(expected: "a number, an array of numbers or a colour")
        }
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The source location of the `offset`-th character of a string node's text
    /// (skipping the opening quote), assuming the string has no escapes before it.
    static func location(in node: JSONNode, offset: Int) -> SourceLocation {
        SourceLocation(line: node.location.line, column: node.location.column + 1 + offset)
    }
}
