import XCTest

@testable import Motion

final class AnimatedValueTests: XCTestCase {
    private func scalar(_ value: AnimatedValue, _ time: Double) -> Double {
        value.value(at: time)[0]
    }

    private func scalarVelocity(_ value: AnimatedValue, _ time: Double) -> Double {
        value.velocity(at: time)[0]
    }

    // MARK: Single animations

    func testATimingCurveMovesFromTheOldToTheNewModelValue() {
        var value = AnimatedValue(initial: [10])
        value.animate(to: [30], at: 1, with: .easeInOut(duration: 2))
        XCTAssertEqual(scalar(value, 0.5), 10)
        XCTAssertEqual(scalar(value, 1), 10)
        XCTAssertEqual(scalar(value, 2), 10 + 20 * UnitCurve.easeInOut.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(scalar(value, 3), 30)
        XCTAssertEqual(scalar(value, 100), 30)
        XCTAssertEqual(value.modelValue(at: 0.999), [10])
        XCTAssertEqual(value.modelValue(at: 1), [30])
        XCTAssertFalse(value.isAnimating(at: 3))
        XCTAssertTrue(value.isAnimating(at: 2.9))
        XCTAssertEqual(value.restTime, 3)
    }

    func testASpringSettlesWithinTheThresholdAndKeepsMovingWithoutAJump() throws {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [200], at: 0, with: .bouncy)
        let record = try XCTUnwrap(value.records.first)
        let settling = try XCTUnwrap(record.settlingDuration)
        XCTAssertEqual(record.end, settling)
        XCTAssertEqual(settling, Spring.bouncy.settlingDuration, accuracy: 1e-9, "a spring from rest settles as Spring.settlingDuration says")
        XCTAssertEqual(scalar(value, record.end), 200, accuracy: 200 * 0.001 * (1 + 1e-6))
        XCTAssertEqual(scalar(value, value.restTime), 200, accuracy: 200 * 1e-6)
        XCTAssertEqual(scalar(value, value.restTime + 1), 200)
        XCTAssertGreaterThan(scalar(value, 0.35), 200, "bouncy overshoots")
    }

    func testAChangeToTheModelValueDoesNothing() {
        var value = AnimatedValue(initial: [5])
        value.animate(to: [5], at: 1, with: .bouncy)
        XCTAssertFalse(value.isAnimating(at: 1.1))
        XCTAssertEqual(value.records.count, 1)
        XCTAssertEqual(value.records[0].end, 1)
    }

    // MARK: Additive changes

