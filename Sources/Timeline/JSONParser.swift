// A strict RFC 8259 JSON parser that keeps the source location and path of
// every value and key.
//
// Stages: an optional UTF-8 byte order mark is skipped, then one value is read
// by recursive descent over the bytes, then only whitespace may follow.
// Invariants that make it safe to fuzz:
// - every loop consumes at least one byte or exits, so it always terminates;
// - recursion depth is bounded by `maxDepth` (each container adds one level);
// - all work is linear in the input: each byte is read a bounded number of
//   times, locations are computed by a cursor that only moves forward, and a
//   node's path shares its parent's storage (O(1) per node).
// Strings are validated as UTF-8 (Unicode 15 §3.9, table 3-7: no overlong
// forms, no surrogates, nothing above U+10FFFF); `\u` escapes must pair
// surrogates, because a Swift `String` cannot hold a lone one. Numbers follow the
// RFC grammar exactly and are converted with correct rounding by the standard
// library; a number too large for a `Double` is an error, one too small to be
// distinguished from zero becomes zero.

/// Reads JSON text into located nodes.
public enum JSONParser {
    /// The default limit on nested arrays and objects.
    public static let defaultMaxDepth = 256

    /// Parses one JSON document.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, optionally starting with a byte order mark.
    ///   - maxDepth: the deepest nesting of arrays and objects accepted; the root
    ///     container is level 1. Default 256.
    /// - Returns: the root value, located, with path `(root)`.
    /// - Throws: a `TimelineError` at the first byte that makes the text invalid:
    ///   malformed syntax, truncated input, invalid UTF-8, a bad escape, a
    ///   number out of range, a duplicate key, nesting too deep, or anything but
    ///   whitespace after the value.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(TimelineError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
        return try reader.parseDocument()
    }

    /// Parses one JSON document from a string; see `parse(_:maxDepth:)`.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(TimelineError) -> JSONNode {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// The parser's state: the input, a read position, and a forward-only cursor
/// that turns byte offsets into line and column.
struct JSONReader {
    let bytes: [UInt8]
    let maxDepth: Int
    /// The offset of the first byte after the byte order mark.
    var start = 0
    var position = 0
    /// Reused for every string so that decoding allocates only the result.
    var scratch: [UInt8] = []

    var cursorOffset = 0
    var cursorLine = 1
    var cursorColumn = 1

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: Document

