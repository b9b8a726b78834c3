import Geometry
import Motion
import Raster
import Scene

/// Decodes the `scene` tree: views, their arguments and their modifier chains.
///
/// A view is an object with one kind key, an optional `id` and an optional
/// `modifiers` list; modifiers wrap the view in order, so the last one is
/// outermost. Shape-only modifiers must come first in a shape's chain.
struct SceneDecoder {
    var scope: Scope
    let maxDepth: Int
    let fonts: FontLibrary
    /// How many copies the enclosing `forEach` views make of what is being decoded.
    var repeats = 1
    /// The font of texts without one of their own: set by a `font` modifier around them.
    var environmentFont: Font?
    /// The timeline's named paints (`"paints"` at the top level).
    var paints: [String: PaintValue] = [:]
    let images: ImageFiles
    /// Where errors inside a view or modifier go, so that its siblings are still read.
    let diagnostics: Diagnostics
    /// Set for the view directly under an `if`, which may have a `transition` modifier.
    var takesTransition = false
    /// The `transition` modifier of that view, once read.
    var foundTransition: Transition?

    static let shapeKinds = [
        "rectangle", "circle", "ellipse", "capsule", "roundedRectangle", "star", "overlappingEllipses",
        "overlappingRectangles", "polygon", "path",
    ]
    static let containerKinds = ["zstack", "vstack", "hstack", "spacer", "color", "text", "image", "scrollView", "forEach"]
    static let viewKinds = FormatTables.views.map(\.name)

    static let modifierNames = FormatTables.modifiers.map(\.name)

    mutating func view(_ node: JSONNode, depth: Int) throws(TimelineError) -> View {
        guard depth < maxDepth else { throw node.error(Self.depthMessage(maxDepth)) }
        let members = try node.members()
        let ownTransition = takesTransition
        takesTransition = false
        if members.contains(where: { $0.key == "if" }) { return try conditional(node, depth: depth) }
        let kindMembers = members.filter { $0.key != "id" && $0.key != "modifiers" }
        guard let kindMember = kindMembers.first else {
            throw node.error("a view needs a kind, such as \"rectangle\" or \"vstack\"")
        }
        if kindMembers.count > 1 {
            let second = kindMembers[1]
            throw TimelineError(
                "a view has one kind, found both \"\(kindMember.key)\" and \"\(second.key)\"", path: node.path, location: second.keyLocation)
        }
        let kind = kindMember.key
        guard Self.viewKinds.contains(kind) else {
            var message = "unknown view \"\(kind)\""
            if let s = suggestion(for: kind, among: Self.viewKinds) { message += " (did you mean \"\(s)\"?)" }
            throw TimelineError(message, path: node.path, location: kindMember.keyLocation)
        }
        if let id = members.first(where: { $0.key == "id" }) { _ = try id.value.string() }
        let args = kindMember.value
        let modifiersMember = members.first(where: { $0.key == "modifiers" })
        var modifiers = try modifiersMember.map { m throws(TimelineError) in try m.value.array() } ?? []
        // Every modifier wraps the view in one more level, which layout and
        // drawing recurse through like a nested view.
        let inner = depth + modifiers.count
        if let modifiersMember, inner >= maxDepth {
            throw TimelineError(Self.depthMessage(maxDepth), path: modifiersMember.value.path, location: modifiersMember.keyLocation)
        }

        // An `animation` modifier changes how the params it names move for the
        // content and the modifiers written before it.
        let outerScope = scope
        defer { scope = outerScope }
        var overrides: [(index: Int, name: String, animation: Animation?, node: JSONNode)] = []
        for (m, item) in modifiers.enumerated() {
            if let member = try? item.members(), member.count == 1, member[0].key == "animation" {
                if let (name, animation) = diagnostics.recover({ () throws(TimelineError) in try animationModifier(member[0].value) }) {
                    overrides.append((m, name, animation, member[0].value))
                }
            }
        }
        // A `font` modifier sets the font of the texts in the content and in the
        // modifiers written before it (the innermost one wins).
        let outerFont = environmentFont
        defer { environmentFont = outerFont }
        var fontModifiers: [(index: Int, font: Font)] = []
        for (m, item) in modifiers.enumerated() {
            if let member = try? item.members(), member.count == 1, member[0].key == "font" {
                if let font = diagnostics.recover({ () throws(TimelineError) in try font(member[0].value) }) { fontModifiers.append((m, font)) }
            }
        }
        var modifierFonts: [Font?] = []
        if !fontModifiers.isEmpty {
            for m in 0...modifiers.count { modifierFonts.append(fontModifiers.first { $0.index >= m }?.font ?? outerFont) }
            environmentFont = modifierFonts[0]
        }
        var modifierScopes: [Scope] = []
        if !overrides.isEmpty {
            for m in 0...modifiers.count {
                var s = outerScope
                for o in overrides.reversed() where o.index >= m { s = s.overriding(o.name, with: o.animation, modifier: o.node)! }
                modifierScopes.append(s)
            }
            scope = modifierScopes[0]
        }

        var result: View
        if Self.shapeKinds.contains(kind) {
            var shapeView = ShapeView(shape: try self.shape(kind, args))
            // Shape-only modifiers come first, in any order.
            while let first = modifiers.first,
                let member = try Self.shapeModifier(
                    first, filledOrStroked: shapeView.fill != nil || !shapeView.strokes.isEmpty || !Self.shapeModifierFollows(modifiers))
            {
                _ = diagnostics.recover { () throws(TimelineError) in
                    if Self.makesShape(member.key, filledOrStroked: false) {
                        return try applyShapeModifier(member, to: &shapeView, depth: inner)
                    }
                    switch member.key {
                    case "fill":
                        guard shapeView.fill == nil else { throw TimelineError("a shape has one fill", path: first.path, location: member.keyLocation) }
                        shapeView.fill = try fill(member.value)
                    case "stroke":
                        shapeView.strokes.append(try stroke(member.value))
                    case "strokeBorder":
                        var border = try stroke(member.value)
                        border.inset = .binary(.divide, border.lineWidth, .constant(2))
                        shapeView.strokes.append(border)
                    case "trim":
                        let obj = try member.value.object(allowedKeys: FormatTables.modifierKeys("trim"))
                        shapeView.trim = (
                            try obj.optional("from").map { n throws(TimelineError) in try scope.number(n) } ?? .constant(0),
                            try obj.optional("to").map { n throws(TimelineError) in try scope.number(n) } ?? .constant(1))
                    default:  // inset
                        shapeView.inset = try scope.number(member.value)
                    }
                }
                modifiers.removeFirst()
                if !modifierScopes.isEmpty { modifierScopes.removeFirst() }
                if !modifierFonts.isEmpty { modifierFonts.removeFirst() }
            }
            result = .shape(shapeView)
        } else {
            switch kind {
            case "zstack", "vstack", "hstack":
                result = .stack(try stack(kind, args, depth: inner))
            case "spacer":
                let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
                result = .spacer(minLength: try obj.optional("minLength").map { n throws(TimelineError) in try scope.number(n) })
            case "color":
                result = .shape(ShapeView(shape: .rectangle, fill: Fill(paint: try paint(args))))
            case "text":
                result = .text(try text(args))
            case "image":
                result = .image(try image(args))
            case "scrollView":
                let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
                var axis = StackAxis.vertical
                if let a = obj.optional("axis") {
                    axis = try a.keyword(among: ["vertical", "horizontal"], kind: "axis") == "vertical" ? .vertical : .horizontal
                }
                let offset = try obj.optional("offset").map { n throws(TimelineError) in try scope.number(n) } ?? .constant(0)
                result = .scrollView(ScrollView(axis: axis, offset: offset, content: try view(try obj.required("content"), depth: inner + 1)))
            case "forEach":
                // Outside a stack the repeated views stand on each other, as in a z-stack.
                result = .stack(StackView(axis: .z, children: try forEach(args, depth: inner)))
            default:  // a gradient as a view fills its frame
                result = .shape(ShapeView(shape: .rectangle, fill: Fill(paint: try gradient(kind, args))))
            }
        }
        // A modifier in error is left out and the others still apply.
        for (m, item) in modifiers.enumerated() {
            if !modifierFonts.isEmpty { environmentFont = modifierFonts[m] }
            // `animation` modifiers were read above, into the scopes.
            if let member = try? item.members(), member.count == 1, member[0].key == "animation" { continue }
            if let member = try? item.members(), member.count == 1, member[0].key == "transition" {
                _ = diagnostics.recover { () throws(TimelineError) in try transitionModifier(member[0], ownTransition: ownTransition) }
                continue
            }
            if !modifierScopes.isEmpty { scope = modifierScopes[m] }
            if let modified = diagnostics.recover({ () throws(TimelineError) in try modifier(item, appliedTo: result, depth: inner) }) {
                result = modified
            }
        }
        return result
    }

