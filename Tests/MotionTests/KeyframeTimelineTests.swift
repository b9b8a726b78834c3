import XCTest

@testable import Motion

final class KeyframeTimelineTests: XCTestCase {
    private func timeline(_ keyframes: [Keyframe], from initial: Double = 0, velocity: Double? = nil) -> KeyframeTimeline {
        KeyframeTimeline(initialValue: [initial], initialVelocity: velocity.map { [$0] }, track: KeyframeTrack(keyframes))
    }

    private func value(_ timeline: KeyframeTimeline, _ time: Double) -> Double {
        timeline.value(time: time)[0]
    }

    private func velocity(_ timeline: KeyframeTimeline, _ time: Double) -> Double {
        timeline.velocity(time: time)[0]
    }

    func testTracksPassThroughTheirKeyframesAtTheirTimes() {
        let keyframes: [Keyframe] = [
            .linear(to: [10], duration: 1),
            .cubic(to: [-5], duration: 0.5),
            .cubic(to: [20], duration: 1.5),
            .linear(to: [0], duration: 0.5, timingCurve: .easeInOut),
            .move(to: [7]),
            .hold(at: [3], duration: 0.25),
            .spring(to: [12], spring: .snappy),
            .cubic(to: [1], duration: 0.3),
        ]
        let track = timeline(keyframes, from: 4)
        XCTAssertEqual(track.keyframeEndTimes.count, keyframes.count)
        XCTAssertEqual(value(track, 0), 4)
        XCTAssertEqual(value(track, -1), 4)
        for (keyframe, end) in zip(keyframes, track.keyframeEndTimes) {
            let expected = keyframe.value[0]
            if case .spring = keyframe {
                // A spring without a duration ends once settled within 0.001 of its change.
                XCTAssertEqual(value(track, end - 1e-12), expected, accuracy: 0.001 * 12, "spring at \(end)")
            } else if case .move = keyframe {
                XCTAssertEqual(value(track, end), 3, "a move is followed at once by the hold")
            } else {
                // Just before the end: at the end itself a following move has already jumped.
                XCTAssertEqual(value(track, end - 1e-10), expected, accuracy: 1e-6, "\(keyframe) at \(end)")
            }
        }
        XCTAssertEqual(track.duration, track.keyframeEndTimes.last!)
        XCTAssertEqual(value(track, track.duration + 5), 1)
        XCTAssertEqual(track.endValue, [1])
    }

    func testAdjacentCubicKeyframesFormACatmullRomSpline() {
        let points = [0.0, 10, 4, 12, 6]
        let durations = [1.0, 0.5, 2, 1]
        let track = timeline(zip(points.dropFirst(), durations).map { .cubic(to: [$0.0], duration: $0.1) }, from: points[0])
        var time = 0.0
        for index in 0..<durations.count - 1 {
            time += durations[index]
            // Interior knots: the non-uniform Catmull-Rom tangent.
            let expected = (points[index + 2] - points[index]) / (durations[index] + durations[index + 1])
            XCTAssertEqual(velocity(track, time), expected, accuracy: 1e-9, "knot \(index + 1)")
            XCTAssertEqual(velocity(track, time - 1e-9), expected, accuracy: 1e-6, "C¹ at knot \(index + 1)")
            XCTAssertEqual(value(track, time - 1e-9), value(track, time), accuracy: 1e-6)
        }
        XCTAssertEqual(velocity(track, 0), 0, accuracy: 1e-12, "starts at rest")
        XCTAssertEqual(velocity(track, track.duration - 1e-9), 0, accuracy: 1e-6, "ends at rest")
    }

    func testCubicSegmentsTakeVelocitiesFromTheirNeighbours() {
        // After a linear segment: its velocity; before one: the next one's.
        let track = timeline([.linear(to: [10], duration: 2), .cubic(to: [0], duration: 1), .linear(to: [6], duration: 3)])
        XCTAssertEqual(velocity(track, 2), 5, accuracy: 1e-9)
        XCTAssertEqual(velocity(track, 3 - 1e-9), 2, accuracy: 1e-6)
        // Explicit velocities win; the first segment uses the initial velocity.
        let explicit = timeline([.cubic(to: [1], duration: 1, startVelocity: [3], endVelocity: [-2])], velocity: 9)
        XCTAssertEqual(velocity(explicit, 0), 3, accuracy: 1e-12)
        XCTAssertEqual(velocity(explicit, 1 - 1e-9), -2, accuracy: 1e-6)
        let thrown = timeline([.cubic(to: [1], duration: 1)], velocity: 9)
        XCTAssertEqual(velocity(thrown, 0), 9, accuracy: 1e-12)
        // Before a move or hold: at rest.
        let beforeHold = timeline([.cubic(to: [1], duration: 1), .cubic(to: [2], duration: 1), .hold(at: [2], duration: 1)])
        XCTAssertEqual(velocity(beforeHold, 2 - 1e-9), 0, accuracy: 1e-6)
    }

    func testASpringKeyframeStartsWithThePreviousVelocityAndMayBeCutShort() {
        let track = timeline([.linear(to: [10], duration: 1), .spring(to: [0], duration: 0.1, spring: .bouncy), .linear(to: [5], duration: 1)])
        XCTAssertEqual(velocity(track, 1), 10, accuracy: 1e-9, "the spring continues the linear motion")
        let cut = value(track, 1.1 - 1e-12)
        XCTAssertGreaterThan(cut, 3, "a tenth of a second is not enough to get there")
        XCTAssertEqual(value(track, 1.1), cut, accuracy: 1e-6, "the next segment starts where the spring is")
        XCTAssertEqual(value(track, 2.1), 5)
        // The spring follows Spring's closed form.
        let spring = Spring.bouncy
        for time in stride(from: 1.0, to: 1.1, by: 0.01) {
            let response = spring.unitResponse(at: time - 1)
            XCTAssertEqual(value(track, time), 0 + 10 * response.a + 10 * response.b, accuracy: 1e-9)
        }
    }

    func testVelocityIsTheDerivativeOfTheValue() {
        let track = timeline([
            .cubic(to: [3], duration: 0.7), .linear(to: [-1], duration: 0.4, timingCurve: .easeIn),
            .spring(to: [2], duration: 0.6), .cubic(to: [0], duration: 0.9),
        ], velocity: 2)
        for time in stride(from: 0.01, to: track.duration, by: 0.013) {
            let h = 1e-6
            let slope = (value(track, time + h) - value(track, time - h)) / (2 * h)
            XCTAssertEqual(velocity(track, time), slope, accuracy: 1e-4 * max(1, abs(slope)), "at \(time)")
        }
    }

    func testVectorsInterpolateComponentWise() {
        let track = KeyframeTimeline(
            initialValue: [0, 100],
            track: KeyframeTrack([.linear(to: [10, 50], duration: 1), .cubic(to: [0, 0], duration: 1)])
        )
        XCTAssertEqual(track.value(time: 0.5), [5, 75])
        XCTAssertEqual(track.value(progress: 1), [0, 0])
        XCTAssertEqual(track.velocity(time: 0.5), [10, -50])
    }
}
