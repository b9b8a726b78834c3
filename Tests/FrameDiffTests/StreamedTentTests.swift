@testable import FrameDiff
import XCTest

/// The streamed tent against a direct computation of its definition: a box cut short at
/// the borders (each value the mean of the values the box still covers), taken twice.
final class StreamedTentTests: XCTestCase {
    func testMatchesTheBoxTakenTwiceOnRandomPlanes() {
        var random = SeededSequence(state: 45)
        let sizes = [(1, 1), (3, 2), (13, 9), (37, 21), (64, 40), (9, 1), (1, 12)]
        for (width, height) in sizes {
            for size in [1, 2, 3, 4, 7, 8] {
                let plane = (0..<(width * height)).map { _ in Float(random.byte()) }
                let expected = Self.box(Self.box(plane, width: width, height: height, size: size), width: width, height: height, size: size)
                let tent = StreamedTent()
                tent.start(width: width, height: height, size: size)
                var pushed = 0
                for y in 0..<height {
                    while pushed <= min(y + tent.reach, height - 1) {
                        tent.nextRow.update(from: Array(plane[(pushed * width)..<((pushed + 1) * width)]), count: width)
                        tent.push()
                        pushed += 1
                    }
                    let row = tent.row(y)
                    for x in 0..<width {
                        XCTAssertEqual(row[x], expected[y * width + x], accuracy: 1e-3, "\(width) × \(height), size \(size), at (\(x), \(y))")
                    }
                }
            }
        }
    }

    func testRowsPushedAheadWithinTheLeadDoNotDisturbTheResult() {
        var random = SeededSequence(state: 7)
        let width = 19, height = 30, size = 4, lead = 4
        let plane = (0..<(width * height)).map { _ in Float(random.byte()) }
        let expected = Self.box(Self.box(plane, width: width, height: height, size: size), width: width, height: height, size: size)
        let tent = StreamedTent()
        // Used at another size first: restarting must forget it.
        tent.start(width: 7, height: 5, size: 8)
        tent.start(width: width, height: height, size: size, lead: lead)
        var pushed = 0
        for y in 0..<height {
            while pushed <= min(y + tent.reach + lead, height - 1) {
                tent.nextRow.update(from: Array(plane[(pushed * width)..<((pushed + 1) * width)]), count: width)
                tent.push()
                pushed += 1
            }
            let row = tent.row(y)
            for x in 0..<width { XCTAssertEqual(row[x], expected[y * width + x], accuracy: 1e-3, "at (\(x), \(y))") }
        }
    }

    /// A `size` box reaching `size / 2` back and the rest forward, cut short at the borders.
    private static func box(_ plane: [Float], width: Int, height: Int, size: Int) -> [Float] {
        let before = size / 2, after = size - 1 - before
        var out = [Float](repeating: 0, count: plane.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0, count = 0.0
                for v in max(y - before, 0)...min(y + after, height - 1) {
                    for u in max(x - before, 0)...min(x + after, width - 1) {
                        sum += Double(plane[v * width + u])
                        count += 1
                    }
                }
                out[y * width + x] = Float(sum / count)
            }
        }
        return out
    }
}
