/// An animation spelling that could not be read, with the place it went wrong.
public struct AnimationSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one lowercase sentence without a final period
    /// (`unknown curve "easInOut" (did you mean "easeInOut"?)`).
    public var message: String

    /// Where in the source the problem starts, in Unicode scalars from the
    /// start of the string (0-based); the source's length at its end.
    public var offset: Int

    /// Creates an error with a message and a scalar offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message followed by the 1-based column: `… at column 5`.
    public var description: String {
        "\(message) at column \(offset + 1)"
    }
}
