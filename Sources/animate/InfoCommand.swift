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
        if d.params.contains(where: { !$0.value.records.isEmpty }) {
            print("animations")
            for p in d.params {
                for r in p.value.records {
                    let what: String
                    switch r.kind {
                    case .set: what = "set"
                    case .animation(let a): what = a.description
                    case .keyframes(let track): what = "keyframes (\(track.keyframes.count))"
                    }
                    var line = "  \(p.name) \(r.from.map(fmt).joined(separator: ", ")) → \(r.to.map(fmt).joined(separator: ", ")): \(what), "
                    line += "\(fmt(r.start))–\(r.end.isFinite ? fmt(r.end) : "∞") s"
                    if let settle = r.settlingDuration { line += ", settles after \(fmt(settle)) s" }
                    if let cut = r.interruptedAt { line += ", taken over at \(fmt(cut)) s" }
                    print(line)
                }
            }
        }
    }

    private func fmt(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(format: "%.4g", x)
    }
}
