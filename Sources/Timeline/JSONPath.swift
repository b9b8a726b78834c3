/// Where a value sits in a JSON document, as the chain of keys and indices
/// that leads to it from the root.
///
/// Renders as a reader would write it in JavaScript: `scene.modifiers[3].clipShape.shape`.
/// A key that is not a plain identifier renders in brackets (`params["my key"]`),
/// cut with `…` after 60 characters; the root renders as `(root)`.
///
/// Paths share their prefixes: appending a step is O(1) in time and memory, so
/// every node of a large document can carry its own path.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step from a container to one of its values.
    public enum Component: Hashable, Sendable {
        /// The member of an object with this key.
        case key(String)
        /// The element of an array at this 0-based index.
        case index(Int)
    }

    /// The last step and the path before it; `nil` for the root.
    private final class Link: Sendable {
        let parent: Link?
        let component: Component
        let count: Int

        init(parent: Link?, component: Component) {
            self.parent = parent
            self.component = component
            self.count = (parent?.count ?? 0) + 1
        }
    }

    private let last: Link?

    private init(last: Link?) {
        self.last = last
    }

    /// A path from its steps, outermost first; `[]` is the root.
    public init(_ components: [Component] = []) {
        var link: Link?
        for component in components {
            link = Link(parent: link, component: component)
        }
        self.last = link
    }

    /// The path of the document's root value.
    public static let root = JSONPath()

    /// Whether this is the root path.
    public var isRoot: Bool { last == nil }

    /// The number of steps from the root.
    public var count: Int { last?.count ?? 0 }

    /// The steps from the root, outermost first; empty for the root itself.
    public var components: [Component] {
        var result = [Component]()
        result.reserveCapacity(count)
        var link = last
        while let current = link {
            result.append(current.component)
            link = current.parent
        }
        return result.reversed()
    }

    /// This path followed by one more step.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(last: Link(parent: last, component: component))
    }

    /// The path of the member `key` of the object at this path.
    public func appending(key: String) -> JSONPath { appending(.key(key)) }

    /// The path of the element `index` of the array at this path.
    public func appending(index: Int) -> JSONPath { appending(.index(index)) }

    /// Whether two paths have the same steps.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        var left = lhs.last
        var right = rhs.last
        while let l = left, let r = right {
            if l === r { return true }
            guard l.count == r.count, l.component == r.component else { return false }
            left = l.parent
            right = r.parent
        }
        return left == nil && right == nil
    }

    /// Hashes the steps, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        var link = last
        hasher.combine(count)
        while let current = link {
            hasher.combine(current.component)
            link = current.parent
        }
    }

    /// The path in JavaScript accessor notation, or `(root)`.
    public var description: String {
        if last == nil { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where key.utf8.count <= 60 && Self.isIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[" + quoted(key) + "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        var scalars = key.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || first.isASCIILetter else { return false }
        while let scalar = scalars.next() {
            guard scalar == "_" || scalar.isASCIILetter || scalar.isASCIIDigit else { return false }
        }
        return true
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// `text` in double quotes with JSON escapes, so that messages show invisible
/// or quote characters unambiguously; text longer than `limit` scalars is cut
/// and ends with `…` so that a message stays readable.
func quoted(_ text: String, limit: Int = 60) -> String {
    var result = "\""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit {
            result += "…"
            break
        }
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
