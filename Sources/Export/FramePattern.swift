/// A file-name pattern that numbers the frames of a sequence, printf style.
///
/// The pattern holds exactly one `%d` or `%0Nd` directive (N from 1 to 9 digits of
/// zero padding); `%%` stands for a literal `%`. Indices wider than the padding are
/// written in full, as printf does.
public struct FramePattern: Equatable, Sendable {
    /// The pattern as given.
    public let pattern: String
    private let prefix: String
    private let suffix: String
    private let minimumDigits: Int

    /// Parses `pattern`; the error says what is wrong with it.
    public init(_ pattern: String) throws(ExportError) {
        var prefix = ""
        var suffix = ""
        var digits: Int?
        var characters = pattern[...]
        while let c = characters.popFirst() {
            guard c == "%" else {
                if digits == nil { prefix.append(c) } else { suffix.append(c) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if digits == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            var width = ""
            while let d = characters.first, d.isASCII, d.isNumber {
                width.append(d)
                characters.removeFirst()
            }
            guard characters.popFirst() == "d" else {
                throw .invalidPattern(pattern: pattern, reason: "only %d and %0Nd directives are supported (write %% for a literal %)")
            }
            guard width.isEmpty || (width.count == 2 && width.first == "0" && width.last != "0") else {
                throw .invalidPattern(pattern: pattern, reason: "zero padding is written %0Nd with N from 1 to 9, as in %04d")
            }
            guard digits == nil else {
                throw .invalidPattern(pattern: pattern, reason: "the pattern holds more than one %d directive")
            }
            digits = width.isEmpty ? 1 : Int(width.dropFirst())!
        }
        guard let digits else {
            throw .invalidPattern(pattern: pattern, reason: "the pattern needs a %d or %0Nd directive for the frame number")
        }
        self.pattern = pattern
        self.prefix = prefix
        self.suffix = suffix
        minimumDigits = digits
    }

    /// Whether `text` contains a `%` directive other than `%%`, i.e. looks like a pattern.
    public static func looksLikePattern(_ text: String) -> Bool {
        var characters = text[...]
        while let c = characters.popFirst() {
            guard c == "%" else { continue }
            if characters.first == "%" { characters.removeFirst() } else { return true }
        }
        return false
    }

    /// The frame index whose file is `path`, as `path(for:)` writes it; nil for any other path.
    public func index(ofPath path: String) -> Int? {
        guard path.count > prefix.count + suffix.count, path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        let digits = path.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits),
              self.path(for: index) == path else { return nil }
        return index
    }

    /// The file path of frame `index` (0-based, non-negative).
    public func path(for index: Int) -> String {
        let number = String(index)
        let padding = String(repeating: "0", count: max(0, minimumDigits - number.count))
        return prefix + padding + number + suffix
    }
}
