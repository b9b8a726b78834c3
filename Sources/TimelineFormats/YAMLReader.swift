// Reads YAML text into the same located nodes that `JSONParser` makes, so that a
// timeline written in YAML is decoded, checked and reported exactly as one in JSON,
// with every error at its line and column in the YAML file.
//
// Stages: the bytes are checked to be UTF-8 (a byte order mark is skipped); Yams
// (libyaml) composes one document into its node tree, each node with the line and
// column where it starts; the tree becomes `JSONNode`s, scalars read under the
// YAML 1.2 core schema (`YAMLScalar`). Comments are dropped by libyaml's scanner.
// Anchors and aliases are expanded; the expansion is bounded (a few values per
// byte of text), so a file of nested aliases cannot exhaust memory. Nesting is
// bounded by `maxDepth` and by libyaml's own limit of 1,000 levels, which keeps
// the composer's recursion shallow.

import Timeline
import Yams

/// Reads a YAML timeline into located nodes.
public enum YAMLReader {
    /// Parses one YAML document.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, optionally starting with a byte order mark.
    ///   - maxDepth: the deepest nesting of mappings and sequences accepted; the
    ///     root collection is level 1.
    /// - Returns: the root value, located, with path `(root)`.
    /// - Throws: a `TimelineError` located in the YAML text: invalid UTF-8, a YAML
    ///   syntax error, more than one document, a duplicate key, a key that is not a
    ///   scalar, an unsupported tag or merge key, a number out of range, nesting too deep.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) throws(TimelineError) -> JSONNode {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw TimelineError("the file is UTF-16; a timeline must be UTF-8", location: SourceLocation(line: 1, column: 1))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw TimelineError("invalid UTF-8", location: invalidUTF8Location(body))
        }
        let root: Node?
        do {
            root = try Parser(yaml: text).singleRoot()
        } catch let error as YamlError {
            if case .duplicatedKeysInMapping(let keys, let context) = error, let key = keys.first,
               let second = secondKey(key, first: context.mark, in: text, maxDepth: maxDepth) {
                throw second
            }
            throw located(error, in: text)
        } catch {
            throw TimelineError("cannot read the YAML (\(error))")
        }
        guard let root else {
            throw TimelineError("empty document, expected a YAML mapping", location: SourceLocation(line: 1, column: 1))
        }
        var converter = Converter(maxDepth: maxDepth, budget: 2 * text.utf8.count + 16)
        return try converter.node(root, path: .root, depth: 0)
    }

    /// The error for the second of two keys written alike, which Yams reports at the
    /// first only: the text is read again with a tag before the first key, which tells
    /// it apart for Yams but not for `Converter`, which then finds the repetition. Nil
    /// when that reading fails otherwise (the key has a tag or an anchor already, say).
    static func secondKey(_ key: String, first: Mark, in text: String, maxDepth: Int) -> TimelineError? {
        let tag = "!key "
        guard let index = index(of: first, in: text) else { return nil }
        let tagged = String(text[..<index]) + tag + String(text[index...])
        do {
            guard let root = try Parser(yaml: tagged).singleRoot() else { return nil }
            var converter = Converter(maxDepth: maxDepth, budget: 2 * tagged.utf8.count + 16)
            _ = try converter.node(root, path: .root, depth: 0)
        } catch let error as TimelineError {
            guard error.message.hasPrefix("duplicate key \"\(key)\""), var location = error.location else { return nil }
            // Only what follows the tag on its line moved.
            if location.line == first.line, location.column > first.column { location.column -= tag.unicodeScalars.count }
            return TimelineError(error.message, path: error.path, location: location)
        } catch {
            return nil
        }
        return nil
    }

    /// The index of the scalar at `mark` (line breaks as `location(in:at:)` counts them).
    static func index(of mark: Mark, in text: String) -> String.Index? {
        var location = SourceLocation(line: 1, column: 1)
        var previousWasCR = false
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            if location.line == mark.line, location.column == mark.column { return index }
            let scalar = text.unicodeScalars[index]
            location.advance(past: scalar, previousWasCR: previousWasCR)
            previousWasCR = scalar == "\r"
            index = text.unicodeScalars.index(after: index)
        }
        return nil
    }

    /// Turns Yams' node tree into `JSONNode`s.
    struct Converter {
        let maxDepth: Int
        /// How many more values may be made; aliases make more values than the text has.
        var budget: Int

        mutating func node(_ node: Node, path: JSONPath, depth: Int) throws(TimelineError) -> JSONNode {
            let location = YAMLReader.location(of: node)
            budget -= 1
            guard budget >= 0 else {
                throw TimelineError("the document expands through its aliases to too many values", path: path, location: location)
            }
            switch node {
            case .scalar(let scalar):
                var result = JSONNode(value: try YAMLScalar.value(of: scalar, path: path, location: location), location: location, path: path)
                if scalar.style == .plain || scalar.style == .any { result.openingLength = 0 }
                return result
            case .sequence(let sequence):
                try checkDepth(depth + 1, path: path, location: location)
                var elements: [JSONNode] = []
                elements.reserveCapacity(sequence.count)
                for (index, element) in sequence.enumerated() {
                    elements.append(try self.node(element, path: path.appending(index: index), depth: depth + 1))
                }
                return JSONNode(value: .array(elements), location: location, path: path)
            case .mapping(let mapping):
                try checkDepth(depth + 1, path: path, location: location)
                var members: [JSONMember] = []
                var seen: [String: SourceLocation] = [:]
                for (keyNode, valueNode) in mapping {
                    let keyLocation = YAMLReader.location(of: keyNode)
                    guard case .scalar(let keyScalar) = keyNode else {
                        throw TimelineError("a key must be a string, found \(keyNode.mapping != nil ? "a mapping" : "a sequence")", path: path, location: keyLocation)
                    }
                    let key = keyScalar.string
                    if key == "<<", keyScalar.style == .plain {
                        throw TimelineError("merge keys (<<) are not supported; write the members out", path: path, location: keyLocation)
                    }
                    if let first = seen.updateValue(keyLocation, forKey: key) {
                        throw TimelineError("duplicate key \"\(key)\" (first defined at \(first))", path: path, location: keyLocation)
                    }
                    let value = try self.node(valueNode, path: path.appending(key: key), depth: depth + 1)
                    members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
                }
                return JSONNode(value: .object(members), location: location, path: path)
            case .alias:
                // The parser expands aliases; an alias node is only ever built for writing.
                throw TimelineError("unexpected alias", path: path, location: location)
            }
        }

        func checkDepth(_ depth: Int, path: JSONPath, location: SourceLocation) throws(TimelineError) {
            if depth > maxDepth { throw TimelineError("nesting deeper than \(maxDepth) levels", path: path, location: location) }
        }
    }

    static func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(line: 1, column: 1) }
        return SourceLocation(line: mark.line, column: mark.column)
    }

    /// A Yams error as a located timeline error.
    static func located(_ error: YamlError, in text: String) -> TimelineError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at \(context.mark))" }
            // libyaml puts the end of input at the start of a line after the last when the
            // text does not end with a line break: an editor shows it after the last character.
            let end = location(in: text, at: text.endIndex)
            return TimelineError(message, location: min(SourceLocation(line: mark.line, column: mark.column), end))
        case .reader(let problem, let offset, let value, _):
            var message = "invalid YAML: \(problem)"
            if value >= 0 { message += " (U+\(String(value, radix: 16, uppercase: true)))" }
            let index = offset.flatMap { text.index(text.startIndex, offsetBy: $0, limitedBy: text.endIndex) } ?? text.startIndex
            return TimelineError(message, location: location(in: text, at: index))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams finds a repeated key before the tree is built and names where it is first
            // written; `secondKey` finds the second when it can.
            let key = duplicates.first ?? ""
            return TimelineError("duplicate key \"\(key)\" (this mapping has it more than once)", location: SourceLocation(line: context.mark.line, column: context.mark.column))
        default:
            return TimelineError("cannot read the YAML (\(error))")
        }
    }

    /// The line and column of `index` in `text`, lines ending at LF, CR LF or CR and
    /// columns counting Unicode scalars, as `SourceLocation` does.
    static func location(in text: String, at index: String.Index) -> SourceLocation {
        var location = SourceLocation(line: 1, column: 1)
        var previousWasCR = false
        for scalar in text.unicodeScalars[..<index] {
            location.advance(past: scalar, previousWasCR: previousWasCR)
            previousWasCR = scalar == "\r"
        }
        return location
    }

    /// Where the first byte that is not part of well-formed UTF-8 is.
    static func invalidUTF8Location(_ bytes: [UInt8]) -> SourceLocation {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var valid = 0
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            valid += encoded.count
        }
        let prefix = String(decoding: bytes[..<valid], as: UTF8.self)
        return location(in: prefix, at: prefix.endIndex)
    }
}
