import Foundation
import Raster

/// Frames the palette pass rendered, kept for the encoding pass so that they are not
/// rendered twice, up to a budget of bytes.
///
/// The palette pass offers frames in its sample's order; each is kept while the kept
/// pixels stay within `budget`, and later ones are not (they are rendered again). The
/// encoding pass takes each kept frame once, from any rendering thread, which frees it.
/// So the memory held is at most `budget`, whatever the number of frames.
final class KeptFrames: @unchecked Sendable {
    /// The most pixel bytes kept (256 MiB: every frame of a 240-frame clip of 530 × 530,
    /// the first 32 of one at 1080p).
    static let defaultBudget = 256 << 20

    let budget: Int
    private let lock = NSLock()
    private var frames: [Int: Pixmap] = [:]
    private var bytes = 0

    init(budget: Int = KeptFrames.defaultBudget) {
        self.budget = budget
    }

    /// Keeps `pixmap` as frame `frame` if it fits the budget.
    func offer(_ pixmap: Pixmap, frame: Int) {
        let size = pixmap.width * pixmap.height * 4
        lock.withLock {
            guard bytes + size <= budget, frames[frame] == nil else { return }
            frames[frame] = pixmap
            bytes += size
        }
    }

    /// Frame `frame` if it was kept, which it no longer is.
    func take(_ frame: Int) -> Pixmap? {
        lock.withLock {
            guard let pixmap = frames.removeValue(forKey: frame) else { return nil }
            bytes -= pixmap.width * pixmap.height * 4
            return pixmap
        }
    }
}
