import Foundation

/// Reports rendering progress on standard error: a bar redrawn in place on a
/// terminal, a plain line every tenth of the work otherwise.
final class Progress {
    private let total: Int
    private let enabled: Bool
    private let terminal: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var lastTenth = -1

    init(total: Int, enabled: Bool) {
        self.total = max(total, 1)
        self.enabled = enabled
        terminal = isatty(STDERR_FILENO) == 1
    }

    /// `done` frames of `total` are finished.
    func update(_ done: Int) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(start)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        if terminal {
            guard Date().timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
            lastDraw = Date()
            let width = 30
            let filled = width * done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let eta = fps > 0 ? Double(total - done) / fps : 0
            write("\r\(bar) \(done)/\(total) frames  \(format(fps)) fps  ETA \(format(eta))s\u{1B}[K")
        } else {
            let tenth = 10 * done / total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            write("\(done)/\(total) frames (\(tenth * 10) %), \(format(fps)) fps\n")
        }
    }

    /// Ends the bar with a summary line.
    func finish(_ message: String) {
        guard enabled else { return }
        if terminal { write("\r\u{1B}[K") }
        let elapsed = Date().timeIntervalSince(start)
        write("\(message) in \(format(elapsed)) s\n")
    }

    private func format(_ x: Double) -> String { String(format: "%.1f", x) }

    private func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
