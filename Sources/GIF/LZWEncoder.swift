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
/// handles). The search finds strings through a direct table of every (prefix code, index)
/// pair's code (4,096 × 256 entries, 2 MiB), which lists a node's children for any options;
/// classic LZW, one index per pixel, through a small hash table that stays in cache
/// (`PlainDictionary`). A clear zeroes just the entries added since the last one. Encoding
/// allocates only the output's growth (and the lists of codes and bytes, grown to the
/// longest frame).
///
/// The codes of the last encoding are kept, so that they can be written again for a smaller
/// colour table (`recode`) without matching again. The reading stays the same under any
/// renumbering of the indices, since matching compares indices only for equality and keeps
/// the order of options; the renumbered stream clears after as many strings as the original,
/// so its dictionary holds the same strings throughout.
final class LZWEncoder {
    /// The most options a pixel may have.
    static let maximumOptions = 5
    /// Trie nodes visited at most when matching one string.
    static let searchLimit = 1 << 16

    private var state = State()
    private let plain = PlainDictionary()
    /// The codes of the last encoding, clear and end codes included.
    private var codes: UnsafeMutablePointer<UInt16> = .allocate(capacity: 1)
    /// The bytes of a code stream being written (room for `codeCapacity` codes).
    private var bytes: UnsafeMutablePointer<UInt8> = .allocate(capacity: 16)
    private var codeCount = 0, codeCapacity = 1
    /// The last encoding's minimum code size.
    private var encodedCodeSize = 2

    deinit {
        state.deallocate()
        plain.deallocate()
        codes.deallocate()
        bytes.deallocate()
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
        defer { state.addedCount = s.addedCount }
        s.options = options
        s.optionCounts = optionCounts
        s.chosen = chosen
        s.count = count
        var (writer, space) = start(count: count, minimumCodeSize: minimumCodeSize)
        s.clearCode = space.clearCode
        s.reset()
        var current = s.longest(from: 0, first: -1)
        var position = 0
        while true {
            s.record(current, at: position)
            position += current.length
            if position >= count { break }
            writer.emit(current.code, space.codeSize)
            let next: Match? = optionCounts[position] == 1 ? nil : s.longest(from: position, first: -1)
            let first = next?.first ?? Int(options[Self.maximumOptions * position])
            let added = space.take()
            s.add(current.code, first, added)
            s.prefixOf[added] = Int16(current.code)
            s.symbolOf[added] = UInt8(first)
            let cleared = clearIfFull(&space, &writer) { s.reset() }
            // The string just added starts with the current one's first index, so it can only
            // lengthen the next match when that starts with the same index (a run); otherwise
            // the match already found stands. In a run, the new string is a leaf: the match
            // is the one found, or the new string where the pixels can be read as it and it is
            // longer (`settle`); only a tie, or a search cut short, takes a new search.
            if let next, !cleared, current.first != first {
                current = next
            } else if let next, !cleared, let settled = s.settle(next, added: added, after: current, at: position) {
                current = settled
            } else {
                current = s.longest(from: position, first: first)
            }
        }
        end(with: current.code, space, &writer, into: &output)
    }

