import Raster

/// Colours as the format writes them: `#RGB`, `#RRGGBB`, `#RRGGBBAA`,
/// `rgb(r, g, b)` and `rgba(r, g, b, a)` (components 0–255, alpha 0–1), SwiftUI's
/// named colours with their light-mode (iOS system colour) values, the semantic
/// colours (`primary`, `secondary`, `systemGray`…`systemGray6`, `systemBackground`,
/// `label`…) in light mode, or `{ "color": …, "opacity": a }`. A name may start
/// with a dot (`.red`) and any colour may end with `.opacity(a)`, as in Swift.
/// SwiftUI's `Color(hue:saturation:brightness:opacity:)` is
/// `{ "hue", "saturation", "brightness", "opacity" }` (each 0…1; HSB to sRGB as SwiftUI
/// converts) and `Color(white:opacity:)` is `{ "white", "opacity" }`.
enum ColorSyntax {
    static let named: [(String, Color)] = [
        ("black", .black), ("white", .white), ("clear", .clear),
        ("gray", Color(r8: 142, g8: 142, b8: 147)),
        ("red", Color(r8: 255, g8: 59, b8: 48)),
        ("orange", Color(r8: 255, g8: 149, b8: 0)),
        ("yellow", Color(r8: 255, g8: 204, b8: 0)),
        ("green", Color(r8: 52, g8: 199, b8: 89)),
        ("mint", Color(r8: 0, g8: 199, b8: 190)),
        ("teal", Color(r8: 48, g8: 176, b8: 199)),
        ("cyan", Color(r8: 50, g8: 173, b8: 230)),
        ("blue", Color(r8: 0, g8: 122, b8: 255)),
        ("indigo", Color(r8: 88, g8: 86, b8: 214)),
        ("purple", Color(r8: 175, g8: 82, b8: 222)),
        ("pink", Color(r8: 255, g8: 45, b8: 85)),
        ("brown", Color(r8: 162, g8: 132, b8: 94)),
        ("primary", .black), ("label", .black),
        ("secondary", Color(r8: 60, g8: 60, b8: 67, alpha: 0.6)), ("secondaryLabel", Color(r8: 60, g8: 60, b8: 67, alpha: 0.6)),
        ("tertiaryLabel", Color(r8: 60, g8: 60, b8: 67, alpha: 0.3)), ("quaternaryLabel", Color(r8: 60, g8: 60, b8: 67, alpha: 0.18)),
        ("separator", Color(r8: 60, g8: 60, b8: 67, alpha: 0.29)), ("accentColor", Color(r8: 0, g8: 122, b8: 255)),
        ("systemGray", Color(r8: 142, g8: 142, b8: 147)), ("systemGray2", Color(r8: 174, g8: 174, b8: 178)),
        ("systemGray3", Color(r8: 199, g8: 199, b8: 204)), ("systemGray4", Color(r8: 209, g8: 209, b8: 214)),
        ("systemGray5", Color(r8: 229, g8: 229, b8: 234)), ("systemGray6", Color(r8: 242, g8: 242, b8: 247)),
        ("systemBackground", .white), ("secondarySystemBackground", Color(r8: 242, g8: 242, b8: 247)),
        ("tertiarySystemBackground", .white), ("systemGroupedBackground", Color(r8: 242, g8: 242, b8: 247)),
    ]

    static func color(_ node: JSONNode) throws(TimelineError) -> Color {
        if case .object(let members) = node.value {
            if members.contains(where: { $0.key == "hue" || $0.key == "white" }) { return try hsbOrWhite(node) }
            let obj = try node.object(allowedKeys: ["color", "opacity"])
            var c = try color(try obj.required("color"))
            if let o = obj.optional("opacity") { c = c.multipliedAlpha(try o.number(in: 0...1)) }
            return c
        }
        let text = try node.string()
        if let c = parse(text) { return c }
        let names = named.map(\.0)
        var message = "\"\(text)\" is not a colour (use #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or a name such as red)"
        let bare = text.hasPrefix(".") ? String(text.dropFirst()) : text
        if let s = suggestion(for: bare, among: names) { message = "unknown colour \"\(text)\" (did you mean \"\(s)\"?)" }
        if text.hasPrefix("Color(") || text.hasPrefix("Color.") || text.hasPrefix("UIColor") {
            message = "\"\(text)\" is Swift code; write the colour's name (\"systemGray\", \"red\"), a hex value or rgb(r, g, b)"
        }
        throw node.error(message)
    }

