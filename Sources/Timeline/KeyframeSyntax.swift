import Motion

/// Keyframe tracks as the format writes them, SwiftUI's `KeyframeTrack`:
/// `{ "move": v }`, `{ "linear": v, "duration": d, "curve"? }` (a timing curve),
/// `{ "cubic": v, "duration": d }`, `{ "spring": v, "duration"?, "curve"? }` (a
/// spring curve such as `"bouncy"`; without a duration it runs until settled) and
/// `{ "hold": v, "duration": d }`.
enum KeyframeSyntax {
    static let kinds = ["move", "linear", "cubic", "spring", "hold"]

    static func track(_ node: JSONNode, count: Int) throws(TimelineError) -> KeyframeTrack {
        var keyframes: [Keyframe] = []
        let items = try node.array()
        guard !items.isEmpty else { throw node.error("a keyframe track needs at least one keyframe") }
        for item in items {
            let members = try item.members()
            guard let kindMember = members.first(where: { kinds.contains($0.key) }) else {
                throw item.error("a keyframe needs one of: \(kinds.joined(separator: ", "))")
            }
            let kind = kindMember.key
            var allowed = [kind]
            if kind != "move" { allowed.append("duration") }
            if kind == "linear" || kind == "spring" { allowed.append("curve") }
            let obj = try item.object(allowedKeys: allowed)
            let value = try TimelineLoader.paramValue(kindMember.value)
            guard value.count == count else {
                throw kindMember.value.error("the param has \(count) component(s), this value has \(value.count)")
            }
            func duration(required: Bool) throws(TimelineError) -> Double? {
                guard let d = obj.optional("duration") else {
                    if required { throw item.error("a \(kind) keyframe needs a duration") }
                    return nil
                }
                let v = try d.number()
                guard v >= 0, v.isFinite else { throw d.error("duration must not be negative") }
                return v
            }
            switch kind {
            case "move":
                keyframes.append(.move(to: value))
            case "linear":
                var curve = UnitCurve.linear
                if let c = obj.optional("curve") {
                    guard let unit = try TimelineLoader.animation(c).unitCurve else {
                        throw c.error("a linear keyframe takes a timing curve such as \"easeInOut\"")
                    }
                    curve = unit
                }
                keyframes.append(.linear(to: value, duration: try duration(required: true)!, timingCurve: curve))
            case "cubic":
                keyframes.append(.cubic(to: value, duration: try duration(required: true)!))
            case "spring":
                var spring = Spring()
                if let c = obj.optional("curve") {
                    guard let s = try TimelineLoader.animation(c).underlyingSpring else {
                        throw c.error("a spring keyframe takes a spring curve such as \"bouncy\"")
                    }
                    spring = s
                }
                keyframes.append(.spring(to: value, duration: try duration(required: false), spring: spring))
            default:
                keyframes.append(.hold(at: value, duration: try duration(required: true)!))
            }
        }
        return KeyframeTrack(keyframes)
    }
}
