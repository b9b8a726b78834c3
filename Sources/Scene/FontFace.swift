import CFreeType
import Geometry

/// A font file opened with FreeType, turning strings into glyph outlines.
///
/// Outlines are read unhinted in font units (`FT_LOAD_NO_SCALE`) and scaled to
/// points, y flipped so that the baseline is y = 0 and ascenders are negative,
/// as in SwiftUI's y-down space. Pair kerning comes from the font's `kern` table
/// when it has one. A face is used while a timeline loads; rendering only sees
/// the resulting `GlyphRun`s, so FreeType is never called from the render threads.
public final class FontFace {
    /// The font file.
    public let path: String
    private var library: FT_Library?
    private var face: FT_Face?
    private var outlines: [UInt32: (Path, Double)] = [:]

    /// Opens the font file at `path`; nil when FreeType cannot read it.
    public init?(path: String) {
        self.path = path
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        guard FT_New_Face(library, path, 0, &face) == 0, face != nil else {
            FT_Done_FreeType(library)
            return nil
        }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private var unitsPerEm: Double { Double(face!.pointee.units_per_EM) }

    /// Lays `string` out on one baseline at `size` points, with pair kerning.
    public func shape(_ string: String, size: Double) -> GlyphRun {
        let scale = size / unitsPerEm
        let metrics = face!.pointee
        var run = GlyphRun(
            ascent: Double(metrics.ascender) * scale, descent: -Double(metrics.descender) * scale,
            leading: max(Double(metrics.height - metrics.ascender + metrics.descender), 0) * scale)
        var previous: FT_UInt = 0
        for character in string {
            let scalar = character.unicodeScalars.first!
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            var kern = 0.0
            if previous != 0, index != 0, (metrics.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta) == 0 {
                    kern = Double(delta.x) * scale
                }
            }
            let (outline, advance) = glyph(index)
            run.glyphs.append(GlyphRun.Glyph(
                outline: outline, scale: scale, advance: advance * scale, kerning: kern,
                isSpace: scalar.properties.isWhitespace, isNewline: character.isNewline))
            previous = index
        }
        let (ellipsis, ellipsisAdvance) = glyph(FT_Get_Char_Index(face, 0x2026))
        run.ellipsis = GlyphRun.Glyph(outline: ellipsis, scale: scale, advance: ellipsisAdvance * scale, kerning: 0, isSpace: false, isNewline: false)
        return run
    }

    /// The outline (font units, y down) and advance (font units) of glyph `index`.
    private func glyph(_ index: FT_UInt) -> (Path, Double) {
        if let cached = outlines[index] { return cached }
        var result = (Path(), 0.0)
        if FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face?.pointee.glyph
        {
            result.1 = Double(slot.pointee.advance.x)
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                result.0 = Self.decompose(&slot.pointee.outline)
            }
        }
        outlines[index] = result
        return result
    }

    /// Converts a FreeType outline to a path, flipping y.
    private static func decompose(_ outline: inout FT_Outline) -> Path {
        final class Builder { var path = Path() }
        let builder = Builder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.move(to: Point(x: Double(to!.pointee.x), y: -Double(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addLine(to: Point(x: Double(to!.pointee.x), y: -Double(to!.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addQuadCurve(
                    to: Point(x: Double(to!.pointee.x), y: -Double(to!.pointee.y)),
                    control: Point(x: Double(control!.pointee.x), y: -Double(control!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addCurve(
                    to: Point(x: Double(to!.pointee.x), y: -Double(to!.pointee.y)),
                    control1: Point(x: Double(c1!.pointee.x), y: -Double(c1!.pointee.y)),
                    control2: Point(x: Double(c2!.pointee.x), y: -Double(c2!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        _ = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        return builder.path
    }
}

/// A string shaped on one baseline: each glyph's outline and advance, in points.
public struct GlyphRun: Sendable {
    /// One glyph: its outline in font units (y down) and the scale to points.
    public struct Glyph: Sendable {
        public var outline: Path
        public var scale: Double
        /// Horizontal advance in points.
        public var advance: Double
        /// Kerning with the previous glyph, in points (added before this glyph).
        public var kerning: Double
        public var isSpace: Bool
        public var isNewline: Bool
    }

    /// Distance from the baseline up to the top of the line box, in points.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line box, in points.
    public var descent: Double
    /// Extra space between lines, in points.
    public var leading: Double
    public var glyphs: [Glyph] = []
    /// The glyph that ends a truncated line ("…").
    public var ellipsis: Glyph?

    public init(ascent: Double, descent: Double, leading: Double) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }

    /// The height of one line: ascent + descent + leading.
    public var lineHeight: Double { ascent + descent + leading }
}
