import Geometry
import Raster
import XCTest

@testable import Scene

final class LayoutTests: XCTestCase {
    let context = EvaluationContext()

    func shape(_ s: Shape = .rectangle, _ modifiers: Modifier...) -> View {
        modifiers.reduce(View.shape(ShapeView(shape: s))) { .modified($0, $1) }
    }

    func fixed(_ w: Double, _ h: Double) -> Modifier {
        .frame(FrameSpec(width: .constant(w), height: .constant(h)))
    }

    func testShapesTakeTheProposedSize() {
        XCTAssertEqual(shape().sizeThatFits(ProposedSize(width: 50, height: 30), context), Size(width: 50, height: 30))
        XCTAssertEqual(shape().sizeThatFits(.unspecified, context), Size(width: 10, height: 10))
    }

    func testPaddingAddsToTheChild() {
        let v = shape(.rectangle, fixed(100, 40), .padding(top: .constant(1), leading: .constant(2), bottom: .constant(3), trailing: .constant(4)))
        XCTAssertEqual(v.sizeThatFits(ProposedSize(width: 500, height: 500), context), Size(width: 106, height: 44))
    }

    func testVStackSharesHeightAndSpacing() {
        let stack = StackView(axis: .vertical, spacing: .constant(10), children: [shape(.rectangle, fixed(80, 30)), shape()])
        let layout = stack.layout(ProposedSize(width: 200, height: 200), context)
        XCTAssertEqual(layout.size, Size(width: 200, height: 200))
        XCTAssertEqual(layout.frames[0], Rect(x: 60, y: 0, width: 80, height: 30))
        XCTAssertEqual(layout.frames[1], Rect(x: 0, y: 40, width: 200, height: 160))
    }

    func testHStackGivesFlexibleChildrenEqualShares() {
        let stack = StackView(axis: .horizontal, spacing: .constant(0), children: [shape(), shape(), shape(.rectangle, fixed(40, 10))])
        let layout = stack.layout(ProposedSize(width: 240, height: 100), context)
        XCTAssertEqual(layout.frames.map(\.width), [100, 100, 40])
        XCTAssertEqual(layout.frames[2].minY, 45)
    }

    func testNestedStacksAreMeasuredOncePerQuestionWithTheSameResult() {
        // Sixteen stacks nested, alternating axes, each with a fixed shape and a flexible one
        // beside the nested stack: without the frame's memo that is 3¹⁶ (43 million)
        // measurements of the innermost shape; with it, each distinct question is answered
        // once, with the layout worked out afresh (checked at depths where that is quick).
        func nest(_ depth: Int) -> View {
            guard depth > 0 else { return shape(.rectangle, fixed(12, 8)) }
            return .stack(StackView(
                axis: depth % 2 == 0 ? .vertical : .horizontal, spacing: .constant(Double(depth)),
                children: [nest(depth - 1), shape(.rectangle, fixed(5, 5)), shape()]))
        }
        var memoized = context
        memoized.layoutMemo = LayoutMemo()
        let proposal = ProposedSize(width: 400, height: 300)
        for depth in [1, 4, 8] {
            var fresh = context
            fresh.layoutMemo = LayoutMemo()
            guard case .stack(let stack) = nest(depth) else { return XCTFail("not a stack") }
            let expected = stack.layout(proposal, context)
            let actual = stack.layout(proposal, fresh)
            XCTAssertEqual(actual.size, expected.size, "depth \(depth)")
            XCTAssertEqual(actual.frames, expected.frames, "depth \(depth)")
        }
        XCTAssertEqual(nest(16).sizeThatFits(proposal, memoized), Size(width: 400, height: 300))
        // Each stack is asked a handful of distinct questions (offered nothing, everything or
        // its share, along either axis), so the work grows linearly with the depth.
        XCTAssertLessThanOrEqual(memoized.layoutMemo!.count, 16 * 8, "layouts worked out for 16 nested stacks")
    }

    func testZStackAlignsChildren() {
        let stack = StackView(axis: .z, alignment: .bottomTrailing, children: [shape(.rectangle, fixed(100, 50)), shape(.rectangle, fixed(20, 10))])
        let layout = stack.layout(.unspecified, context)
        XCTAssertEqual(layout.size, Size(width: 100, height: 50))
        XCTAssertEqual(layout.frames[1], Rect(x: 80, y: 40, width: 20, height: 10))
    }

    func testFlexibleFrameClampsTheProposal() {
        let v = shape(.rectangle, .frame(FrameSpec(minWidth: .constant(50), maxWidth: .constant(120), maxHeight: .constant(.infinity))))
        XCTAssertEqual(v.sizeThatFits(ProposedSize(width: 300, height: 90), context), Size(width: 120, height: 90))
        XCTAssertEqual(v.sizeThatFits(ProposedSize(width: 20, height: 90), context), Size(width: 50, height: 90))
    }

