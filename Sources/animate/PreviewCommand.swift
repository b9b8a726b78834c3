import ArgumentParser
import Foundation
import Preview

/// `animate preview TIMELINE`: a live page that plays the timeline and follows its file.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live page that plays a timeline, follows its file and shows its errors in place.",
        discussion: """
            Prints the page's URL on one line, then serves until interrupted. The page plays the
            timeline at its frame rate, scrubs and steps frames (arrow keys), plots every param, and
            reloads within a second of a change to the file or an image it uses. Export buttons write
            a GIF, an MP4 or a PNG of the current frame beside the timeline with `animate render`;
            give render options for them after --:
              animate preview Timelines/clip-shape.json -- --colors 64 --crf 20
            """)

    @Argument(help: "The timeline file (JSON), or a Swift scene (.swift), compiled again at every save.")
    var timeline: String

    @Option(parsing: .unconditional, help: "The port to listen on (default: a free one).")
    var port: Int?

    @Option(help: "The address to listen on; only this one is bound.")
    var host: String = "127.0.0.1"

    @Option(parsing: .unconditional, help: "Frames rendered at once (default: the number of cores).")
    var threads: Int?

    @OptionGroup var limits: TimelineOptions

    @Argument(parsing: .postTerminator, help: "Options for the exports, as `animate render` takes them (after --).")
    var renderOptions: [String] = []

    func validate() throws {
        if let port { guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") } }
        if let threads { guard threads >= 1 else { throw ValidationError("--threads must be at least 1") } }
        guard !host.isEmpty else { throw ValidationError("--host must name an address") }
        let exporter = RenderExporter(timeline: timeline, renderOptions: renderOptions, limits: limits)
        for kind in ExportKind.allCases {
            do { _ = try RenderCommand.parse(exporter.arguments(kind, frame: 0, overwrite: false)) } catch {
                throw ValidationError("the render options after -- are not valid for a \(kind.rawValue.uppercased()) export: \(RenderCommand.message(for: error))")
            }
        }
    }

    func run() throws {
        let source = TimelineFileSource(path: timeline, limits: limits)
        let exporter = RenderExporter(timeline: timeline, renderOptions: renderOptions, limits: limits)
        let server = PreviewServer(
            source: source, exporter: exporter, host: host, port: port ?? 0,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        let finished = DispatchSemaphore(value: 0)
        let failure = Failure()
        Task {
            do {
                try await server.run { port in
                    FileHandle.standardOutput.write(Data((server.url(port: port) + "\n").utf8))
                }
            } catch {
                failure.error = error
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error {
            throw CommandFailure.invalid("cannot serve on \(host):\(port ?? 0): \(error)")
        }
    }

    /// The server's error, handed from its task to the waiting command.
    private final class Failure: @unchecked Sendable {
        var error: (any Error)?
    }
}
