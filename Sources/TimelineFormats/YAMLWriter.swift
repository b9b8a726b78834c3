// Writes located nodes as YAML text that `YAMLReader` reads back to the same
// document: keys in their order, mappings in block style, an array of scalars in
// flow style on one line (`size: [400, 300]`), two spaces of indentation, no
// line folding, Unicode written as it is.
//
// A string is written plain when the core schema reads that plain text back as
// the same string, and in double quotes otherwise: `"true"`, `"1"`, `"null"`, an
// empty string, a colour such as `"#ff8800"` (`#` would start a comment), text with
// a colon or ` #`, leading or trailing spaces, or a line break. YAML 1.1's booleans
// (`yes`, `no`, `on`, `off`) are quoted too, for other tools that read YAML 1.1.
// Numbers are written as `JSONWriter` writes them, which YAML reads as floats or
// integers of the same value.

import Timeline
import Yams

/// Writes a document as YAML text.
public enum YAMLWriter {
    /// The document rooted at `root` as YAML text ending with a line break.
    public static func text(_ root: JSONNode) -> String {
        do {
            return try serialize(node: node(root), indent: 2, width: -1, allowUnicode: true)
        } catch {
            // The emitter fails only on events out of order, which a tree cannot produce.
            preconditionFailure("YAML emitter: \(error)")
        }
    }

    static func node(_ node: JSONNode) -> Node {
        switch node.value {
        case .null: return .scalar(.init("null", .implicit, .plain))
        case .bool(let b): return .scalar(.init(b ? "true" : "false", .implicit, .plain))
        case .number(let x): return .scalar(.init(JSONWriter.number(x), .implicit, .plain))
        case .string(let s): return .scalar(.init(s, .implicit, isPlainSafe(s) ? .plain : .doubleQuoted))
        case .array(let items):
            let style: Node.Sequence.Style = items.allSatisfy(\.isScalar) ? .flow : .block
            return .sequence(.init(items.map(Self.node), Tag(.seq), style))
        case .object(let members):
            return .mapping(.init(members.map { (Node.scalar(.init($0.key, .implicit, isPlainSafe($0.key) ? .plain : .doubleQuoted)), Self.node($0.value)) }, Tag(.map), .block))
        }
    }

    /// Whether `s` written as a plain scalar, in block or flow context, reads back as `s`.
    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        if YAMLScalar.needsQuotes(s) { return false }
        // Indicators that may not start a plain scalar (YAML 1.2.2, §7.3.3), and spaces at either end.
        if "-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first) || last == " " || last == "\t" { return false }
        // A colon could start a mapping value (`: `, or any colon in flow context) and ` #` a comment.
        if s.contains(":") || s.contains(" #") { return false }
        // Flow collections end a plain scalar at these.
        if s.contains(",") || s.contains("[") || s.contains("]") || s.contains("{") || s.contains("}") { return false }
        return !s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{FEFF}" }
    }
}
