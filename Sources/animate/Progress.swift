import Foundation

/// Reports progress on standard error: a bar redrawn in place (frames, frames per second,
/// time left) when standard error is a terminal, a plain line every tenth of the work
/// otherwise (`--progress`), nothing when disabled.
final class Progress {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let terminal: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var lastTenth = -1

    /// Progress over `total` frames of the stage named `label` ("render", "palette").
    init(total: Int, label: String = "render", enabled: Bool) {
        self.total = max(total, 1)
        self.label = label
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
            write("\r\(label) \(bar) \(done)/\(total) frames  \(format(fps)) fps  ETA \(clock(eta))\u{1B}[K")
        } else {
            let tenth = 10 * done / total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            write("\(label): \(done)/\(total) frames (\(100 * done / total) %), \(format(fps)) fps\n")
        }
    }

    /// Clears the bar (on a terminal) and prints `message` with the elapsed time.
    func finish(_ message: String) {
        guard enabled else { return }
        if terminal { write("\r\u{1B}[K") }
        write("\(message) in \(format(Date().timeIntervalSince(start))) s\n")
    }

    /// Clears the bar without a message.
    func clear() {
        guard enabled, terminal else { return }
        write("\r\u{1B}[K")
    }

    private func format(_ x: Double) -> String { String(format: "%.1f", x) }

    private func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? String(format: "%d:%02d", s / 60, s % 60) : "\(s)s"
    }

    private func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
