import XCTest

@testable import Motion

final class SpringTests: XCTestCase {
    // MARK: Apple's published figures

    func testDurationAndBounceGiveApplesStiffnessAndDamping() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
    }

    func testStiffnessAndDampingGiveApplesDurationAndBounce() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(spring.duration, 0.63, accuracy: 0.005)
        XCTAssertEqual(spring.bounce, 0.5, accuracy: 1e-12)
    }

    func testDefaultAnimationIsTheIOS17Spring() throws {
        let spring = try XCTUnwrap(Animation.default.underlyingSpring)
        XCTAssertEqual(spring.stiffness, 130.51, accuracy: 0.005)
        XCTAssertEqual(spring.damping, 22.85, accuracy: 0.005)
        XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
    }

    func testPresetsAreDurationHalfWithTheirBounce() throws {
        let presets: [(Animation, Double)] = [(.smooth, 0), (.snappy, 0.15), (.bouncy, 0.3)]
        for (animation, bounce) in presets {
            let spring = try XCTUnwrap(animation.underlyingSpring)
            XCTAssertEqual(spring.duration, 0.5, accuracy: 1e-12)
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12)
            XCTAssertEqual(spring.stiffness, (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5), accuracy: 1e-9)
            XCTAssertEqual(spring.damping, 4 * Double.pi * (1 - bounce) / 0.5, accuracy: 1e-9)
        }
        let extra = try XCTUnwrap(Animation.bouncy(duration: 0.4, extraBounce: 0.1).underlyingSpring)
        XCTAssertEqual(extra.duration, 0.4, accuracy: 1e-12)
        XCTAssertEqual(extra.bounce, 0.4, accuracy: 1e-12)
    }

    func testNegativeBounceIsOverDampedAndRoundTrips() {
        for bounce in stride(from: -0.9, through: 1.0, by: 0.05) {
            for duration in [0.2, 0.5, 1.3] {
                let spring = Spring(duration: duration, bounce: bounce)
                XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-9, "bounce \(bounce)")
                XCTAssertEqual(spring.duration, duration, accuracy: 1e-12)
                let expectedRatio = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
                XCTAssertEqual(spring.dampingRatio, expectedRatio, accuracy: 1e-9)
            }
        }
    }

    func testOverDampingIsClampedUnlessAllowed() {
        let clamped = Spring(mass: 2, stiffness: 50, damping: 100)
        XCTAssertEqual(clamped.dampingRatio, 1, accuracy: 1e-12)
        let allowed = Spring(mass: 2, stiffness: 50, damping: 100, allowOverDamping: true)
        XCTAssertEqual(allowed.dampingRatio, 100 / (2 * (50.0 * 2).squareRoot()), accuracy: 1e-12)
        XCTAssertEqual(allowed.duration, 2 * Double.pi * (2.0 / 50).squareRoot(), accuracy: 1e-12)
    }

    // MARK: Closed form

    /// Reference motion by classical RK4 with a tiny step, written apart from
    /// the closed form under test.
    private func integrate(_ spring: Spring, x0: Double, v0: Double, until end: Double) -> (Double, Double) {
        let steps = Int((end / 1e-5).rounded(.up))
        let h = end / Double(steps)
        var x = x0
        var v = v0
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (-spring.stiffness * x - spring.damping * v) / spring.mass
        }
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    func testClosedFormMatchesNumericalIntegrationInEveryRegime() {
        let springs = [
            Spring(duration: 0.5, bounce: 0.3),
            Spring(duration: 0.8, bounce: 0),
            Spring(duration: 0.4, bounce: -0.4),
            Spring(mass: 3, stiffness: 200, damping: 4),
            Spring(duration: 1, bounce: 0.9),
        ]
        for spring in springs {
            for (x0, v0) in [(1.0, 0.0), (-2.0, 7.5), (0.0, -3.0)] {
                for time in [0.05, 0.2, 0.61, 1.3] {
                    let (x, v) = integrate(spring, x0: x0, v0: v0, until: time)
                    let response = spring.unitResponse(at: time)
                    XCTAssertEqual(x0 * response.a + v0 * response.b, x, accuracy: 1e-8, "\(spring) x at \(time)")
                    XCTAssertEqual(x0 * response.da + v0 * response.db, v, accuracy: 1e-7, "\(spring) v at \(time)")
                }
            }
        }
    }

    func testGenericValueAndVelocityMoveFromZeroToTheTarget() {
        let spring = Spring.bouncy
        let target = AnimatablePair(3.0, -2.0)
        let velocity = AnimatablePair(1.0, 4.0)
        let start = spring.value(target: target, initialVelocity: velocity, time: 0)
        XCTAssertEqual(start.first, 0, accuracy: 1e-12)
        XCTAssertEqual(start.second, 0, accuracy: 1e-12)
        let startVelocity = spring.velocity(target: target, initialVelocity: velocity, time: 0)
        XCTAssertEqual(startVelocity.first, 1, accuracy: 1e-12)
        XCTAssertEqual(startVelocity.second, 4, accuracy: 1e-12)
        let late = spring.value(target: target, initialVelocity: velocity, time: 10)
        XCTAssertEqual(late.first, 3, accuracy: 1e-9)
        XCTAssertEqual(late.second, -2, accuracy: 1e-9)
        for time in stride(from: 0.0, through: 1.5, by: 0.01) {
            let x = spring.value(target: target, initialVelocity: velocity, time: time)
            let h = 1e-6
            let ahead = spring.value(target: target, initialVelocity: velocity, time: time + h)
            let v = spring.velocity(target: target, initialVelocity: velocity, time: time + h / 2)
            XCTAssertEqual((ahead.first - x.first) / h, v.first, accuracy: 1e-4)
            XCTAssertEqual((ahead.second - x.second) / h, v.second, accuracy: 1e-4)
        }
    }

    // MARK: Settling

    func testSettlingDurationIsTheLastCrossingOfTheThreshold() {
        let springs = [
            Spring(duration: 0.5, bounce: 0.3), Spring.smooth, Spring(duration: 0.6, bounce: -0.5),
            Spring(duration: 1, bounce: 0.95), Spring(mass: 1, stiffness: 100, damping: 10),
        ]
        for spring in springs {
            let settling = spring.settlingDuration
            XCTAssertTrue(settling.isFinite && settling > 0)
            // Within 0.001 from then on…
            var time = settling
            while time < settling * 4 + 1 {
                XCTAssertLessThanOrEqual(abs(1 - spring.value(target: 1.0, time: time)), 0.001 * (1 + 1e-9), "\(spring) at \(time)")
                time += 0.0007
            }
            // …and not just before.
            XCTAssertGreaterThan(abs(1 - spring.value(target: 1.0, time: settling - 1e-6)), 0.001 * (1 - 1e-4))
        }
    }

    func testSettlingDurationCountsInitialVelocityAndEpsilon() {
        let spring = Spring.snappy
        let still = spring.settlingDuration(target: 100.0, epsilon: 0.01)
        let thrown = spring.settlingDuration(target: 100.0, initialVelocity: -2000.0, epsilon: 0.01)
        XCTAssertGreaterThan(thrown, still)
        XCTAssertLessThanOrEqual(abs(100 - spring.value(target: 100.0, initialVelocity: -2000.0, time: thrown)), 0.01 * (1 + 1e-9))
        XCTAssertEqual(Spring(duration: 1, bounce: 1).settlingDuration, .infinity)
    }

    func testSettlingDurationInitializerInvertsSettlingDuration() {
        for ratio in [0.3, 0.7, 1.0, 1.6] {
            let spring = Spring(settlingDuration: 1.2, dampingRatio: ratio)
            XCTAssertEqual(spring.settlingDuration, 1.2, accuracy: 1e-6, "ratio \(ratio)")
            XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-12)
        }
    }
}
