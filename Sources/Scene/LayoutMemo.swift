import Geometry

/// The stack layouts already worked out for one frame.
///
/// A stack asks each child for its size up to three times (offered nothing, offered
/// everything, then offered its share), so without a memo nested stacks cost 3ⁿ
/// measurements. Within a frame a stack's layout depends only on the stack itself, the
/// proposal, and the parts of the context that vary inside a frame (the `forEach`
/// variables, the current shape's size and geometry); a memo keyed by those makes each
/// distinct question cost one measurement.
///
/// One memo serves one frame on one thread: `FrameRenderer` makes a new one for every frame.
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

    private var layouts: [Key: (size: Size, frames: [Rect])] = [:]

    public init() {}

    /// The number of distinct layouts worked out.
    public var count: Int { layouts.count }

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

    subscript(key: Key) -> (size: Size, frames: [Rect])? {
        get { layouts[key] }
        set { layouts[key] = newValue }
    }
}
