import ArgumentParser
import Foundation
import Timeline

/// `animate check TIMELINE…`: validates without rendering.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate timelines without rendering; report each error with its JSON path and line:column.")

    @Argument(help: "Timeline files.")
    var timelines: [String]

    @OptionGroup var limits: TimelineOptions

    func run() throws {
        var failed = 0
        for path in timelines {
            do {
                let document = try limits.load(path)
                print("\(path): ok (\(document.scene.pixelWidth)×\(document.scene.pixelHeight), \(SummaryText.count(document.frameCount, "frame")))")
            } catch let failure as CommandFailure {
                FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