    static func depthMessage(_ maxDepth: Int) -> String {
        "views and modifiers are nested more than \(maxDepth) deep (raise it with --max-depth)"
    }

    static let shapeModifiers = ["fill", "stroke", "strokeBorder", "trim", "inset"]

    /// The member of a one-key modifier object if it is a shape-only modifier.
    static func shapeModifier(_ item: JSONNode, filledOrStroked: Bool) throws(TimelineError) -> JSONMember? {
        let members = try item.members()
        guard members.count == 1,
            shapeModifiers.contains(members[0].key) || makesShape(members[0].key, filledOrStroked: filledOrStroked)
        else { return nil }
        return members[0]
    }

    /// `stroke`: a paint, or `{ "paint", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase" }`.
    func stroke(_ node: JSONNode) throws(TimelineError) -> Stroke {
        let styleKeys = FormatTables.modifierKeys("stroke")
        guard case .object = node.value, try node.members().contains(where: { styleKeys.contains($0.key) }) else {
            return Stroke(paint: try paint(node))
        }
        let obj = try node.object(allowedKeys: styleKeys)
        var stroke = Stroke(paint: try paint(obj.optional("paint")))
        if let w = obj.optional("lineWidth") { stroke.lineWidth = try scope.number(w) }
        if let c = obj.optional("lineCap") { stroke.lineCap = LineCap(rawValue: try c.keyword(among: LineCap.allCases.map(\.rawValue), kind: "line cap"))! }
        if let j = obj.optional("lineJoin") { stroke.lineJoin = LineJoin(rawValue: try j.keyword(among: LineJoin.allCases.map(\.rawValue), kind: "line join"))! }
        if let m = obj.optional("miterLimit") { stroke.miterLimit = try scope.number(m) }
        if let d = obj.optional("dash") {
            for item in try d.array() { stroke.dash.append(try scope.number(item)) }
        }
        if let p = obj.optional("dashPhase") { stroke.dashPhase = try scope.number(p) }
        return stroke
    }

    func shape(_ kind: String, _ args: JSONNode) throws(TimelineError) -> Shape {
        switch kind {
        case "rectangle", "circle", "ellipse", "capsule":
            _ = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            return kind == "rectangle" ? .rectangle : kind == "circle" ? .circle : kind == "ellipse" ? .ellipse : .capsule
        case "roundedRectangle":
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            return .roundedRectangle(cornerRadius: try scope.number(try obj.required("cornerRadius")), style: try cornerStyle(obj.optional("style")))
        case "star":
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            return .star(
                points: try obj.optional("points").map { n throws(TimelineError) in try repeatCount(n, atLeast: 2) } ?? .constant(5),
                innerRatio: try obj.optional("innerRatio").map { n throws(TimelineError) in try scope.number(n) } ?? .constant(0.4))
        case "overlappingEllipses", "overlappingRectangles":
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            let count = try obj.optional("count").map { n throws(TimelineError) in try repeatCount(n, atLeast: 1) } ?? .constant(2)
            let overlapping = try obj.optional("overlapping").map { n throws(TimelineError) in try scope.number(n) } ?? .constant(0)
            return kind == "overlappingEllipses"
                ? .overlappingEllipses(count: count, overlapping: overlapping)
                : .overlappingRectangles(count: count, overlapping: overlapping)
        case "polygon":
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            let unit = try units(obj.optional("units"))
            var inner = scope
            inner.inPath = true
            var points: [(Expression, Expression)] = []
            for p in try obj.required("points").array() {
                let xy = try p.array(count: 2)
                points.append((try inner.number(xy[0]), try inner.number(xy[1])))
            }
            return .polygon(points: points, unitSpace: unit)
        default:  // path
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            let unit = try units(obj.optional("units"))
            if let d = obj.optional("d") {
                guard !obj.contains("commands") else { throw args.error("a path takes either \"d\" or \"commands\", not both") }
                do {
                    return .path(try Path(svgPathData: try d.string()), unitSpace: unit)
                } catch let error as PathDataError {
                    throw TimelineError(error.message, path: d.path, location: TimelineLoader.location(in: d, offset: error.offset))
                } catch {
                    throw error as! TimelineError
                }
            }
            let commandsNode = try obj.required("commands")
            return .commands(try commands(commandsNode), unitSpace: unit)
        }
    }

