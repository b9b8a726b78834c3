#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The timeline being recorded: the actions `at(_:_:)` scheduled, and the moment
/// (time and animation) of the action that runs, which a state change is stamped with.
///
/// Recording a timeline and evaluating a frame's `body` both hold `Recording.lock`,
/// so that state boxes, which both touch, are only ever used by one thread at a time.
enum Recording {
    struct Moment {
        var time: Double
        var animation: Animation?
    }

    /// The action running, while a timeline is recorded.
    nonisolated(unsafe) static var moment: Moment?
    /// The actions scheduled so far, while a timeline is recorded; nil otherwise.
    nonisolated(unsafe) static var scheduled: [(time: Double, action: () -> Void)]?

    static let lock = Lock()
}

/// A mutual-exclusion lock over `pthread_mutex_t`.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Runs `body`, animating the state changes it makes with `animation` (nil: at once),
/// as SwiftUI's `withAnimation`. Called in an action of `timeline()`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    guard let saved = Recording.moment else { return try body() }
    Recording.moment?.animation = animation
    defer { Recording.moment = saved }
    return try body()
}
