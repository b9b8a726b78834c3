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

    /// Loads the timeline in `bytes`, throwing its first error.
    public func load(_ bytes: [UInt8]) throws(TimelineError) -> TimelineDocument {
        let report = check(bytes)
        if let first = report.errors.first { throw first }
        return report.document!
    }

    /// Reads the timeline in `bytes` and reports every error found, in the order
    /// found, and every warning; the document when there is no error.
    ///
    /// A syntax error stops the reading; any other error leaves out the part it
    /// is in (a top-level key, a param, an animation, a view, a modifier) and the
    /// rest is read, so errors that follow from an earlier one are rare but possible.
    public func check(_ bytes: [UInt8]) -> TimelineReport {
        let jsonDepth = documentDepth
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maxDepth: jsonDepth)
        } catch where error.message == "nesting deeper than \(jsonDepth) levels" {
            return TimelineReport(errors: [TimelineError(error.message + " (raise it with --max-depth)", path: error.path, location: error.location)])
        } catch {
            return TimelineReport(errors: [error])
        }
        return check(root: root)
    }

    static let topLevelKeys = FormatTables.topLevel.map(\.name)

    /// The document, or `nil` when an error leaves out a part it needs; every
    /// error is recorded in `diagnostics`, and one is thrown only when the file
    /// is not an object.
    func decode(_ root: JSONNode, _ diagnostics: Diagnostics) throws(TimelineError) -> TimelineDocument? {
        let top = try diagnostics.object(root, allowedKeys: Self.topLevelKeys)
        if let schema = top.optional("$schema") { _ = diagnostics.recover { () throws(TimelineError) in try schema.string() } }
        if let version = top.optional("version") {
            _ = diagnostics.recover { () throws(TimelineError) in
                let v = try version.number()
                guard v == 1 else { throw version.error("unsupported format version \(JSONNode.format(v)) (this is version 1)") }
            }
        }
        // A value in error is replaced by its default so that the rest can be checked.
        let size = diagnostics.recover { () throws(TimelineError) -> Size in
            let sizeNode = try top.required("size")
            let sizeItems = try sizeNode.array(count: 2)
            let size = Size(width: try sizeItems[0].number(), height: try sizeItems[1].number())
            guard size.width > 0, size.height > 0 else { throw sizeNode.error("size must be positive") }
            return size
        } ?? Size(width: 1, height: 1)
        let scale = diagnostics.recover { () throws(TimelineError) -> Double in
            guard let node = top.optional("scale") else { return 1 }
            let scale = try node.number()
            guard scale > 0, scale <= 16 else { throw node.error("scale must be greater than 0 and at most 16") }
            return scale
        } ?? 1
        let pixels = (size.width * scale).rounded() * (size.height * scale).rounded()
        if pixels > Double(maxPixels), let sizeNode = top.optional("size") {
            diagnostics.record(sizeNode.error("the canvas is \(Self.count(pixels)) pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)"))
        }
        let fps = diagnostics.recover { () throws(TimelineError) -> Int in
            guard let node = top.optional("fps") else { return 30 }
            let v = try node.number()
            guard v >= 1, v <= 240, v == v.rounded() else { throw node.error("fps must be a whole number from 1 to 240") }
            return Int(v)
        } ?? 30
        let duration = diagnostics.recover { () throws(TimelineError) -> Double in
            let durationNode = try top.required("duration")
            let duration = try durationNode.number()
            guard duration > 0 else { throw durationNode.error("duration must be positive") }
            guard duration * Double(fps) <= Double(maxFrames) else {
                throw durationNode.error("\(Self.count(duration * Double(fps))) frames is more than the limit of \(maxFrames) (raise it with --max-frames)")
            }
            return duration
        }
        var background = Color.white
        if let node = top.optional("background") { background = diagnostics.recover { () throws(TimelineError) in try ColorSyntax.color(node) } ?? background }

        var scope = Scope()
        scope.maxExpressionLength = maxExpressionLength
        var params: [TimelineDocument.Param] = []
        if let node = top.optional("params"), let members = diagnostics.recover({ () throws(TimelineError) in try node.members() }) {
            var slot = 0
            for member in members {
                // A param whose value is in error is still declared (as a number), so
                // that what reads it is checked without an error of its own.
                let initial = diagnostics.recover { () throws(TimelineError) in try Self.paramValue(member.value) } ?? [0]
                guard Self.isIdentifier(member.key), !Scope.reservedNames.contains(member.key) else {
                    diagnostics.record(TimelineError("\"\(member.key)\" cannot be a param name (use letters, digits and _, not a built-in name)", path: member.value.path, location: member.keyLocation))
                    continue
                }
                params.append(.init(name: member.key, slot: slot, count: initial.count, value: AnimatedValue(initial: initial)))
                let kind: Transactions.Kind
                if case .string = member.value.value {
                    scope.colorParams[member.key] = slot
                    kind = .color
                } else if case .array = member.value.value, initial.count > 1 {
                    scope.vectorParams[member.key] = (slot, initial.count)
                    kind = .vector
                } else {
                    scope.params[member.key] = slot
                    kind = .number
                }
                scope.transactions.sources[member.key] = .init(index: params.count - 1, slot: slot, count: initial.count, kind: kind)
                slot += initial.count
            }
        }
        if let node = top.optional("constants") {
            let names = Set(params.map(\.name))
            scope.constants = diagnostics.recover { () throws(TimelineError) in try ConstantSyntax.constants(node, reserved: names.contains) } ?? [:]
        }
        for (name, text) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let index = params.firstIndex(where: { $0.name == name }) else {
                var message = "--set \(name): the timeline has no param \"\(name)\""
                if let s = suggestion(for: name, among: params.map(\.name)) { message += " (did you mean \"\(s)\"?)" }
                diagnostics.record(TimelineError(message))
                continue
            }
            guard let value = Self.overrideValue(text), value.count == params[index].count else {
                diagnostics.record(TimelineError("--set \(name)=\(text): expected \(params[index].count == 1 ? "a number" : "\(params[index].count) numbers separated by commas, or a colour")"))
                continue
            }
            params[index].value = AnimatedValue(initial: value)
        }
        var animated: [(param: Int, item: JSONNode)] = []
        var changes: [(at: Double, index: Int, param: Int, change: Change)] = []
        if let node = top.optional("animations"), let items = diagnostics.recover({ () throws(TimelineError) in try node.array() }) {
            let names = params.map(\.name)
            let indices = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for (i, item) in items.enumerated() {
                let change = diagnostics.recover { () throws(TimelineError) -> (Double, Int, Change) in
                    let obj = try diagnostics.object(item, allowedKeys: FormatTables.animation.keys)
                    let paramNode = try obj.required("param")
                    // A dictionary finds the param; the list of names only words the error.
                    let text = try paramNode.string()
                    let name = indices[text] != nil ? text : try paramNode.keyword(among: names, kind: "param")
                    let index = indices[name]!
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
                        return (at, index, .keyframes(try KeyframeSyntax.track(keyframesNode, count: count)))
                    }
                    let toNode = try obj.required("to")
                    let to = try Self.paramValue(toNode)
                    guard to.count == count else {
                        throw toNode.error("param \"\(name)\" has \(count) component(s), this value has \(to.count)")
                    }
                    return (at, index, .animate(to, try Self.animation(try obj.required("curve"))))
                }
                if let (at, index, change) = change {
                    changes.append((at, i, index, change))
                    animated.append((index, item))
                    if let duration { AnimationWarnings.check(change, at: at, duration: duration, item: item, into: diagnostics) }
                }
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
        scope.transactions.nextSlot = params.reduce(0) { $0 + $1.count }
        var decoder = SceneDecoder(
            scope: scope, maxDepth: maxDepth, fonts: FontLibrary(), images: ImageFiles(reader: imageReader, baseDirectory: baseDirectory),
            diagnostics: diagnostics)
        if let node = top.optional("paints"), let members = diagnostics.recover({ () throws(TimelineError) in try node.members() }) {
            for member in members {
                guard Self.isIdentifier(member.key), ColorSyntax.parse(member.key) == nil, Material(rawValue: member.key) == nil else {
                    diagnostics.record(TimelineError("\"\(member.key)\" cannot name a paint (use letters, digits and _, not a colour or material name)", path: member.value.path, location: member.keyLocation))
                    continue
                }
                if let paint = diagnostics.recover({ () throws(TimelineError) in try decoder.paint(member.value) }) {
                    decoder.paints[member.key] = paint
                }
            }
        }
        let rootView = diagnostics.recover { () throws(TimelineError) in try decoder.view(try top.required("scene"), depth: 0) }
        // A derived param read under an `animation` modifier reads the param it follows.
        for d in scope.transactions.derived where (d.slot..<d.slot + d.count).contains(where: decoder.scope.reads.slots.contains) {
            decoder.scope.reads.slots.insert(params[d.source].slot)
        }
        AnimationWarnings.checkReads(params: params, animated: animated, reads: decoder.scope.reads, into: diagnostics)
        guard let rootView, let duration else { return nil }
        let scene = ResolvedScene(size: size, scale: scale, background: background, root: rootView, readsTime: decoder.scope.time.isRead)
        var document = TimelineDocument(scene: scene, fps: fps, duration: duration, params: params)
        for d in scope.transactions.derived {
            let source = params[d.source]
            var value = AnimatedValue(initial: source.value.initialValue)
            for c in changes where c.param == d.source {
                switch c.change {
                case .animate(let to, _): value.animate(to: to, at: c.at, with: d.animation)
                case .keyframes(let track): value.play(track, at: c.at)
                }
            }
            document.derivedParams.append(.init(name: source.name, slot: d.slot, count: d.count, value: value))
        }
        return document
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
    /// (skipping the opening quote, if any), assuming the string has no escapes before it.
    static func location(in node: JSONNode, offset: Int) -> SourceLocation {
        SourceLocation(line: node.location.line, column: node.location.column + node.openingLength + offset)
    }
}
