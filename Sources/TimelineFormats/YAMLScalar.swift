// How a YAML scalar becomes a JSON value: the YAML 1.2 core schema (YAML 1.2.2,
// §10.3.2), the schema whose plain scalars read as JSON's do.
//
// A plain (unquoted) scalar is null (`null`, `Null`, `NULL`, `~` or nothing),
// a boolean (`true`, `True`, `TRUE`, `false`, `False`, `FALSE`), an integer
// (`[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`), a float
// (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`), and otherwise a
// string. YAML 1.1's other booleans (`yes`, `no`, `on`, `off`) are strings.
// A quoted or block scalar is always a string, and so is one tagged `!!str` or
// `!`. Since a timeline's numbers are finite, `.inf` and `.nan` are errors, as is
// an integer or float beyond the range of a `Double`.

import Timeline
import Yams

/// The core schema's reading of one scalar.
enum YAMLScalar {
    /// The value of `scalar`; throws for a non-finite number, a tag other than the
    /// core schema's, or a tagged scalar that is not of its tag's kind.
    static func value(of scalar: Node.Scalar, path: JSONPath, location: SourceLocation) throws(TimelineError) -> JSONValue {
        let text = scalar.string
        let tag = Tag.Name(rawValue: scalar.tag.rawValue)
        let isPlain = scalar.style == .plain || scalar.style == .any
        if tag == .str || tag == .nonSpecific || (tag == .implicit && !isPlain) {
            return .string(text)
        }
        let resolved = try resolve(text, path: path, location: location)
        switch tag {
        case .implicit:
            return resolved
        case .null, .bool, .int, .float:
            let matches: Bool
            switch resolved {
            case .null: matches = tag == .null
            case .bool: matches = tag == .bool
            case .number: matches = tag == .float || (tag == .int && isInteger(text))
            default: matches = false
            }
            guard matches else {
                throw TimelineError("\"\(text)\" is not a value of the tag !!\(tag.rawValue.split(separator: ":").last ?? "")", path: path, location: location)
            }
            return resolved
        default:
            throw TimelineError("unsupported tag \"\(tag.rawValue)\" (a timeline reads plain YAML: write the value without a tag, or quote it)", path: path, location: location)
        }
    }

    /// A plain scalar under the core schema.
    static func resolve(_ text: String, path: JSONPath, location: SourceLocation) throws(TimelineError) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            throw TimelineError("\(text) is not a finite number (a timeline's numbers are finite; quote it for a string)", path: path, location: location)
        default: break
        }
        let utf8 = Array(text.utf8)
        let number: Double
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "o") {
            guard let n = whole(utf8.dropFirst(2), radix: utf8[1] == UInt8(ascii: "x") ? 16 : 8) else { return .string(text) }
            number = n
        } else if isDecimal(utf8) {
            number = Double(text) ?? .infinity
        } else {
            return .string(text)
        }
        guard number.isFinite else {
            throw TimelineError("number \(text.count <= 24 ? text : String(text.prefix(20)) + "…") is out of range", path: path, location: location)
        }
        return .number(number)
    }

    /// Whether `text` is a plain scalar that the core schema reads as something
    /// other than a string (or that YAML 1.1 would read as a boolean), so that a
    /// string with this text must be quoted.
    static func needsQuotes(_ text: String) -> Bool {
        if ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"].contains(text) { return true }
        guard let value = try? resolve(text, path: .root, location: SourceLocation(line: 1, column: 1)) else { return true }
        if case .string = value { return false }
        return true
    }

    static func isInteger(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "o") { return true }
        let digits = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`: the core schema's
    /// decimal integers and floats.
    static func isDecimal(_ utf8: [UInt8]) -> Bool {
        var i = 0
        if i < utf8.count, utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") { i += 1 }
        let integerStart = i
        while i < utf8.count, isDigit(utf8[i]) { i += 1 }
        let integerDigits = i - integerStart
        var fractionDigits = 0
        if i < utf8.count, utf8[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < utf8.count, isDigit(utf8[i]) { i += 1 }
            fractionDigits = i - fractionStart
        }
        // `.` alone, or `.e5`, has no digit.
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if i < utf8.count, utf8[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < utf8.count, utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") { i += 1 }
            let exponentStart = i
            while i < utf8.count, isDigit(utf8[i]) { i += 1 }
            guard i > exponentStart else { return false }
        }
        return i == utf8.count
    }

    /// Hexadecimal or octal digits as the nearest `Double`; nil when a byte is not a digit of `radix`.
    static func whole(_ digits: ArraySlice<UInt8>, radix: Int) -> Double? {
        var value = 0.0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * Double(radix) + Double(digit)
        }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
