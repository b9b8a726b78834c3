/// A JSON value together with where it was written and where it sits in the
/// document, so that every later error can point at it.
public struct JSONNode: Sendable {
    /// The value, whose children are nodes too.
    public var value: JSONValue
    /// The location of the value's first character (its quote, bracket, sign
    /// or digit).
    public var location: SourceLocation
    /// The keys and indices that lead to this value from the root.
    public var path: JSONPath

    /// A node from its parts.
    public init(value: JSONValue, location: SourceLocation, path: JSONPath) {
        self.value = value
        self.location = location
        self.path = path
    }
}
