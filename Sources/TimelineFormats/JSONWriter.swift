// Writes located nodes back as JSON text: keys in their order, two spaces of
// indentation, an array of numbers, strings, booleans or nulls on one line.
//
// Numbers are written so that reading them gives the same `Double`: a whole
// number below 10^15 without a fraction (`400`, `-0`), any other in Swift's
// shortest round-tripping form (`0.1`, `1e-07`). Strings escape `"`, `\` and the
// control characters; everything else is written as it is, in UTF-8.

import Timeline

/// Writes a document as JSON text.
public enum JSONWriter {
    /// The document rooted at `root` as JSON text ending with a line break.
    public static func text(_ root: JSONNode) -> String {
        var out = ""
        write(root, indent: "", into: &out)
        out += "\n"
        return out
    }

    static func write(_ node: JSONNode, indent: String, into out: inout String) {
        switch node.value {
        case .array(let items) where !items.isEmpty && !items.allSatisfy(\.isScalar):
            out += "[\n"
            let inner = indent + "  "
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, indent: indent, into: &out)
            }
            out += "]"
        case .object(let members) where members.isEmpty:
            out += "{}"
        case .object(let members):
            out += "{\n"
            let inner = indent + "  "
            for (i, member) in members.enumerated() {
                out += inner + string(member.key) + ": "
                write(member.value, indent: inner, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .string(let s): out += string(s)
        case .number(let x): out += number(x)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// `x` as the shortest text that reads back as the same `Double`.
    public static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 {
            let whole = String(Int(x))
            return x == 0 && x.sign == .minus ? "-0" : whole
        }
        return "\(x)"
    }

    /// `s` in double quotes with JSON's escapes.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONNode {
    /// Whether the value is a number, string, boolean or null.
    var isScalar: Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }
}