    /// `{ "range": [from, to], "as": "i", "content": view }`: the content once for each
    /// whole number from `from` up to (not including) `to`, with `i` set to it; or
    /// `{ "in": list, "as": "item", "index": "i", "content": view }`: once for each item of
    /// a constant list, with `item` naming it (and `i`, when given, its index).
    mutating func forEach(_ node: JSONNode, depth: Int) throws(TimelineError) -> [View] {
        let obj = try node.object(allowedKeys: FormatTables.viewKeys("forEach"))
        var from = 0, to = 0
        var items: (name: String, list: [Operand])?
        let countNode: JSONNode
        if let inNode = obj.optional("in") {
            guard !obj.contains("range") else {
                throw TimelineError("a forEach takes either \"range\" or \"in\", not both", path: node.path, location: obj.member("range")!.keyLocation)
            }
            countNode = inNode
            let name = try inNode.string()
            let listName = name.hasPrefix("=") ? String(name.dropFirst()) : name
            guard let operand = scope.constants[listName] else {
                var message = "unknown list \"\(listName)\" (a forEach goes over a list of the top-level \"constants\")"
                if let s = suggestion(for: listName, among: Array(scope.constants.keys)) { message += " (did you mean \"\(s)\"?)" }
                throw inNode.error(message)
            }
            guard case .list(let list) = operand else { throw inNode.error("\"\(listName)\" is \(operand.description), not a list") }
            items = (listName, list)
            to = list.count
        } else {
            let rangeNode = try obj.required("range")
            countNode = rangeNode
            let bounds = try rangeNode.array(count: 2)
            func bound(_ node: JSONNode) throws(TimelineError) -> Int {
                if case .number = node.value { return try node.integer() }
                guard case .constant(let v) = try scope.number(node) else {
                    throw node.error("a range bound must be known when the file is loaded (a number, a constant or count(list))")
                }
                guard v == v.rounded(), abs(v) < 1e15 else { throw node.error("expected a whole number, found \(JSONNode.format(v))") }
                return Int(v)
            }
            from = try bound(bounds[0])
            to = try bound(bounds[1])
            guard from <= to else { throw rangeNode.error("the range's end must not be below its start") }
        }
        // In floating point: the difference of two far-apart integers overflows `Int`.
        let count = Double(to) - Double(from)
        guard count <= Double(Self.maxRepeats) else { throw countNode.error("a forEach repeats at most \(Self.maxRepeats) times") }
        let total = Double(repeats) * count
        guard total <= Double(Self.maxRepeats) else {
            throw countNode.error("nested forEach views repeat their content \(Int(total)) times, more than \(Self.maxRepeats) in all")
        }
        func variableName(_ node: JSONNode) throws(TimelineError) -> String {
            let name = try node.string()
            guard TimelineLoader.isIdentifier(name), !Scope.reservedNames.contains(name), scope.lookup(name) == nil, Function(rawValue: name) == nil
            else {
                throw node.error("\"\(name)\" cannot name a forEach variable (use letters, digits and _, not a param, constant or built-in name)")
            }
            return name
        }
        let nameNode = try obj.required("as")
        let name = try variableName(nameNode)
        var indexName: String?
        if let indexNode = obj.optional("index") {
            guard items != nil else { throw indexNode.error("\"index\" names the index of a forEach over a list (\"in\"); a range's variable is its \"as\"") }
            indexName = try variableName(indexNode)
            guard indexName != name else { throw indexNode.error("the index needs a name other than the item's") }
        }
        let slot = scope.locals.count + scope.hiddenLocals
        var inner = self
        if let items {
            if let indexName { inner.scope.locals[indexName] = slot } else { inner.scope.hiddenLocals += 1 }
            inner.scope.constants[name] = .element(items.list, index: .variable(.local(slot)))
        } else {
            inner.scope.locals[name] = slot
        }
        inner.repeats = max(Int(total), 1)
        let contentNode = try obj.required("content")
        // Content whose text or animation curves interpolate the variable is decoded
        // once per value; everything else is decoded once and shared.
        let shared = Self.interpolates(contentNode) ? nil : try inner.view(contentNode, depth: depth + 1)
        var views: [View] = []
        let errorsBefore = diagnostics.errors.count
        for value in from..<to {
            var content = shared
            if content == nil {
                var each = inner
                each.scope.localValues[slot] = Double(value)
                content = try each.view(contentNode, depth: depth + 1)
                // The same error in every copy is reported once.
                if diagnostics.errors.count > errorsBefore { break }
            }
            views.append(.modified(content!, .bind(slot: slot, value: Double(value))))
        }
        return views
    }

    /// Whether a text under `node` has `{…}` interpolation, or an animation curve does.
    static func interpolates(_ node: JSONNode) -> Bool {
        switch node.value {
        case .object(let members):
            return members.contains { m in
                if m.key == "text" || m.key == "curve" {
                    if case .string(let s) = m.value.value { return s.contains("{") }
                    if case .object(let inner) = m.value.value,
                        let string = inner.first(where: { $0.key == "string" }), case .string(let s) = string.value.value
                    {
                        return s.contains("{")
                    }
                }
                return interpolates(m.value)
            }
        case .array(let items):
            return items.contains(where: interpolates)
        default:
            return false
        }
    }