    /// Compresses `count` pixels of one index each (`indices`) and appends the code stream to
    /// `output`: classic LZW, each string the longest one in the dictionary, with no choice to
    /// search. Every index must be below `1 << minimumCodeSize`.
    @_optimize(speed)
    func encode(indices: UnsafePointer<UInt8>, count: Int, minimumCodeSize: Int, into output: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize) && count > 0)
        var (writer, space) = start(count: count, minimumCodeSize: minimumCodeSize)
        let table = plain
        table.clear()
        var code = Int(indices[0])
        for k in 1..<count {
            let symbol = Int(indices[k])
            let key = code << 8 | symbol
            var slot = PlainDictionary.slot(of: key)
            var found = false
            while true {
                let entry = Int(table.slots[slot])
                if entry == 0 { break }
                if entry >> 12 == key {
                    code = entry & 0xFFF
                    found = true
                    break
                }
                slot = (slot &+ 1) & PlainDictionary.mask
            }
            if found { continue }
            writer.emit(code, space.codeSize)
            table.insert(key: key, code: space.take(), at: slot)
            clearIfFull(&space, &writer, emptying: table.clear)
            code = symbol
        }
        end(with: code, space, &writer, into: &output)
    }

    /// Readies `codes` and `bytes` for an encoding of `count` pixels with `minimumCodeSize`
    /// bits and starts the stream with a clear code; the caller empties its dictionary.
    @inline(__always)
    private func start(count: Int, minimumCodeSize: Int) -> (BitWriter, CodeSpace) {
        // Every code covers a pixel at least, and a clear follows every 4,096 − 2^m − 2 strings.
        let codesNeeded = count + count / 64 + 4
        if codeCapacity < codesNeeded {
            codes.deallocate()
            codes = .allocate(capacity: codesNeeded)
            bytes.deallocate()
            // At most 12 bits a code, and the last four bytes written whole.
            bytes = .allocate(capacity: codesNeeded * 3 / 2 + 8)
            codeCapacity = codesNeeded
        }
        encodedCodeSize = minimumCodeSize
        let space = CodeSpace(minimumCodeSize: minimumCodeSize)
        var writer = BitWriter(codes: codes, bytes: bytes)
        writer.emit(space.clearCode, space.codeSize)
        return (writer, space)
    }

    /// Clears the dictionary (`empty`) when the last string took its last code (4,095);
    /// returns whether it did.
    @inline(__always)
    @discardableResult
    private func clearIfFull(_ space: inout CodeSpace, _ writer: inout BitWriter, emptying empty: () -> Void) -> Bool {
        guard space.isFull else { return false }
        writer.emit(space.clearCode, space.codeSize)
        empty()
        space = CodeSpace(minimumCodeSize: space.minimumCodeSize)
        return true
    }

    /// Ends the stream with the last string's `code` and the end code.
    @inline(__always)
    private func end(with code: Int, _ space: CodeSpace, _ writer: inout BitWriter, into output: inout [UInt8]) {
        writer.emit(code, space.codeSize)
        writer.emit(space.endCode, space.codeSize)
        writer.flush(&output)
        codeCount = writer.count
    }

    /// The size in bytes of the last encoding's code stream written again with
    /// `minimumCodeSize` bits (see `recode`).
    @_optimize(speed)
    func recodedSize(minimumCodeSize: Int) -> Int {
        var bits = 0
        replay(minimumCodeSize: minimumCodeSize, roots: nil) { _, size in bits += size }
        return (bits + 7) / 8
    }

    /// Appends the last encoding's code stream written again for a colour table whose index
    /// `roots[i]` stands for the encoded index `i`, with `minimumCodeSize` bits (at most the
    /// encoding's; every index the pixels were sent as must have a place in the table).
    @_optimize(speed)
    func recode(roots: UnsafePointer<UInt8>, minimumCodeSize: Int, into output: inout [UInt8]) {
        // As many codes as the encoding, so they fit its bytes.
        var writer = BitWriter(codes: nil, bytes: bytes)
        replay(minimumCodeSize: minimumCodeSize, roots: roots) { code, size in writer.emit(code, size) }
        writer.flush(&output)
    }

    /// Calls `body(code, size)` for each code of the last encoding renumbered for
    /// `minimumCodeSize`: indices through `roots` (unchanged for nil), strings and the clear and
    /// end codes moved by the difference in their number, and code sizes grown as a decoder
    /// expects. Clears stay where they were, after the same strings.
    @inline(__always)
    private func replay(minimumCodeSize: Int, roots: UnsafePointer<UInt8>?, _ body: (Int, Int) -> Void) {
        let clear = 1 << encodedCodeSize, end = clear + 1
        let shift = clear - (1 << minimumCodeSize)
        let codes = self.codes, count = codeCount
        var space = CodeSpace(minimumCodeSize: minimumCodeSize)
        body(space.clearCode, space.codeSize)
        var i = 1
        while i < count {
            let code = Int(codes[i])
            if code == end {
                body(space.endCode, space.codeSize)
                break
            }
            body(code < clear ? (roots.map { Int($0[code]) } ?? code) : code - shift, space.codeSize)
            let next = Int(codes[i + 1])
            i += 1
            // The last string adds none.
            if next == end { continue }
            _ = space.take()
            if next == clear {
                body(space.clearCode, space.codeSize)
                space = CodeSpace(minimumCodeSize: minimumCodeSize)
                i += 1
            }
        }
    }

    /// A string found in the dictionary: its code, length and first index, and whether the
    /// search that found it saw every string it could (it stops at `searchLimit` nodes).
    private struct Match {
        var code: Int
        var length: Int
        var first: Int
        var complete = true
    }

    /// The codes as a decoder counts them: the clear and end codes after the roots, the code
    /// each new string takes, and the code size, which grows when the codes outgrow it.
    private struct CodeSpace {
        let minimumCodeSize: Int
        private(set) var codeSize: Int
        private(set) var lastCode: Int

        init(minimumCodeSize: Int) {
            self.minimumCodeSize = minimumCodeSize
            codeSize = minimumCodeSize + 1
            lastCode = (1 << minimumCodeSize) + 1  // the end code
        }

        var clearCode: Int { 1 << minimumCodeSize }
        var endCode: Int { clearCode + 1 }
        /// Whether the dictionary holds its 4,096 codes.
        var isFull: Bool { lastCode == 4095 }

        /// The code of the next string.
        @inline(__always)
        mutating func take() -> Int {
            lastCode += 1
            if lastCode >= 1 << codeSize { codeSize += 1 }
            return lastCode
        }
    }

    /// Packs codes least significant bit first, as GIF wants, and lists them in `codes`.
    private struct BitWriter {
        let codes: UnsafeMutablePointer<UInt16>?
        /// The stream's bytes, four at a time, until `flush` appends them to the output.
        let bytes: UnsafeMutablePointer<UInt8>
        var count = 0
        var byteCount = 0
        var accumulator: UInt64 = 0
        var bits = 0

        @_optimize(speed)
        @inline(__always)
        mutating func emit(_ code: Int, _ size: Int) {
            if let codes {
                codes[count] = UInt16(truncatingIfNeeded: code)
                count += 1
            }
            accumulator |= UInt64(code) << UInt64(bits)
            bits += size
            if bits >= 32 {
                UnsafeMutableRawPointer(bytes + byteCount).storeBytes(of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
                byteCount += 4
                accumulator >>= 32
                bits -= 32
            }
        }

        /// Appends the bytes written, the last partly filled.
        mutating func flush(_ output: inout [UInt8]) {
            while bits > 0 {
                bytes[byteCount] = UInt8(truncatingIfNeeded: accumulator)
                byteCount += 1
                accumulator >>= 8
                bits -= 8
            }
            output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: byteCount))
            accumulator = 0
            bits = 0
            byteCount = 0
        }
    }

    /// Classic LZW's dictionary: each string's code in an open-addressed table of 16,384
    /// slots (64 KiB, so that it stays in the core's nearest caches, where the direct table
    /// of every (prefix, index) pair takes 2 MiB), found by linear probing. A slot holds
    /// `(prefix << 8 | index) << 12 | code`, 0 when empty (no string's code is 0); the 3,838
    /// strings a dictionary takes fill at most a quarter of the slots. A clear empties just
    /// the slots filled since the last one.
    private struct PlainDictionary {
        static let mask = (1 << 14) - 1
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: mask + 1)
        let filled = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
        let filledCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)

        init() {
            slots.initialize(repeating: 0, count: Self.mask + 1)
            filledCount.initialize(to: 0)
        }

        func deallocate() {
            slots.deallocate()
            filled.deallocate()
            filledCount.deallocate()
        }

        /// The first slot probed for string `key` (`prefix << 8 | index`, 20 bits).
        @inline(__always)
        static func slot(of key: Int) -> Int {
            (key & 0xFF) &<< 6 ^ key &>> 8
        }

        /// Puts string `key` with `code` in the empty `slot` its probe ended at.
        @inline(__always)
        func insert(key: Int, code: Int, at slot: Int) {
            slots[slot] = UInt32(truncatingIfNeeded: key << 12 | code)
            filled[filledCount.pointee] = Int32(truncatingIfNeeded: slot)
            filledCount.pointee &+= 1
        }

        func clear() {
            for i in 0..<filledCount.pointee { slots[Int(filled[i])] = 0 }
            filledCount.pointee = 0
        }
    }

    /// The dictionary and the pixels being encoded, all in manually allocated buffers.
    private struct State {
        static let stackCapacity = 4096 * maximumOptions + maximumOptions
        // The code of string (prefix, index) at prefix << 8 | index, 0 for none (no string has
        // code 0), and the entries set since the last clear.
        let children = UnsafeMutablePointer<Int16>.allocate(capacity: 4096 << 8)
        let added = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
        var addedCount = 0
        // Each code's string length, and the longest string in the dictionary that starts
        // with it: the search skips subtrees that cannot beat the longest string found.
        let lengthOf = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
        let deepest = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
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
            children.initialize(repeating: 0, count: 4096 << 8)
            lengthOf.initialize(repeating: 1, count: 4096)
            deepest.initialize(repeating: 1, count: 4096)
            prefixOf.initialize(repeating: 0, count: 4096)
            symbolOf.initialize(repeating: 0, count: 4096)
        }

        func deallocate() {
            children.deallocate()
            added.deallocate()
            lengthOf.deallocate()
            deepest.deallocate()
            prefixOf.deallocate()
            symbolOf.deallocate()
            stackCodes.deallocate()
            stackLengths.deallocate()
            stackFirsts.deallocate()
        }

        /// Empties the dictionary.
        mutating func reset() {
            for i in 0..<addedCount { children[Int(added[i])] = 0 }
            addedCount = 0
            deepest.update(repeating: 1, count: clearCode)
        }

        /// Adds string (prefix, symbol) as `code`.
        @_optimize(speed)
        @inline(__always)
        mutating func add(_ prefix: Int, _ symbol: Int, _ code: Int) {
            let slot = prefix << 8 | symbol
            children[slot] = Int16(code)
            added[addedCount] = Int32(slot)
            addedCount += 1
            let length = lengthOf[prefix] + 1
            lengthOf[code] = length
            deepest[code] = length
            var q = prefix
            while deepest[q] < length {
                deepest[q] = length
                if q < clearCode { break }
                q = Int(prefixOf[q])
            }
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
            defer { best.complete = visited < LZWEncoder.searchLimit }
            while top > 0 {
                top -= 1
                var code = Int(stackCodes[top])
                var length = Int(stackLengths[top])
                let first = Int(stackFirsts[top])
                // Down the trie from the popped node: the child that would be pushed last (and
                // popped next) is followed at once, its siblings are pushed.
                while true {
                    if length > best.length { best = Match(code: code, length: length, first: first) }
                    if Int(deepest[code]) <= best.length { break }
                    visited += 1
                    let p = start + length
                    if p >= count || visited >= LZWEncoder.searchLimit { break }
                    let last = code < clearCode ? code : Int(symbolOf[code])
                    let o = options + width * p
                    var j = Int(optionCounts[p]) - 1
                    var preferredChild = -1, pending = -1
                    while j >= 0 {
                        let symbol = Int(o[j])
                        let child = Int(children[code << 8 | symbol])
                        if child != 0 {
                            if symbol == last {
                                preferredChild = child
                            } else {
                                if pending >= 0 { push(pending, length + 1, first, &top) }
                                pending = child
                            }
                        }
                        j -= 1
                    }
                    if preferredChild >= 0 {
                        if pending >= 0 { push(pending, length + 1, first, &top) }
                        code = preferredChild
                    } else if pending >= 0 {
                        code = pending
                    } else {
                        break
                    }
                    length += 1
                }
            }
            return best
        }

        /// The longest string the pixels from `start` can be read as, starting with `found`'s
        /// first index, now that `added` (the string `previous` and that index, a leaf) is in
        /// the dictionary; `found` was that string before (from a complete search from
        /// `start`). Nil where a search must settle it: a tie with `found`, or an incomplete
        /// search.
        ///
        /// `found` comes first in the search's order among the longest strings without
        /// `added`, and a search restricted to its first index visits those strings in the
        /// same order, so it stands unless `added` can be read and is at least as long. (The
        /// result is that search's unless the search, pruning less, would reach `searchLimit`.)
        @_optimize(speed)
        func settle(_ found: Match, added: Int, after previous: Match, at start: Int) -> Match? {
            guard found.complete else { return nil }
            let length = previous.length + 1
            if length < found.length || start + length > count { return found }
            // Whether the pixels from `start` can be read as `added`'s string, last index first.
            @inline(__always) func accepts(_ k: Int, _ symbol: Int) -> Bool {
                let o = options + LZWEncoder.maximumOptions * k
                for j in 0..<Int(optionCounts[k]) where Int(o[j]) == symbol { return true }
                return false
            }
            var code = added
            var k = start + length - 1
            while k >= start {
                let symbol = code < clearCode ? code : Int(symbolOf[code])
                if !accepts(k, symbol) { return found }
                if code < clearCode { break }
                code = Int(prefixOf[code])
                k -= 1
            }
            return length > found.length ? Match(code: added, length: length, first: found.first) : nil
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
