/// One reading of a frame: each pixel's options, the indices chosen, and an LZW encoder, so
/// that two readings can be compressed at once.
final class FrameReading {
    var options: [UInt8]
    var optionCounts: [UInt8]
    var chosen: [UInt8]
    private let lzw = LZWEncoder()

    init(pixels: Int) {
        options = Array(repeating: 0, count: pixels * LZWEncoder.maximumOptions)
        optionCounts = Array(repeating: 0, count: pixels)
        chosen = Array(repeating: 0, count: pixels)
    }

    /// LZW-compresses the first `count` pixels' options into `data`, writing the indices
    /// chosen to `chosen`.
    @_optimize(speed)
    func encode(count: Int, minimumCodeSize: Int, into data: inout [UInt8]) {
        let lzw = self.lzw
        options.withUnsafeBufferPointer { options in
            optionCounts.withUnsafeBufferPointer { optionCounts in
                chosen.withUnsafeMutableBufferPointer { chosen in
                    lzw.encode(
                        options: options.baseAddress!, optionCounts: optionCounts.baseAddress!, count: count,
                        minimumCodeSize: minimumCodeSize, chosen: chosen.baseAddress!, into: &data)
                }
            }
        }
    }

    /// LZW-compresses the first `count` indices of `chosen` into `data`.
    @_optimize(speed)
    func encodeAsChosen(count: Int, minimumCodeSize: Int, into data: inout [UInt8]) {
        chosen.withUnsafeBufferPointer { lzw.encode(indices: $0.baseAddress!, count: count, minimumCodeSize: minimumCodeSize, into: &data) }
    }

    /// The size of the last `encode`'s codes for a colour table of `minimumCodeSize` bits.
    func recodedSize(minimumCodeSize: Int) -> Int {
        lzw.recodedSize(minimumCodeSize: minimumCodeSize)
    }

    /// Writes the last `encode`'s codes to `data` for a colour table where `roots[i]` stands for index `i`.
    func recode(roots: [UInt8], minimumCodeSize: Int, into data: inout [UInt8]) {
        roots.withUnsafeBufferPointer { lzw.recode(roots: $0.baseAddress!, minimumCodeSize: minimumCodeSize, into: &data) }
    }
}
