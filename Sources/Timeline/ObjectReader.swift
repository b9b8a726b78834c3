/// Reads the members of one JSON object by key, for a decoder that has
/// already checked which keys are allowed.
public struct ObjectReader: Sendable {
    /// The object itself, for errors about it as a whole.
    public let node: JSONNode
    /// The members in the order they were written.
    public let members: [JSONMember]
    private let indices: [String: Int]

    /// A reader over `members`, which belong to `node`. Keys are expected to
    /// be unique (the parser guarantees it); with duplicates the first wins.
    public init(node: JSONNode, members: [JSONMember]) {
        self.node = node
        self.members = members
        var indices: [String: Int] = [:]
        for (index, member) in members.enumerated() where indices[member.key] == nil {
            indices[member.key] = index
        }
        self.indices = indices
    }

    /// The keys in the order they were written.
    public var keys: [String] { members.map(\.key) }

    /// Whether the object has a member `key` (even one whose value is `null`).
    public func contains(_ key: String) -> Bool { indices[key] != nil }

    /// The value of `key`, or `nil` when the key is absent.
    ///
    /// An explicit `null` is returned as a node; use `optionalNonNull` to treat
    /// it as absent.
    public func optional(_ key: String) -> JSONNode? {
        indices[key].map { members[$0].value }
    }

    /// The value of `key`, or `nil` when the key is absent or its value is `null`.
    public func optionalNonNull(_ key: String) -> JSONNode? {
        guard let value = optional(key), !value.isNull else { return nil }
        return value
    }

    /// The value of `key`; its absence is an error at the object: `missing key "size"`.
    public func required(_ key: String) throws(TimelineError) -> JSONNode {
        guard let value = optional(key) else {
            throw node.error("missing key \(quoted(key))")
        }
        return value
    }

    /// The member for `key`, with its key location, or `nil` when absent.
    public func member(_ key: String) -> JSONMember? {
        indices[key].map { members[$0] }
    }
}
