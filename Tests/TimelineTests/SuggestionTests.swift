import XCTest
@testable import Timeline

final class SuggestionTests: XCTestCase {
    func testCloseMisspellingsAreSuggested() {
        XCTAssertEqual(suggestion(for: "elipse", among: ["rectangle", "circle", "ellipse"]), "ellipse")
        XCTAssertEqual(suggestion(for: "sacle", among: ["size", "scale"]), "scale")  // transposition
        XCTAssertEqual(suggestion(for: "Scale", among: ["size", "scale"]), "scale")  // case only
        XCTAssertEqual(suggestion(for: "overlaping", among: ["scroll", "overlapping"]), "overlapping")
        XCTAssertEqual(suggestion(for: "fp", among: ["fps", "frame"]), "fps")
        XCTAssertEqual(suggestion(for: "backgroundColour", among: ["background", "backgroundColor"]), "backgroundColor")
    }

    func testDistantOrTinyNamesAreNotSuggested() {
        XCTAssertNil(suggestion(for: "t", among: ["w", "h"]))
        XCTAssertNil(suggestion(for: "zebra", among: ["scale", "size"]))
        XCTAssertNil(suggestion(for: "", among: ["a", "b"]))
        XCTAssertNil(suggestion(for: "scale", among: ["scale"]))
        XCTAssertNil(suggestion(for: "x", among: []))
        XCTAssertNil(suggestion(for: String(repeating: "a", count: 100_000), among: ["aaaa", "a"]))
    }

    func testTheClosestCandidateWinsAndTiesGoToTheFirst() {
        XCTAssertEqual(suggestion(for: "widht", among: ["height", "width", "widths"]), "width")
        XCTAssertEqual(suggestion(for: "cat", among: ["bat", "hat"]), "bat")
        XCTAssertEqual(suggestion(for: "cat", among: ["hat", "bat"]), "hat")
    }

    func testAlignmentDistanceAgainstKnownValues() {
        func distance(_ a: String, _ b: String, limit: Int = 10) -> Int? {
            alignmentDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
        }
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("ca", "ac"), 1)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("abc", ""), 3)
        XCTAssertEqual(distance("same", "same"), 0)
        XCTAssertEqual(distance("ca", "abc"), 3)  // OSA, unlike unrestricted Damerau (2)
        XCTAssertEqual(distance("kitten", "sitting", limit: 3), 3)
        XCTAssertNil(distance("kitten", "sitting", limit: 2))
        XCTAssertNil(distance("abcdef", "ab", limit: 3))
        XCTAssertEqual(distance("abcdef", "ab", limit: 4), 4)
    }

    func testBandedDistanceAgreesWithTheFullTable() {
        // The textbook O(n·m) recurrence, as the reference.
        func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = i }
            for j in 0...b.count { table[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                    }
                }
            }
            return table[a.count][b.count]
        }
        var generator = SeededGenerator(seed: 7)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let limit = Int.random(in: 0...4, using: &generator)
            let expected = reference(a, b)
            XCTAssertEqual(alignmentDistance(a, b, limit: limit), expected <= limit ? expected : nil, "\(a) \(b) \(limit)")
        }
    }

    func testLongNamesAreCheap() {
        // Lengths within the limit of each other: the band keeps this linear.
        let name = String(repeating: "b", count: 1_000_000)
        let candidate = String(repeating: "b", count: 999_999)
        XCTAssertEqual(suggestion(for: name, among: [candidate]), candidate)
    }
}