    /// `{ "hue", "saturation", "brightness", "opacity" }` or `{ "white", "opacity" }`.
    static func hsbOrWhite(_ node: JSONNode) throws(TimelineError) -> Color {
        let isWhite = try node.members().contains { $0.key == "white" }
        let obj = try node.object(allowedKeys: isWhite ? ["white", "opacity"] : ["hue", "saturation", "brightness", "opacity"])
        let opacity = try obj.optional("opacity")?.number(in: 0...1) ?? 1
        if isWhite {
            let w = try obj.required("white").number(in: 0...1)
            return Color(red: w, green: w, blue: w, alpha: opacity)
        }
        let (r, g, b) = rgb(
            hue: try obj.required("hue").number(in: 0...1), saturation: try obj.required("saturation").number(in: 0...1),
            brightness: try obj.required("brightness").number(in: 0...1))
        return Color(red: r, green: g, blue: b, alpha: opacity)
    }

    /// HSB (hexcone, hue 0…1 from red through yellow) to sRGB components, as SwiftUI's
    /// `Color(hue:saturation:brightness:)` converts.
    static func rgb(hue: Double, saturation s: Double, brightness v: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        return [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    }

    static func parse(_ text: String) -> Color? {
        var s = text.trimmingSpaces
        // `black.opacity(0.3)`: SwiftUI's `Color.opacity(_:)`, which multiplies the alpha.
        let marker = Array(".opacity(")
        let chars = Array(s)
        if s.hasSuffix(")"), let start = (1..<max(chars.count - marker.count, 1)).reversed().first(where: { Array(chars[$0..<min($0 + marker.count, chars.count)]) == marker }) {
            guard let base = parse(String(chars[..<start])), let a = Double(String(chars[(start + marker.count)..<(chars.count - 1)]).trimmingSpaces),
                (0...1).contains(a)
            else { return nil }
            return base.multipliedAlpha(a)
        }
        if s.hasPrefix("."), s.count > 1 { s.removeFirst() }
        if let c = named.first(where: { $0.0 == s })?.1 { return c }
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            var digits: [Int] = []
            for ch in hex {
                guard let d = ch.hexDigitValue else { return nil }
                digits.append(d)
            }
            switch digits.count {
            case 3: return Color(r8: digits[0] * 17, g8: digits[1] * 17, b8: digits[2] * 17)
            case 6, 8:
                let a = digits.count == 8 ? Double(digits[6] * 16 + digits[7]) / 255 : 1
                return Color(r8: digits[0] * 16 + digits[1], g8: digits[2] * 16 + digits[3], b8: digits[4] * 16 + digits[5], alpha: a)
            default: return nil
            }
        }
        for (prefix, count) in [("rgba(", 4), ("rgb(", 3)] where s.hasPrefix(prefix) && s.hasSuffix(")") {
            let inner = s.dropFirst(prefix.count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard parts.count == count else { return nil }
            var v: [Double] = []
            for p in parts {
                guard let d = Double(p), d.isFinite else { return nil }
                v.append(d)
            }
            guard v[0...2].allSatisfy({ (0...255).contains($0) }) else { return nil }
            let a = count == 4 ? v[3] : 1
            guard (0...1).contains(a) else { return nil }
            return Color(red: v[0] / 255, green: v[1] / 255, blue: v[2] / 255, alpha: a)
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
