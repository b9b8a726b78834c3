import Export
import Foundation
import Scene

/// The PNG of every frame of the current generation, rendered on demand on several
/// threads and kept until the source changes.
///
/// Workers take, in order: the frames the page asked for, most recent first (a scrub
/// wants where the thumb is now, not where it was); then, while the cache is under its
/// byte limit, the next frame not yet rendered after the last one asked for, so that
/// playback finds its frames ready. A frame is rendered once per generation: a request
/// for a frame in the cache is answered from it, and one for a frame being rendered waits
/// for that render. Each worker keeps one `SequentialRenderer` per generation, as the
/// command line's pipeline does. A new generation empties the cache; renders of the old
/// one that finish later are dropped.
final class FrameCache: @unchecked Sendable {
    /// Rendering threads.
    let threads: Int
    /// Bytes of PNG kept before the workers stop rendering frames that nobody asked for.
    let prefetchLimit: Int

    private let condition = NSCondition()
    private var generation: Generation?
    private var frames: [Int: [UInt8]] = [:]
    private var bytes = 0
    private var waiting: [Int: [CheckedContinuation<[UInt8]?, Never>]] = [:]
    private var requested: [Int] = []
    private var rendering: Set<Int> = []
    private var prefetchFrom = 0
    private var stopped = false
    private var running = 0
    private var renders = 0

    /// A cache rendering on `threads` threads (at least 1).
    init(threads: Int, prefetchLimit: Int = 512 << 20) {
        self.threads = max(threads, 1)
        self.prefetchLimit = prefetchLimit
        running = self.threads
        for _ in 0..<self.threads {
            let thread = Thread { [self] in work() }
            // Deep view trees recurse; the default secondary-thread stack is small.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Empties the cache and renders `generation`'s frames from now on, from frame 0.
    func show(_ generation: Generation) {
        condition.lock()
        self.generation = generation
        frames.removeAll()
        bytes = 0
        for continuations in waiting.values { for c in continuations { c.resume(returning: nil) } }
        waiting.removeAll()
        requested.removeAll()
        rendering.removeAll()
        prefetchFrom = 0
        condition.broadcast()
        condition.unlock()
    }

    /// The PNG of frame `frame` of the generation named `token`; nil when that is not the
    /// current generation or has no such frame.
    func png(token: String, frame: Int) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            guard let generation, generation.token == token, (0..<generation.document.frameCount).contains(frame) else {
                continuation.resume(returning: nil)
                return
            }
            if let png = frames[frame] {
                continuation.resume(returning: png)
                return
            }
            waiting[frame, default: []].append(continuation)
            if !rendering.contains(frame) {
                requested.removeAll { $0 == frame }
                requested.append(frame)
            }
            prefetchFrom = frame + 1
            condition.broadcast()
        }
    }

    /// Frames rendered since the cache was made, over every generation.
    var renderCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return renders
    }

    /// Stops the workers and waits until every one has returned.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        for continuations in waiting.values { for c in continuations { c.resume(returning: nil) } }
        waiting.removeAll()
        condition.unlock()
    }

    private func work() {
        var renderer: SequentialRenderer?
        var rendererGeneration: Generation?
        condition.lock()
        while true {
            var job = nextJob()
            while !stopped && job == nil {
                condition.wait()
                job = nextJob()
            }
            guard !stopped, let (generation, frame) = job else { break }
            rendering.insert(frame)
            condition.unlock()
            if rendererGeneration !== generation {
                renderer = generation.document.makeRenderer()
                rendererGeneration = generation
            }
            let pixmap = generation.document.render(frame: frame, with: renderer!)
            let png = try? encodePNG(pixmap, name: "frame \(frame)")
            condition.lock()
            renders += 1
            guard self.generation === generation else { continue }
            rendering.remove(frame)
            if let png {
                frames[frame] = png
                bytes += png.count
            }
            for c in waiting.removeValue(forKey: frame) ?? [] { c.resume(returning: png) }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame to render, under the lock: the latest request, else the next frame to prefetch.
    private func nextJob() -> (Generation, Int)? {
        guard let generation else { return nil }
        while let frame = requested.popLast() {
            if frames[frame] == nil && !rendering.contains(frame) { return (generation, frame) }
        }
        guard bytes < prefetchLimit else { return nil }
        let count = generation.document.frameCount
        for step in 0..<count {
            let frame = (prefetchFrom + step) % count
            if frames[frame] == nil && !rendering.contains(frame) {
                prefetchFrom = frame
                return (generation, frame)
            }
        }
        return nil
    }
}
