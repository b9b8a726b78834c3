// Typed accessors that make a hand-written decoder short: each either returns
// the Swift value or throws a `TimelineError` located at the node, worded as
// `expected a number, found a string`.

extension JSONNode {
    /// An error about this value: its path, its location, and `message`.
    public func error(_ message: String) -> TimelineError {
        TimelineError(message, path: path, location: location)
    }

    /// `expected <what>, found <kind of this value>`, located here.
    public func typeMismatch(expected what: String) -> TimelineError {
        error("expected \(what), found \(value.kindDescription)")
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value as a number; throws unless it is a JSON number.
    public func number() throws(TimelineError) -> Double {
        guard case .number(let number) = value else { throw typeMismatch(expected: "a number") }
        return number
    }

    /// The value as a number within `range`, for example `0...1`.
    public func number(in range: ClosedRange<Double>) throws(TimelineError) -> Double {
        let number = try number()
        guard range.contains(number) else {
            throw error("expected a number in \(Self.format(range.lowerBound))...\(Self.format(range.upperBound)), found \(Self.format(number))")
        }
        return number
    }

    /// The value as a whole number that fits an `Int`; `2.0` is accepted, `2.5` is not.
    public func integer() throws(TimelineError) -> Int {
        let number = try number()
        guard let integer = Int(exactly: number) else {
            throw error("expected a whole number, found \(Self.format(number))")
        }
        return integer
    }

    /// The value as a string; throws unless it is a JSON string.
    public func string() throws(TimelineError) -> String {
        guard case .string(let string) = value else { throw typeMismatch(expected: "a string") }
        return string
    }

    /// The value as a boolean; throws unless it is `true` or `false`.
    public func bool() throws(TimelineError) -> Bool {
        guard case .bool(let bool) = value else { throw typeMismatch(expected: "a boolean") }
        return bool
    }

    /// The elements of an array; throws unless the value is a JSON array.
    public func array() throws(TimelineError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw typeMismatch(expected: "an array") }
        return elements
    }

    /// The elements of an array that must have exactly `count` of them.
    public func array(count: Int) throws(TimelineError) -> [JSONNode] {
        let elements = try array()
        guard elements.count == count else {
            throw error("expected an array of \(count) element\(count == 1 ? "" : "s"), found \(elements.count)")
        }
        return elements
    }

    /// The members of an object in the order they were written.
    public func members() throws(TimelineError) -> [JSONMember] {
        guard case .object(let members) = value else { throw typeMismatch(expected: "an object") }
        return members
    }

    /// A reader over an object whose keys must all be in `allowedKeys`.
    ///
    /// An unknown key is an error at the key's location, with a "did you
    /// mean" when one allowed key is close, or else the list of allowed keys
    /// when it is short.
    public func object(allowedKeys: [String]) throws(TimelineError) -> ObjectReader {
        let members = try members()
        let allowed = Set(allowedKeys)
        for member in members where !allowed.contains(member.key) {
            throw Self.unknownKey(member, in: self, allowedKeys: allowedKeys)
        }
        return ObjectReader(node: self, members: members)
    }

    /// `unknown key "x"`, with a "did you mean" when one allowed key is close,
    /// or else the list of allowed keys when it is short, located at the key.
    static func unknownKey(_ member: JSONMember, in object: JSONNode, allowedKeys: [String]) -> TimelineError {
        var message = "unknown key \(quoted(member.key))"
        if let match = suggestion(for: member.key, among: allowedKeys) {
            message += " (did you mean \(quoted(match))?)"
        } else if allowedKeys.isEmpty {
            message += " (this object takes no keys)"
        } else if allowedKeys.count <= 12 {
            message += " (expected one of: \(allowedKeys.joined(separator: ", ")))"
        }
        return TimelineError(message, path: object.path, location: member.keyLocation)
    }

    /// A reader over an object that accepts any key.
    public func object() throws(TimelineError) -> ObjectReader {
        ObjectReader(node: self, members: try members())
    }

    /// A string that must be one of `names`, such as a shape or blend mode, with
    /// or without Swift's leading dot.
    ///
    /// - Parameter kind: what the names are, for the message:
    ///   `unknown shape "elipse" (did you mean "ellipse"?)`.
    public func keyword(among names: [String], kind: String) throws(TimelineError) -> String {
        var name = try string()
        // Swift's leading dot (`.title`, `.center`) is allowed.
        if name.hasPrefix("."), !names.contains(name) { name.removeFirst() }
        guard names.contains(name) else {
            throw error("unknown \(kind) \(quoted(name))" + didYouMean(name, among: names))
        }
        return name
    }

    static func format(_ number: Double) -> String {
        if let integer = Int(exactly: number) { return String(integer) }
        return String(number)
    }
}
