import Foundation
import Raster

/// Renders frames on several threads and hands them to one consumer, in order, through a bounded window.
///
/// Stages: `threads` workers take positions 0, 1, 2… from a shared counter, render the
/// frame at that position and park it in a reorder window; the calling thread takes the
/// frames out in order and consumes them (encodes, writes) while the workers go on.
///
/// Invariant: a worker starts position k only while k < next + capacity, where next is the
/// position the consumer waits for. So at most `capacity` frames, rendered or being rendered,
/// exist at once, and memory does not grow with the number of frames. A slow encoder stalls
/// the workers instead of piling frames up; a slow frame stalls the encoder only once the
/// window is full. When the consumer throws, the workers stop after their current frame and
/// `run` rethrows once they have all returned.
final class FramePipeline: @unchecked Sendable {
    /// Rendering threads, at least 1.
    let threads: Int
    /// Frames in flight at most, at least `threads`.
    let capacity: Int

    private let condition = NSCondition()
    private var nextToStart = 0
    private var nextToConsume = 0
    private var window: [Int: Pixmap] = [:]
    private var stopped = false
    private var running = 0

    /// A pipeline with `threads` renderers and a window of `capacity` frames (default: twice the threads).
    init(threads: Int, capacity: Int? = nil) {
        self.threads = max(threads, 1)
        self.capacity = max(capacity ?? 2 * self.threads, self.threads)
    }

    /// Renders positions `0..<count` and calls `consume(position, pixmap)` for each, in order, on the
    /// calling thread. Each worker calls `renderer` once for the function it renders with (which
    /// may keep buffers from one frame to the next). A pipeline runs once.
    func run(count: Int, renderer: @escaping @Sendable () -> (Int) -> Pixmap, consume: (Int, Pixmap) throws -> Void) throws {
        guard count > 0 else { return }
        condition.lock()
        running = min(threads, count)
        condition.unlock()
        for _ in 0..<min(threads, count) {
            let thread = Thread { [self] in work(count: count, render: renderer()) }
            // Deep view trees recurse; the default secondary-thread stack is small.
            thread.stackSize = 16 << 20
            thread.start()
        }
        defer { stopAndWait() }
        for position in 0..<count {
            condition.lock()
            while window[position] == nil { condition.wait() }
            let pixmap = window.removeValue(forKey: position)!
            nextToConsume = position + 1
            condition.broadcast()
            condition.unlock()
            try consume(position, pixmap)
        }
    }

    private func work(count: Int, render: (Int) -> Pixmap) {
        condition.lock()
        while true {
            while !stopped && nextToStart < count && nextToStart >= nextToConsume + capacity { condition.wait() }
            if stopped || nextToStart >= count { break }
            let position = nextToStart
            nextToStart += 1
            condition.unlock()
            let pixmap = render(position)
            condition.lock()
            window[position] = pixmap
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the workers to stop and waits until every one has returned, so no thread outlives `run`.
    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        window.removeAll()
        condition.unlock()
    }
}
