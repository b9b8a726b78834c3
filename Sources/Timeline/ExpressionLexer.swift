// Splits an expression's text into tokens on demand, so that the parser
// reports errors in reading order. Each call consumes at least one scalar or
// reaches the end, so lexing always terminates.

/// One token of an expression, with its source text and the offset (in
/// Unicode scalars) where it starts.
struct ExpressionToken: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case name(String)
        /// An operator or punctuation mark: `+ - * / % < <= > >= == != && || ! ? : ( ) , [ ] .`.
        case symbol(String)
        case end
    }

    var kind: Kind
    var text: String
    var offset: Int

    /// The token as a message quotes it: `'*'`, `'2.5'`, `'width'`, or
    /// `the end of the expression`.
    var quotedForMessage: String {
        if kind == .end { return "the end of the expression" }
        let scalars = text.unicodeScalars
        if scalars.count <= 24 { return "'\(text)'" }
        return "'" + String(String.UnicodeScalarView(scalars.prefix(20))) + "…'"
    }
}

struct ExpressionLexer {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func next() throws(ExpressionError) -> ExpressionToken {
        while position < scalars.count, Self.isWhitespace(scalars[position]) {
            position += 1
        }
        let start = position
        guard position < scalars.count else { return ExpressionToken(kind: .end, text: "", offset: start) }
        let scalar = scalars[position]
        if scalar.isASCIIDigit || (scalar == "." && peek(1)?.isASCIIDigit == true) {
            let value = try number()
            return ExpressionToken(kind: .number(value), text: text(from: start), offset: start)
        }
        if scalar == "_" || scalar.isASCIILetter {
            while position < scalars.count, scalars[position] == "_" || scalars[position].isASCIILetter || scalars[position].isASCIIDigit {
                position += 1
            }
            let name = text(from: start)
            return ExpressionToken(kind: .name(name), text: name, offset: start)
        }
        position += 1
        let second = peek(0)
        switch scalar {
        case "+", "-", "*", "/", "%", "?", ":", "(", ")", ",", "[", "]", ".":
            return symbol(String(scalar), start)
        case "<", ">", "!":
            if second == "=" {
                position += 1
                return symbol(String(scalar) + "=", start)
            }
            return symbol(String(scalar), start)
        case "=":
            if second == "=" {
                position += 1
                return symbol("==", start)
            }
            throw ExpressionError("unexpected '=' (write '==' to compare)", offset: start)
        case "&", "|":
            if second == scalar {
                position += 1
                return symbol(String(scalar) + String(scalar), start)
            }
            throw ExpressionError("unexpected '\(scalar)' (write '\(scalar)\(scalar)')", offset: start)
        default:
            throw ExpressionError("unexpected character \(Self.describe(scalar))", offset: start)
        }
    }

    /// `digits [. digits] [e [+-] digits]` or `. digits [exponent]`, as the nearest
    /// `Double`.
    mutating func number() throws(ExpressionError) -> Double {
        let start = position
        skipDigits()
        if peek(0) == "." {
            position += 1
            skipDigits()
        }
        if let e = peek(0), e == "e" || e == "E" {
            position += 1
            if let sign = peek(0), sign == "+" || sign == "-" {
                position += 1
            }
            guard peek(0)?.isASCIIDigit == true else {
                throw ExpressionError("expected a digit in the exponent", offset: position)
            }
            skipDigits()
        }
        let text = text(from: start)
        guard let value = Double(text), value.isFinite else {
            throw ExpressionError("number \(text.count > 24 ? String(text.prefix(20)) + "…" : text) is out of range", offset: start)
        }
        return value
    }

    mutating func skipDigits() {
        while position < scalars.count, scalars[position].isASCIIDigit {
            position += 1
        }
    }

    /// The source from `start` to the current position.
    func text(from start: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<position])
        return text
    }

    func peek(_ distance: Int) -> Unicode.Scalar? {
        position + distance < scalars.count ? scalars[position + distance] : nil
    }

    func symbol(_ text: String, _ offset: Int) -> ExpressionToken {
        ExpressionToken(kind: .symbol(text), text: text, offset: offset)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
            return code
        }
        if scalar.isASCII {
            return "'\(scalar)'"
        }
        return "'\(scalar)' (\(code))"
    }
}