    /// A text string split at its `{expression}` parts (`{{` and `}}` stand for braces).
    /// A part whose value is known when loading (it reads constants and `forEach`
    /// variables only) is printed into the literal text around it.
    func interpolate(_ node: JSONNode, _ string: String) throws(TimelineError) -> [TextPiece] {
        guard string.contains("{") || string.contains("}") else { return [.literal(string)] }
        var pieces: [TextPiece] = []
        var literal = ""
        var chars = Array(string.unicodeScalars)[...]
        var offset = 0
        var context = EvaluationContext()
        for (slot, value) in scope.localValues { context = context.binding(slot, to: value) }
        let known = Set(scope.localValues.keys.map { Variable.local($0) })
        while let c = chars.first {
            chars.removeFirst()
            offset += 1
            if (c == "{" || c == "}"), chars.first == c {
                chars.removeFirst()
                offset += 1
                literal.unicodeScalars.append(c)
                continue
            }
            guard c == "{" else {
                if c == "}" { throw TimelineError("unmatched \"}\" in text (write \"}}\" for a brace)", path: node.path, location: TimelineLoader.location(in: node, offset: offset - 1)) }
                literal.unicodeScalars.append(c)
                continue
            }
            guard let close = chars.firstIndex(of: "}") else {
                throw TimelineError("unclosed \"{\" in text", path: node.path, location: TimelineLoader.location(in: node, offset: offset - 1))
            }
            let source = String(String.UnicodeScalarView(chars[..<close]))
            let parsed: (value: TextValue, options: [(name: String, value: Double, offset: Int)])
            do {
                parsed = try ExpressionParser.parseInterpolation(source, knownNames: scope.knownNames, lookup: scope.lookup, maxLength: scope.maxExpressionLength)
            } catch {
                throw TimelineError(error.message, path: node.path, location: TimelineLoader.location(in: node, offset: offset + error.offset))
            }
            var decimals: Int?
            for option in parsed.options {
                guard option.name == "decimals" else {
                    throw TimelineError(
                        "unknown text format option \(quoted(option.name)) (the option is \"decimals\")", path: node.path,
                        location: TimelineLoader.location(in: node, offset: offset + option.offset))
                }
                guard option.value == option.value.rounded(), option.value >= 0, option.value <= 15 else {
                    throw TimelineError(
                        "decimals must be a whole number from 0 to 15", path: node.path, location: TimelineLoader.location(in: node, offset: offset + option.offset))
                }
                decimals = Int(option.value)
            }
            func isKnown(_ e: Expression) -> Bool { e.variables.isSubset(of: known) }
            switch parsed.value {
            case .number(let e):
                if !scope.time.isRead, !e.variables.isDisjoint(with: [.time, .frame]) { scope.time.isRead = true }
                scope.reads.record(e)
                if isKnown(e) {
                    literal += TextTemplate.format(e.evaluate(in: context), decimals: decimals)
                } else {
                    pieces.append(.literal(literal))
                    literal = ""
                    pieces.append(.number(e, decimals: decimals))
                }
            case .string(let index, let choices):
                if !scope.time.isRead, !index.variables.isDisjoint(with: [.time, .frame]) { scope.time.isRead = true }
                scope.reads.record(index)
                if isKnown(index) {
                    let i = index.evaluate(in: context)
                    literal += choices[i >= 1 ? Int(min(i.rounded(.down), Double(choices.count - 1))) : 0]
                } else {
                    pieces.append(.literal(literal))
                    literal = ""
                    pieces.append(.choice(index, choices))
                }
            }
            offset += chars.distance(from: chars.startIndex, to: close) + 1
            chars = chars[chars.index(after: close)...]
        }
        pieces.append(.literal(literal))
        return pieces.filter { if case .literal("") = $0 { false } else { true } }
    }

    /// A part of a text's string before it is shaped.
    enum TextPiece {
        case literal(String)
        case number(Expression, decimals: Int?)
        case choice(Expression, [String])
    }

    /// `"image": "file.png"` or `{ "file", "resizable", "contentMode", "interpolation" }`.
    func image(_ node: JSONNode) throws(TimelineError) -> ImageView {
        var fileNode = node
        var view = ImageView(pixmap: Pixmap(width: 1, height: 1))
        if case .object = node.value {
            let obj = try node.object(allowedKeys: FormatTables.viewKeys("image"))
            fileNode = try obj.required("file")
            view.resizable = try obj.optional("resizable")?.bool() ?? false
            if let m = obj.optional("contentMode") {
                view.contentMode = ImageView.ContentMode(rawValue: try m.keyword(among: ImageView.ContentMode.allCases.map(\.rawValue), kind: "content mode"))
                view.resizable = true
            }
            if let i = obj.optional("interpolation") {
                view.quality = try i.keyword(among: ["none", "low", "medium", "high"], kind: "interpolation") == "none" ? .nearest : .bilinear
            }
        }
        view.pixmap = try images.read(fileNode)
        return view
    }

    /// `"text": "Hello"` or `{ "string", "font", "color", "lineLimit", "alignment" }`.
    func text(_ node: JSONNode) throws(TimelineError) -> TextView {
        var pieces: [TextPiece]
        var font = environmentFont ?? Font.body
        var view = TextView(run: GlyphRun(ascent: 0, descent: 0, leading: 0))
        var fontNode = node
        if case .string(let s) = node.value {
            pieces = try interpolate(node, s)
        } else {
            let obj = try node.object(allowedKeys: FormatTables.viewKeys("text"))
            let stringNode = try obj.required("string")
            pieces = try interpolate(stringNode, try stringNode.string())
            if let f = obj.optional("font") {
                font = try self.font(f)
                fontNode = f
            }
            if let c = obj.optional("color") { view.paint = .color(try ColorSyntax.color(c)) }
            if let l = obj.optional("lineLimit") {
                let n = try l.integer()
                guard n >= 1 else { throw l.error("lineLimit must be at least 1") }
                view.lineLimit = n
            }
            if let a = obj.optional("alignment") {
                view.alignment = TextAlignment(rawValue: try a.keyword(among: TextAlignment.allCases.map(\.rawValue), kind: "text alignment"))!
            }
        }
        let face: FontFace
        do {
            face = try fonts.face(for: font)
        } catch {
            throw fontNode.error(error.description)
        }
        var fixed = ""
        for piece in pieces {
            guard case .literal(let s) = piece else {
                view.run = face.shape("", size: font.size)
                var characters: [Character: GlyphRun.Glyph] = [:]
                var kerned: [Character: [Character: Double]] = [:]
                for c in TextTemplate.numberCharacters {
                    guard let g = face.shape(String(c), size: font.size).glyphs.first else { continue }
                    characters[c] = g
                    for d in TextTemplate.numberCharacters {
                        let pair = face.shape(String(c) + String(d), size: font.size).glyphs
                        if pair.count == 2, pair[0].advance != g.advance { kerned[c, default: [:]][d] = pair[0].advance }
                    }
                }
                view.template = TextTemplate(
                    parts: pieces.map { piece in
                        switch piece {
                        case .literal(let s): .literal(face.shape(s, size: font.size).glyphs)
                        case .number(let e, let decimals): .number(e, decimals: decimals)
                        case .choice(let e, let choices): .choice(e, choices.map { face.shape($0, size: font.size).glyphs })
                        }
                    }, characters: characters, kernedAdvances: kerned)
                return view
            }
            fixed += s
        }
        view.run = face.shape(fixed, size: font.size)
        return view
    }