    func testFixedSizeProposesNil() {
        let v = shape(.rectangle, .fixedSize(horizontal: true, vertical: true))
        XCTAssertEqual(v.sizeThatFits(ProposedSize(width: 300, height: 90), context), Size(width: 10, height: 10))
    }
}

final class ShapeTests: XCTestCase {
    /// The start point of every subpath.
    func movePoints(_ path: Path) -> [Point] {
        var result: [Point] = []
        var i = 0
        for verb in path.verbs {
            if verb == .move { result.append(path.points[i]) }
            i += [.move: 1, .line: 1, .quad: 2, .cubic: 3, .close: 0][verb]!
        }
        return result
    }

    func testOverlappingEllipsesMatchTheArticleFormulas() {
        let rect = Rect(x: 0, y: 0, width: 400, height: 100)
        let path = Shape.overlappingEllipses(count: .constant(8), overlapping: .constant(0.5)).path(in: rect, context: EvaluationContext())
        // Each ellipse: w = 400 / 8 · (1 + 7 · 0.5) = 225; the k-th at x = (400 − 225) · k / 7.
        let w = 225.0
        let moves = movePoints(path)
        XCTAssertEqual(moves.count, 8)
        for (k, start) in moves.enumerated() {
            // addEllipse starts at the rightmost point: x + w, mid-height.
            XCTAssertEqual(start.x, (400 - w) * Double(k) / 7 + w, accuracy: 1e-9)
            XCTAssertEqual(start.y, 50, accuracy: 1e-9)
        }
    }

    func testDoubleEllipseIsTwoOverlappingEllipses() {
        // The article's DoubleEllipse: width/2 · (1 + o) wide, the second at x = width/2 · (1 − o).
        let rect = Rect(x: 0, y: 0, width: 300, height: 100)
        let o = 0.3
        let path = Shape.overlappingEllipses(count: .constant(2), overlapping: .constant(o)).path(in: rect, context: EvaluationContext())
        let b = path.controlPointBounds
        XCTAssertEqual(b.width, 300, accuracy: 1e-9)
        let second = movePoints(path)[1]
        XCTAssertEqual(second.x, 150 * (1 - o) + 150 * (1 + o), accuracy: 1e-9)
    }

    func testStarHasAlternatingRadiiAndStartsAtAngleZero() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        let path = Shape.star(points: .constant(5), innerRatio: .constant(0.4)).path(in: rect, context: EvaluationContext())
        XCTAssertEqual(path.points.count, 10)
        XCTAssertEqual(path.points[0], Point(x: 100, y: 50))
        for (i, p) in path.points.enumerated() {
            let r = (p - Point(x: 50, y: 50)).length
            XCTAssertEqual(r, i % 2 == 0 ? 50 : 20, accuracy: 1e-9)
        }
    }

    func testOverlappingIsClamped() {
        let rect = Rect(x: 0, y: 0, width: 400, height: 100)
        let a = Shape.overlappingRectangles(count: .constant(4), overlapping: .constant(3)).path(in: rect, context: EvaluationContext())
        let b = Shape.overlappingRectangles(count: .constant(4), overlapping: .constant(1)).path(in: rect, context: EvaluationContext())
        XCTAssertEqual(a.points, b.points)
    }
}

