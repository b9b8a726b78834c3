// What a name in an expression stands for before it becomes a number: a number,
// a string, a list (a vector param's components, a constant array) or a record
// (an object of a constant array). Postfix `[index]` and `.field` select inside
// lists and records; an index that varies selects lazily (`element`), and a
// field of a lazily selected record is the same selection over that field of
// every record, so `bars[i].height` becomes one `element` call over the heights.

import Scene

/// A value an expression names, as the parser sees it.
indirect enum Operand {
    /// A number (a constant or a variable).
    case number(Expression)
    /// A string (only text reads strings).
    case string(String)
    /// A list, indexed from 0.
    case list([Operand])
    /// An object's fields by name.
    case record([String: Operand])
    /// The item of `items` at `floor(index)`, chosen every frame.
    case element([Operand], index: Expression)

    /// How the operand is named in a message: "a list of 3 items".
    var description: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .list(let items): "a list of \(items.count) item\(items.count == 1 ? "" : "s")"
        case .record: "an object"
        case .element(let items, _): items.first?.description ?? "an item"
        }
    }

    /// `self[index]`, or a reason why it cannot be indexed.
    func indexed(by index: Expression) -> Result<Operand, IndexFailure> {
        switch self {
        case .list(let items):
            if case .constant(let v) = index {
                let k = v.rounded(.down)
                guard k >= 0, k < Double(items.count) else { return .failure(.outOfRange(v, items.count)) }
                return .success(items[Int(k)])
            }
            return .success(.element(items, index: index))
        case .element(let items, let outer):
            var inner: [Operand] = []
            for item in items {
                switch item.indexed(by: index) {
                case .success(let o): inner.append(o)
                case .failure(let f): return .failure(f)
                }
            }
            return .success(.element(inner, index: outer))
        default:
            return .failure(.notAList(description))
        }
    }

    /// `self.name`, or nil when there is no such field.
    func field(_ name: String) -> Operand? {
        switch self {
        case .record(let fields): return fields[name]
        case .element(let items, let index):
            var inner: [Operand] = []
            for item in items {
                guard let o = item.field(name) else { return nil }
                inner.append(o)
            }
            return .element(inner, index: index)
        default: return nil
        }
    }

    /// The operand as a number expression, or nil when it holds something else.
    var number: Expression? {
        switch self {
        case .number(let e): return e
        case .element(let items, let index):
            var values: [Expression] = [index]
            for item in items {
                guard let e = item.number else { return nil }
                values.append(e)
            }
            return .call(.element, values)
        default: return nil
        }
    }

    /// The operand as a string chosen by an index (a constant string has index 0), or nil.
    var string: (index: Expression, choices: [String])? {
        switch self {
        case .string(let s): return (.constant(0), [s])
        case .element(let items, let index):
            var choices: [String] = []
            for item in items {
                guard case .string(let s) = item else { return nil }
                choices.append(s)
            }
            return (index, choices)
        default: return nil
        }
    }

    /// The number of items of a list.
    var count: Int? {
        if case .list(let items) = self { return items.count }
        return nil
    }

    enum IndexFailure: Error {
        case outOfRange(Double, Int)
        case notAList(String)

        var message: String {
            switch self {
            case .outOfRange(let v, let n): "index \(JSONNode.format(v)) is out of range (the list has \(n) item\(n == 1 ? "" : "s"))"
            case .notAList(let what): "only a list can be indexed; this is \(what)"
            }
        }
    }
}
