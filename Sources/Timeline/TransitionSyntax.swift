import Scene

/// Reads a transition in SwiftUI's spelling (see `Transition`).
struct TransitionSyntax {
    struct Failure: Error {
        var message: String
        /// Offset in Unicode scalars of the text the message is about.
        var offset: Int
    }

    static let names = ["opacity", "scale", "slide", "move", "offset", "identity", "asymmetric"]

    private let text: [Unicode.Scalar]
    private var position = 0

    static func parse(_ source: String) throws(Failure) -> Transition {
        var syntax = TransitionSyntax(text: Array(source.unicodeScalars))
        let transition = try syntax.transition()
        syntax.skipSpaces()
        guard syntax.position == syntax.text.count else { throw Failure(message: "unexpected text after the transition", offset: syntax.position) }
        return transition
    }

    private init(text: [Unicode.Scalar]) { self.text = text }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == " " { position += 1 }
    }

    private mutating func take(_ c: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard position < text.count, text[position] == c else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ c: Unicode.Scalar) throws(Failure) {
        guard take(c) else { throw Failure(message: "expected '\(c)'", offset: position) }
    }

    private mutating func word() -> (String, Int) {
        skipSpaces()
        let start = position
        while position < text.count, text[position].properties.isAlphabetic || ("0"..."9").contains(text[position]) { position += 1 }
        return (String(String.UnicodeScalarView(text[start..<position])), start)
    }

    private mutating func number() throws(Failure) -> Double {
        skipSpaces()
        let start = position
        while position < text.count, "+-.0123456789eE".unicodeScalars.contains(text[position]) { position += 1 }
        guard let v = Double(String(String.UnicodeScalarView(text[start..<position]))), v.isFinite else {
            throw Failure(message: "expected a number", offset: start)
        }
        return v
    }

    /// `label:` before an argument.
    private mutating func label(_ name: String) throws(Failure) {
        let (w, at) = word()
        guard w == name, take(":") else { throw Failure(message: "expected \"\(name):\"", offset: at) }
    }

    private mutating func transition() throws(Failure) -> Transition {
        var result = try primary()
        while take(".") {
            let (w, at) = word()
            guard w == "combined" else { throw Failure(message: "unknown transition method \"\(w)\" (a transition has combined(with:))", offset: at) }
            try expect("(")
            try label("with")
            result = .combined(result, try transition())
            try expect(")")
        }
        return result
    }

    private mutating func primary() throws(Failure) -> Transition {
        _ = take(".")
        let (name, at) = word()
        switch name {
        case "identity": return .identity
        case "opacity": return .opacity
        case "slide": return .slide
        case "scale":
            guard take("(") else { return .scale(0, anchor: .center) }
            var scale = 0.0, anchor = Alignment.center
            skipSpaces()
            let save = position
            let (w, _) = word()
            position = save
            if w == "scale" || w.isEmpty || w.first!.isNumber {
                if w == "scale" { try label("scale") }
                scale = try number()
                if take(",") {
                    try label("anchor")
                    anchor = try self.anchor()
                }
            } else {
                try label("anchor")
                anchor = try self.anchor()
            }
            try expect(")")
            return .scale(scale, anchor: anchor)
        case "move":
            try expect("(")
            try label("edge")
            _ = take(".")
            let (e, eAt) = word()
            guard let edge = Transition.Edge(rawValue: e) else {
                throw Failure(message: "unknown edge \"\(e)\" (top, bottom, leading or trailing)", offset: eAt)
            }
            try expect(")")
            return .move(edge)
        case "offset":
            try expect("(")
            var x = 0.0, y = 0.0
            repeat {
                let (w, wAt) = word()
                guard w == "x" || w == "y", take(":") else { throw Failure(message: "expected \"x:\" or \"y:\"", offset: wAt) }
                if w == "x" { x = try number() } else { y = try number() }
            } while take(",")
            try expect(")")
            return .offset(x: x, y: y)
        case "asymmetric":
            try expect("(")
            try label("insertion")
            let insertion = try transition()
            try expect(",")
            try label("removal")
            let removal = try transition()
            try expect(")")
            return .asymmetric(insertion: insertion, removal: removal)
        default:
            var message = "unknown transition \"\(name)\""
            if let s = suggestion(for: name, among: Self.names) { message += " (did you mean \"\(s)\"?)" }
            throw Failure(message: message, offset: at)
        }
    }

    private mutating func anchor() throws(Failure) -> Alignment {
        _ = take(".")
        let (w, at) = word()
        guard let a = Alignment.named.first(where: { $0.0 == w })?.1 else { throw Failure(message: "unknown anchor \"\(w)\"", offset: at) }
        return a
    }
}
