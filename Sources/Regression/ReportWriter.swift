import Export
import FrameDiff
import Foundation
import Raster

/// Writes a comparison report to a folder: for each failing frame its expected,
/// difference and actual images, then `summary.json` (every measure, machine-readable)
/// and `index.html` (the same, to look at).
///
/// The folder must be new, empty, or an earlier report (it holds `summary.json`),
/// which is replaced; any other folder is refused rather than overwritten.
public final class ReportWriter {
    /// The report folder.
    public let directory: String

    /// Prepares `directory` for a new report.
    public init(directory: String) throws(RegressionError) {
        self.directory = directory
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .writing(path: directory, reason: "exists and is not a folder") }
            let contents = (try? fm.contentsOfDirectory(atPath: directory)) ?? []
            if !contents.isEmpty {
                guard contents.contains(Self.summaryName) else {
                    throw .writing(path: directory, reason: "the folder is not empty and holds no earlier report; choose a new folder")
                }
                for name in contents {
                    do { try fm.removeItem(atPath: (directory as NSString).appendingPathComponent(name)) } catch {
                        throw .writing(path: directory, reason: "cannot remove the earlier report's \(name)")
                    }
                }
            }
        }
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .writing(path: directory, reason: "cannot create the folder")
        }
    }

    /// The summary's file name.
    public static let summaryName = "summary.json"
    /// The page's file name.
    public static let pageName = "index.html"

    /// The page's path.
    public var pagePath: String { (directory as NSString).appendingPathComponent(Self.pageName) }

    /// Writes the three images of frame `frame` of the comparison `name`; returns their relative paths.
    public func writeImages(
        expected: Pixmap, actual: Pixmap, comparison: FrameComparison, name: String, frame: Int
    ) throws(RegressionError) -> ComparisonReport.FrameImages {
        let folder = Self.slug(name)
        do {
            try FileManager.default.createDirectory(
                atPath: (directory as NSString).appendingPathComponent(folder), withIntermediateDirectories: true)
        } catch {
            throw .writing(path: (directory as NSString).appendingPathComponent(folder), reason: "cannot create the folder")
        }
        let stem = folder + "/" + GoldenDirectory.fileName(frame: frame).dropLast(4)
        let images = ComparisonReport.FrameImages(expected: stem + "-expected.png", diff: stem + "-diff.png", actual: stem + "-actual.png")
        for (pixmap, file) in [(expected, images.expected), (DifferenceImage.render(comparison, expected: expected), images.diff), (actual, images.actual)] {
            let path = (directory as NSString).appendingPathComponent(file)
            do { try writePNG(pixmap, to: path) } catch { throw .writing(path: path, reason: error.description) }
        }
        return images
    }

    /// Writes `summary.json` and `index.html` for `reports`; `title` heads the page
    /// (the command that ran).
    public func finish(title: String, reports: [ComparisonReport]) throws(RegressionError) {
        let summary = ReportSummary(title: title, passed: reports.allSatisfy { $0.status == .passed }, comparisons: reports, environment: .current)
        try JSONFile.write(summary, to: (directory as NSString).appendingPathComponent(Self.summaryName))
        let page = ReportPage.html(summary)
        do {
            try Data(page.utf8).write(to: URL(fileURLWithPath: pagePath), options: .atomic)
        } catch {
            throw .writing(path: pagePath, reason: "\(error)")
        }
    }

    /// A name made safe as a relative folder: letters, digits, `-`, `_`, `.` and `/` kept, no `..`.
    static func slug(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./")
        let cleaned = String(name.map { allowed.contains($0) ? $0 : "_" })
        let parts = cleaned.split(separator: "/").filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        return parts.isEmpty ? "frames" : parts.joined(separator: "/")
    }
}

/// The content of `summary.json`.
public struct ReportSummary: Sendable, Codable {
    /// The command that ran.
    public var title: String
    /// Whether every comparison passed.
    public var passed: Bool
    /// One report per compared pair.
    public var comparisons: [ComparisonReport]
    /// The machine that ran the comparison.
    public var environment: RecordingEnvironment

    /// A summary from its parts.
    public init(title: String, passed: Bool, comparisons: [ComparisonReport], environment: RecordingEnvironment) {
        self.title = title
        self.passed = passed
        self.comparisons = comparisons
        self.environment = environment
    }
}
