@testable import GIF
import XCTest

/// The sorted search must find exactly what a scan of every centre finds, ties and all.
final class SortedCentresTests: XCTestCase {
    /// The scan it replaces: least squared distance, the lowest index on ties, 0 when all are infinite.
    private func scan(_ point: SIMD3<Float>, _ centres: [SIMD3<Float>]) -> Int {
        var best = 0
        var bestDistance = Float.infinity
        for (index, centre) in centres.enumerated() {
            let d = point - centre
            let distance = (d * d).sum()
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    private func sorted(_ point: SIMD3<Float>, _ centres: [SIMD3<Float>], _ search: SortedCentres) -> Int {
        search.nearest(key: point.x) { j in
            let d = point - centres[j]
            return (d * d).sum()
        }
    }

    func testMatchesTheFullScanOnRandomCentres() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<50 {
            let count = 1 + trial * 5
            let centres = (0..<count).map { _ in SIMD3<Float>(.random(in: 0...1, using: &generator), .random(in: -0.4...0.4, using: &generator), .random(in: -0.4...0.4, using: &generator)) }
            let search = SortedCentres(firstCoordinates: centres.map(\.x))
            for _ in 0..<200 {
                let point = SIMD3<Float>(.random(in: -0.1...1.1, using: &generator), .random(in: -0.5...0.5, using: &generator), .random(in: -0.5...0.5, using: &generator))
                XCTAssertEqual(sorted(point, centres, search), scan(point, centres))
            }
        }
    }

    func testTiesGoToTheLowestIndex() {
        // Repeated centres, and centres at the same distance on either side of the point.
        let centres: [SIMD3<Float>] = [[5, 0, 0], [3, 0, 0], [1, 0, 0], [3, 0, 0], [1, 0, 0], [2, 1, 0], [2, -1, 0]]
        let search = SortedCentres(firstCoordinates: centres.map(\.x))
        for point: SIMD3<Float> in [[2, 0, 0], [3, 0, 0], [1, 0, 0], [2, 0.5, 0], [4, 0, 0], [0, 0, 0], [6, 0, 0], [2, 0, 0.25]] {
            XCTAssertEqual(sorted(point, centres, search), scan(point, centres), "point \(point)")
        }
        // Integer-valued colours, as the sRGB pass sees them: many exact ties.
        var grid: [SIMD3<Float>] = []
        for k in 0..<64 {
            let (r, g, b) = (k % 4 * 8, k / 4 % 4 * 8, k / 16 * 8)
            grid.append(SIMD3<Float>(Float(r), Float(g), Float(b)))
        }
        grid += [SIMD3<Float>(8, 8, 8), SIMD3<Float>(0, 0, 0)]
        let gridSearch = SortedCentres(firstCoordinates: grid.map(\.x))
        for r in stride(from: 0, through: 28, by: 2) {
            for g in stride(from: 0, through: 28, by: 4) {
                for b in stride(from: 0, through: 28, by: 4) {
                    let point = SIMD3<Float>(Float(r), Float(g), Float(b))
                    XCTAssertEqual(sorted(point, grid, gridSearch), scan(point, grid), "point \(point)")
                }
            }
        }
    }

    func testEmptyCentresAtInfinityAreNeverChosenUnlessAllAre() {
        // The sRGB pass marks entries that won no colour with infinite centres.
        let centres: [SIMD3<Float>] = [[.infinity, .infinity, .infinity], [10, 10, 10], [.infinity, .infinity, .infinity], [20, 0, 0]]
        let search = SortedCentres(firstCoordinates: centres.map(\.x))
        for point: SIMD3<Float> in [[0, 0, 0], [12, 10, 9], [19, 1, 0], [255, 255, 255]] {
            XCTAssertEqual(sorted(point, centres, search), scan(point, centres))
        }
        let none: [SIMD3<Float>] = [[.infinity, .infinity, .infinity], [.infinity, .infinity, .infinity]]
        XCTAssertEqual(sorted([1, 2, 3], none, SortedCentres(firstCoordinates: none.map(\.x))), 0)
    }
}
