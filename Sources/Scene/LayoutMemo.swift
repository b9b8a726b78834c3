import Geometry

/// The stack layouts already worked out, in this frame and the one before.
///
/// A stack asks each child for its size up to three times (offered nothing, offered
/// everything, then offered its share), so without a memo nested stacks cost 3ⁿ
/// measurements. Within a frame a stack's layout depends only on the stack itself, the
/// proposal, and the parts of the context that vary inside a frame (the `forEach`
/// variables, the current shape's size and geometry); a memo keyed by those makes each
/// distinct question cost one measurement.
///
/// Across frames, a stack whose layout reads no parameter, time or frame number
/// (`View.layoutIsSameInEveryFrame`: a list of rows whose content scrolls, say) answers
/// the same question the same way, so its layouts are kept for the next frame (`lasting`).
/// Only those asked again in a frame are kept for the one after (`nextFrame`), so the
/// memo holds at most two frames' layouts, whatever the number of frames.
///
/// One memo serves one scene on one thread (the keys name the scene's stacks by address):
/// `FrameRenderer` makes one per frame, `SequentialRenderer` one for all.
public final class LayoutMemo: @unchecked Sendable {
    struct Key: Hashable {
        /// The stack's children buffer: the same stack in the scene, whatever copy of it asks.
        var children: UnsafeRawPointer?
        var axis: StackAxis
        var alignmentX: UInt64
        var alignmentY: UInt64
        var spacing: UInt64
        var width: UInt64
        var height: UInt64
        var shapeWidth: UInt64
        var shapeHeight: UInt64
        var minX: UInt64
        var minY: UInt64
        var geometryWidth: UInt64
        var geometryHeight: UInt64
        var locals: [Double]
    }

    struct Layout {
        var size: Size
        var frames: [Rect]
        /// Whether the same question gets the same answer in every frame.
        var lasting: Bool
    }

    /// This frame's layouts.
    private var layouts: [Key: Layout] = [:]
    /// The lasting layouts of the frame before.
    private var earlier: [Key: Layout] = [:]
    /// Whether each stack met so far (by its children buffer) lays out the same in every
    /// frame: worked out once per stack.
    private var sameInEveryFrame: [UnsafeRawPointer?: Bool] = [:]

    public init() {}

    /// The number of distinct layouts in this frame.
    public var count: Int { layouts.count }

    /// Starts a frame: keeps the lasting layouts of the frame that ends.
    public func nextFrame() {
        earlier = layouts.filter(\.value.lasting)
        layouts.removeAll(keepingCapacity: true)
    }

    /// The key of `stack` offered `proposal` in `context`.
    static func key(_ stack: StackView, _ proposal: ProposedSize, _ context: EvaluationContext) -> Key {
        // An unspecified dimension is a NaN pattern no finite or infinite proposal has.
        let unspecified: UInt64 = 0x7FF8_DEAD_BEEF_0001
        let g = context.geometry
        return Key(
            children: stack.children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            axis: stack.axis,
            alignmentX: stack.alignment.x.bitPattern, alignmentY: stack.alignment.y.bitPattern,
            spacing: (stack.spacing?.evaluate(in: context) ?? 8).bitPattern,
            width: proposal.width?.bitPattern ?? unspecified, height: proposal.height?.bitPattern ?? unspecified,
            shapeWidth: context.shapeWidth.bitPattern, shapeHeight: context.shapeHeight.bitPattern,
            minX: g.minX.bitPattern, minY: g.minY.bitPattern, geometryWidth: g.width.bitPattern, geometryHeight: g.height.bitPattern,
            locals: context.locals)
    }

    /// The layout for `key` worked out in this frame, or a lasting one from the frame before.
    func layout(for key: Key) -> (size: Size, frames: [Rect])? {
        if let known = layouts[key] { return (known.size, known.frames) }
        guard let kept = earlier[key] else { return nil }
        layouts[key] = kept
        return (kept.size, kept.frames)
    }

    /// Keeps `stack`'s `layout` for `key`, lasting when the stack lays out the same in every frame.
    func remember(_ layout: (size: Size, frames: [Rect]), of stack: StackView, for key: Key) {
        let lasting: Bool
        if let known = sameInEveryFrame[key.children] {
            lasting = known
        } else {
            lasting = View.stack(stack).layoutIsSameInEveryFrame
            sameInEveryFrame[key.children] = lasting
        }
        layouts[key] = Layout(size: layout.size, frames: layout.frames, lasting: lasting)
    }
}
