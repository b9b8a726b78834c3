// Text whose string changes from frame to frame (`"{score}"` over a param or
// the time). Everything is shaped when the file is loaded: the literal parts
// whole (with their kerning), the strings an index may choose each whole, and
// every character a number can print one by one; a frame only concatenates
// glyphs, so no font is touched while rendering (FreeType faces are not shared
// between threads). Kerning between a number's digits and its neighbours is
// kept inside a number (each character's advance is the one it has before the
// next character, from the pair shaped together) but not between a number and
// the literal text around it.

/// The parts of a text that varies, shaped in advance.
public struct TextTemplate: Sendable {
    /// One part of the string.
    public enum Part: Sendable {
        /// Fixed text, shaped.
        case literal([GlyphRun.Glyph])
        /// A number printed as `TextTemplate.format` prints it.
        case number(Expression, decimals: Int?)
        /// The string at `floor(index)` of `choices` (clamped to the list), each shaped.
        case choice(Expression, [[GlyphRun.Glyph]])
    }

    public var parts: [Part]
    /// The glyphs of the characters a number prints (`TextTemplate.numberCharacters`).
    public var characters: [Character: GlyphRun.Glyph]
    /// A character's advance when the given character follows it, where kerning changes it.
    public var kernedAdvances: [Character: [Character: Double]]

    public init(parts: [Part], characters: [Character: GlyphRun.Glyph], kernedAdvances: [Character: [Character: Double]] = [:]) {
        self.parts = parts
        self.characters = characters
        self.kernedAdvances = kernedAdvances
    }

    /// Every character `format` can print.
    public static let numberCharacters = "0123456789-.e+infa"

    /// Swift's `"\(x)"` for a number, except that a whole number prints without
    /// ".0" (`3`, not `3.0`); with `decimals`, exactly that many digits after the
    /// point, rounded half away from zero (`format(2.5, decimals: 0)` is `"3"`).
    /// NaN prints as `nan`, infinities as `inf` and `-inf`.
    public static func format(_ x: Double, decimals: Int? = nil) -> String {
        guard x.isFinite else { return "\(x)" }
        if let decimals, decimals >= 0, decimals <= 15 {
            var unit = 1.0
            for _ in 0..<decimals { unit *= 10 }
            let scaled = (abs(x) * unit).rounded(.toNearestOrAwayFromZero)
            guard scaled < 9e15 else { return "\(x)" }
            let whole = Int(scaled)
            let integer = whole / Int(unit), fraction = whole % Int(unit)
            var text = (x < 0 && whole != 0 ? "-" : "") + String(integer)
            if decimals > 0 {
                let digits = String(fraction)
                text += "." + String(repeating: "0", count: decimals - digits.count) + digits
            }
            return text
        }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    /// The run of this frame's string: the glyphs of every part in order, over `base`'s metrics.
    public func run(over base: GlyphRun, in context: EvaluationContext) -> GlyphRun {
        var run = base
        run.glyphs = []
        for part in parts {
            switch part {
            case .literal(let glyphs):
                run.glyphs += glyphs
            case .number(let expression, let decimals):
                let text = Array(Self.format(expression.evaluate(in: context), decimals: decimals))
                for (k, c) in text.enumerated() {
                    guard var g = characters[c] else { continue }
                    if k + 1 < text.count, let advance = kernedAdvances[c]?[text[k + 1]] { g.advance = advance }
                    run.glyphs.append(g)
                }
            case .choice(let index, let choices):
                guard !choices.isEmpty else { continue }
                let i = index.evaluate(in: context)
                run.glyphs += choices[i >= 1 ? Int(min(i.rounded(.down), Double(choices.count - 1))) : 0]
            }
        }
        return run
    }

    /// Whether every part prints the same in every frame (given the same `forEach` variables).
    var isSameInEveryFrame: Bool {
        parts.allSatisfy { part in
            switch part {
            case .literal: true
            case .number(let e, _): e.isSameInEveryFrame
            case .choice(let e, _): e.isSameInEveryFrame
            }
        }
    }
}

extension TextView {
    /// The text as drawn in `context`: its template's string shaped for this frame, if it has one.
    public func resolved(in context: EvaluationContext) -> TextView {
        guard let template else { return self }
        var copy = self
        copy.run = template.run(over: run, in: context)
        return copy
    }
}
