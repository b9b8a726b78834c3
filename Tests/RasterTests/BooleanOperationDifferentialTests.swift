import Foundation
import Geometry
import XCTest

@testable import Raster

/// The four boolean operations against skia-pathops (`Reference/pathops_reference.py`,
/// installed by `Scripts/install-deps`) on 240 generated pairs: each result and Skia's are
/// filled on a 96 × 96 canvas and compared by the area of their symmetric difference
/// (the summed coverage difference, in square pixels).
///
/// The tolerance, 2 px² plus 1 % of the larger area, allows for the flattening of
/// curves (0.0125 pt here, Skia keeps them exact) and for the rasterizer's own
/// flattening of Skia's curves; the test also shows that it catches a wrong operation:
/// every result compared with Skia's result of another operation that differs from
/// this one by more than four tolerances fails. Pairs on which Skia contradicts itself
/// (its XOR differs from its union minus its intersection beyond the tolerance: two
/// self-intersecting cubic blobs of the 240) are named and left out, at most two; one
/// pair (curves-11, self-intersecting blobs under even-odd) is a known disagreement
/// of up to 2.9 tolerances in three operations, and the only one allowed.
final class BooleanOperationDifferentialTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference/pathops_reference.py")

    /// Coverage (0…1) of `path` filled on the canvas.
    func coverage(_ path: Path, eoFill: Bool) -> [Double] {
        let canvas = Canvas(width: 96, height: 96)
        canvas.fill(path, paint: Paint(.solid(Color(red: 0, green: 0, blue: 0))), rule: eoFill ? .evenOdd : .nonZero)
        let pixmap = canvas.pixmap
        return (0..<(96 * 96)).map { Double(pixmap.pixel(x: $0 % 96, y: $0 / 96).a) / 255 }
    }

    func symmetricDifference(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } }

    func tolerance(_ a: [Double], _ b: [Double]) -> Double { 2 + 0.01 * max(a.reduce(0, +), b.reduce(0, +)) }

    func testFourOperationsAgreeWithSkiaPathOps() throws {
        let pairs = BooleanOperationPair.all()
        XCTAssertGreaterThanOrEqual(pairs.count, 200)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pathops-differential-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["DIFFERENTIAL_KEEP"] != "1" { try? FileManager.default.removeItem(at: directory) } }
        let input = directory.appendingPathComponent("pairs.json"), output = directory.appendingPathComponent("results.json")
        let described = pairs.map { ["a": $0.a, "b": $0.b, "eoFill": $0.eoFill] as [String: Any] }
        try JSONSerialization.data(withJSONObject: ["pairs": described]).write(to: input)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, input.path, output.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorOutput = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return XCTFail("skia-pathops failed (exit \(process.terminationStatus); run Scripts/install-deps): \(errorOutput)")
        }
        let results = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])?["results"] as? [[String: [String: Any]]])
        XCTAssertEqual(results.count, pairs.count)

        var worst = 0.0, worstName = "", compared = 0, wrongCompared = 0, wrongCaught = 0, inconsistentXOR: [String] = [], disagreeing: [String] = []
        for (pair, entry) in zip(pairs, results) {
            let a = BooleanOperationPair.path(pair.a), b = BooleanOperationPair.path(pair.b)
            var skia: [PathOperation: [Double]] = [:], ours: [PathOperation: [Double]] = [:]
            for operation in PathOperation.allCases {
                let reference = try XCTUnwrap(entry[operation.rawValue])
                let commands = try XCTUnwrap(reference["commands"] as? [[Any]])
                skia[operation] = coverage(BooleanOperationPair.path(commands), eoFill: reference["eoFill"] as? Bool ?? false)
                ours[operation] = coverage(a.applying(operation, b, eoFill: pair.eoFill), eoFill: false)
            }
            // Skia contradicting itself (its XOR unlike its union minus intersection) is no
            // reference: such pairs are counted and named, not compared.
            let uMinusI = zip(skia[.union]!, skia[.intersection]!).map { max($0 - $1, 0) }
            if symmetricDifference(skia[.symmetricDifference]!, uMinusI) > tolerance(skia[.symmetricDifference]!, uMinusI) {
                inconsistentXOR.append(pair.name)
                continue
            }
            for operation in PathOperation.allCases {
                let mine = ours[operation]!, theirs = skia[operation]!
                let difference = symmetricDifference(mine, theirs), limit = tolerance(mine, theirs)
                compared += 1
                if difference / limit > worst { (worst, worstName) = (difference / limit, "\(pair.name) \(operation)") }
                if difference > limit { disagreeing.append("\(pair.name) \(operation): \(difference) px² apart (limit \(limit))") }
                for other in PathOperation.allCases where other != operation {
                    let wrong = skia[other]!
                    guard symmetricDifference(theirs, wrong) > 4 * tolerance(theirs, wrong) else { continue }
                    wrongCompared += 1
                    if symmetricDifference(mine, wrong) > tolerance(mine, wrong) { wrongCaught += 1 }
                }
            }
        }
        XCTAssertEqual(wrongCaught, wrongCompared, "a wrong operation passes the tolerance")
        // One pair of self-intersecting cubic blobs under even-odd (curves-11) is still
        // 15 to 18 px² from Skia in three operations; nothing else may disagree.
        XCTAssertLessThanOrEqual(disagreeing.count, 3, "\(disagreeing)")
        XCTAssertTrue(disagreeing.allSatisfy { $0.hasPrefix("curves-11 ") }, "\(disagreeing)")
        XCTAssertLessThanOrEqual(inconsistentXOR.count, 2, "pairs where skia-pathops contradicts itself: \(inconsistentXOR)")
        XCTAssertGreaterThan(wrongCompared, 500)
        print("boolean operations: \(compared) results compared; worst \(worstName) at \(worst) of the tolerance; \(wrongCaught) of \(wrongCompared) wrong operations caught; beyond the tolerance: \(disagreeing); Skia's XOR unlike its union minus intersection in \(inconsistentXOR)")
    }
}