    func testOverlappingTimingCurvesAdd() {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [100], at: 0, with: .easeInOut(duration: 2))
        value.animate(to: [-50], at: 1, with: .linear(duration: 3))
        // presentation = model + Σ (from − to)(1 − p).
        for time in stride(from: 0.0, through: 5, by: 0.05) {
            var expected = time < 1 ? 100.0 : -50.0
            if time < 2 { expected += (0 - 100) * (1 - UnitCurve.easeInOut.value(at: time / 2)) }
            if time >= 1, time < 4 { expected += (100 - -50) * (1 - (time - 1) / 3) }
            XCTAssertEqual(scalar(value, time), expected, accuracy: 1e-9, "at \(time)")
        }
    }

    func testAdditiveRetargetingIsContinuous() {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [1], at: 0, with: .easeIn(duration: 1))
        value.animate(to: [3], at: 0.4, with: .easeOut(duration: 1))
        value.animate(to: [-2], at: 0.7, with: .interpolatingSpring(stiffness: 120, damping: 12))
        for time in [0.4, 0.7] {
            XCTAssertEqual(scalar(value, time - 1e-9), scalar(value, time), accuracy: 1e-6, "value at \(time)")
        }
        XCTAssertEqual(scalar(value, 20), -2)
    }

    func testAChangeWithoutAnimationLeavesRunningAnimationsToFinish() {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [10], at: 0, with: .linear(duration: 1))
        value.animate(to: [20], at: 0.5, with: nil)
        XCTAssertEqual(scalar(value, 0.5), 20 - 10 * 0.5, accuracy: 1e-12)
        XCTAssertEqual(scalar(value, 0.75), 20 - 10 * 0.25, accuracy: 1e-12)
        XCTAssertEqual(scalar(value, 1), 20)
    }

    func testComponentsAnimateIndependently() {
        var vector = AnimatedValue(initial: [0, 10, -4])
        vector.animate(to: [1, 20, -4], at: 0, with: .easeInOut)
        vector.animate(to: [5, -20, 8], at: 0.1, with: .bouncy)
        var components = (0..<3).map { AnimatedValue(initial: [[0.0, 10, -4][$0]]) }
        for index in 0..<3 {
            components[index].animate(to: [[1.0, 20, -4][index]], at: 0, with: .easeInOut)
        }
        for time in stride(from: 0.0, through: 1.5, by: 0.01) {
            let presentation = vector.value(at: time)
            for index in 0..<3 {
                // The spring starts from each component's own presentation and velocity.
                var single = components[index]
                single.animate(to: [[5.0, -20, 8][index]], at: 0.1, with: .bouncy)
                // Settling is judged on the whole vector, so the two may end
                // at different times, each within 0.001 of its change.
                let bothMoving = vector.isAnimating(at: time) && single.isAnimating(at: time)
                let tolerance = bothMoving ? 1e-9 : 0.001 * 40
                XCTAssertEqual(presentation[index], single.value(at: time)[0], accuracy: tolerance, "component \(index) at \(time)")
            }
        }
    }

    // MARK: Merging springs

    func testASpringInterruptedByASpringKeepsItsValueAndVelocity() throws {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [100], at: 0, with: .spring(response: 0.5, dampingFraction: 0.6))
        value.animate(to: [-40], at: 0.15, with: .bouncy)
        let before = 0.15 - 1e-9
        XCTAssertGreaterThan(abs(scalarVelocity(value, before)), 100, "the first spring is moving fast")
        XCTAssertEqual(scalar(value, before), scalar(value, 0.15), accuracy: 1e-6)
        XCTAssertEqual(scalarVelocity(value, before), scalarVelocity(value, 0.15), accuracy: 1e-4)
        XCTAssertEqual(value.records[0].interruptedAt, 0.15)
        XCTAssertTrue(value.records[1].tookOverRunningMotion)
        // The merged motion is a bouncy spring from that state; it settles within
        // 0.001 of the change (140) at `end` and goes on without a jump.
        let x0 = scalar(value, before) - -40
        let v0 = scalarVelocity(value, before)
        let end = try XCTUnwrap(value.records.last).end
        for time in stride(from: 0.15, through: 2, by: 0.01) {
            let response = Spring.bouncy.unitResponse(at: time - 0.15)
            let spring = -40 + x0 * response.a + v0 * response.b
            XCTAssertEqual(scalar(value, time), spring, accuracy: 1e-6)
            if time >= end {
                XCTAssertEqual(spring, -40, accuracy: 140 * 0.001)
            }
        }
    }

    func testManyOverlappingMotionsAddedInOrderMatchAReplayFromTheStart() {
        // Added in order, each change looks only at the motions still running; a change added
        // out of order replays every change with nothing skipped. Both must give one motion.
        let animations: [Animation] = [.spring(duration: 0.5, bounce: 0.3), .easeInOut(duration: 0.4), .linear(duration: 0.05), .snappy]
        var replayed = AnimatedValue(initial: [0, 0])
        for i in 1..<400 {
            replayed.animate(to: [Double(i % 7) * 10, Double(i % 5)], at: Double(i) * 0.01, with: animations[i % animations.count])
        }
        replayed.animate(to: [3, 3], at: 0, with: .easeIn(duration: 1))
        let inOrder = {
            var value = AnimatedValue(initial: [0, 0])
            value.animate(to: [3, 3], at: 0, with: .easeIn(duration: 1))
            for i in 1..<400 {
                value.animate(to: [Double(i % 7) * 10, Double(i % 5)], at: Double(i) * 0.01, with: animations[i % animations.count])
            }
            return value
        }()
        for k in 0..<500 {
            let t = Double(k) * 0.01
            XCTAssertEqual(inOrder.value(at: t), replayed.value(at: t), "t = \(t)")
            XCTAssertEqual(inOrder.velocity(at: t), replayed.velocity(at: t), "t = \(t)")
        }
        XCTAssertEqual(inOrder.records.map(\.interruptedAt), replayed.records.map(\.interruptedAt))
        XCTAssertEqual(inOrder.restTime, replayed.restTime)
    }

    func testASpringTakesOverTimingCurvesContinuously() {
        var value = AnimatedValue(initial: [0, 0])
        value.animate(to: [50, 10], at: 0, with: .easeIn(duration: 1))
        value.animate(to: [80, 0], at: 0.3, with: .linear(duration: 1))
        value.animate(to: [0, 0], at: 0.6, with: .snappy)
        let before = value.value(at: 0.6 - 1e-9)
        let after = value.value(at: 0.6)
        let velocityBefore = value.velocity(at: 0.6 - 1e-9)
        let velocityAfter = value.velocity(at: 0.6)
        for index in 0..<2 {
            XCTAssertEqual(before[index], after[index], accuracy: 1e-6)
            XCTAssertEqual(velocityBefore[index], velocityAfter[index], accuracy: 1e-4)
        }
        XCTAssertEqual(value.records[0].interruptedAt, 0.6)
        XCTAssertEqual(value.records[1].interruptedAt, 0.6)
        XCTAssertEqual(value.value(at: 5), [0, 0])
    }

    func testSpeedFoldsIntoAMergingSpring() throws {
        var normal = AnimatedValue(initial: [0])
        normal.animate(to: [1], at: 0, with: .smooth)
        var fast = AnimatedValue(initial: [0])
        fast.animate(to: [1], at: 0, with: Animation.smooth.speed(2))
        for time in stride(from: 0.0, through: 1, by: 0.01) {
            XCTAssertEqual(scalar(fast, time), scalar(normal, 2 * time), accuracy: 1e-9)
        }
        XCTAssertEqual(try XCTUnwrap(fast.records[0].settlingDuration), try XCTUnwrap(normal.records[0].settlingDuration) / 2, accuracy: 1e-6)
    }

    func testBlendingTheResponseKeepsTheMotionContinuousAndEndsInClosedForm() throws {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [100], at: 0, with: .spring(response: 0.8, dampingFraction: 0.7))
        value.animate(to: [-100], at: 0.2, with: .interactiveSpring)
        XCTAssertEqual(scalar(value, 0.2 - 1e-9), scalar(value, 0.2), accuracy: 1e-6)
        XCTAssertEqual(scalarVelocity(value, 0.2 - 1e-9), scalarVelocity(value, 0.2), accuracy: 1e-4)
        // Continuous across the end of the 0.25 s blend…
        let blendEnd = 0.2 + 0.25
        XCTAssertEqual(scalar(value, blendEnd - 1e-9), scalar(value, blendEnd), accuracy: 1e-6)
        XCTAssertEqual(scalarVelocity(value, blendEnd - 1e-9), scalarVelocity(value, blendEnd), accuracy: 1e-3)
        // …velocity is the derivative of the value inside the blend…
        for time in stride(from: 0.21, to: blendEnd, by: 0.02) {
            let h = 1e-6
            let slope = (scalar(value, time + h) - scalar(value, time - h)) / (2 * h)
            XCTAssertEqual(scalarVelocity(value, time), slope, accuracy: 1e-3 * max(1, abs(slope)))
        }
        // …and the blended spring differs from an unblended one.
        var unblended = AnimatedValue(initial: [0])
        unblended.animate(to: [100], at: 0, with: .spring(response: 0.8, dampingFraction: 0.7))
        unblended.animate(to: [-100], at: 0.2, with: .interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0))
        XCTAssertGreaterThan(abs(scalar(value, 0.35) - scalar(unblended, 0.35)), 1)
        XCTAssertEqual(scalar(value, try XCTUnwrap(value.records.last).end), -100, accuracy: 200 * 0.001)
        XCTAssertEqual(scalar(value, value.restTime + 0.1), -100)
    }

    // MARK: Repeats

    func testRepeatsLandOnTheRightEndValue() {
        var odd = AnimatedValue(initial: [0])
        odd.animate(to: [10], at: 0, with: Animation.linear(duration: 1).repeatCount(3))
        XCTAssertEqual(scalar(odd, 1.5), 5, accuracy: 1e-12)
        XCTAssertEqual(scalar(odd, 2.9999), 10, accuracy: 2e-3)
        XCTAssertEqual(scalar(odd, 3), 10)

        // An even count with autoreverse is back at the start when it ends,
        // then jumps to the model value, as in SwiftUI.
        var even = AnimatedValue(initial: [0])
        even.animate(to: [10], at: 0, with: Animation.linear(duration: 1).repeatCount(2))
        XCTAssertEqual(scalar(even, 1.9999), 0, accuracy: 2e-3)
        XCTAssertEqual(scalar(even, 2), 10)

        var forever = AnimatedValue(initial: [0])
        forever.animate(to: [360], at: 0, with: Animation.linear(duration: 4).repeatForever(autoreverses: false))
        XCTAssertEqual(scalar(forever, 4001), 90, accuracy: 1e-6)
        XCTAssertEqual(forever.restTime, .infinity)
        XCTAssertEqual(forever.records[0].end, .infinity)
    }

    // MARK: Random retargeting

    /// SplitMix64, so that the property test is reproducible.
    private struct Generator {
        var state: UInt64

        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }

        mutating func pick<T>(_ items: [T]) -> T {
            items[min(Int(next() * Double(items.count)), items.count - 1)]
        }
    }

    func testRandomRetargetingIsContinuousAndEndsOnTheLastTarget() {
        var generator = Generator(state: 2024)
        let animations: [Animation] = [
            .easeInOut(duration: 0.6), .linear(duration: 0.3), .penner(.easeOutBack, duration: 0.5),
            .timingCurve(0.3, 1.4, 0.6, 0.9, duration: 0.4), .interpolatingSpring(stiffness: 150, damping: 9),
            .bouncy, .smooth, .snappy(duration: 0.3), .spring(response: 0.4, dampingFraction: 0.3),
            .interactiveSpring, .spring(duration: 0.6, bounce: -0.3), Animation.easeIn(duration: 0.2).delay(0.1),
        ]
        for trial in 0..<40 {
            var value = AnimatedValue(initial: [0, 0])
            var time = 0.0
            var events: [(Double, Animation)] = []
            var target = [0.0, 0.0]
            for _ in 0..<8 {
                time += 0.02 + 0.4 * generator.next()
                target = [200 * generator.next() - 100, 50 * generator.next()]
                let animation = generator.pick(animations)
                value.animate(to: target, at: time, with: animation)
                events.append((time, animation))
            }
            for (eventTime, animation) in events {
                let h = 1e-9
                let before = value.value(at: eventTime - h)
                let after = value.value(at: eventTime)
                let velocityBefore = value.velocity(at: eventTime - h)
                let velocityAfter = value.velocity(at: eventTime)
                for index in 0..<2 {
                    let tolerance = 1e-6 + 4 * h * abs(velocityBefore[index])
                    XCTAssertEqual(before[index], after[index], accuracy: tolerance, "trial \(trial), \(animation) at \(eventTime)")
                    if animation.mergesWithRunningAnimations {
                        XCTAssertEqual(velocityBefore[index], velocityAfter[index], accuracy: 1e-3 * max(1, abs(velocityBefore[index])),
                                       "trial \(trial), velocity, \(animation) at \(eventTime)")
                    }
                }
            }
            XCTAssertTrue(value.restTime.isFinite)
            XCTAssertEqual(value.value(at: value.restTime), target, "trial \(trial)")
            XCTAssertFalse(value.isAnimating(at: value.restTime))
        }
    }

    // MARK: Bookkeeping

    func testEventsMayBeAddedInAnyOrder() {
        var ordered = AnimatedValue(initial: [0])
        ordered.animate(to: [1], at: 0, with: .easeIn)
        ordered.animate(to: [4], at: 0.2, with: .bouncy)
        ordered.animate(to: [2], at: 0.5, with: .linear)
        var shuffled = AnimatedValue(initial: [0])
        shuffled.animate(to: [2], at: 0.5, with: .linear)
        shuffled.animate(to: [1], at: 0, with: .easeIn)
        shuffled.animate(to: [4], at: 0.2, with: .bouncy)
        for time in stride(from: 0.0, through: 2, by: 0.01) {
            XCTAssertEqual(ordered.value(at: time), shuffled.value(at: time))
        }
        XCTAssertEqual(ordered.records.map(\.start), shuffled.records.map(\.start))
    }

    func testVectorsOfTheWrongLengthArePaddedOrTruncated() {
        var value = AnimatedValue(initial: [1, 2])
        value.animate(to: [5], at: 0, with: nil)
        XCTAssertEqual(value.value(at: 1), [5, 0])
        value.animate(to: [7, 8, 9], at: 2, with: nil)
        XCTAssertEqual(value.value(at: 3), [7, 8])
    }

    // MARK: Keyframes

    func testAPlayedTrackPassesThroughItsKeyframes() {
        var value = AnimatedValue(initial: [40])
        let track = KeyframeTrack([
            .move(to: [0]),
            .linear(to: [-300], duration: 1.5),
            .cubic(to: [-120], duration: 0.8),
            .spring(to: [0], duration: 1, spring: .bouncy),
            .hold(at: [0], duration: 0.5),
        ])
        value.play(track, at: 1)
        XCTAssertEqual(scalar(value, 0.5), 40)
        XCTAssertEqual(scalar(value, 1), 0)
        XCTAssertEqual(scalar(value, 2.5), -300, accuracy: 1e-9)
        XCTAssertEqual(scalar(value, 3.3), -120, accuracy: 1e-9)
        XCTAssertEqual(scalar(value, 4.3), 0, accuracy: 120 * 0.05, "a one-second bouncy spring is nearly there")
        XCTAssertEqual(scalar(value, 4.5), scalar(value, 5.6))
        XCTAssertEqual(value.records[0].end, 1 + 1.5 + 0.8 + 1 + 0.5, accuracy: 1e-12)
    }

    func testATrackStartsFromTheMovingValueAndASpringTakesOverATrack() {
        var value = AnimatedValue(initial: [0])
        value.animate(to: [100], at: 0, with: .linear(duration: 1))
        value.play(KeyframeTrack([.cubic(to: [0], duration: 1)]), at: 0.5)
        XCTAssertEqual(scalar(value, 0.5 - 1e-9), scalar(value, 0.5), accuracy: 1e-6)
        XCTAssertEqual(scalarVelocity(value, 0.5), 100, accuracy: 1e-9, "a first cubic keyframe starts with the value's velocity")
        value.animate(to: [50], at: 1, with: .smooth)
        XCTAssertEqual(scalar(value, 1 - 1e-9), scalar(value, 1), accuracy: 1e-6)
        XCTAssertEqual(scalarVelocity(value, 1 - 1e-9), scalarVelocity(value, 1), accuracy: 1e-4)
        XCTAssertEqual(value.records[1].interruptedAt, 1)
    }
}
