import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a clean end: at once while nothing has been
/// written, through a flag the render loop checks once output is open, so that an
/// interrupted render removes its partial output before exiting.
///
/// Only `render` installs the handlers (when it starts, before the timeline is loaded);
/// the other commands keep the default action and end at once. Until `deferExit()` (called
/// just before the output is opened) a signal ends the process at once with a message and
/// exit status 130: a long load stops promptly. After it, a render that does not reach its
/// next check within `grace` seconds (one very slow frame), or a second signal, ends the
/// process at once with exit status 130, so that a single SIGTERM, as from `timeout`,
/// always stops it; the temporary it leaves is removed by the next render into its folder.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0
    nonisolated(unsafe) private static var deferring: sig_atomic_t = 0

    /// Seconds the render loop has to notice a signal.
    static let grace: UInt32 = 10

    /// Installs the handlers; a signal ends the process at once until `deferExit()`.
    static func install() {
        signal(SIGINT, request)
        signal(SIGTERM, request)
        signal(SIGHUP, request)
        signal(SIGALRM, giveUp)
    }

    /// From now on a signal sets the flag the render loop checks, instead of ending the process.
    static func deferExit() {
        deferring = 1
    }

    /// Gives SIGINT, SIGTERM and SIGHUP back their default action (ending the process), for
    /// a command that renders now and then and otherwise waits, such as `preview`.
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        signal(SIGALRM, SIG_DFL)
        alarm(0)
        deferring = 0
        flag = 0
    }

    private static let request: @convention(c) (Int32) -> Void = { _ in
        if Interruption.deferring == 0 || Interruption.flag != 0 { Interruption.exitNow() }
        Interruption.flag = 1
        alarm(Interruption.grace)
    }

    private static let giveUp: @convention(c) (Int32) -> Void = { _ in Interruption.exitNow() }

    /// Says so on standard error and ends the process; only async-signal-safe calls.
    private static func exitNow() -> Never {
        let message: StaticString = "error: interrupted\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
    }

    /// Whether a signal arrived.
    static var requested: Bool { flag != 0 }
}
