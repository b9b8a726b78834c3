import Foundation

/// Turns SIGINT and SIGTERM into a flag the render loop checks, so that an
/// interrupted render can remove its partial output before exiting.
///
/// Only `render` installs the handlers (when it starts, before any output is
/// opened); the other commands keep the default action and end at once. A
/// render that does not reach its next check within `grace` seconds (one
/// very slow frame), or a second signal, ends the process at once with exit
/// status 130, so that a single SIGTERM, as from `timeout`, always stops it.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Seconds the render loop has to notice a signal.
    static let grace: UInt32 = 10

    /// Installs the handlers.
    static func install() {
        signal(SIGINT, request)
        signal(SIGTERM, request)
        signal(SIGALRM, giveUp)
    }

    /// Gives SIGINT and SIGTERM back their default action (ending the process), for a
    /// command that renders now and then and otherwise waits, such as `preview`.
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGALRM, SIG_DFL)
        alarm(0)
    }

    private static let request: @convention(c) (Int32) -> Void = { _ in
        if Interruption.flag != 0 { _exit(130) }
        Interruption.flag = 1
        alarm(Interruption.grace)
    }

    private static let giveUp: @convention(c) (Int32) -> Void = { _ in _exit(130) }

    /// Whether a signal arrived.
    static var requested: Bool { flag != 0 }
}
