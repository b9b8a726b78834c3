import Motion

/// The params as views under an `animation(_:value:)` modifier see them.
///
/// SwiftUI's `.animation(curve, value: v)` overrides the transaction of every
/// change of `v` for the view it modifies: there, `v` moves with `curve` instead
/// of the change's own animation (`nil`: it jumps). Each distinct (param, curve)
/// pair gets a derived param that replays the param's changes with that curve;
/// expressions under the modifier read the derived param's slots instead. Every
/// copy of a scope shares one registry, as the slots are the document's.
final class Transactions {
    /// A param that an override can name: its index in the document, its first slot and its kind.
    struct Source {
        var index: Int
        var slot: Int
        var count: Int
        var kind: Kind
    }

    enum Kind { case number, vector, color }

    /// One derived param: the param it follows, the curve its changes take, its first slot.
    struct Derived {
        var source: Int
        var animation: Animation?
        var slot: Int
        var count: Int
    }

    var sources: [String: Source] = [:]
    /// The first slot after the document's own params.
    var nextSlot = 0
    private(set) var derived: [Derived] = []
    private var index: [Pair: Int] = [:]

    private struct Pair: Hashable {
        var source: Int
        var animation: Animation?
    }

    /// The first slot of the derived param that follows `source` with `animation`.
    func slot(following source: Source, with animation: Animation?) -> Int {
        let key = Pair(source: source.index, animation: animation)
        if let i = index[key] { return derived[i].slot }
        let slot = nextSlot
        nextSlot += source.count
        index[key] = derived.count
        derived.append(Derived(source: source.index, animation: animation, slot: slot, count: source.count))
        return slot
    }
}