    mutating func parseDocument() throws(TimelineError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw TimelineError("the file is UTF-16; a timeline must be UTF-8", location: SourceLocation(line: 1, column: 1))
        }
        position = start
        cursorOffset = start
        skipWhitespace()
        if position == bytes.count {
            throw failure("empty document, expected a JSON value", at: position)
        }
        let root = try parseValue(path: .root, depth: 0)
        skipWhitespace()
        if position < bytes.count {
            throw failure("unexpected \(describeByte(at: position)) after the JSON value", at: position)
        }
        return root
    }

    // MARK: Values

    mutating func parseValue(path: JSONPath, depth: Int) throws(TimelineError) -> JSONNode {
        skipWhitespace()
        guard position < bytes.count else {
            throw failure("unexpected end of input, expected a value", at: position, path: path)
        }
        let begin = position
        let location = locate(begin)
        let value: JSONValue
        switch bytes[begin] {
        case UInt8(ascii: "{"):
            value = try parseObject(path: path, depth: depth + 1, location: location)
        case UInt8(ascii: "["):
            value = try parseArray(path: path, depth: depth + 1, location: location)
        case UInt8(ascii: "\""):
            value = .string(try parseString(path: path, location: location))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber(path: path))
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            value = try parseLiteral(path: path)
        default:
            throw failure("unexpected \(describeByte(at: begin)), expected a value", at: begin, path: path)
        }
        return JSONNode(value: value, location: location, path: path)
    }

    mutating func parseObject(path: JSONPath, depth: Int, location: SourceLocation) throws(TimelineError) -> JSONValue {
        if depth > maxDepth {
            throw failure("nesting deeper than \(maxDepth) levels", at: position, path: path)
        }
        position += 1
        var members: [JSONMember] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw failure("unexpected end of input in the object that starts at \(location)", at: position, path: path)
            }
            let keyStart = position
            guard bytes[keyStart] == UInt8(ascii: "\"") else {
                throw failure(unexpectedKeyMessage(afterComma: !members.isEmpty), at: keyStart, path: path)
            }
            let keyLocation = locate(keyStart)
            let key = try parseString(path: path, location: keyLocation)
            if let first = seen.updateValue(keyLocation, forKey: key) {
                throw failure("duplicate key \(quoted(key)) (first defined at \(first))", at: keyStart, path: path)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \(quoted(key)), found \(describeByte(at: position))", at: position, path: path)
            }
            position += 1
            let value = try parseValue(path: path.appending(key: key), depth: depth)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard position < bytes.count else {
                throw failure("unexpected end of input in the object that starts at \(location)", at: position, path: path)
            }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default:
                throw failure("expected ',' or '}' after an object member, found \(describeByte(at: position))", at: position, path: path)
            }
        }
    }

    mutating func parseArray(path: JSONPath, depth: Int, location: SourceLocation) throws(TimelineError) -> JSONValue {
        if depth > maxDepth {
            throw failure("nesting deeper than \(maxDepth) levels", at: position, path: path)
        }
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw failure("expected a value after ',' (JSON does not allow a trailing comma)", at: position, path: path)
            }
            elements.append(try parseValue(path: path.appending(index: elements.count), depth: depth))
            skipWhitespace()
            guard position < bytes.count else {
                throw failure("unexpected end of input in the array that starts at \(location)", at: position, path: path)
            }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default:
                throw failure("expected ',' or ']' after an array element, found \(describeByte(at: position))", at: position, path: path)
            }
        }
    }

    func unexpectedKeyMessage(afterComma: Bool) -> String {
        let byte = bytes[position]
        if afterComma, byte == UInt8(ascii: "}") {
            return "expected a key after ',' (JSON does not allow a trailing comma)"
        }
        if byte == UInt8(ascii: "'") {
            return "expected a key in double quotes, found a single quote"
        }
        if byte == UInt8(ascii: "_") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
            return "expected a key in double quotes, found \(describeByte(at: position))"
        }
        return "expected a string key, found \(describeByte(at: position))"
    }

    // MARK: Literals

    /// `true`, `false` or `null`; any other word is an error naming it.
    mutating func parseLiteral(path: JSONPath) throws(TimelineError) -> JSONValue {
        let begin = position
        var end = begin
        while end < bytes.count, end - begin < 32, Self.isWordByte(bytes[end]) {
            end += 1
        }
        let word = String(decoding: bytes[begin..<end], as: UTF8.self)
        switch word {
        case "true": position = end; return .bool(true)
        case "false": position = end; return .bool(false)
        case "null": position = end; return .null
        default: break
        }
        if end == bytes.count, ["true", "false", "null"].contains(where: { $0.hasPrefix(word) }) {
            throw failure("unexpected end of input in \(quoted(word))", at: end, path: path)
        }
        var message = "unexpected word \(quoted(word))"
        if word == "NaN" || word == "Infinity" {
            message += " (JSON has no NaN or Infinity)"
        } else if word == "undefined" || word == "None" || word == "nil" {
            message += " (JSON writes it null)"
        } else {
            message += didYouMean(word, among: ["true", "false", "null"])
        }
        throw failure(message, at: begin, path: path)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as the nearest
    /// finite `Double`.
    mutating func parseNumber(path: JSONPath) throws(TimelineError) -> Double {
        let begin = position
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            if position < bytes.count, Self.isWordByte(bytes[position]), !Self.isDigit(bytes[position]) {
                var end = position
                while end < bytes.count, end - position < 32, Self.isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[position..<end], as: UTF8.self)
                let note = word == "Infinity" || word == "NaN" ? " (JSON has no NaN or Infinity)" : ""
                throw failure("expected a digit after '-', found \(quoted(word))\(note)", at: position, path: path)
            }
        }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
            throw failure("expected a digit after '-', found \(describeByte(at: position))", at: position, path: path)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw failure("a number cannot have a leading zero", at: position - 1, path: path)
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("expected a digit after the decimal point, found \(describeByte(at: position))", at: position, path: path)
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("expected a digit in the exponent, found \(describeByte(at: position))", at: position, path: path)
            }
            skipDigits()
        }
        let text = String(decoding: bytes[begin..<position], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw failure("number \(Self.abbreviated(text)) is out of range", at: begin, path: path)
        }
        return number
    }

    mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) {
            position += 1
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func abbreviated(_ text: String) -> String {
        text.unicodeScalars.count <= 24 ? text : String(text.prefix(20)) + "…"
    }

    // MARK: Strings

    /// Reads a string from its opening quote to its closing quote, decoding
    /// escapes and validating UTF-8.
    mutating func parseString(path: JSONPath, location: SourceLocation) throws(TimelineError) -> String {
        position += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard position < bytes.count else {
                throw failure("unexpected end of input in the string that starts at \(location)", at: position, path: path)
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(path: path)
            case 0x0A, 0x0D:
                throw failure("line break in a string (write it as \\n)", at: position, path: path)
            case 0..<0x20:
                throw failure("control character \(Self.codePoint(UInt32(byte))) in a string (it must be escaped)", at: position, path: path)
            case 0..<0x80:
                scratch.append(byte)
                position += 1
            default:
                guard let length = validUTF8Length(at: position) else {
                    throw failure("invalid UTF-8 (byte 0x\(Self.hex(UInt16(byte), digits: 2)))", at: position, path: path)
                }
                scratch.append(contentsOf: bytes[position..<position + length])
                position += length
            }
        }
    }

    mutating func parseEscape(path: JSONPath) throws(TimelineError) {
        let backslash = position
        guard backslash + 1 < bytes.count else {
            throw failure("unexpected end of input in an escape sequence", at: bytes.count, path: path)
        }
        let decoded: UInt8
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            try parseUnicodeEscape(path: path)
            return
        default:
            let shown: String
            if let length = validUTF8Length(at: backslash + 1) {
                shown = "'\\" + String(decoding: bytes[(backslash + 1)..<(backslash + 1 + length)], as: UTF8.self) + "'"
            } else {
                shown = "'\\' followed by \(describeByte(at: backslash + 1))"
            }
            throw failure("invalid escape sequence \(shown)", at: backslash, path: path)
        }
        scratch.append(decoded)
        position += 2
    }

    /// `\uXXXX`, or a surrogate pair `\uD8xx\uDCxx`, appended as UTF-8.
    mutating func parseUnicodeEscape(path: JSONPath) throws(TimelineError) {
        let backslash = position
        guard let unit = hexQuad(at: backslash + 2) else {
            throw failure("invalid \\u escape (expected four hexadecimal digits)", at: backslash, path: path)
        }
        position += 6
        var value = UInt32(unit)
        if (0xD800..<0xDC00).contains(unit) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                  let low = hexQuad(at: position + 2), (0xDC00..<0xE000).contains(low)
            else {
                throw failure("unpaired surrogate \\u\(Self.hex(unit)) (a high surrogate must be followed by a low one)", at: backslash, path: path)
            }
            position += 6
            value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00..<0xE000).contains(unit) {
            throw failure("unpaired surrogate \\u\(Self.hex(unit)) (a low surrogate must follow a high one)", at: backslash, path: path)
        }
        appendUTF8(value)
    }

    /// Appends a scalar value (never a surrogate, at most U+10FFFF) as UTF-8.
    mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18 & 0x07))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    func hexQuad(at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `offset`, or `nil` when
    /// the bytes there are not one (Unicode table 3-7).
    func validUTF8Length(at offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    // MARK: Whitespace and positions

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The line and column of a byte offset. Offsets asked for in increasing
    /// order cost O(1) amortised; an earlier offset rescans from the start,
    /// which only errors do.
    mutating func locate(_ offset: Int) -> SourceLocation {
        let target = min(offset, bytes.count)
        if target < cursorOffset {
            cursorOffset = start
            cursorLine = 1
            cursorColumn = 1
        }
        while cursorOffset < target {
            let byte = bytes[cursorOffset]
            if byte == 0x0A {
                cursorLine += 1
                cursorColumn = 1
            } else if byte == 0x0D {
                // CR LF is one line break, counted at the LF.
                if cursorOffset + 1 >= bytes.count || bytes[cursorOffset + 1] != 0x0A {
                    cursorLine += 1
                    cursorColumn = 1
                }
            } else if byte & 0xC0 != 0x80 {
                cursorColumn += 1
            }
            cursorOffset += 1
        }
        return SourceLocation(line: cursorLine, column: cursorColumn)
    }

    mutating func failure(_ message: String, at offset: Int, path: JSONPath? = nil) -> TimelineError {
        TimelineError(message, path: path, location: locate(offset))
    }

    /// What a reader would call the byte at `offset`: `'x'`, `'é' (U+00E9)`,
    /// `U+0001`, `byte 0xFF` or `the end of input`.
    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of input" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F {
            return byte == UInt8(ascii: "'") ? "\"'\"" : "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return Self.codePoint(UInt32(byte))
        }
        if let length = validUTF8Length(at: offset) {
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            let value = text.unicodeScalars.first?.value ?? 0xFFFD
            return "'\(text)' (\(Self.codePoint(value)))"
        }
        return "byte 0x" + Self.hex(UInt16(byte), digits: 2) + " (not valid UTF-8)"
    }

    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func hex(_ value: UInt16, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
