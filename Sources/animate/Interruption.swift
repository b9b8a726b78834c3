import Foundation

/// Turns SIGINT and SIGTERM into a flag the render loop checks, so that an
/// interrupted render can remove its partial output before exiting.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Installs the handlers.
    static func install() {
        signal(SIGINT) { _ in Interruption.flag = 1 }
        signal(SIGTERM) { _ in Interruption.flag = 1 }
    }

    /// Whether a signal arrived.
    static var requested: Bool { flag != 0 }
}
