import CFreeType
import CHarfBuzz
import Geometry

/// A font file opened with FreeType and HarfBuzz, turning strings into glyph outlines.
///
/// HarfBuzz shapes each line of text: it picks the glyphs (ligatures included)
/// and their advances with the font's OpenType kerning (GPOS), in font units.
/// FreeType gives each glyph's outline, read unhinted in font units
/// (`FT_LOAD_NO_SCALE`). Both are scaled to points, y flipped so that the baseline
/// is y = 0 and ascenders are negative, as in SwiftUI's y-down space. A face is
/// used while a timeline loads; rendering only sees the resulting `GlyphRun`s, so
/// neither library is called from the render threads.
public final class FontFace {
    /// The font file.
    public let path: String
    private var library: FT_Library?
    private var face: FT_Face?
    private var shaper: OpaquePointer?  // hb_font_t
    private var outlines: [UInt32: (Path, Double)] = [:]

    /// Opens the font file at `path`; nil when FreeType or HarfBuzz cannot read it.
    public init?(path: String) {
        self.path = path
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            return nil
        }
        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        shaper = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        let upem = Int32(face.pointee.units_per_EM)
        hb_font_set_scale(shaper, upem, upem)
    }

    deinit {
        if let shaper { hb_font_destroy(shaper) }
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private var unitsPerEm: Double { Double(face!.pointee.units_per_EM) }

    /// Lays `string` out on one baseline at `size` points, shaped with the font's
    /// kerning; each line (separated by newlines) is shaped on its own.
    public func shape(_ string: String, size: Double) -> GlyphRun {
        let scale = size / unitsPerEm
        let metrics = face!.pointee
        var run = GlyphRun(
            ascent: Double(metrics.ascender) * scale, descent: -Double(metrics.descender) * scale,
            leading: max(Double(metrics.height - metrics.ascender + metrics.descender), 0) * scale)
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
        for (n, line) in lines.enumerated() {
            if n > 0 {
                run.glyphs.append(GlyphRun.Glyph(outline: Path(), scale: scale, advance: 0, isSpace: false, isNewline: true))
            }
            run.glyphs += shapeLine(String(line), scale: scale)
        }
        run.ellipsis = shapeLine("\u{2026}", scale: scale).first
        return run
    }

    /// One line shaped by HarfBuzz: glyphs with advances and offsets in points.
    private func shapeLine(_ line: String, scale: Double) -> [GlyphRun.Glyph] {
        guard !line.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let utf8 = Array(line.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return []
        }
        var glyphs: [GlyphRun.Glyph] = []
        for i in 0..<Int(count) {
            let cluster = Int(infos[i].cluster)
            let isSpace = cluster < utf8.count && (utf8[cluster] == 0x20 || utf8[cluster] == 0x09)
            let (outline, _) = glyph(FT_UInt(infos[i].codepoint))
            glyphs.append(GlyphRun.Glyph(
                outline: outline, scale: scale, advance: Double(positions[i].x_advance) * scale,
                offset: Point(x: Double(positions[i].x_offset) * scale, y: -Double(positions[i].y_offset) * scale),
                isSpace: isSpace, isNewline: false))
        }
        return glyphs
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
        /// Horizontal advance in points, kerning included.
        public var advance: Double
        /// Where the outline is drawn relative to the pen, in points (y down).
        public var offset: Point
        public var isSpace: Bool
        public var isNewline: Bool

        public init(outline: Path, scale: Double, advance: Double, offset: Point = .zero, isSpace: Bool, isNewline: Bool) {
            self.outline = outline
            self.scale = scale
            self.advance = advance
            self.offset = offset
            self.isSpace = isSpace
            self.isNewline = isNewline
        }
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
