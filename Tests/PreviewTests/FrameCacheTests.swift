import Foundation
import Timeline
import XCTest

@testable import Preview

/// The frame cache with the real renderer: each frame is rendered once per load, whoever
/// asks for it and however often; a new load renders afresh.
final class FrameCacheTests: XCTestCase {
    func load(_ colour: String) throws -> TimelineDocument {
        try TimelineLoader().load(Array(PreviewPageTests.fixture(circle: colour).utf8))
    }

    func testAScrubOverCachedFramesRendersNothingAndANewLoadRendersAgain() async throws {
        let cache = FrameCache(threads: 2)
        defer { cache.stop() }
        let document = try load(PreviewPageTests.green)
        let count = document.frameCount
        cache.show(Generation(token: "a", document: document))
        var first: [[UInt8]] = []
        for n in 0..<count {
            let png = await cache.png(token: "a", frame: n)
            first.append(try XCTUnwrap(png, "frame \(n)"))
        }
        XCTAssertEqual(cache.renderCount, count, "every frame rendered once, asked for or prefetched")

        // Back and forth over every frame, as a scrub does: the same bytes, no render.
        for n in (0..<count).reversed() + Array(0..<count) {
            let png = await cache.png(token: "a", frame: n)
            XCTAssertEqual(png, first[n])
        }
        XCTAssertEqual(cache.renderCount, count)

        // An old load's token and frames outside the timeline get nothing.
        let outside = await cache.png(token: "a", frame: count)
        XCTAssertNil(outside)
        cache.show(Generation(token: "b", document: try load(PreviewPageTests.blue)))
        let stale = await cache.png(token: "a", frame: 0)
        XCTAssertNil(stale)
        let fresh = await cache.png(token: "b", frame: 0)
        XCTAssertNotEqual(try XCTUnwrap(fresh), first[0])
        XCTAssertGreaterThan(cache.renderCount, count)
    }
}
