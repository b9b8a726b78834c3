import AnimateUI
import Timeline
import XCTest
// XCTest brings Foundation, whose Core Graphics types would be ambiguous with AnimateUI's:
// scoped imports take precedence.
import struct AnimateUI.CGSize

/// SwiftUI's keyframes in scenes written in Swift: a `keyframeAnimator` plays Motion's
/// keyframe math, so it draws the frames of a timeline file whose params play the same
/// keyframes, and its values are Motion's `KeyframeTimeline`'s.
final class KeyframeAnimatorTests: XCTestCase {
    override func setUp() { Bounce.seen = [] }

    /// Every frame, rendered one after another as `animate` does (a frame with the same
    /// parameters as the one before is drawn again, since the animator reads the time), is
    /// the timeline's, pixel for pixel; and the ball moves.
    func testAKeyframeAnimatorDrawsTheFramesOfTheSameKeyframesInATimeline() throws {
        let swift = try timelineDocument(for: Bounce(), baseDirectory: ".")
        let json = try TimelineLoader().load(Array(Self.twin.utf8))
        XCTAssertEqual(swift.frameCount, json.frameCount)
        let renderer = swift.makeRenderer()
        var moved = 0
        for n in 0..<swift.frameCount {
            let a = swift.render(frame: n, with: renderer), b = json.render(frame: n)
            XCTAssertEqual(a.data, b.data, "frame \(n)")
            if n > 0, a.data != json.render(frame: n - 1).data { moved += 1 }
        }
        XCTAssertGreaterThan(moved, 10)
        // The same keyframes in a `KeyframeAnimator` view.
        var view = Bounce()
        view.asView = true
        let animator = try timelineDocument(for: view, baseDirectory: ".")
        for n in [0, 3, 7, 13] { XCTAssertEqual(animator.render(frame: n).data, json.render(frame: n).data, "frame \(n)") }
    }

    /// The values `content` gets are Motion's `KeyframeTimeline` at the time into the
    /// repetition, and the timeline's params to 1e-12.
    func testTheAnimatedValuesAreMotions() throws {
        let swift = try timelineDocument(for: Bounce(), baseDirectory: ".")
        let json = try TimelineLoader().load(Array(Self.twin.utf8))
        let scale = Motion.KeyframeTimeline(initialValue: [1], track: Motion.KeyframeTrack([
            .move(to: [1]), .linear(to: [1.5], duration: 0.25, timingCurve: .easeInOut), .spring(to: [1], duration: 0.5, spring: .bouncy),
        ]))
        let y = Motion.KeyframeTimeline(initialValue: [0], track: Motion.KeyframeTrack([
            .cubic(to: [-30], duration: 0.375), .cubic(to: [0], duration: 0.375),
        ]))
        for n in 0..<swift.frameCount {
            Bounce.seen = []
            _ = swift.render(frame: n)
            let t = Double(n) / 8, local = t.truncatingRemainder(dividingBy: 0.75)
            XCTAssertEqual(Bounce.seen.map(\.scale), [scale.value(time: local)[0]], "frame \(n)")
            XCTAssertEqual(Bounce.seen.map(\.y), [y.value(time: local)[0]], "frame \(n)")
            XCTAssertEqual(Bounce.seen[0].turn.radians, Double.pi / 2 * local / 0.75, accuracy: 1e-12, "an angle animates")
            let params = json.context(frame: n).params
            XCTAssertEqual(Bounce.seen[0].scale, params[0], accuracy: 1e-12)
            XCTAssertEqual(Bounce.seen[0].y, params[1], accuracy: 1e-12)
        }
    }

    /// Not repeating, the content gets the value at the keyframes' start.
    func testANonRepeatingAnimatorHoldsTheInitialValue() throws {
        var still = Bounce()
        still.repeating = false
        let document = try timelineDocument(for: still, baseDirectory: ".")
        for n in [0, 3, 9] {
            Bounce.seen = []
            _ = document.render(frame: n)
            XCTAssertEqual(Bounce.seen.map(\.scale), [1])
        }
    }

    /// The same keyframes as a timeline file: each param plays its track at 0, 0.75 and 1.5 s.
    static let twin = """
        {
          "version": 1, "size": [80, 80], "fps": 8, "duration": 2,
          "params": { "scale": 1, "y": 0 },
          "animations": [
            \([0, 0.75, 1.5].map { at in """
              { "param": "scale", "at": \(at), "keyframes": [
                { "move": 1 }, { "linear": 1.5, "duration": 0.25, "curve": "easeInOut" }, { "spring": 1, "duration": 0.5, "curve": "bouncy" } ] },
              { "param": "y", "at": \(at), "keyframes": [ { "cubic": -30, "duration": 0.375 }, { "cubic": 0, "duration": 0.375 } ] }
            """ }.joined(separator: ",\n"))
          ],
          "scene": {
            "circle": {},
            "modifiers": [
              { "fill": "orange" }, { "frame": { "width": 30, "height": 30 } },
              { "scaleEffect": "=scale" }, { "offset": { "y": "=y" } }
            ]
          }
        }
        """
}

private struct BallValues {
    var scale = 1.0
    var y = 0.0
    var turn = Angle.zero
}

/// An orange ball that grows, springs back and hops, over and over.
private struct Bounce: AnimationScene {
    nonisolated(unsafe) static var seen: [BallValues] = []
    var size: CGSize { CGSize(width: 80, height: 80) }
    var duration: Double { 2 }
    var fps: Int { 8 }
    var repeating = true
    var asView = false

    var body: some View {
        if asView {
            KeyframeAnimator(initialValue: BallValues()) { value in
                Circle().fill(Color.orange).frame(width: 30, height: 30).scaleEffect(value.scale).offset(y: value.y)
            } keyframes: { _ in
                keyframes
            }
        } else {
            Circle().fill(Color.orange).frame(width: 30, height: 30)
                .keyframeAnimator(initialValue: BallValues(), repeating: repeating) { content, value in
                    let _ = Bounce.seen.append(value)
                    content.scaleEffect(value.scale).offset(y: value.y)
                } keyframes: { _ in
                    keyframes
                }
        }
    }

    @KeyframesBuilder<BallValues> var keyframes: some Keyframes<BallValues> {
        KeyframeTrack(\.scale) {
            MoveKeyframe(1.0)
            LinearKeyframe(1.5, duration: 0.25, timingCurve: .easeInOut)
            SpringKeyframe(1.0, duration: 0.5, spring: .bouncy)
        }
        KeyframeTrack(\.turn) {
            LinearKeyframe(Angle.degrees(90), duration: 0.75)
        }
        KeyframeTrack(\.y) {
            CubicKeyframe(-30.0, duration: 0.375)
            CubicKeyframe(0.0, duration: 0.375)
        }
    }
}