    /// A text style name (`"headline"`), or `{ "style", "size", "weight", "design", "family" }`.
    func font(_ node: JSONNode) throws(TimelineError) -> Font {
        let styles = Font.textStyles.map(\.0)
        if case .string = node.value {
            let name = try node.keyword(among: styles, kind: "text style")
            return Font.textStyles.first { $0.0 == name }!.1
        }
        let obj = try node.object(allowedKeys: FormatTables.font.keys)
        var font = Font.body
        if let s = obj.optional("style") {
            let name = try s.keyword(among: styles, kind: "text style")
            font = Font.textStyles.first { $0.0 == name }!.1
        }
        if let s = obj.optional("size") {
            font.size = try s.number()
            guard font.size > 0, font.size <= 2000 else { throw s.error("font size must be greater than 0 and at most 2000") }
        }
        if let w = obj.optional("weight") {
            font.weight = Font.Weight(rawValue: try w.keyword(among: Font.Weight.allCases.map(\.rawValue), kind: "font weight"))!
        }
        if let d = obj.optional("design") {
            font.design = Font.Design(rawValue: try d.keyword(among: Font.Design.allCases.map(\.rawValue), kind: "font design"))!
        }
        if let f = obj.optional("family") { font.family = try f.string() }
        return font
    }

    /// How many times a shape repeats a part (a star's points, overlapping shapes):
    /// at most `maxRepeats`. A constant above it is an error; an expression is
    /// clamped to `atLeast...maxRepeats`, as the shape clamps its lower end anyway,
    /// so that no frame can ask for billions of parts.
    func repeatCount(_ node: JSONNode, atLeast minimum: Double) throws(TimelineError) -> Expression {
        let expression = try scope.number(node)
        if case .constant(let v) = expression {
            guard v <= Double(Self.maxRepeats) else { throw node.error("expected at most \(Self.maxRepeats), found \(JSONNode.format(v))") }
            return expression
        }
        return .call(.clamp, [expression, .constant(minimum), .constant(Double(Self.maxRepeats))])
    }

    /// A number whose magnitude the renderer needs bounded (blur and shadow
    /// radii, shadow offsets): a constant beyond `limit` is an error, an
    /// expression is clamped to `-limit...limit`.
    func bounded(_ node: JSONNode, in scope: Scope, limit: Double) throws(TimelineError) -> Expression {
        let expression = try scope.number(node)
        if case .constant(let v) = expression {
            guard abs(v) <= limit else { throw node.error("expected a number from -\(JSONNode.format(limit)) to \(JSONNode.format(limit)), found \(JSONNode.format(v))") }
            return expression
        }
        return .call(.clamp, [expression, .constant(-limit), .constant(limit)])
    }

    /// The largest blur or shadow radius, in points.
    static let maxRadius = 1000.0
    /// The largest shadow offset, in points.
    static let maxShadowOffset = 100_000.0

    /// The most copies a `forEach` makes, nested ones multiplied, and the most
    /// parts a shape repeats.
    static let maxRepeats = 10_000

    func units(_ node: JSONNode?) throws(TimelineError) -> Bool {
        guard let node else { return false }
        return try node.keyword(among: ["points", "unit"], kind: "units") == "unit"
    }

    func cornerStyle(_ node: JSONNode?) throws(TimelineError) -> CornerStyle {
        guard let node else { return .continuous }
        return CornerStyle(rawValue: try node.keyword(among: CornerStyle.allCases.map(\.rawValue), kind: "corner style"))!
    }

    static let commandArity: [(String, ClosedRange<Int>)] = [
        ("move", 2...2), ("line", 2...2), ("quad", 4...4), ("cubic", 6...6), ("arc", 6...6), ("rect", 4...4),
        ("ellipse", 4...4), ("roundedRect", 5...6), ("close", 0...0),
    ]

    func commands(_ node: JSONNode) throws(TimelineError) -> [PathCommand] {
        var inner = scope
        inner.inPath = true
        var result: [PathCommand] = []
        for item in try node.array() {
            let parts = try item.array()
            guard let head = parts.first else { throw item.error("a path command needs a name, such as [\"move\", 0, 0]") }
            let name = try head.keyword(among: Self.commandArity.map(\.0), kind: "path command")
            let arity = Self.commandArity.first { $0.0 == name }!.1
            let args = Array(parts.dropFirst())
            guard arity.contains(args.count) else {
                throw item.error("\"\(name)\" takes \(arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) or \(arity.upperBound)") arguments, found \(args.count)")
            }
            var e: [Expression] = []
            for (i, a) in args.enumerated() {
                if name == "arc" && i == 5 || name == "roundedRect" && i == 5 { continue }
                e.append(try inner.number(a))
            }
            switch name {
            case "move": result.append(.move(e[0], e[1]))
            case "line": result.append(.line(e[0], e[1]))
            case "quad": result.append(.quad(x: e[0], y: e[1], cx: e[2], cy: e[3]))
            case "cubic": result.append(.cubic(x: e[0], y: e[1], c1x: e[2], c1y: e[3], c2x: e[4], c2y: e[5]))
            case "arc":
                result.append(.arc(cx: e[0], cy: e[1], radius: e[2], start: e[3], end: e[4], clockwise: try args[5].bool()))
            case "rect": result.append(.rect(x: e[0], y: e[1], width: e[2], height: e[3]))
            case "ellipse": result.append(.ellipse(x: e[0], y: e[1], width: e[2], height: e[3]))
            case "roundedRect":
                result.append(.roundedRect(x: e[0], y: e[1], width: e[2], height: e[3], radius: e[4], style: try cornerStyle(args.count > 5 ? args[5] : nil)))
            default: result.append(.close)
            }
        }
        return result
    }

