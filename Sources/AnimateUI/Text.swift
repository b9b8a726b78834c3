internal import Scene

/// A line (or lines) of text, as SwiftUI's `Text`: drawn from the font's glyph
/// outlines in the foreground style, wrapped to the proposed width.
public struct Text: View, PrimitiveView, Equatable {
    var string: String
    var font: Font?
    var weight: Font.Weight?
    var color: Color?
    var lineLimit: Int?
    var alignment: TextAlignment?

    public init<S: StringProtocol>(_ content: S) { string = String(content) }

    public init(verbatim content: String) { string = content }

    public var body: Never { fatalError("Text has no body") }

    public func font(_ font: Font?) -> Text {
        var copy = self
        copy.font = font
        return copy
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var copy = self
        copy.weight = weight
        return copy
    }

    public func bold() -> Text { fontWeight(.bold) }

    public func foregroundColor(_ color: Color?) -> Text {
        var copy = self
        copy.color = color
        return copy
    }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        var font = self.font?.scene ?? environment.font ?? .body
        if let weight { font.weight = weight.scene }
        let run = environment.resources.glyphRun(string, font: font)
        var view = TextView(run: run, paint: color.map { .color($0.raster) })
        view.lineLimit = lineLimit ?? environment.lineLimit
        view.alignment = (alignment ?? environment.multilineTextAlignment).scene
        views.append(.text(view))
    }
}

/// How the lines of a multi-line text align, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing

    var scene: Scene.TextAlignment {
        switch self {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }
}
