#if canImport(Glibc)
import Glibc
#endif

/// Finds font files for `Font` descriptions and keeps them open while a
/// timeline loads.
///
/// The system font (SwiftUI's SF Pro) is drawn with Inter, a close open
/// relative: Inter for sizes below 20 points and Inter Display from 20 up, as SF
/// Pro switches from Text to Display. The rounded design also uses Inter; serif
/// uses DejaVu Serif and monospaced DejaVu Sans Mono. A `family` is looked up
/// by file name (`DejaVu Sans` bold → `DejaVuSans-Bold.ttf`) in the font folders.
/// A font that cannot be found is an error, never a silent substitute.
public final class FontLibrary {
    /// Folders searched, in order, recursively.
    public var folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
    private var faces: [String: FontFace] = [:]
    private var index: [String: String]?

    public init() {}

    /// Why a font could not be found.
    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
    }

    /// The face for `font`.
    public func face(for font: Font) throws(NotFound) -> FontFace {
        let candidates = fileNames(for: font)
        let files = fileIndex()
        for name in candidates {
            if let path = files[name.lowercased()] {
                if let face = faces[path] { return face }
                if let face = FontFace(path: path) {
                    faces[path] = face
                    return face
                }
            }
        }
        let hint = font.family == nil ? " (install the fonts-inter and fonts-dejavu-core packages: Scripts/install-deps)" : ""
        throw NotFound(description: "no font file for \(font.family.map { "family \"\($0)\"" } ?? "the \(font.design.rawValue) design"), weight \(font.weight.rawValue): looked for \(candidates.prefix(3).joined(separator: ", ")) in \(folders.joined(separator: ", "))\(hint)")
    }

    /// File base names (without extension) that would serve `font`, best first.
    func fileNames(for font: Font) -> [String] {
        if let family = font.family {
            let base = String(family.filter { $0 != " " })
            let suffixes = Self.styleNames(font.weight)
            return suffixes.map { $0.isEmpty ? base : "\(base)-\($0)" } + [base]
        }
        switch font.design {
        case .default, .rounded:
            let base = font.size >= 20 ? "InterDisplay" : "Inter"
            return Self.styleNames(font.weight).filter { !$0.isEmpty }.map { "\(base)-\($0)" }
        case .serif:
            return font.weight.value >= 600 ? ["DejaVuSerif-Bold"] : ["DejaVuSerif"]
        case .monospaced:
            return font.weight.value >= 600 ? ["DejaVuSansMono-Bold"] : ["DejaVuSansMono"]
        }
    }

    /// Style names for a weight, as font files spell them, nearest first.
    static func styleNames(_ weight: Font.Weight) -> [String] {
        switch weight {
        case .ultraLight: return ["Thin", "ExtraLight"]
        case .thin: return ["ExtraLight", "Thin", "Light"]
        case .light: return ["Light"]
        case .regular: return ["Regular", "", "Book"]
        case .medium: return ["Medium", "Regular", ""]
        case .semibold: return ["SemiBold", "Semibold", "Bold"]
        case .bold: return ["Bold"]
        case .heavy: return ["ExtraBold", "Heavy", "Black", "Bold"]
        case .black: return ["Black", "Heavy", "ExtraBold", "Bold"]
        }
    }

    /// Lower-cased base name → path of every .ttf/.otf file in the folders.
    private func fileIndex() -> [String: String] {
        if let index { return index }
        var result: [String: String] = [:]
        for folder in folders { Self.scan(folder, into: &result, depth: 0) }
        index = result
        return result
    }

    private static func scan(_ folder: String, into result: inout [String: String], depth: Int) {
        guard depth < 8, let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = folder + "/" + name
            let lower = name.lowercased()
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") {
                let base = String(lower.dropLast(4))
                if result[base] == nil { result[base] = path }
            } else if entry.pointee.d_type == DT_DIR {
                scan(path, into: &result, depth: depth + 1)
            }
        }
    }
}