    mutating func stack(_ kind: String, _ args: JSONNode, depth: Int) throws(TimelineError) -> StackView {
        let axis: StackAxis = kind == "zstack" ? .z : kind == "vstack" ? .vertical : .horizontal
        var alignment = Alignment.center
        var spacing: Expression?
        let childNodes: [JSONNode]
        if case .array(let items) = args.value {
            childNodes = items
        } else {
            let obj = try args.object(allowedKeys: FormatTables.viewKeys(kind))
            if let a = obj.optional("alignment") { alignment = try self.alignment(a, axis: axis) }
            spacing = try obj.optional("spacing").map { n throws(TimelineError) in try scope.number(n) }
            childNodes = try obj.required("children").array()
        }
        var children: [View] = []
        // A child in error is left out and its siblings are still read.
        for child in childNodes {
            _ = diagnostics.recover { () throws(TimelineError) in
                if let each = try? child.members(), each.count == 1, each[0].key == "forEach" {
                    children += try forEach(each[0].value, depth: depth + 1)
                } else {
                    children.append(try view(child, depth: depth + 1))
                }
            }
        }
        return StackView(axis: axis, alignment: alignment, spacing: spacing, children: children)
    }

    /// An alignment name; a vstack takes horizontal ones, an hstack vertical ones.
    func alignment(_ node: JSONNode, axis: StackAxis = .z) throws(TimelineError) -> Alignment {
        let names: [String]
        switch axis {
        case .vertical: names = ["leading", "center", "trailing"]
        case .horizontal: names = ["top", "center", "bottom"]
        case .z: names = Alignment.named.map(\.0)
        }
        let name = try node.keyword(among: names, kind: "alignment")
        return Alignment.named.first { $0.0 == name }!.1
    }

    func fill(_ node: JSONNode) throws(TimelineError) -> Fill {
        let styleKeys = FormatTables.modifierKeys("fill")
        if case .object = node.value, try node.members().contains(where: { styleKeys.contains($0.key) }) {
            let obj = try node.object(allowedKeys: styleKeys)
            return Fill(
                paint: try paint(obj.optional("paint")),
                eoFill: try obj.optional("eoFill")?.bool() ?? false,
                antialiased: try obj.optional("antialiased")?.bool() ?? true)
        }
        return Fill(paint: try paint(node))
    }

    static let gradientKinds = ["linearGradient", "radialGradient", "angularGradient", "ellipticalGradient"]

    /// A paint: a colour (or `"=name"` of a colour param), a material name, or a gradient.
    func paint(_ node: JSONNode?) throws(TimelineError) -> PaintValue? {
        guard let node else { return nil }
        switch node.value {
        case .object(let members):
            if members.contains(where: { $0.key == "select" }) {
                let obj = try node.object(allowedKeys: ["select", "from"])
                var choices: [PaintValue] = []
                for item in try obj.required("from").array() { choices.append(try paint(item)!) }
                guard !choices.isEmpty else { throw node.error("\"from\" needs at least one paint") }
                return .select(index: try scope.number(try obj.required("select")), paints: choices)
            }
            if let first = members.first, Self.gradientKinds.contains(first.key) {
                guard members.count == 1 else { throw node.error("a gradient paint is an object with one key, such as {\"linearGradient\": {…}}") }
                return try gradient(first.key, first.value)
            }
        case .string(let s):
            if let named = paints[s] { return named }
            if let material = Material(rawValue: s) { return .material(material) }
            if s.hasPrefix("=mix("), scope.lookup("mix") == nil { return try mixPaint(node, s) }
            if s.hasPrefix("=") {
                let name = String(s.dropFirst())
                if scope.colorParams[name] == nil, let operand = try scope.operand(node) {
                    return try constantPaint(operand, node)
                }
                guard let slot = scope.colorParams[name] else {
                    var message = "\"\(name)\" is not a colour param"
                    if let m = suggestion(for: name, among: Array(scope.colorParams.keys)) { message += " (did you mean \"\(m)\"?)" }
                    throw node.error(message)
                }
                scope.reads.slots.insert(slot)
                return .colorParam(slot: slot)
            }
        default:
            break
        }
        return .color(try ColorSyntax.color(node))
    }

    /// A paint from constants: a colour string, or one chosen from a list of them by an index.
    func constantPaint(_ operand: Operand, _ node: JSONNode) throws(TimelineError) -> PaintValue {
        func color(_ text: String) throws(TimelineError) -> Color {
            guard let c = ColorSyntax.parse(text) else { throw node.error("\(quoted(text)) is not a colour") }
            return c
        }
        guard let (index, choices) = operand.string else {
            throw node.error("expected a colour, found \(operand.description)")
        }
        var paints: [PaintValue] = []
        for text in choices { paints.append(.color(try color(text))) }
        if case .constant = index, paints.count == 1 { return paints[0] }
        return .select(index: index, paints: paints)
    }

    /// `{ "colors" | "stops" | "gradient", "startPoint", "endPoint" | "center", "startRadius", "endRadius" | "startAngle", "endAngle" | "center", "startRadiusFraction", "endRadiusFraction", "space" }`.
    func gradient(_ kind: String, _ node: JSONNode) throws(TimelineError) -> PaintValue {
        let obj = try node.object(allowedKeys: FormatTables.viewKeys(kind))
        let gradient: Gradient
        if let nested = obj.optional("gradient") {
            guard !obj.contains("colors") && !obj.contains("stops") else {
                throw node.error("a gradient takes \"gradient\", \"colors\" or \"stops\", only one of them")
            }
            gradient = try gradientStops(try nested.object(allowedKeys: FormatTables.gradientStops.keys), nested)
        } else {
            gradient = try gradientStops(obj, node)
        }
        let space = try obj.optional("space").map { n throws(TimelineError) in try n.string() }.flatMap { $0 == "local" ? nil : $0 }
        func number(_ key: String, _ value: Double) throws(TimelineError) -> Expression {
            try obj.optional(key).map { n throws(TimelineError) in try scope.number(n) } ?? .constant(value)
        }
        switch kind {
        case "linearGradient":
            return .linearGradient(
                gradient, start: try obj.optional("startPoint").map { n throws(TimelineError) in try anchor(n) } ?? .top,
                end: try obj.optional("endPoint").map { n throws(TimelineError) in try anchor(n) } ?? .bottom, space: space)
        case "radialGradient":
            return .radialGradient(
                gradient, center: try anchor(obj.optional("center")), startRadius: try number("startRadius", 0),
                endRadius: try number("endRadius", 100), space: space)
        case "ellipticalGradient":
            return .ellipticalGradient(
                gradient, center: try anchor(obj.optional("center")), startRadiusFraction: try number("startRadiusFraction", 0),
                endRadiusFraction: try number("endRadiusFraction", 0.5), space: space)
        default:
            return .angularGradient(
                gradient, center: try anchor(obj.optional("center")), startAngle: try number("startAngle", 0),
                endAngle: try number("endAngle", 360), space: space)
        }
    }

