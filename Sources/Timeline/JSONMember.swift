/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable {
    /// The key with its escapes decoded.
    public var key: String
    /// The location of the key's opening quote.
    public var keyLocation: SourceLocation
    /// The member's value; its path ends with `key`.
    public var value: JSONNode

    /// A member from its parts.
    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
