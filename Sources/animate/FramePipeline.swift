import Dispatch
import Raster
import Timeline

/// Renders a timeline's frames concurrently and hands them on in order.
///
/// Frames are rendered in batches of a few per thread, so memory holds at most
/// one batch however long the timeline is.
struct FramePipeline {
    let document: TimelineDocument
    let threads: Int

    /// Calls `consume(n, pixmap)` for every frame, in order.
    func run(_ consume: (Int, Pixmap) throws -> Void) throws {
        let total = document.frameCount
        let batch = max(threads * 2, 1)
        var start = 0
        while start < total {
            let count = min(batch, total - start)
            let slots = FrameSlots(count: count)
            let first = start
            let document = self.document
            DispatchQueue.concurrentPerform(iterations: count) { i in
                slots.store(document.render(frame: first + i), at: i)
            }
            for i in 0..<count { try consume(first + i, slots.take(i)) }
            start += count
        }
    }
}

/// Storage for one batch: each slot is written by exactly one worker, then read
/// after all workers have finished.
private final class FrameSlots: @unchecked Sendable {
    private let count: Int
    private let frames: UnsafeMutablePointer<Pixmap?>

    init(count: Int) {
        self.count = count
        frames = .allocate(capacity: count)
        frames.initialize(repeating: nil, count: count)
    }

    deinit {
        frames.deinitialize(count: count)
        frames.deallocate()
    }

    func store(_ pixmap: Pixmap, at i: Int) { frames[i] = pixmap }

    func take(_ i: Int) -> Pixmap {
        defer { frames[i] = nil }
        return frames[i]!
    }
}
