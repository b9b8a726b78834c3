/// A JSON Schema (draft 2020-12) of the timeline format, generated from
/// `FormatTables`: editors that read it complete keys and flag unknown ones.
///
/// It checks the structure (which keys exist where, and the JSON type of their
/// values); the loader checks the rest (names of params, expression syntax,
/// colour names, ranges), so a file the schema accepts can still fail `check`.
public enum TimelineSchema {
    /// The schema's `$id`, which a timeline may name in `"$schema"`.
    public static let id = "https://animate.invalid/schema/timeline-v1.json"

    /// The schema as pretty-printed JSON.
    public static var text: String {
        var out = ""
        document.write(to: &out, indent: "")
        return out + "\n"
    }

    static var document: SchemaJSON {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(id)),
            ("title", .string("animate timeline, format version 1")),
            ("type", .string("object")),
            ("properties", .object(FormatTables.topLevel.map { ($0.name, schema($0.form)) })),
            ("required", .array(FormatTables.topLevel.filter(\.required).map { .string($0.name) })),
            ("additionalProperties", .bool(false)),
            ("$defs", .object([
                ("expression", .object([
                    ("anyOf", .array([.object([("type", .string("number"))]), .object([("type", .string("string")), ("pattern", .string("^="))])])),
                ])),
                ("view", .object([
                    ("description", .string("A view: one kind key, with an optional id and modifiers.")),
                    ("type", .string("object")),
                    ("properties", .object(
                        FormatTables.views.map { ($0.name, schema($0.form)) } + [
                            ("id", .object([("type", .string("string"))])),
                            ("modifiers", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/modifier"))]))])),
                        ])),
                    ("additionalProperties", .bool(false)),
                    ("oneOf", .array(FormatTables.views.map { .object([("required", .array([.string($0.name)]))]) })),
                ])),
                ("modifier", .object([
                    ("description", .string("A modifier: an object with exactly one key.")),
                    ("type", .string("object")),
                    ("properties", .object(FormatTables.modifiers.map { ($0.name, schema($0.form)) })),
                    ("additionalProperties", .bool(false)),
                    ("minProperties", .number(1)),
                    ("maxProperties", .number(1)),
                ])),
            ])),
        ])
    }

    static func schema(_ form: ValueForm) -> SchemaJSON {
        func type(_ name: String) -> SchemaJSON { .object([("type", .string(name))]) }
        switch form {
        case .number: return type("number")
        case .integer: return type("integer")
        case .string: return type("string")
        case .bool: return type("boolean")
        case .null: return type("null")
        case .dictionary(let value): return .object([("type", .string("object")), ("additionalProperties", schema(value))])
        case .expression: return .object([("$ref", .string("#/$defs/expression"))])
        case .dimension: return .object([("anyOf", .array([.object([("$ref", .string("#/$defs/expression"))]), .object([("const", .string("infinity"))])]))])
        case .color: return .object([("type", .array([.string("string"), .string("object")]))])
        case .paint: return .object([("type", .array([.string("string"), .string("object")]))])
        case .view: return .object([("$ref", .string("#/$defs/view"))])
        // A keyword may be written with SwiftUI's leading dot (".title").
        case .keyword(let names): return .object([("enum", .array((names + names.map { "." + $0 }).map { .string($0) }))])
        case .object(let keys):
            var members: [(String, SchemaJSON)] = [
                ("type", .string("object")),
                ("properties", .object(keys.map { ($0.name, schema($0.form)) })),
                ("additionalProperties", .bool(false)),
            ]
            let required = keys.filter(\.required)
            if !required.isEmpty { members.append(("required", .array(required.map { .string($0.name) }))) }
            return .object(members)
        case .array(let item): return .object([("type", .string("array")), ("items", schema(item))])
        case .tuple(let items):
            return .object([
                ("type", .string("array")), ("prefixItems", .array(items.map(schema))), ("minItems", .number(Double(items.count))),
                ("maxItems", .number(Double(items.count))),
            ])
        case .anyOf(let forms): return .object([("anyOf", .array(forms.map(schema)))])
        case .any: return .bool(true)
        }
    }
}

/// A JSON value to write, with object members in a fixed order.
indirect enum SchemaJSON {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    /// Appends the value, objects and arrays of objects one member a line.
    func write(to out: inout String, indent: String) {
        switch self {
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
        case .string(let s): Self.quote(s, to: &out)
        case .array(let items):
            // Short arrays of scalars stay on one line.
            if items.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(to: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent + "  "
                item.write(to: &out, indent: indent + "  ")
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += indent + "  "
                Self.quote(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + "  ")
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }

    static func quote(_ s: String, to out: inout String) {
        out += "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        out += "\""
    }
}
