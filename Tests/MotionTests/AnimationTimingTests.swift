import XCTest

@testable import Motion

final class AnimationTimingTests: XCTestCase {
    func testPresetsLastThirtyFiveHundredthsOfASecond() {
        for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut, .penner(.easeOutBack), .steps(3), .timingCurve(0.1, 0.2, 0.3, 0.4)] {
            XCTAssertEqual(animation.duration, 0.35, "\(animation)")
        }
        XCTAssertEqual(Animation.easeInOut(duration: 2).duration, 2)
    }

    func testModifiersComposeDurations() {
        let base = Animation.easeIn(duration: 1)
        XCTAssertEqual(base.delay(0.5).duration, 1.5)
        XCTAssertEqual(base.speed(2).duration, 0.5)
        XCTAssertEqual(base.delay(1).speed(2).duration, 1)
        XCTAssertEqual(base.speed(2).delay(1).duration, 1.5)
        XCTAssertEqual(base.repeatCount(3).duration, 3)
        XCTAssertEqual(base.delay(1).repeatCount(2, autoreverses: false).duration, 4)
        XCTAssertEqual(base.repeatCount(2).delay(1).duration, 3)
        XCTAssertEqual(base.repeatForever().duration, .infinity)
        XCTAssertEqual(base.repeatCount(0).duration, 1, "fewer than one pass plays once, as in SwiftUI")
    }

    func testEveryAnimationGoesFromZeroToOne() {
        let animations: [Animation] = [
            .linear, .easeIn, .easeOut, .easeInOut, .timingCurve(0.2, 0.8, 0.2, 1, duration: 1), .steps(4),
            .spring, .smooth, .snappy, .bouncy, .default, .interactiveSpring, .spring(response: 0.3, dampingFraction: 0.2),
            .spring(duration: 0.7, bounce: -0.5), .interpolatingSpring(stiffness: 170, damping: 15),
            .interpolatingSpring(stiffness: 100, damping: 5, initialVelocity: 3),
        ] + PennerEasing.allCases.map { Animation.penner($0, duration: 0.8) }
        for animation in animations {
            let duration = animation.duration
            XCTAssertTrue(duration.isFinite && duration > 0, "\(animation)")
            let timing = AnimationTiming(animation)
            XCTAssertEqual(timing.sample(at: 0).progress, 0, accuracy: 1e-12, "\(animation)")
            XCTAssertEqual(timing.sample(at: duration).progress, 1, "\(animation)")
            if animation.underlyingSpring != nil {
                // A spring is within 0.001 of its end from its settling on.
                let closeToEnd = timing.sample(at: duration * (1 - 1e-9)).progress
                XCTAssertEqual(closeToEnd, 1, accuracy: 0.001 * (1 + 1e-6), "\(animation)")
            }
        }
    }

    func testInterpolatingSpringStartsWithItsInitialVelocity() {
        let timing = AnimationTiming(.interpolatingSpring(stiffness: 100, damping: 20, initialVelocity: 4))
        XCTAssertEqual(timing.sample(at: 0).velocity, 4, accuracy: 1e-12)
        XCTAssertEqual(AnimationTiming(.interpolatingSpring(stiffness: 100, damping: 20)).sample(at: 0).velocity, 0, accuracy: 1e-12)
    }

    func testAutoreverseCountsEveryPassAndEndsAtTheModelValue() {
        let timing = AnimationTiming(Animation.linear(duration: 1).repeatCount(3))
        XCTAssertEqual(timing.sample(at: 0.25).progress, 0.25, accuracy: 1e-12)
        XCTAssertEqual(timing.sample(at: 1.25).progress, 0.75, accuracy: 1e-12, "second pass runs backwards")
        XCTAssertEqual(timing.sample(at: 1.25).velocity, -1, accuracy: 1e-12)
        XCTAssertEqual(timing.sample(at: 2.25).progress, 0.25, accuracy: 1e-12)
        XCTAssertEqual(timing.sample(at: 2.999).progress, 0.999, accuracy: 1e-9)
        XCTAssertEqual(timing.sample(at: 3).progress, 1)

        // Two passes, autoreversing: back at the start when the last pass ends, then the model value.
        let even = AnimationTiming(Animation.linear(duration: 1).repeatCount(2))
        XCTAssertEqual(even.sample(at: 1.999).progress, 0.001, accuracy: 1e-9)
        XCTAssertEqual(even.sample(at: 2).progress, 1)
    }

    func testRepeatWithoutAutoreverseRestartsEachPass() {
        let timing = AnimationTiming(Animation.linear(duration: 1).repeatCount(2, autoreverses: false))
        XCTAssertEqual(timing.sample(at: 0.999).progress, 0.999, accuracy: 1e-9)
        XCTAssertEqual(timing.sample(at: 1).progress, 0, accuracy: 1e-12)
        XCTAssertEqual(timing.sample(at: 1.5).progress, 0.5, accuracy: 1e-12)
        let forever = AnimationTiming(Animation.linear(duration: 4).repeatForever(autoreverses: false))
        XCTAssertEqual(forever.sample(at: 4001).progress, 0.25, accuracy: 1e-9)
        let pingPong = AnimationTiming(Animation.linear(duration: 1).repeatForever())
        XCTAssertEqual(pingPong.sample(at: 101.25).progress, 0.75, accuracy: 1e-9)
    }

    func testDelayAndSpeedRemapTime() {
        let curve = UnitCurve.easeIn
        let delayed = AnimationTiming(Animation.easeIn(duration: 1).delay(0.5))
        XCTAssertEqual(delayed.sample(at: 0.3).progress, 0)
        XCTAssertEqual(delayed.sample(at: 0.3).velocity, 0)
        XCTAssertEqual(delayed.sample(at: 1.1).progress, curve.value(at: 0.6), accuracy: 1e-12)
        let fast = AnimationTiming(Animation.easeIn(duration: 1).speed(4))
        XCTAssertEqual(fast.sample(at: 0.1).progress, curve.value(at: 0.4), accuracy: 1e-12)
        XCTAssertEqual(fast.sample(at: 0.1).velocity, 4 * curve.velocity(at: 0.4), accuracy: 1e-9)
        // A delay inside a repeat waits before every pass.
        let eachPass = AnimationTiming(Animation.easeIn(duration: 1).delay(1).repeatCount(2, autoreverses: false))
        XCTAssertEqual(eachPass.sample(at: 1.5).progress, curve.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(eachPass.sample(at: 2.5).progress, 0)
        XCTAssertEqual(eachPass.sample(at: 3.5).progress, curve.value(at: 0.5), accuracy: 1e-12)
    }
}
