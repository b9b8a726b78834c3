#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An animation written in SwiftUI: a view whose `@State` changes over time.
///
/// Mark the type `@main` and the file is a program: `animate File.swift -o out.gif`
/// compiles and renders it. `body` is evaluated once per frame with every state's
/// presented value at that frame's time; `timeline()` is called once, before the first
/// frame, to schedule state changes with `at(_:_:)`.
public protocol AnimationScene: View {
    init()
    /// The canvas size in points.
    var size: CGSize { get }
    /// The length in seconds.
    var duration: Double { get }
    /// Frames per second; 30 unless given.
    var fps: Int { get }
    /// Device pixels per point; 1 unless given.
    var scale: Double { get }
    /// What the canvas is cleared to; white unless given (`.clear` keeps it transparent).
    var background: Color { get }
    /// Schedules the state changes with `at(_:_:)`; nothing unless given.
    func timeline()
}

extension AnimationScene {
    public var fps: Int { 30 }
    public var scale: Double { 1 }
    public var background: Color { .white }
    public func timeline() {}

    /// Runs `action` at `time` seconds into the animation (in `timeline()`; in an action,
    /// schedules another). State changed in `action` changes at that time, animated when
    /// `action` wraps the change in `withAnimation`.
    public func at(_ time: Double, _ action: @escaping () -> Void) {
        Recording.scheduled?.append((time, action))
    }

    /// The program's entry point: hands the scene to the `animate` command that loaded
    /// it, or, run on its own, renders it to the file after `-o`.
    public static func main() {
        if let host = SceneHost.receiver {
            host(Self())
            return
        }
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "-o"), flag + 1 < arguments.count else {
            printError("usage: \(arguments.first ?? "scene") -o OUTPUT (.mp4, .gif, .webm, .apng, .webp, .png)")
            exit(1)
        }
        do {
            try render(Self(), to: arguments[flag + 1])
        } catch {
            printError("error: \(error)")
            exit(1)
        }
    }
}

/// The process that loads compiled scenes (the `animate` command): it sets `receiver`
/// before calling a scene program's entry point, which then hands over its scene
/// instead of rendering it.
package enum SceneHost {
    nonisolated(unsafe) package static var receiver: ((any AnimationScene) -> Void)?
}

/// Writes a line to standard error.
private func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
