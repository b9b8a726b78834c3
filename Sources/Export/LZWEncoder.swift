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
final class LZWEncoder {
    /// The most options a pixel may have.
    static let maximumOptions = 5
    /// Trie nodes visited at most when matching one string.
    static let searchLimit = 1 << 16

    private var state = State()

    deinit {
        state.deallocate()
    }

    /// Compresses `count` pixels and appends the code stream to `output`.
    ///
    /// Pixel k accepts the `optionCounts[k]` (1...5) indices at `options[5k...]`, best first;
    /// the one chosen is written to `chosen[k]`. Every index must be below `1 << minimumCodeSize`.
    @_optimize(speed)
    func encode(
        options: UnsafePointer<UInt8>, optionCounts: UnsafePointer<UInt8>, count: Int,
        minimumCodeSize: Int, chosen: UnsafeMutablePointer<UInt8>, into output: inout [UInt8]
    ) {
        precondition((2...8).contains(minimumCodeSize) && count > 0)
        // A local copy: the hot loops then touch no class property (no exclusivity checks).
        var s = state
        defer { state.generation = s.generation }
        s.options = options
        s.optionCounts = optionCounts
        s.chosen = chosen
        s.count = count
        s.clearCode = 1 << minimumCodeSize
        let endCode = s.clearCode + 1
        var codeSize = minimumCodeSize + 1
        var maxCode = endCode
        var writer = BitWriter()
        s.reset()
        writer.emit(s.clearCode, codeSize, &output)
        var current = s.longest(from: 0, first: -1)
        var position = 0
        while true {
            s.record(current, at: position)
            position += current.length
            if position >= count { break }
            writer.emit(current.code, codeSize, &output)
            let first = optionCounts[position] == 1 ? Int(options[Self.maximumOptions * position]) : s.longest(from: position, first: -1).first
            let (slot, key) = s.find(current.code, first)
            maxCode += 1
            s.stamps[slot] = s.generation
            s.keys[slot] = key
            s.values[slot] = Int16(maxCode)
            s.prefixOf[maxCode] = Int16(current.code)
            s.symbolOf[maxCode] = UInt8(first)
            if maxCode >= 1 << codeSize { codeSize += 1 }
            if maxCode == 4095 {
                writer.emit(s.clearCode, codeSize, &output)
                s.reset()
                codeSize = minimumCodeSize + 1
                maxCode = endCode
            }
            current = s.longest(from: position, first: first)
        }
        writer.emit(current.code, codeSize, &output)
        writer.emit(endCode, codeSize, &output)
        writer.flush(&output)
    }

    /// A string found in the dictionary: its code, length and first index.
    private struct Match {
        var code: Int
        var length: Int
        var first: Int
    }

    /// Packs codes least significant bit first, as GIF wants.
    private struct BitWriter {
        var accumulator: UInt64 = 0
        var bits = 0

        @_optimize(speed)
        @inline(__always)
        mutating func emit(_ code: Int, _ size: Int, _ output: inout [UInt8]) {
            accumulator |= UInt64(code) << UInt64(bits)
            bits += size
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }

        mutating func flush(_ output: inout [UInt8]) {
            if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
            accumulator = 0
            bits = 0
        }
    }

    /// The dictionary and the pixels being encoded, all in manually allocated buffers.
    private struct State {
        static let slotCount = 1 << 14
        static let mask = slotCount - 1
        static let stackCapacity = 4096 * maximumOptions + maximumOptions
        // Hash table: key (prefix << 8 | index) + 1, its code, and the generation it belongs to.
        let keys = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        let values = UnsafeMutablePointer<Int16>.allocate(capacity: slotCount)
        let stamps = UnsafeMutablePointer<UInt32>.allocate(capacity: slotCount)
        var generation: UInt32 = 0
        // Each code's prefix code and last index, to read a string back.
        let prefixOf = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
        let symbolOf = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        // The depth-first search's stack: code, length and first index of each pending node.
        let stackCodes = UnsafeMutablePointer<Int32>.allocate(capacity: stackCapacity)
        let stackLengths = UnsafeMutablePointer<Int32>.allocate(capacity: stackCapacity)
        let stackFirsts = UnsafeMutablePointer<UInt8>.allocate(capacity: stackCapacity)
        var options: UnsafePointer<UInt8> = UnsafePointer(bitPattern: 1)!
        var optionCounts: UnsafePointer<UInt8> = UnsafePointer(bitPattern: 1)!
        var chosen: UnsafeMutablePointer<UInt8> = UnsafeMutablePointer(bitPattern: 1)!
        var count = 0
        var clearCode = 0

