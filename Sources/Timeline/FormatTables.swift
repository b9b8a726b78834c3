import Geometry
import Raster
import Scene

/// Every key of the timeline format and the form of its value: the loader takes
/// its key lists from here and `TimelineSchema` is generated from here, so the
/// two cannot drift apart. A new key is one line in one of these tables (and
/// the code that reads it).
enum FormatTables {
    /// The keys of the top-level object.
    static let topLevel: [ValueForm.Key] = [
        key("$schema", .string),
        key("version", .number),
        key("size", .tuple([.number, .number]), required: true),
        key("scale", .number),
        key("fps", .integer),
        key("duration", .number, required: true),
        key("background", .color),
        key("params", .any),
        key("constants", .dictionary(.any)),
        key("paints", .any),
        key("animations", .array(animation)),
        key("scene", .view, required: true),
    ]

    /// One entry of `animations`: a change to `to` with a curve, or keyframes.
    static let animation = ValueForm.object([
        key("param", .string, required: true), key("at", .number), key("to", .any), key("curve", .string),
        key("keyframes", .array(.any)),
    ])

    static let alignment = ValueForm.keyword(Alignment.named.map(\.0))
    static let anchor = ValueForm.anyOf([alignment, .tuple([.number, .number])])
    static let units = ValueForm.keyword(["points", "unit"])
    static let cornerStyle = ValueForm.keyword(CornerStyle.allCases.map(\.rawValue))
    /// `{ "x", "y" }`, or `"=v"` naming two numbers.
    static let point = ValueForm.anyOf([.object([key("x", .expression), key("y", .expression)]), .expression])
    static let secondary = ValueForm.anyOf([.paint, .view, .object([key("content", .any, required: true), key("alignment", alignment)])])
    static let textStyle = ValueForm.keyword(Font.textStyles.map(\.0))
    /// A text's `font`: a text style name or a font description.
    static let font = ValueForm.anyOf([
        textStyle,
        .object([
            key("style", textStyle), key("size", .number), key("weight", .keyword(Font.Weight.allCases.map(\.rawValue))),
            key("design", .keyword(Font.Design.allCases.map(\.rawValue))), key("family", .string),
        ]),
    ])
    static let stroke = ValueForm.anyOf([
        .object([
            key("paint", .paint), key("lineWidth", .expression), key("lineCap", .keyword(LineCap.allCases.map(\.rawValue))),
            key("lineJoin", .keyword(LineJoin.allCases.map(\.rawValue))), key("miterLimit", .expression),
            key("dash", .array(.expression)), key("dashPhase", .expression),
        ]),
        .paint,
    ])
    static let stack = ValueForm.anyOf([
        .array(.view), .object([key("alignment", alignment), key("spacing", .expression), key("children", .array(.view), required: true)]),
    ])
    /// A gradient stop: `[colour, location]` or SwiftUI's `{ "color", "location" }`.
    static let stop = ValueForm.anyOf([.tuple([.color, .number]), .object([key("color", .color, required: true), key("location", .number, required: true)])])
    /// SwiftUI's `Gradient(colors:)` or `Gradient(stops:)`, under a gradient paint's `gradient` key.
    static let gradientStops = ValueForm.object([key("colors", .array(.color)), key("stops", .array(stop))])
    static func gradient(_ extra: [ValueForm.Key]) -> ValueForm {
        .object([key("colors", .array(.color)), key("stops", .array(stop)), key("gradient", gradientStops), key("space", .string)] + extra)
    }

    /// Each view kind and the form of its arguments.
    static let views: [(name: String, form: ValueForm)] = [
        ("rectangle", .object([])), ("circle", .object([])), ("ellipse", .object([])), ("capsule", .object([])),
        ("roundedRectangle", .object([key("cornerRadius", .expression, required: true), key("style", cornerStyle)])),
        ("star", .object([key("points", .expression), key("innerRatio", .expression)])),
        ("overlappingEllipses", .object([key("count", .expression), key("overlapping", .expression)])),
        ("overlappingRectangles", .object([key("count", .expression), key("overlapping", .expression)])),
        ("polygon", .object([key("points", .array(.tuple([.expression, .expression])), required: true), key("units", units)])),
        ("path", .object([key("d", .string), key("commands", .array(.array(.any))), key("units", units)])),
        ("zstack", stack), ("vstack", stack), ("hstack", stack),
        ("spacer", .object([key("minLength", .expression)])),
        ("color", .paint),
        ("text", .anyOf([
            .string,
            .object([
                key("string", .string, required: true), key("font", font), key("color", .color), key("lineLimit", .integer),
                key("alignment", .keyword(TextAlignment.allCases.map(\.rawValue))),
            ]),
        ])),
        ("image", .anyOf([
            .string,
            .object([
                key("file", .string, required: true), key("resizable", .bool),
                key("contentMode", .keyword(ImageView.ContentMode.allCases.map(\.rawValue))),
                key("interpolation", .keyword(["none", "low", "medium", "high"])),
            ]),
        ])),
        ("scrollView", .object([key("axis", .keyword(["vertical", "horizontal"])), key("offset", .expression), key("content", .view, required: true)])),
        ("forEach", .object([
            key("range", .tuple([.expression, .expression])), key("in", .string), key("as", .string, required: true), key("index", .string),
            key("content", .view, required: true),
        ])),
        ("linearGradient", gradient([key("startPoint", anchor), key("endPoint", anchor)])),
        ("radialGradient", gradient([key("center", anchor), key("startRadius", .expression), key("endRadius", .expression)])),
        ("angularGradient", gradient([key("center", anchor), key("startAngle", .expression), key("endAngle", .expression)])),
        ("ellipticalGradient", gradient([key("center", anchor), key("startRadiusFraction", .expression), key("endRadiusFraction", .expression)])),
    ]

