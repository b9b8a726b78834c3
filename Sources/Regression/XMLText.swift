/// Text made safe for an XML 1.0 document, in element content or in a double-quoted attribute.
///
/// `&`, `<`, `>`, `"` and `'` become entities. In an attribute, tab, line feed and carriage
/// return become character references too, which a parser's attribute-value normalization
/// would otherwise turn into spaces. Characters XML 1.0 forbids anywhere (controls other
/// than tab, line feed and carriage return; U+FFFE and U+FFFF) cannot be written even as
/// references, so they are spelled out as `\u{1B}`: the document stays well formed and
/// the reader still sees which character it was.
enum XMLText {
    /// `text` escaped for element content.
    static func content(_ text: String) -> String { escaped(text, inAttribute: false) }

    /// `text` escaped for a value between double quotes.
    static func attribute(_ text: String) -> String { escaped(text, inAttribute: true) }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