        init() {
            keys.initialize(repeating: 0, count: Self.slotCount)
            values.initialize(repeating: 0, count: Self.slotCount)
            stamps.initialize(repeating: 0, count: Self.slotCount)
            prefixOf.initialize(repeating: 0, count: 4096)
            symbolOf.initialize(repeating: 0, count: 4096)
        }

        func deallocate() {
            keys.deallocate()
            values.deallocate()
            stamps.deallocate()
            prefixOf.deallocate()
            symbolOf.deallocate()
            stackCodes.deallocate()
            stackLengths.deallocate()
            stackFirsts.deallocate()
        }

        /// Empties the dictionary by moving to a new generation of the hash table.
        mutating func reset() {
            generation &+= 1
            if generation == 0 {
                stamps.update(repeating: 0, count: Self.slotCount)
                generation = 1
            }
        }

        /// The slot of (prefix, index): where it is stored, or the empty slot where it would go.
        @_optimize(speed)
        @inline(__always)
        func find(_ prefix: Int, _ symbol: Int) -> (Int, Int32) {
            let key = Int32(prefix << 8 | symbol) &+ 1
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_769) >> 18) & Self.mask
            while stamps[slot] == generation && keys[slot] != key { slot = (slot + 1) & Self.mask }
            return (slot, key)
        }

        @_optimize(speed)
        @inline(__always)
        func push(_ code: Int, _ length: Int, _ first: Int, _ top: inout Int) {
            stackCodes[top] = Int32(code)
            stackLengths[top] = Int32(length)
            stackFirsts[top] = UInt8(first)
            top += 1
        }

        /// The longest string the pixels from `start` can be read as, starting with index `first`
        /// (or any allowed index when `first` is -1).
        @_optimize(speed)
        func longest(from start: Int, first: Int) -> Match {
            let width = LZWEncoder.maximumOptions
            var top = 0
            if first >= 0 {
                push(first, 1, first, &top)
            } else {
                let preferred = start > 0 ? Int(chosen[start - 1]) : -1
                let o = options + width * start
                var j = Int(optionCounts[start]) - 1
                var hasPreferred = false
                while j >= 0 {
                    let symbol = Int(o[j])
                    if symbol == preferred { hasPreferred = true } else { push(symbol, 1, symbol, &top) }
                    j -= 1
                }
                if hasPreferred { push(preferred, 1, preferred, &top) }
            }
            var best = Match(code: Int(stackCodes[top - 1]), length: 1, first: Int(stackFirsts[top - 1]))
            var visited = 0
            while top > 0 {
                top -= 1
                let code = Int(stackCodes[top])
                let length = Int(stackLengths[top])
                let first = Int(stackFirsts[top])
                if length > best.length { best = Match(code: code, length: length, first: first) }
                visited += 1
                let p = start + length
                if p >= count || visited >= LZWEncoder.searchLimit { continue }
                let last = code < clearCode ? code : Int(symbolOf[code])
                let o = options + width * p
                var j = Int(optionCounts[p]) - 1
                var preferredChild = -1
                while j >= 0 {
                    let symbol = Int(o[j])
                    // `lookup`, by hand: unoptimised builds do not inline it.
                    let key = Int32(code << 8 | symbol) &+ 1
                    var slot = Int((UInt32(bitPattern: key) &* 2_654_435_769) >> 18) & Self.mask
                    while stamps[slot] == generation && keys[slot] != key { slot = (slot + 1) & Self.mask }
                    if stamps[slot] == generation {
                        let child = Int(values[slot])
                        if symbol == last {
                            preferredChild = child
                        } else {
                            stackCodes[top] = Int32(child)
                            stackLengths[top] = Int32(length + 1)
                            stackFirsts[top] = UInt8(first)
                            top += 1
                        }
                    }
                    j -= 1
                }
                if preferredChild >= 0 { push(preferredChild, length + 1, first, &top) }
            }
            return best
        }

        /// Writes the indices of string `match` to `chosen` from `position` on.
        @_optimize(speed)
        func record(_ match: Match, at position: Int) {
            var code = match.code
            var j = match.length - 1
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
    }
}
