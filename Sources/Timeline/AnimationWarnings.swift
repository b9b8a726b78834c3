import Motion

/// Warnings about animations that load but are likely mistakes: one that starts
/// at or after the end of the timeline (no frame shows it), one still running at
/// the end (the last frame cuts it off), one that drives a param nothing reads.
enum AnimationWarnings {
    /// Seconds an animation may overrun the end before it counts as cut off:
    /// less than a frame at any frame rate, more than rounding.
    static let slack = 1e-6

    /// Warns when the change at `at` starts at or after `duration` or ends after it.
    static func check(_ change: TimelineLoader.Change, at: Double, duration: Double, item: JSONNode, into diagnostics: Diagnostics) {
        let format = JSONNode.format
        guard at < duration else {
            diagnostics.warn(item.error("the animation starts at \(format(at)) s, at or after the end of the timeline (duration \(format(duration)) s), so no frame shows it"))
            return
        }
        let length: Double
        switch change {
        case .animate(_, let animation): length = animation.duration
        case .keyframes(let track): length = KeyframeTimeline(initialValue: [0], track: track).duration
        }
        // A repeatForever animation runs past any end by design.
        guard length.isFinite, at + length > duration + slack else { return }
        diagnostics.warn(item.error("the animation runs until \(format(at + length)) s, after the end of the timeline (duration \(format(duration)) s), so the last frame cuts it off"))
    }

    /// Warns at an `animation` modifier whose curve carries a change past the end when
    /// the change's own curve does not (once per modifier, at its latest end).
    static func checkOverrides(
        _ derived: [Transactions.Derived], changes: [(at: Double, param: Int, change: TimelineLoader.Change)], duration: Double,
        into diagnostics: Diagnostics
    ) {
        var latest: [SourceLocation: (end: Double, node: JSONNode)] = [:]
        var order: [SourceLocation] = []
        for d in derived {
            guard let node = d.modifier, let animation = d.animation, animation.duration.isFinite else { continue }
            for (at, param, change) in changes where param == d.source && at < duration {
                guard case .animate(_, let own) = change, !(at + own.duration > duration + slack) else { continue }
                let end = at + animation.duration
                guard end > duration + slack else { continue }
                if latest[node.location] == nil { order.append(node.location) }
                if end > latest[node.location]?.end ?? 0 { latest[node.location] = (end, node) }
            }
        }
        let format = JSONNode.format
        for location in order {
            let (end, node) = latest[location]!
            diagnostics.warn(node.error("under this animation modifier a change runs until \(format(end)) s, after the end of the timeline (duration \(format(duration)) s), so the last frame cuts it off"))
        }
    }

    /// Warns at the first animation of each param that no expression or paint of
    /// the scene reads; not when there are errors, which may hide the reads.
    static func checkReads(params: [TimelineDocument.Param], animated: [(param: Int, item: JSONNode)], reads: ParamReading, into diagnostics: Diagnostics) {
        guard diagnostics.errors.isEmpty else { return }
        var warned = Set<Int>()
        for (index, item) in animated where warned.insert(index).inserted {
            let param = params[index]
            guard !(param.slot..<param.slot + param.count).contains(where: reads.slots.contains) else { continue }
            diagnostics.warn(item.error("the animation drives param \"\(param.name)\", which nothing in the scene reads"))
        }
    }
}
