/// The errors and warnings found while decoding one timeline, shared by every
/// copy of the decoder so that decoding can go on past an error.
///
/// Decoding recovers at independent parts (a top-level key, a param, an
/// animation, a view, a modifier): the part with the error is left out and the
/// rest is still read, so one run reports every error that does not follow from
/// another one. The first error recorded is the one a single-error load throws.
final class Diagnostics {
    private(set) var errors: [TimelineError] = []
    private(set) var warnings: [TimelineError] = []

    func record(_ error: TimelineError) { errors.append(error) }

    func warn(_ warning: TimelineError) { warnings.append(warning) }

    /// `body`'s result, or `nil` with its error recorded.
    func recover<T>(_ body: () throws(TimelineError) -> T) -> T? {
        do {
            return try body()
        } catch {
            errors.append(error)
            return nil
        }
    }

    /// A reader over `node`'s members, recording an error for each key outside
    /// `allowedKeys` and reading the others (a misspelt key as the allowed key it is
    /// closest to, when the object lacks that one); throws only when `node` is not an object.
    func object(_ node: JSONNode, allowedKeys: [String]) throws(TimelineError) -> ObjectReader {
        let members = try node.members()
        let allowed = Set(allowedKeys)
        let present = Set(members.map(\.key))
        var known: [JSONMember] = []
        known.reserveCapacity(members.count)
        for member in members {
            if allowed.contains(member.key) {
                known.append(member)
            } else {
                record(JSONNode.unknownKey(member, in: node, allowedKeys: allowedKeys))
                // A misspelt key is read as the key it was meant to be, so that the
                // object is not also "missing" it and its value is still checked.
                if let meant = suggestion(for: member.key, among: allowedKeys), !present.contains(meant) {
                    known.append(JSONMember(key: meant, keyLocation: member.keyLocation, value: member.value))
                }
            }
        }
        return ObjectReader(node: node, members: known)
    }
}