    /// The colours of a gradient: `colors`, or `stops` as `[colour, location]` pairs or
    /// `{ "color", "location" }` objects (SwiftUI's `Gradient.Stop`).
    func gradientStops(_ obj: ObjectReader, _ node: JSONNode) throws(TimelineError) -> Gradient {
        let gradient: Gradient
        if let colors = obj.optional("colors") {
            guard !obj.contains("stops") else { throw node.error("a gradient takes \"colors\" or \"stops\", not both") }
            var list: [Color] = []
            for c in try colors.array() { list.append(try ColorSyntax.color(c)) }
            guard !list.isEmpty else { throw colors.error("a gradient needs at least one colour") }
            gradient = Gradient(colors: list)
        } else {
            let stopsNode = try obj.required("stops")
            var stops: [Gradient.Stop] = []
            for item in try stopsNode.array() {
                if case .object = item.value {
                    let stop = try item.object(allowedKeys: ["color", "location"])
                    stops.append(Gradient.Stop(
                        color: try ColorSyntax.color(try stop.required("color")), location: try stop.required("location").number(in: 0...1)))
                    continue
                }
                let pair = try item.array(count: 2)
                stops.append(Gradient.Stop(color: try ColorSyntax.color(pair[0]), location: try pair[1].number(in: 0...1)))
            }
            guard !stops.isEmpty else { throw stopsNode.error("a gradient needs at least one stop") }
            gradient = Gradient(stops: stops)
        }
        return gradient
    }

    /// An anchor: an alignment name or `[x, y]` in unit space; the centre by default.
    func anchor(_ node: JSONNode?) throws(TimelineError) -> Alignment {
        guard let node else { return .center }
        if case .array = node.value {
            let xy = try node.array(count: 2)
            return Alignment(x: try xy[0].number(), y: try xy[1].number())
        }
        return try alignment(node)
    }

    /// The argument of `background`/`overlay`: a paint (a colour), a view, or
    /// `{ "content": view or paint, "alignment": … }`.
    func secondaryView(_ node: JSONNode, depth: Int) throws(TimelineError) -> (View, Alignment) {
        if case .object = node.value {
            let keys = try node.members().map(\.key)
            if keys.contains("content") {
                let obj = try node.object(allowedKeys: FormatTables.secondary.keys)
                let (view, _) = try secondaryView(try obj.required("content"), depth: depth)
                return (view, try obj.optional("alignment").map { n throws(TimelineError) in try alignment(n) } ?? .center)
            }
            // `{ "color", "opacity" }` is the colour form; a `color` view with modifiers is a view.
            if !keys.contains("color") || !keys.allSatisfy({ $0 == "color" || $0 == "opacity" }) {
                var copy = self
                return (try copy.view(node, depth: depth), .center)
            }
        }
        let paint = try self.paint(node) ?? .color(.black)
        return (.shape(ShapeView(shape: .rectangle, fill: Fill(paint: paint))), .center)
    }

