import Scene

extension SceneDecoder {
    /// `"=mix(a, b, x)"` as a paint: colours `a` and `b` (colour names, colour params,
    /// constants, named paints or another `mix`) mixed by the expression `x`, in the
    /// space colour params animate in (premultiplied, gamma-encoded RGBA).
    func mixPaint(_ node: JSONNode, _ text: String) throws(TimelineError) -> PaintValue {
        let inner = text.unicodeScalars.dropFirst("=mix(".count)
        guard inner.last == ")" else { throw node.error("mix of colours is written mix(a, b, amount)") }
        var parts: [String] = [], current = String.UnicodeScalarView(), level = 0
        for c in inner.dropLast() {
            switch c {
            case "(", "[": level += 1
            case ")", "]": level -= 1
            default: break
            }
            if c == ",", level == 0 {
                parts.append(String(current).trimmingCharacters(in: " "))
                current = String.UnicodeScalarView()
            } else {
                current.append(c)
            }
        }
        parts.append(String(current).trimmingCharacters(in: " "))
        guard parts.count == 3 else { throw node.error("mix of colours takes 3 arguments (a, b, amount), found \(parts.count)") }
        func colour(_ part: String) throws(TimelineError) -> PaintValue {
            if let c = ColorSyntax.parse(part) { return .color(c) }
            if Material(rawValue: part) != nil { throw node.error("mix takes colours; \(quoted(part)) is a gradient or material") }
            var copy = node
            copy.value = .string("=" + part)
            if paints[part] != nil { copy.value = .string(part) }
            let paint = try self.paint(copy) ?? .color(.black)
            switch paint {
            case .color, .colorParam, .select, .mix: return paint
            default: throw node.error("mix takes colours; \(quoted(part)) is a gradient or material")
            }
        }
        var amountNode = node
        amountNode.value = .string("=" + parts[2])
        return .mix(try colour(parts[0]), try colour(parts[1]), try scope.number(amountNode))
    }
}

extension String {
    /// The string without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var s = Substring(self)
        while s.first == character { s.removeFirst() }
        while s.last == character { s.removeLast() }
        return String(s)
    }
}
