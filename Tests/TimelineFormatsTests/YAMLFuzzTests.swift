import Timeline
import TimelineFormats
import XCTest

/// Mutated YAML with fixed seeds: the reader and the loader behind it always return
/// or throw an error located within the text, never trap or hang.
final class YAMLFuzzTests: XCTestCase {
    static let valid = Array("""
        # comment
        size: [60, 40]   # trailing
        duration: 1
        params: {x: 0, c: "#ff0000"}
        animations:
          - {param: x, to: 1, curve: "easeOut(duration: 0.5)"}
        base: &b {circle: {}}
        scene:
          vstack:
            - text: {string: "hi {x}", font: {size: 12}}
            - rectangle: {}
              modifiers:
                - fill: c
                - opacity: =x * 2
                - offset: {x: 'a', y: !!float 2}
          modifiers: [{padding: 0x10}, {frame: {width: .5e2}}]
        """.utf8)

    /// Where the text ends, lines broken as libyaml breaks them (also at NEL, LS and PS).
    func end(of bytes: [UInt8]) -> SourceLocation {
        var line = 1, column = 1
        var previous: Unicode.Scalar = " "
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\n" && previous == "\r" {
            } else if "\n\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = scalar
        }
        return SourceLocation(line: line, column: column)
    }

    func testMutatedTimelinesNeverCrashTheReader() {
        var generator = SeededGenerator(seed: 7)
        XCTAssertNoThrow(try YAMLReader.parse(Self.valid))
        let alphabet = Array("{}[]:,-?#&*!|>'\"%@` \n\t=.0123456789".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var located = 0
        for _ in 0..<2_000 {
            var bytes = Self.valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(byte, at: index)
                case 2: bytes[index] = byte
                default: bytes.removeSubrange(index...)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "a")] }
            }
            let report = TimelineLoader().check(bytes, format: .yaml)
            for error in report.errors {
                guard let location = error.location else { return XCTFail("error without a location: \(error)") }
                XCTAssertGreaterThanOrEqual(location.column, 1, "\(error)")
                XCTAssertLessThanOrEqual(location, end(of: bytes), "\(error)")
                located += 1
            }
        }
        XCTAssertGreaterThan(located, 700, "most mutations are errors")
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014), for reproducible random inputs.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