    func modifier(_ item: JSONNode, appliedTo content: View, depth: Int) throws(TimelineError) -> View {
        let members = try item.members()
        guard members.count == 1 else {
            throw item.error("a modifier is an object with exactly one key, such as {\"padding\": 16}")
        }
        let name = members[0].key, args = members[0].value
        let all = Self.modifierNames
        guard all.contains(name) else {
            var message = "unknown modifier \"\(name)\""
            if let s = suggestion(for: name, among: all) { message += " (did you mean \"\(s)\"?)" }
            throw TimelineError(message, path: item.path, location: members[0].keyLocation)
        }
        func number(_ key: String, in obj: ObjectReader, default value: Double) throws(TimelineError) -> Expression {
            try obj.optional(key).map { n throws(TimelineError) in try scope.number(n) } ?? .constant(value)
        }
        switch name {
        case _ where Self.makesShape(name, filledOrStroked: true):
            throw TimelineError("\"\(name)\" applies to a shape and must come first in its modifiers", path: item.path, location: members[0].keyLocation)
        case "transformEffect":
            guard case .affine(let a, let b, let c, let d, let tx, let ty) = try affine(args, keys: FormatTables.modifierKeys(name)) else {
                return content
            }
            return .modified(content, .transformEffect(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
        case "fill", "stroke", "strokeBorder", "trim", "inset":
            throw TimelineError("\"\(name)\" applies to a shape and must come first in its modifiers", path: item.path, location: members[0].keyLocation)
        case "clipped":
            _ = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            return .modified(content, .clipShape(.rectangle, eoFill: false, antialiased: true))
        case "cornerRadius":
            return .modified(content, .clipShape(.roundedRectangle(cornerRadius: try scope.number(args), style: .circular), eoFill: false, antialiased: true))
        case "clipShape":
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            let shapeNode = try obj.required("shape")
            var copy = self
            guard case .shape(let shapeView) = try copy.view(shapeNode, depth: depth + 1) else {
                throw shapeNode.error("clipShape takes a shape, such as {\"circle\": {}}")
            }
            return .modified(content, .clipShape(
                Self.outline(shapeView), eoFill: try obj.optional("eoFill")?.bool() ?? false, antialiased: try obj.optional("antialiased")?.bool() ?? true))
        case "mask":
            let (view, alignment) = try secondaryView(args, depth: depth + 1)
            return .modified(content, .mask(view, alignment: alignment))
        case "blendMode":
            return .modified(content, .blendMode(BlendMode(rawValue: try args.keyword(among: BlendMode.allCases.map(\.rawValue), kind: "blend mode"))!))
        case "shadow":
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            let color = try obj.optional("color").map { n throws(TimelineError) in try ColorSyntax.color(n) } ?? Color(red: 0, green: 0, blue: 0, alpha: 0.33)
            func limited(_ key: String, _ limit: Double) throws(TimelineError) -> Expression {
                try obj.optional(key).map { n throws(TimelineError) in try bounded(n, in: scope, limit: limit) } ?? .constant(0)
            }
            return .modified(content, .shadow(
                color: color, radius: try limited("radius", Self.maxRadius), x: try limited("x", Self.maxShadowOffset),
                y: try limited("y", Self.maxShadowOffset)))
        case "blur":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                return .modified(content, .blur(radius: try bounded(try obj.required("radius"), in: scope.effect, limit: Self.maxRadius)))
            }
            return .modified(content, .blur(radius: try bounded(args, in: scope.effect, limit: Self.maxRadius)))
        case "compositingGroup":
            _ = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            return .modified(content, .compositingGroup)
        case "frame":
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            func dim(_ key: String) throws(TimelineError) -> Expression? {
                try obj.optional(key).map { n throws(TimelineError) in try scope.dimension(n) }
            }
            let spec = FrameSpec(
                width: try dim("width"), height: try dim("height"), minWidth: try dim("minWidth"), maxWidth: try dim("maxWidth"),
                minHeight: try dim("minHeight"), maxHeight: try dim("maxHeight"),
                alignment: try obj.optional("alignment").map { n throws(TimelineError) in try alignment(n) } ?? .center)
            return .modified(content, .frame(spec))
        case "padding":
            let zero = Expression.constant(0)
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                let length = try number("length", in: obj, default: 16)
                var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
                if let e = obj.optional("edges") {
                    let names = ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing"]
                    var items: [JSONNode] = []
                    if case .array(let list) = e.value { items = list } else { items = [e] }
                    edges = []
                    for item in items {
                        switch try item.keyword(among: names, kind: "edge") {
                        case "all": edges.formUnion(["top", "leading", "bottom", "trailing"])
                        case "horizontal": edges.formUnion(["leading", "trailing"])
                        case "vertical": edges.formUnion(["top", "bottom"])
                        case let single: edges.insert(single)
                        }
                    }
                }
                return .modified(content, .padding(
                    top: edges.contains("top") ? length : zero, leading: edges.contains("leading") ? length : zero,
                    bottom: edges.contains("bottom") ? length : zero, trailing: edges.contains("trailing") ? length : zero))
            }
            let length = try scope.number(args)
            return .modified(content, .padding(top: length, leading: length, bottom: length, trailing: length))
        case "offset", "position":
            let (x, y): (Expression, Expression)
            if let pair = try scope.effect.pair(args) {
                (x, y) = pair
            } else {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                func coordinate(_ key: String) throws(TimelineError) -> Expression {
                    try obj.optional(key).map { n throws(TimelineError) in try scope.effect.number(n) } ?? .constant(0)
                }
                (x, y) = (try coordinate("x"), try coordinate("y"))
            }
            return .modified(content, name == "offset" ? .offset(x: x, y: y) : .position(x: x, y: y))
        case "opacity":
            return .modified(content, .opacity(try scope.effect.number(args)))
        case "background", "overlay":
            let (view, alignment) = try secondaryView(args, depth: depth + 1)
            return .modified(content, name == "background" ? .background(view, alignment) : .overlay(view, alignment))
        case "border":
            var paint = PaintValue.color(.black)
            var width = Expression.constant(1)
            if case .object = args.value, !(try args.members().contains { $0.key == "color" }) {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                paint = try self.paint(obj.optional("paint")) ?? paint
                width = try number("width", in: obj, default: 1)
            } else {
                paint = try self.paint(args) ?? paint
            }
            let band = View.shape(ShapeView(shape: .border(width: width), fill: Fill(paint: paint, eoFill: true)))
            return .modified(content, .overlay(band, .center))
        case "aspectRatio":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                let ratio = try obj.optional("ratio").map { n throws(TimelineError) in try scope.number(n) }
                let mode = try obj.optional("contentMode")?.keyword(among: ["fit", "fill"], kind: "content mode") ?? "fit"
                return .modified(content, .aspectRatio(ratio, fill: mode == "fill"))
            }
            return .modified(content, .aspectRatio(try scope.number(args), fill: false))
        case "scaledToFit", "scaledToFill":
            _ = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            return .modified(content, .aspectRatio(nil, fill: name == "scaledToFill"))
        case "zIndex":
            return .modified(content, .zIndex(try scope.number(args)))
        case "font":
            return content  // applied to the texts inside when they were decoded
        case "foregroundStyle", "foregroundColor":
            return .modified(content, .foregroundStyle(try paint(args) ?? .color(.black)))
        case "scaleEffect":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                return .modified(content, .scaleEffect(
                    x: try obj.optional("x").map { n throws(TimelineError) in try scope.effect.number(n) } ?? .constant(1),
                    y: try obj.optional("y").map { n throws(TimelineError) in try scope.effect.number(n) } ?? .constant(1),
                    anchor: try anchor(obj.optional("anchor"))))
            }
            if let (x, y) = try scope.effect.pair(args) { return .modified(content, .scaleEffect(x: x, y: y, anchor: .center)) }
            let s = try scope.effect.number(args)
            return .modified(content, .scaleEffect(x: s, y: s, anchor: .center))
        case "rotationEffect":
            if case .object = args.value {
                let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
                return .modified(content, .rotationEffect(
                    degrees: try scope.effect.number(try obj.required("degrees")), anchor: try anchor(obj.optional("anchor"))))
            }
            return .modified(content, .rotationEffect(degrees: try scope.effect.number(args), anchor: .center))
        case "coordinateSpace":
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            return .modified(content, .coordinateSpace(name: try obj.required("name").string()))
        case "fixedSize":
            if case .bool(let b) = args.value {
                return b ? .modified(content, .fixedSize(horizontal: true, vertical: true)) : content
            }
            let obj = try args.object(allowedKeys: FormatTables.modifierKeys(name))
            return .modified(content, .fixedSize(
                horizontal: try obj.optional("horizontal")?.bool() ?? true, vertical: try obj.optional("vertical")?.bool() ?? true))
        default:
            throw TimelineError("the \"\(name)\" modifier is not supported by this version yet", path: item.path, location: members[0].keyLocation)
        }
    }
}
