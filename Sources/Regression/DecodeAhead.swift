// Decoding a media file's frames ahead of their use, on a thread of its own.
//
// The thread owns the reader. It decodes frames in order into a queue of at most
// `depth` frames, and waits while the queue is full, so memory holds `depth` + 1
// frames (the one being decoded) whatever the file's length. The taker removes
// frames from the queue's head, dropping those before the one it wants. The thread
// ends at the end of the file, at a read error (kept, and thrown to the taker when
// it reaches the frame that failed, not before), or at `stop()`, which waits for it:
// a thread never outlives its owner. One condition variable guards all the state.

import Export
import Foundation
import Raster

/// A media file's frames, decoded in order on a background thread a few frames ahead of the one taken.
final class DecodeAhead: @unchecked Sendable {
    /// The most frames decoded and not yet taken.
    let depth: Int
    private let condition = NSCondition()
    private let reader: MediaFrameReader
    // Frames decoded and not taken, oldest first; `head` is the number of the first.
    private var queue: [Pixmap] = []
    private var head: Int
    private var ended: Result<Void, ExportError>?
    private var stopping = false
    private var running = true

    /// Starts decoding `reader`'s frames from the next one it holds; `depth` is at least 1.
    init(_ reader: MediaFrameReader, depth: Int) {
        self.reader = reader
        self.depth = max(depth, 1)
        head = reader.framesRead
        queue.reserveCapacity(self.depth)
        // Named for debuggers and `ps -L` (Linux keeps 15 bytes; Foundation's `Thread.name`
        // does not reach the system's name there).
        let name = String(decoding: "decode \((reader.path as NSString).lastPathComponent)".utf8.prefix(15), as: UTF8.self)
        Thread { [self] in
            if let comm = fopen("/proc/thread-self/comm", "w") {
                fputs(name, comm)
                fclose(comm)
            }
            run()
        }.start()
    }

    /// The number of the next frame `take` can give: frames before it are gone.
    var nextFrame: Int {
        condition.lock()
        defer { condition.unlock() }
        return head
    }

    /// Frame `n` (at least `nextFrame`), waiting for it to be decoded and dropping the frames
    /// before it; nil when the file ends before it; throws the error that stopped decoding before it.
    func take(_ n: Int) throws(ExportError) -> Pixmap? {
        condition.lock()
        defer { condition.unlock() }
        precondition(n >= head && !stopping, "frame \(n) was already taken or dropped, or decoding was stopped")
        while true {
            if !queue.isEmpty {
                let frame = queue.removeFirst()
                head += 1
                condition.broadcast()
                if head - 1 == n { return frame }
                continue
            }
            switch ended {
            case .success: return nil
            case .failure(let error): throw error
            case nil: condition.wait()
            }
        }
    }

    /// Stops the thread and waits until it has ended (at most the decoding of one frame).
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
    }

    private func run() {
        while true {
            condition.lock()
            while queue.count >= depth && !stopping { condition.wait() }
            if stopping {
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            let decoded: Result<Pixmap?, ExportError>
            do throws(ExportError) {
                decoded = .success(try reader.next())
            } catch {
                decoded = .failure(error)
            }
            condition.lock()
            switch decoded {
            case .success(let frame?): queue.append(frame)
            case .success(nil): ended = .success(())
            case .failure(let error): ended = .failure(error)
            }
            if ended != nil { running = false }
            condition.broadcast()
            condition.unlock()
            if ended != nil { return }
        }
    }
}
