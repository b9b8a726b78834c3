/// GIF's variable-length-code LZW compression (GIF89a, appendix F), extended so that some
/// pixels may be written as either of two indices.
///
/// In an animation, a pixel that did not change can be sent as the transparent index or as
/// the index it already shows: both display the same. Instead of fixing the choice up
/// front, the encoder makes it while matching: at each pixel it extends the current string
/// with whichever allowed index the dictionary already knows (the newer code when both
/// are known, since newer strings are longer), and when neither is known it starts the
/// next string with the index that continues the run of the pixel before. Greedy, but it
/// turns both long transparent runs and long runs of unchanged colour into long strings.
///
/// Codes start at `minimumCodeSize + 1` bits and grow to at most 12; when the
/// dictionary's 4,096 codes are used up a clear code resets it (the classic policy that
/// every decoder handles). Strings are found through an open-addressing hash table keyed
/// by (prefix code, index); a generation stamp invalidates it on a clear without rewriting
/// it. Encoding allocates only the output's growth.
struct LZWEncoder {
    private static let slotCount = 1 << 14
    private var keys = [Int32](repeating: 0, count: slotCount)
    private var values = [Int16](repeating: 0, count: slotCount)
    private var stamps = [UInt32](repeating: 0, count: slotCount)
    private var generation: UInt32 = 0
    private var stack: [(code: Int, length: Int, first: UInt8)] = []

    /// Compresses `count` pixels, pixel k being `primary[k]` or, equally good, `alternative[k]`
    /// (equal to `primary[k]` where there is no choice), and appends the code stream to `output`.
    /// Every index must be below `1 << minimumCodeSize`.
    mutating func encode(
        primary: UnsafePointer<UInt8>, alternative: UnsafePointer<UInt8>, count: Int,
        minimumCodeSize: Int, into output: inout [UInt8]
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
                    generation &+= 1
                    if generation == 0 {
                        stamps.update(repeating: 0)
                        generation = 1
                    }
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

                    /// The longest string in the dictionary that the pixels from `start` can be read
                    /// as, taking either allowed index at each pixel: a depth-first walk of the
                    /// dictionary's trie along the pixels (at most its 4,096 nodes). Ties keep the
                    /// alternative (transparent) reading, which is found first.
                    func longest(from start: Int, first: UInt8? = nil) -> (code: Int, length: Int, first: UInt8) {
                        stack.removeAll(keepingCapacity: true)
                        let a = primary[start]
                        let b = alternative[start]
                        if let first {
                            stack.append((Int(first), 1, first))
                        } else {
                            if a != b { stack.append((Int(a), 1, a)) }
                            stack.append((Int(b), 1, b))
                        }
                        var best = (code: 0, length: 0, first: b)
                        while let node = stack.popLast() {
                            if node.length > best.length { best = node }
                            let p = start + node.length
                            guard p < count else { continue }
                            let a = primary[p]
                            let b = alternative[p]
                            if a != b, let child = lookup(node.code, a) { stack.append((child, node.length + 1, node.first)) }
                            if let child = lookup(node.code, b) { stack.append((child, node.length + 1, node.first)) }
                        }
                        return best
                    }

                    emit(clearCode, codeSize)
                    var current = longest(from: 0)
                    var position = 0
                    while true {
                        position += current.length
                        guard position < count else { break }
                        emit(current.code, codeSize)
                        // The next string's first index is chosen before the new entry exists, then
                        // the entry (current + that index) is added, so that the next string can use
                        // it: the K-w-K case that lets LZW code a run of n equal pixels in about √(2n) codes.
                        let first = primary[position] == alternative[position] ? primary[position] : longest(from: position).first
                        let (s, key) = slot(current.code, first)
                        maxCode += 1
                        stamps[s] = generation
                        keys[s] = key
                        values[s] = Int16(maxCode)
                        if maxCode >= 1 << codeSize { codeSize += 1 }
                        if maxCode == 4095 {
                            emit(clearCode, codeSize)
                            generation &+= 1
                            if generation == 0 {
                                stamps.update(repeating: 0)
                                generation = 1
                            }
                            codeSize = minimumCodeSize + 1
                            maxCode = endCode
                        }
                        current = longest(from: position, first: first)
                    }
                    let prefix = current.code
                    emit(prefix, codeSize)
                    emit(endCode, codeSize)
                    if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
                }
            }
        }
    }
}
