import Foundation

/// Turns SIGINT and SIGTERM into a flag the render loop checks, so that an
/// interrupted render can remove its partial output before exiting.
///
/// The handlers are installed when the program starts. A command that writes
/// no file finishes what it is doing; a second signal ends the process at once
/// (exit status 130), for when a user insists.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Installs the handlers.
    static func install() {
        signal(SIGINT, handle)
        signal(SIGTERM, handle)
    }

    private static let handle: @convention(c) (Int32) -> Void = { _ in
        if Interruption.flag != 0 { _exit(130) }
        Interruption.flag = 1
    }

    /// Whether a signal arrived.
    static var requested: Bool { flag != 0 }
}
