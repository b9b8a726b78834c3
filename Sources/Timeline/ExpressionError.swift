/// Why an expression's text was rejected, and where.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, starting lower-case, without the position.
    public var message: String
    /// Where it went wrong: an offset in Unicode scalars into the expression's
    /// source (the text after the leading `=`), from 0; equal to the source's
    /// length when the expression ended too early.
    public var offset: Int

    /// An error with its message and offset.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at offset N`.
    public var description: String { "\(message) at offset \(offset)" }
}