    /// Each modifier and the form of its argument.
    static let modifiers: [(name: String, form: ValueForm)] = [
        ("fill", .anyOf([.object([key("paint", .paint), key("eoFill", .bool), key("antialiased", .bool)]), .paint])),
        ("stroke", stroke),
        ("strokeBorder", stroke),
        ("trim", .object([key("from", .expression), key("to", .expression)])),
        ("inset", .expression),
        ("frame", .object([
            key("width", .dimension), key("height", .dimension), key("minWidth", .dimension), key("maxWidth", .dimension),
            key("minHeight", .dimension), key("maxHeight", .dimension), key("alignment", alignment),
        ])),
        ("padding", .anyOf([.expression, .object([key("edges", .any), key("length", .expression)])])),
        ("offset", point),
        ("position", point),
        ("opacity", .expression),
        ("fixedSize", .anyOf([.bool, .object([key("horizontal", .bool), key("vertical", .bool)])])),
        ("background", secondary),
        ("overlay", secondary),
        ("border", .anyOf([.object([key("paint", .paint), key("width", .expression)]), .paint])),
        ("aspectRatio", .anyOf([.expression, .object([key("ratio", .expression), key("contentMode", .keyword(["fit", "fill"]))])])),
        ("scaledToFit", .object([])),
        ("scaledToFill", .object([])),
        ("zIndex", .expression),
        ("foregroundStyle", .paint),
        ("foregroundColor", .paint),
        ("font", font),
        ("scaleEffect", .anyOf([.expression, .object([key("x", .expression), key("y", .expression), key("anchor", anchor)])])),
        ("rotationEffect", .anyOf([.expression, .object([key("degrees", .expression, required: true), key("anchor", anchor)])])),
        ("coordinateSpace", .object([key("name", .string, required: true)])),
        ("clipped", .object([])),
        ("cornerRadius", .expression),
        ("clipShape", .object([key("shape", .view, required: true), key("eoFill", .bool), key("antialiased", .bool)])),
        ("mask", secondary),
        ("blendMode", .keyword(BlendMode.allCases.map(\.rawValue))),
        ("shadow", .object([key("color", .color), key("radius", .expression), key("x", .expression), key("y", .expression)])),
        ("blur", .anyOf([.expression, .object([key("radius", .expression, required: true)])])),
        ("compositingGroup", .object([])),
        ("transition", .string),
        ("animation", .object([key("curve", .anyOf([.string, .null]), required: true), key("value", .string, required: true)])),
        ("rotation", .anyOf([.expression, .object([key("degrees", .expression, required: true), key("anchor", anchor)])])),
        ("scale", .anyOf([.expression, .object([key("x", .expression), key("y", .expression), key("anchor", anchor)])])),
        ("transform", affine),
        ("transformEffect", affine),
    ] + (PathOperation.allCases.map(\.rawValue) + LineOperation.allCases.map(\.rawValue)).map { name in
        (name, ValueForm.object([key("shape", .view, required: true), key("eoFill", .bool)]))
    }

    /// An affine transform as `CGAffineTransform`'s six numbers (the identity by default).
    static let affine = ValueForm.object([
        key("a", .expression), key("b", .expression), key("c", .expression), key("d", .expression), key("tx", .expression),
        key("ty", .expression),
    ])

    /// The keys of an `if` view.
    static let conditional: [ValueForm.Key] = [key("if", .expression, required: true), key("then", .view), key("else", .view), key("id", .string)]
    static var conditionalKeys: [String] { conditional.map(\.name) }

    private static let viewIndex = Dictionary(uniqueKeysWithValues: views.enumerated().map { ($1.name, $0) })
    private static let modifierIndex = Dictionary(uniqueKeysWithValues: modifiers.enumerated().map { ($1.name, $0) })

    /// The keys of view `kind`'s object form.
    static func viewKeys(_ kind: String) -> [String] { viewIndex[kind].map { views[$0].form.keys } ?? [] }

    /// The keys of modifier `name`'s object form.
    static func modifierKeys(_ name: String) -> [String] { modifierIndex[name].map { modifiers[$0].form.keys } ?? [] }
}
