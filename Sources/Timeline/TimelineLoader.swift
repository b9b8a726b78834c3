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
    /// Deepest nesting of views and modifiers (each modifier wraps its view in
    /// one more level); the JSON itself may nest four times as deep (at least 256 levels).
    public var maxDepth = 128
    /// Longest `=`-expression, in characters after the `=`.
    public var maxExpressionLength = ExpressionParser.defaultMaxLength
    /// Reads an image file (PNG or JPEG) into a pixmap; the command line gives
    /// one that decodes through FFmpeg. Without it, `image` views are errors.
    public var imageReader: (@Sendable (String) throws -> Pixmap)?
    /// The folder image paths are relative to: the timeline file's folder.
    public var baseDirectory = "."

    /// Param values that replace the timeline's own (`--set name=value`): a
    /// number, numbers separated by commas for a vector, or a colour.
    public var overrides: [String: String] = [:]

    public init() {}

    /// Loads the timeline in `bytes`.
    public func load(_ bytes: [UInt8]) throws(TimelineError) -> TimelineDocument {
        // A view level takes up to four JSON levels (modifiers, modifier, its
        // argument, content), so the JSON limit follows the view limit.
        let (product, overflow) = maxDepth.multipliedReportingOverflow(by: 4)
        let jsonDepth = max(JSONParser.defaultMaxDepth, overflow ? .max : product + 8)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maxDepth: jsonDepth)
        } catch where error.message == "nesting deeper than \(jsonDepth) levels" {
            throw TimelineError(error.message + " (raise it with --max-depth)", path: error.path, location: error.location)
        }
        return try decode(root)
    }

    static let topLevelKeys = ["version", "size", "scale", "fps", "duration", "background", "params", "paints", "animations", "scene"]

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
            throw sizeNode.error("the canvas is \(Self.count(pixels)) pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)")
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
            throw durationNode.error("\(Self.count(duration * Double(fps))) frames is more than the limit of \(maxFrames) (raise it with --max-frames)")
        }
        var background = Color.white
        if let node = top.optional("background") { background = try ColorSyntax.color(node) }

        var scope = Scope()
        scope.maxExpressionLength = maxExpressionLength
        var params: [TimelineDocument.Param] = []
        var slots = 0
        if let node = top.optional("params") {
            for member in try node.members() {
                let initial = try Self.paramValue(member.value)
                guard Self.isIdentifier(member.key), !Scope.reservedNames.contains(member.key) else {
                    throw TimelineError("\"\(member.key)\" cannot be a param name (use letters, digits and _, not a built-in name)", path: member.value.path, location: member.keyLocation)
                }
                let slot = slots
                slots += initial.count
                params.append(.init(name: member.key, slot: slot, count: initial.count, value: AnimatedValue(initial: initial)))
                if initial.count == 1 { scope.params[member.key] = slot }
                if case .string = member.value.value { scope.colorParams[member.key] = slot }
            }
        }
        for (name, text) in overrides {
            guard let index = params.firstIndex(where: { $0.name == name }) else {
                var message = "--set \(name): the timeline has no param \"\(name)\""
                if let s = suggestion(for: name, among: params.map(\.name)) { message += " (did you mean \"\(s)\"?)" }
                throw TimelineError(message)
            }
            guard let value = Self.overrideValue(text), value.count == params[index].count else {
                throw TimelineError("--set \(name)=\(text): expected \(params[index].count == 1 ? "a number" : "\(params[index].count) numbers separated by commas, or a colour")")
            }
            params[index].value = AnimatedValue(initial: value)
        }
        if let node = top.optional("animations") {
            var changes: [(at: Double, index: Int, param: Int, change: Change)] = []
            let names = params.map(\.name)
            let indices = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for (i, item) in try node.array().enumerated() {
                let obj = try item.object(allowedKeys: ["param", "at", "to", "curve", "keyframes"])
                let paramNode = try obj.required("param")
                guard let index = try indices[paramNode.string()] else {
                    _ = try paramNode.keyword(among: names, kind: "param")
                    continue
                }
                let count = params[index].count
                var at = 0.0
                if let atNode = obj.optional("at") {
                    at = try atNode.number()
                    guard at >= 0 else { throw atNode.error("at must not be negative") }
                }
                if let keyframesNode = obj.optional("keyframes") {
                    for key in ["to", "curve"] where obj.contains(key) {
                        throw TimelineError("an animation has either \"keyframes\" or \"to\" and \"curve\", not both", path: item.path, location: obj.member(key)!.keyLocation)
                    }
                    let track = try KeyframeSyntax.track(keyframesNode, count: count)
                    changes.append((at, i, index, .keyframes(track)))
                    continue
                }
                let toNode = try obj.required("to")
                let to = try Self.paramValue(toNode)
                guard to.count == count else {
                    throw toNode.error("param \"\(names[index])\" has \(count) component(s), this value has \(to.count)")
                }
                let curveNode = try obj.required("curve")
                let animation = try Self.animation(curveNode)
                changes.append((at, i, index, .animate(to, animation)))
            }
            // State changes apply in time order; ties keep the order written.
            changes.sort { ($0.at, $0.index) < ($1.at, $1.index) }
            for c in changes {
                switch c.change {
                case .animate(let to, let animation): params[c.param].value.animate(to: to, at: c.at, with: animation)
                case .keyframes(let track): params[c.param].value.play(track, at: c.at)
                }
            }
        }
        let sceneNode = try top.required("scene")
        var decoder = SceneDecoder(scope: scope, maxDepth: maxDepth, fonts: FontLibrary(), images: ImageFiles(reader: imageReader, baseDirectory: baseDirectory))
        if let node = top.optional("paints") {
            for member in try node.members() {
                guard Self.isIdentifier(member.key), ColorSyntax.parse(member.key) == nil, Material(rawValue: member.key) == nil else {
                    throw TimelineError("\"\(member.key)\" cannot name a paint (use letters, digits and _, not a colour or material name)", path: member.value.path, location: member.keyLocation)
                }
                decoder.paints[member.key] = try decoder.paint(member.value)
            }
        }
        let rootView = try decoder.view(sceneNode, depth: 0)
        let scene = ResolvedScene(size: size, scale: scale, background: background, root: rootView, readsTime: decoder.scope.time.isRead)
        return TimelineDocument(scene: scene, fps: fps, duration: duration, params: params)
    }

    enum Change {
        case animate([Double], Animation)
        case keyframes(KeyframeTrack)
    }

    /// A curve string in SwiftUI's spelling, such as `"easeInOut(duration: 2)"`.
    static func animation(_ node: JSONNode) throws(TimelineError) -> Animation {
        let curve = try node.string()
        do {
            return try Animation(parsing: curve)
        } catch {
            throw TimelineError(error.message, path: node.path, location: location(in: node, offset: error.offset))
        }
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

    /// A count for a message: a whole number while it fits an `Int`, else scientific notation.
    static func count(_ x: Double) -> String {
        let rounded = x.rounded()
        if let n = Int(exactly: rounded), abs(rounded) < 1e15 { return String(n) }
        return "\(x)"
    }

    /// A `--set` value: a number, comma-separated numbers, or a colour (premultiplied RGBA).
    static func overrideValue(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0).trimmingSpaces) }
        if !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) { return parts.map { $0! } }
        guard let c = ColorSyntax.parse(text) else { return nil }
        return [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
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
