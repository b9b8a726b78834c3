import Raster
import Geometry

/// A text view: a shaped string and how it is painted and wrapped.
public struct TextView: Sendable {
    public var run: GlyphRun
    /// The fill of the glyphs; nil draws with the foreground style (black unless set,
    /// SwiftUI's primary colour in light mode).
    public var paint: PaintValue?
    /// The most lines shown; nil for no limit. A cut line ends with "…".
    public var lineLimit: Int?
    /// How lines of a multi-line text align with each other.
    public var alignment: TextAlignment
    /// For a string that changes from frame to frame: its parts, shaped in advance;
    /// `run` then holds only the font's metrics and ellipsis. Nil for a fixed string.
    public var template: TextTemplate?

    public init(run: GlyphRun, paint: PaintValue? = nil, lineLimit: Int? = nil, alignment: TextAlignment = .leading, template: TextTemplate? = nil) {
        self.template = template
        self.run = run
        self.paint = paint
        self.lineLimit = lineLimit
        self.alignment = alignment
    }
}

/// SwiftUI's `TextAlignment`.
public enum TextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing

    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

/// Lines of a text laid out for a width: greedy word wrapping as SwiftUI's
/// `Text`, breaking inside a word only when the word alone is wider than the
/// line, and ending the last allowed line with "…" when text remains.
struct TextLayout {
    struct Line {
        var glyphs: Range<Int>
        var width: Double
        var ellipsis: Bool
    }

    var lines: [Line] = []
    var size: Size

    init(_ text: TextView, proposal: ProposedSize) {
        let run = text.run
        let glyphs = run.glyphs
        let limitWidth = proposal.width ?? .infinity
        var maxLines = text.lineLimit ?? Int.max
        if let h = proposal.height, run.lineHeight > 0 {
            // Less than a line's height still shows one; more lines than `Int` counts limit nothing.
            let fit = (h + 1e-9) / run.lineHeight
            if fit < 0x1p63 { maxLines = min(maxLines, fit < 1 ? 1 : Int(fit)) }
        }
        var lines: [Line] = []
        var start = 0
        while start < glyphs.count && lines.count < maxLines {
            // Take glyphs while they fit; remember the last word break.
            var width = 0.0, i = start, lastBreak: Int? = nil
            var forced = false
            while i < glyphs.count {
                let g = glyphs[i]
                if g.isNewline {
                    forced = true
                    break
                }
                let w = g.advance
                if width + w > limitWidth + 1e-9, !g.isSpace, i > start {
                    break
                }
                if g.isSpace { lastBreak = i }
                width += w
                i += 1
            }
            var end = i
            if !forced, i < glyphs.count, let b = lastBreak, b > start { end = b }
            let visible = Self.trimmedWidth(glyphs, start..<end)
            lines.append(Line(glyphs: start..<end, width: visible, ellipsis: false))
            start = end
            // Skip the break itself: one newline, or the spaces at a wrap.
            if start < glyphs.count, glyphs[start].isNewline {
                start += 1
            } else {
                while start < glyphs.count, glyphs[start].isSpace { start += 1 }
            }
        }
        if start < glyphs.count, var last = lines.popLast(), let ellipsis = run.ellipsis {
            // Truncate: drop glyphs until the line and "…" fit.
            var end = last.glyphs.upperBound
            while end > last.glyphs.lowerBound, Self.trimmedWidth(glyphs, last.glyphs.lowerBound..<end) + ellipsis.advance > limitWidth + 1e-9 {
                end -= 1
            }
            last.glyphs = last.glyphs.lowerBound..<end
            last.width = Self.trimmedWidth(glyphs, last.glyphs) + ellipsis.advance
            last.ellipsis = true
            lines.append(last)
        }
        if lines.isEmpty { lines.append(Line(glyphs: 0..<0, width: 0, ellipsis: false)) }
        self.lines = lines
        let width = lines.map(\.width).max() ?? 0
        size = Size(width: width, height: Double(lines.count) * run.lineHeight)
    }

    /// The width of a range of glyphs without its trailing spaces.
    static func trimmedWidth(_ glyphs: [GlyphRun.Glyph], _ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, glyphs[end - 1].isSpace { end -= 1 }
        var width = 0.0
        for i in range.lowerBound..<end {
            width += glyphs[i].advance
        }
        return width
    }

    /// The outlines of every line, placed in a frame of `frameWidth` at `origin`.
    func path(_ text: TextView, origin: Point, frameWidth: Double) -> Path {
        let run = text.run
        var path = Path()
        for (n, line) in lines.enumerated() {
            var x = origin.x + (frameWidth - line.width) * text.alignment.fraction
            let baseline = origin.y + Double(n) * run.lineHeight + run.ascent
            for i in line.glyphs {
                let g = run.glyphs[i]
                if !g.outline.isEmpty {
                    path.addPath(g.outline, transform: AffineTransform(a: g.scale, b: 0, c: 0, d: g.scale, tx: x + g.offset.x, ty: baseline + g.offset.y))
                }
                x += g.advance
            }
            if line.ellipsis, let e = run.ellipsis {
                path.addPath(e.outline, transform: AffineTransform(a: e.scale, b: 0, c: 0, d: e.scale, tx: x, ty: baseline))
            }
        }
        return path
    }
}
