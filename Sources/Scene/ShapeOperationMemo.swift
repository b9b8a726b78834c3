import Geometry

/// The results of boolean shape operations, kept from one frame to the next.
///
/// An operation's result depends only on its two operand paths, the operation and the
/// fill rule. The operands are still built every frame (as every shape's path is), but
/// when both are the same as in the frame before, bit for bit (`Path` equality), the
/// result is the one kept, not computed again: a shape whose operands do not move (the
/// hole demo's rectangle minus its rounded rectangle) costs one operation for the whole
/// render, and a frame that finds its result allocates nothing for it. An operand that
/// changes every frame costs one operation a frame, as without the memo, plus the
/// comparison.
///
/// Only the results asked for in a frame are kept for the next (`nextFrame`), so the
/// memo holds at most two frames' results, whatever the number of frames. The key is
/// the paths' values, not the scene's nodes, so a scene built anew each frame (written
/// in Swift) finds its results too. One memo serves one thread: `SequentialRenderer`
/// keeps one for all its frames and hands it to the shapes through
/// `EvaluationContext.shapeOperations`.
public final class ShapeOperationMemo: @unchecked Sendable {
    enum Operation: Hashable {
        case region(PathOperation)
        case line(LineOperation)
    }

    struct Key: Hashable {
        var operation: Operation
        var eoFill: Bool
        var a: Path
        var b: Path
    }

    /// This frame's results, and those of the frame before not yet asked for again.
    private var results: [Key: Path] = [:]
    private var earlier: [Key: Path] = [:]

    public init() {}

    /// The number of results asked for in this frame.
    public var count: Int { results.count }

    /// Starts a frame: the results of the frame that ends are kept for this one.
    public func nextFrame() {
        swap(&results, &earlier)
        results.removeAll(keepingCapacity: true)
    }

    /// The result for `key`: this frame's or the last frame's if there is one, else `compute()`.
    func result(_ key: Key, _ compute: () -> Path) -> Path {
        if let known = results[key] { return known }
        let result = earlier[key] ?? compute()
        results[key] = result
        return result
    }
}