final class FrameRendererTests: XCTestCase {
    func testRootIsCentredAndScaled() {
        let root = View.modified(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: .color(.black)))), .frame(FrameSpec(width: .constant(20), height: .constant(10))))
        let scene = ResolvedScene(size: Size(width: 100, height: 50), scale: 2, background: .white, root: root)
        let pixmap = FrameRenderer(scene: scene).render(EvaluationContext())
        XCTAssertEqual(pixmap.width, 200)
        XCTAssertEqual(pixmap.height, 100)
        // The rectangle covers x 80..<120, y 40..<60 in device pixels.
        XCTAssertEqual(pixmap.pixel(x: 80, y: 40), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(pixmap.pixel(x: 119, y: 59), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(pixmap.pixel(x: 79, y: 40), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(pixmap.pixel(x: 120, y: 60), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    func testGroupOpacityReachesEachChildUnlessCompositingGroupFlattensThem() {
        let red = Color(red: 1, green: 0, blue: 0)
        let square = View.shape(ShapeView(shape: .rectangle, fill: Fill(paint: .color(red))))
        let pair = View.stack(StackView(axis: .z, children: [square, square]))
        func pixel(_ root: View) -> PremultipliedRGBA8 {
            FrameRenderer(scene: ResolvedScene(size: Size(width: 4, height: 4), background: .white, root: root)).render(EvaluationContext()).pixel(x: 1, y: 1)
        }
        // Each square at 50 %, as SwiftUI draws: 75 % red.
        XCTAssertEqual(pixel(.modified(pair, .opacity(.constant(0.5)))), PremultipliedRGBA8(r: 255, g: 64, b: 64, a: 255))
        // Flattened first, one layer at 50 %.
        XCTAssertEqual(
            pixel(.modified(.modified(pair, .compositingGroup), .opacity(.constant(0.5)))), PremultipliedRGBA8(r: 255, g: 128, b: 128, a: 255))
    }

    /// A scene that reads no time: a frame with the last frame's parameter values, bit for
    /// bit, is that frame's picture again (the same storage, not drawn twice); other values
    /// are drawn, and so is every frame of a scene that reads the time.
    func testHeldParameterValuesAreNotDrawnAgain() {
        func bar(width: Scene.Expression) -> View {
            .modified(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: .color(.black)))), .frame(FrameSpec(width: width, height: .constant(10))))
        }
        func storage(_ pixmap: Pixmap) -> UnsafeRawPointer { pixmap.data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress!) } }
        let p = Expression.variable(.param(0))
        let timeless = ResolvedScene(size: Size(width: 40, height: 20), root: bar(width: .binary(.add, p, .constant(10))), readsTime: false)
        let renderer = SequentialRenderer(scene: timeless)
        let first = renderer.render(EvaluationContext(params: [10], time: 0))
        let held = renderer.render(EvaluationContext(params: [10], time: 1, frame: 30))
        XCTAssertEqual(storage(held), storage(first))
        for value in [20.0, 0, -0.0, -0.0, 20] {
            let context = EvaluationContext(params: [value])
            let pixmap = renderer.render(context)
            XCTAssertTrue(pixmap.data == FrameRenderer(scene: timeless).render(context).data, "p = \(value)")
            XCTAssertNotEqual(storage(pixmap), storage(held), "p = \(value)")
        }
        XCTAssertEqual(storage(renderer.render(EvaluationContext(params: [20]))), storage(renderer.render(EvaluationContext(params: [20]))))
        // The time changes the picture when the scene reads it.
        let clocked = ResolvedScene(size: Size(width: 40, height: 20), root: bar(width: .binary(.multiply, .variable(.time), .constant(10))))
        XCTAssertTrue(clocked.readsTime)
        let ticking = SequentialRenderer(scene: clocked)
        let early = ticking.render(EvaluationContext(params: [10], time: 1)), late = ticking.render(EvaluationContext(params: [10], time: 3))
        XCTAssertTrue(early.data == FrameRenderer(scene: clocked).render(EvaluationContext(params: [10], time: 1)).data)
        XCTAssertTrue(late.data == FrameRenderer(scene: clocked).render(EvaluationContext(params: [10], time: 3)).data)
        XCTAssertFalse(early.data == late.data)
    }

    /// Layers and masks whose content draws the same in every frame (a shadowed circle, a
    /// compositing group with a blend mode, a circle masking a moving bar) are kept and used
    /// again; a layer or mask whose content moves, or a layer drawn under a clip, is drawn
    /// every frame. Every frame equals a fresh render.
    func testLayersAndMasksThatDrawTheSameInEveryFrameAreKept() {
        let p = Expression.variable(.param(0))
        func shape(_ s: Shape, _ color: Color, _ w: Double, _ h: Double) -> View {
            .modified(.shape(ShapeView(shape: s, fill: Fill(paint: .color(color)))), .frame(FrameSpec(width: .constant(w), height: .constant(h))))
        }
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1, alpha: 0.7)
        let shadow = Modifier.shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: .constant(4), x: .constant(2), y: .constant(3))
        let bar = View.modified(shape(.rectangle, .black, 60, 10), .offset(x: p, y: .constant(0)))
        let shadowed = View.modified(shape(.circle, red, 30, 30), shadow)
        let group = View.modified(
            .stack(StackView(axis: .z, children: [shape(.rectangle, blue, 40, 20), .modified(shape(.capsule, red, 30, 12), .blendMode(.destinationOut))])),
            .compositingGroup)
        let moving = View.modified(.modified(shape(.circle, red, 20, 20), .offset(x: .constant(0), y: p)), shadow)
        // A blurred square that stays put, clipped by a circle that grows with the parameter.
        let growing = View.modified(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: .color(.clear)))),
            .frame(FrameSpec(width: .binary(.add, .constant(30), p), height: .constant(40))))
        let clipped = View.modified(.modified(
            .stack(StackView(axis: .z, alignment: .topLeading, children: [.modified(shape(.rectangle, red, 30, 30), .blur(radius: .constant(2))), growing])),
            .clipShape(.circle, eoFill: false, antialiased: true)), .frame(FrameSpec(width: .constant(80), height: .constant(40), alignment: .topLeading)))
        let masked = View.modified(bar, .mask(shape(.circle, .black, 24, 24), alignment: .center))
        let maskedByMoving = View.modified(shape(.rectangle, blue, 50, 30), .mask(moving, alignment: .leading))
        XCTAssertTrue(shadowed.drawsSameInEveryFrame)
        XCTAssertTrue(group.drawsSameInEveryFrame)
        XCTAssertFalse(moving.drawsSameInEveryFrame)
        let root = View.stack(StackView(axis: .z, children: [bar, shadowed, group, moving, clipped, masked, maskedByMoving]))
        let scene = ResolvedScene(size: Size(width: 100, height: 80), root: root)
        let renderer = SequentialRenderer(scene: scene)
        // Kept after each frame: nothing in the first; in the second (the first to ask again)
        // the shadowed circle, the group and the circle mask (the blend mode inside the group
        // reaches the capsule's paint, no layer of its own).
        for (value, kept) in [(0.0, 0), (5, 3), (5, 3), (12.5, 3), (30, 3), (7, 3)] {
            let context = EvaluationContext(params: [value])
            XCTAssertTrue(renderer.render(context).data == FrameRenderer(scene: scene).render(context).data, "p = \(value)")
            XCTAssertEqual(renderer.layers.count, kept, "p = \(value)")
        }
    }

    /// A list whose rows scroll by a parameter: the rows' layout reads no parameter, so it is
    /// kept from frame to frame; a row whose width is a parameter is worked out every frame.
    /// Either way each frame is the one rendered afresh.
    func testLayoutsTheSameInEveryFrameAreKeptForTheNextOnly() {
        func shape(_ s: Shape, _ modifier: Modifier) -> View { .modified(.shape(ShapeView(shape: s)), modifier) }
        func fixed(_ w: Double, _ h: Double) -> Modifier { .frame(FrameSpec(width: .constant(w), height: .constant(h))) }
        let p = Expression.variable(.param(0))
        let rows = (0..<6).map { (i: Int) -> View in
            let dot = shape(.capsule, fixed(10, 10))
            let bar = shape(.rectangle, .frame(FrameSpec(height: .constant(10 + Double(i)))))
            return .stack(StackView(axis: .horizontal, spacing: .constant(4), children: [dot, bar]))
        }
        let growing = View.stack(StackView(axis: .horizontal, children: [shape(.rectangle, .frame(FrameSpec(width: p, height: .constant(8)))), .shape(ShapeView(shape: .circle))]))
        let list = View.stack(StackView(axis: .vertical, spacing: .constant(3), children: rows))
        XCTAssertTrue(list.layoutIsSameInEveryFrame)
        XCTAssertFalse(growing.layoutIsSameInEveryFrame)
        XCTAssertFalse(View.stack(StackView(axis: .vertical, spacing: .binary(.multiply, p, .constant(2)), children: rows)).layoutIsSameInEveryFrame)
        let root = View.stack(StackView(axis: .vertical, spacing: .constant(0), children: [
            .modified(.scrollView(ScrollView(axis: .vertical, offset: .unary(.negate, p), content: list)), fixed(80, 60)), growing,
        ]))
        let scene = ResolvedScene(size: Size(width: 80, height: 90), root: root)
        let sequential = SequentialRenderer(scene: scene)
        for value in [0.0, 7.5, 30, 12, 45, 45] {
            let context = EvaluationContext(params: [value])
            XCTAssertTrue(sequential.render(context).data == FrameRenderer(scene: scene).render(context).data, "p = \(value)")
        }

        // The memo: a lasting layout is found in the next frame, and dropped after a frame
        // that did not ask for it.
        let memo = LayoutMemo()
        var context = EvaluationContext(params: [1])
        context.layoutMemo = memo
        guard case .stack(let stack) = list, case .stack(let grows) = growing else { return XCTFail("not a stack") }
        let proposal = ProposedSize(width: 80, height: nil)
        _ = stack.layout(proposal, context)
        _ = grows.layout(proposal, context)
        memo.nextFrame()
        XCTAssertNotNil(memo.layout(for: LayoutMemo.key(stack, proposal, context)))
        XCTAssertNil(memo.layout(for: LayoutMemo.key(grows, proposal, context)))
        memo.nextFrame()
        XCTAssertNotNil(memo.layout(for: LayoutMemo.key(stack, proposal, context)), "asked in the frame before")
        memo.nextFrame()
        memo.nextFrame()
        XCTAssertNil(memo.layout(for: LayoutMemo.key(stack, proposal, context)))
        XCTAssertEqual(memo.count, 0)
    }
}
