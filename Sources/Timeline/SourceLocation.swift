/// A position in a timeline file.
///
/// Both numbers are 1-based. Columns count Unicode scalars, not bytes, so a
/// column matches what an editor shows for text without combining marks or
/// wide characters. A line ends at LF, CR LF or a lone CR.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line number, from 1.
    public var line: Int
    /// The column number in Unicode scalars, from 1.
    public var column: Int

    /// A location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Moves past `scalar`: a line ends at LF, CR LF or a lone CR (`previousWasCR` tells
    /// whether the scalar before was a CR, so that CR LF counts once).
    public mutating func advance(past scalar: Unicode.Scalar, previousWasCR: Bool) {
        if scalar == "\n" {
            if !previousWasCR { line += 1 }
            column = 1
        } else if scalar == "\r" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    /// `line:column`, for example `12:17`.
    public var description: String { "\(line):\(column)" }
}

extension SourceLocation: Comparable {
    /// Orders locations as they appear in the file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
