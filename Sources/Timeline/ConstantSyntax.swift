import Scene

/// Reads the top-level `"constants"`: numbers, strings (colours are strings that
/// paints read), booleans (1 and 0), and arrays and objects of them, nested.
enum ConstantSyntax {
    /// The constants by name, as operands that expressions index and text prints.
    static func constants(_ node: JSONNode, reserved: (String) -> Bool) throws(TimelineError) -> [String: Operand] {
        var result: [String: Operand] = [:]
        for member in try node.members() {
            guard TimelineLoader.isIdentifier(member.key), !Scope.reservedNames.contains(member.key), !reserved(member.key),
                member.key != "count", Function(rawValue: member.key) == nil
            else {
                throw TimelineError(
                    "\"\(member.key)\" cannot name a constant (use letters, digits and _, not a param, function or built-in name)",
                    path: member.value.path, location: member.keyLocation)
            }
            result[member.key] = try value(member.value)
        }
        return result
    }

    static func value(_ node: JSONNode) throws(TimelineError) -> Operand {
        switch node.value {
        case .number(let v): return .number(.constant(v))
        case .bool(let b): return .number(.constant(b ? 1 : 0))
        case .string(let s):
            guard !s.hasPrefix("=") else { throw node.error("a constant is a value, not an expression") }
            return .string(s)
        case .array(let items):
            var list: [Operand] = []
            for item in items { list.append(try value(item)) }
            return .list(list)
        case .object(let members):
            var fields: [String: Operand] = [:]
            for member in members {
                guard TimelineLoader.isIdentifier(member.key) else {
                    throw TimelineError(
                        "\"\(member.key)\" cannot name a field (use letters, digits and _)", path: member.value.path, location: member.keyLocation)
                }
                fields[member.key] = try value(member.value)
            }
            return .record(fields)
        case .null:
            throw node.typeMismatch(expected: "a number, a string, an array or an object")
        }
    }
}
