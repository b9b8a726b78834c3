/// One of `count` disjoint parts of a test suite, for running it on several machines.
///
/// The tests are ordered by name, comparing UTF-8 bytes (the order of `LC_ALL=C sort`),
/// and shard `index` takes the `index`-th of every `count`: the tests at positions
/// `index - 1`, `index - 1 + count`, … So the shards `1/N` … `N/N` are disjoint, together
/// hold every test, and differ in size by at most one. The choice depends only on the
/// names, never on the machine, the file system's listing order or a randomly seeded
/// hash, so every machine of a CI matrix that sees the same tests agrees on the split.
/// Adding or removing a test may move others to another shard.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    public let index: Int
    /// How many parts, at least 1.
    public let count: Int

    /// Why a shard could not be read.
    public struct ParseError: Error, CustomStringConvertible, Sendable, Equatable {
        /// One line, starting with the text given.
        public let description: String
    }

    /// Reads `K/N`, with 1 ≤ K ≤ N.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ParseError(description: "\(text): expected K/N, such as 1/4 (the first of four shards)")
        }
        guard n >= 1 else { throw ParseError(description: "\(text): N must be at least 1") }
        guard (1...n).contains(k) else { throw ParseError(description: "\(text): K must be between 1 and \(n)") }
        index = k
        count = n
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The items of `items` in this shard, in their given order; `name` names each item,
    /// and the names must be distinct.
    public func select<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        let names = items.map(name)
        let order = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        var chosen = Set<Int>()
        for (position, item) in order.enumerated() where position % count == index - 1 { chosen.insert(item) }
        return items.indices.filter(chosen.contains).map { items[$0] }
    }
}
