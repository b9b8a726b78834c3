@testable import GIF
import XCTest

/// The encoder's output read back by a GIF LZW decoder written from the specification.
final class LZWEncoderTests: XCTestCase {
    /// Decodes a GIF LZW code stream (GIF89a appendix F) into indices.
    private func decode(_ data: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var dictionary: [[UInt8]] = []
        func resetDictionary() { dictionary = (0..<clear).map { [UInt8($0)] } + [[], []] }
        resetDictionary()
        var codeSize = minimumCodeSize + 1
        var bitOffset = 0
        var output: [UInt8] = []
        var previous: [UInt8]?
        while bitOffset + codeSize <= data.count * 8 {
            var code = 0
            for bit in 0..<codeSize where data[(bitOffset + bit) / 8] >> ((bitOffset + bit) % 8) & 1 == 1 { code |= 1 << bit }
            bitOffset += codeSize
            if code == clear {
                resetDictionary()
                codeSize = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == clear + 1 { break }
            let entry: [UInt8]
            if code < dictionary.count {
                entry = dictionary[code]
                if let previous, dictionary.count < 4096 { dictionary.append(previous + [entry[0]]) }
            } else {
                let p = previous!
                entry = p + [p[0]]
                dictionary.append(entry)
            }
            output += entry
            previous = entry
            if dictionary.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        }
        return output
    }

    private func encode(_ options: [[UInt8]], minimumCodeSize: Int, with encoder: LZWEncoder = LZWEncoder()) -> (data: [UInt8], chosen: [UInt8]) {
        let width = LZWEncoder.maximumOptions
        var flat = [UInt8](repeating: 0, count: options.count * width)
        var counts = [UInt8](repeating: 0, count: options.count)
        for (k, list) in options.enumerated() {
            for (j, option) in list.enumerated() { flat[k * width + j] = option }
            counts[k] = UInt8(list.count)
        }
        var chosen = [UInt8](repeating: 0, count: options.count)
        var data: [UInt8] = []
        encoder.encode(options: flat, optionCounts: counts, count: options.count, minimumCodeSize: minimumCodeSize, chosen: &chosen, into: &data)
        return (data, chosen)
    }

    func testFixedIndicesRoundTrip() {
        var generator = SplitMix(seed: 3)
        for (count, bits) in [(1, 2), (2, 2), (100, 2), (5000, 4), (40000, 8)] {
            let pixels = (0..<count).map { _ in UInt8(generator.next() % UInt64(1 << bits)) }
            let (data, chosen) = encode(pixels.map { [$0] }, minimumCodeSize: bits)
            XCTAssertEqual(chosen, pixels)
            XCTAssertEqual(decode(data, minimumCodeSize: bits), pixels, "\(count) pixels of \(bits) bits")
        }
    }

    func testIndicesWithoutChoicesEncodeAsTheSearchWould() {
        // Classic LZW over fixed indices is the search with one option per pixel, code for
        // code (the same dictionary, clears and code sizes), and recodes the same way. One
        // encoder serves every case, so each starts from what the last left.
        var generator = SplitMix(seed: 9)
        let encoder = LZWEncoder()
        for (count, bits) in [(1, 2), (2, 2), (100, 2), (5000, 4), (40000, 8), (60000, 8), (300, 3)] {
            let pixels = (0..<count).map { k in generator.next() % 3 == 0 ? UInt8(generator.next() % UInt64(1 << bits)) : UInt8(k / 40 % (1 << bits)) }
            let searched = encode(pixels.map { [$0] }, minimumCodeSize: bits).data
            var data: [UInt8] = []
            pixels.withUnsafeBufferPointer { encoder.encode(indices: $0.baseAddress!, count: count, minimumCodeSize: bits, into: &data) }
            XCTAssertEqual(data, searched, "\(count) pixels of \(bits) bits")
            XCTAssertEqual(decode(data, minimumCodeSize: bits), pixels)
            XCTAssertEqual(encoder.recodedSize(minimumCodeSize: bits), data.count)
        }
    }

    func testLongRunsCompressToFewCodes() {
        let (data, _) = encode(Array(repeating: [5], count: 20000), minimumCodeSize: 8)
        // A run of n needs about √(2n) = 200 codes of 9-10 bits.
        XCTAssertLessThan(data.count, 300)
        XCTAssertEqual(decode(data, minimumCodeSize: 8), Array(repeating: 5, count: 20000))
    }

    func testChoicesStayWithinTheOptionsAndDecodeToTheChoices() {
        var generator = SplitMix(seed: 11)
        let options: [[UInt8]] = (0..<30000).map { k in
            let base = UInt8((k / 7) % 13)
            // A third of the pixels may be sent as noise (listed first) or as the run's index.
            return generator.next() % 3 == 0 ? [UInt8(generator.next() % 16), base] : [base]
        }
        let (data, chosen) = encode(options, minimumCodeSize: 4)
        for (k, choice) in chosen.enumerated() { XCTAssertTrue(options[k].contains(choice), "pixel \(k)") }
        XCTAssertEqual(decode(data, minimumCodeSize: 4), chosen)
        // Freedom pays: the same pixels with the first option forced compress worse.
        let (forced, _) = encode(options.map { [$0[0]] }, minimumCodeSize: 4)
        XCTAssertLessThan(data.count, forced.count)
    }

    func testRecodingForASmallerTableDecodesToTheRenumberedIndices() {
        var generator = SplitMix(seed: 5)
        // Twelve of the 256 indices, in runs and noise; long enough for several clears.
        let used: [UInt8] = [3, 17, 40, 41, 99, 128, 150, 200, 201, 230, 254, 255]
        let options: [[UInt8]] = (0..<60000).map { k in
            let run = used[(k / 9) % used.count]
            return generator.next() % 4 == 0 ? [used[Int(generator.next() % 12)], run] : [run]
        }
        let encoder = LZWEncoder()
        let (data, chosen) = encode(options, minimumCodeSize: 8, with: encoder)
        XCTAssertEqual(decode(data, minimumCodeSize: 8), chosen)
        XCTAssertEqual(encoder.recodedSize(minimumCodeSize: 8), data.count)
        var roots = [UInt8](repeating: 0, count: 256)
        for (local, index) in used.enumerated() { roots[Int(index)] = UInt8(local) }
        for bits in [4, 8] {
            var recoded: [UInt8] = []
            roots.withUnsafeBufferPointer { encoder.recode(roots: $0.baseAddress!, minimumCodeSize: bits, into: &recoded) }
            XCTAssertEqual(recoded.count, encoder.recodedSize(minimumCodeSize: bits))
            XCTAssertEqual(decode(recoded, minimumCodeSize: bits), chosen.map { roots[Int($0)] }, "\(bits) bits")
        }
        // Narrower codes while the dictionary is young.
        XCTAssertLessThan(encoder.recodedSize(minimumCodeSize: 4), data.count)
    }
}
