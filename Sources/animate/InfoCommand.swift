import ArgumentParser
import Foundation
import Timeline

/// `animate info TIMELINE`: size, frame rate, frames, params and animations.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a timeline's size, frame rate, frame count, params and animations.")

    @Argument(help: "The timeline file (JSON).")
    var timeline: String

    @OptionGroup var limits: TimelineOptions

    func run() throws {
        let d = try limits.load(timeline)
        let s = d.scene
        print("size      \(fmt(s.size.width))×\(fmt(s.size.height)) pt at scale \(fmt(s.scale)) = \(s.pixelWidth)×\(s.pixelHeight) px")
        print("frames    \(d.frameCount) at \(d.fps) fps (\(fmt(d.duration)) s)")
        if !d.params.isEmpty {
            print("params")
            for p in d.params {
                print("  \(p.name) = \(p.value.value(at: 0).map(fmt).joined(separator: ", "))")
            }
        }
        if !d.animations.isEmpty {
            print("animations")
            for a in d.animations {
                print("  \(a.param) at \(fmt(a.at)) s: \(a.curve)")
            }
        }
    }

    private func fmt(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(format: "%.4g", x)
    }
}
