/// GIF's variable-length-code LZW compression (GIF89a, appendix F), extended so that a pixel
/// may be written as any of a few acceptable indices.
///
/// In an animation, a pixel that did not change can be sent as the transparent index or as
/// the index it already shows: both display the same. A pixel may also accept a palette
/// entry within a small error of its colour. Instead of fixing the choice up front, the
/// encoder makes it while matching: each string is the longest one in the dictionary that
/// the pixels can be read as, found by a depth-first walk of the dictionary's trie along the
/// pixels, trying every acceptable index at each (bounded by `searchLimit` nodes). Where
/// readings tie, the one that repeats the previous pixel's index wins (runs of transparency
/// and runs of one colour both make the long strings LZW lives on), then the earlier-listed
/// option, so callers list options best first. The
/// index chosen for every pixel is written back, since what a frame shows depends on it.
///
/// The first index of the next string is chosen before the new dictionary entry (current
/// string + that index) is added, and the next string is then matched with the entry
/// present: the K-w-K case that codes a run of n equal pixels in about √(2n) codes.
///
/// Codes start at `minimumCodeSize + 1` bits and grow to at most 12; when the dictionary's
/// 4,096 codes are used up a clear code resets it (the classic policy that every decoder
/// handles). Strings are found through an open-addressing hash table keyed by (prefix code,
/// index); a generation stamp invalidates it on a clear without rewriting it. Encoding
/// allocates only the output's growth.
struct LZWEncoder {
    /// The most options a pixel may have.
    static let maximumOptions = 5
    /// Trie nodes visited at most when matching one string.
    static let searchLimit = 1 << 20

    private static let slotCount = 1 << 14
    private var keys = [Int32](repeating: 0, count: slotCount)
    private var values = [Int16](repeating: 0, count: slotCount)
    private var stamps = [UInt32](repeating: 0, count: slotCount)
    private var generation: UInt32 = 0
    private var prefixOf = [Int16](repeating: 0, count: 4096)
    private var symbolOf = [UInt8](repeating: 0, count: 4096)
    private var stack: [Node] = []

    private struct Node {
        var code: Int
        var length: Int
        var first: UInt8
    }

    /// Compresses `count` pixels and appends the code stream to `output`.
    ///
    /// Pixel k accepts the `optionCounts[k]` (1...5) indices at `options[5k...]`, best first;
    /// the one chosen is written to `chosen[k]`. Every index must be below `1 << minimumCodeSize`.
    mutating func encode(
        options: UnsafePointer<UInt8>, optionCounts: UnsafePointer<UInt8>, count: Int,
        minimumCodeSize: Int, chosen: UnsafeMutablePointer<UInt8>, into output: inout [UInt8]
    ) {
        precondition((2...8).contains(minimumCodeSize) && count > 0)
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var codeSize = minimumCodeSize + 1
        var maxCode = endCode
        var accumulator: UInt64 = 0
        var bits = 0

        func emit(_ code: Int, _ size: Int) {
            accumulator |= UInt64(code) << UInt64(bits)
            bits += size
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }

        var stack = self.stack
        defer { self.stack = stack }
        keys.withUnsafeMutableBufferPointer { keys in
        values.withUnsafeMutableBufferPointer { values in
        stamps.withUnsafeMutableBufferPointer { stamps in
        prefixOf.withUnsafeMutableBufferPointer { prefixOf in
        symbolOf.withUnsafeMutableBufferPointer { symbolOf in
            func reset() {
                generation &+= 1
                if generation == 0 {
                    stamps.update(repeating: 0)
                    generation = 1
                }
            }
            reset()
            let mask = Self.slotCount - 1

            func slot(_ prefix: Int, _ symbol: UInt8) -> (Int, Int32) {
                let key = Int32(prefix << 8 | Int(symbol)) + 1
                var s = Int((UInt32(bitPattern: key) &* 2_654_435_769) >> 18) & mask
                while stamps[s] == generation && keys[s] != key { s = (s + 1) & mask }
                return (s, key)
            }
            func lookup(_ prefix: Int, _ symbol: UInt8) -> Int? {
                let (s, _) = slot(prefix, symbol)
                return stamps[s] == generation ? Int(values[s]) : nil
            }

            /// The longest string the pixels from `start` can be read as (starting with `first` if given).
            func longest(from start: Int, first: UInt8? = nil) -> Node {
                stack.removeAll(keepingCapacity: true)
                if let first {
                    stack.append(Node(code: Int(first), length: 1, first: first))
                } else {
                    let o = options + Self.maximumOptions * start
                    let preferred = start > 0 ? Int(chosen[start - 1]) : -1
                    var preferredNode: Node?
                    for j in stride(from: Int(optionCounts[start]) - 1, through: 0, by: -1) {
                        let node = Node(code: Int(o[j]), length: 1, first: o[j])
                        if Int(o[j]) == preferred { preferredNode = node } else { stack.append(node) }
                    }
                    if let preferredNode { stack.append(preferredNode) }
                }
                var best = stack.last!
                var visited = 0
                while let node = stack.popLast() {
                    if node.length > best.length { best = node }
                    visited += 1
                    let p = start + node.length
                    guard p < count, visited < Self.searchLimit else { continue }
                    let o = options + Self.maximumOptions * p
                    let last = node.code < clearCode ? UInt8(node.code) : symbolOf[node.code]
                    var preferred: Node?
                    for j in stride(from: Int(optionCounts[p]) - 1, through: 0, by: -1) {
                        if let child = lookup(node.code, o[j]) {
                            let next = Node(code: child, length: node.length + 1, first: node.first)
                            if o[j] == last { preferred = next } else { stack.append(next) }
                        }
                    }
                    if let preferred { stack.append(preferred) }
                }
                return best
            }

            /// Writes the indices of string `node` to `chosen` from `position` on.
            func record(_ node: Node, at position: Int) {
                var code = node.code
                var j = node.length - 1
                while j >= 0 {
                    if code < clearCode {
                        chosen[position + j] = UInt8(code)
                    } else {
                        chosen[position + j] = symbolOf[code]
                        code = Int(prefixOf[code])
                    }
                    j -= 1
                }
            }

            emit(clearCode, codeSize)
            var current = longest(from: 0)
            var position = 0
            while true {
                record(current, at: position)
                position += current.length
                guard position < count else { break }
                emit(current.code, codeSize)
                let first = optionCounts[position] == 1 ? options[Self.maximumOptions * position] : longest(from: position).first
                let (s, key) = slot(current.code, first)
                maxCode += 1
                stamps[s] = generation
                keys[s] = key
                values[s] = Int16(maxCode)
                prefixOf[maxCode] = Int16(current.code)
                symbolOf[maxCode] = first
                if maxCode >= 1 << codeSize { codeSize += 1 }
                if maxCode == 4095 {
                    emit(clearCode, codeSize)
                    reset()
                    codeSize = minimumCodeSize + 1
                    maxCode = endCode
                }
                current = longest(from: position, first: first)
            }
            emit(current.code, codeSize)
            emit(endCode, codeSize)
            if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
        }
        }
        }
        }
        }
    }
}
