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
    /// How many characters come before a string's text at `location`: 1 for a
    /// quoted string (its opening quote), 0 for a YAML plain scalar. Expression
    /// errors add it to point inside the string.
    public var openingLength = 1

    /// A node from its parts.
    public init(value: JSONValue, location: SourceLocation, path: JSONPath) {
        self.value = value
        self.location = location
        self.path = path
    }
}
