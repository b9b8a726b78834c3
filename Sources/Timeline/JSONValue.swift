/// A JSON value as RFC 8259 defines it, with located children.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, always finite, as the nearest `Double`.
    case number(Double)
    /// A string with its escapes decoded.
    case string(String)
    /// An array's elements in order.
    case array([JSONNode])
    /// An object's members in the order they were written; keys are unique.
    case object([JSONMember])

    /// The kind of value with its article, for messages: `a number`,
    /// `an object`, `null`...
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
