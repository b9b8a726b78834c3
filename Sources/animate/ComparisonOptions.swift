import Foundation
import ArgumentParser
import FrameDiff

/// The tolerance options of `diff` and `test`, in perceptual units.
struct ComparisonOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("A pixel differs when its colour difference exceeds this (CIEDE2000; 1 is about one just-noticeable difference).", valueName: "ΔE"), transform: CommandLineNumber.real)
    var threshold: Double = Tolerance.default.pixelThreshold

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest allowed cluster of touching differing pixels, or 'none'.", valueName: "pixels"), transform: Limit.parse)
    var maxCluster: Limit = Limit(Tolerance.default.maxClusterSize.map(Double.init))

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest allowed number of differing pixels per frame, or 'none'.", valueName: "pixels"), transform: Limit.parse)
    var maxDiffPixels: Limit = Limit(nil)

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest allowed share of differing pixels per frame: a fraction, a percentage such as 0.1%, or 'none'.", valueName: "share"), transform: Limit.parse)
    var maxDiffShare: Limit = Limit(Tolerance.default.maxDifferingShare)

    @Option(parsing: .unconditional, help: ArgumentHelp("Lowest allowed mean SSIM per frame, or 'none'.", valueName: "ssim"), transform: Limit.parse)
    var minSSIM: Limit = Limit(nil)

    @Option(parsing: .unconditional, help: ArgumentHelp("How far an edge may move and pass as anti-aliasing, in pixels (the coverage changes across it added up), or 'none'.", valueName: "pixels"))
    var maxEdgeShift: Limit = Limit(Tolerance.default.maxEdgeShift)

    @Flag(help: "Do not tolerate anti-aliasing: an edge moved by a fraction of a pixel differs.")
    var strictEdges = false

    @Flag(help: "Fail on any changed byte (no threshold, no anti-aliasing allowance, no budget).")
    var exact = false

    @Option(parsing: .unconditional, help: ArgumentHelp("How far parameter values may depart before motion differs (absolute, and relative to the value).", valueName: "amount"), transform: CommandLineNumber.real)
    var traceTolerance: Double = TraceTolerance.default.absolute

    func validate() throws {
        guard threshold >= 0, threshold.isFinite else { throw ValidationError("--threshold must be 0 or more") }
        if let v = maxCluster.value { guard v >= 0, v == v.rounded() else { throw ValidationError("--max-cluster must be a whole number or 'none'") } }
        if let v = maxDiffPixels.value { guard v >= 0, v == v.rounded() else { throw ValidationError("--max-diff-pixels must be a whole number or 'none'") } }
        if let v = maxDiffShare.value { guard (0...1).contains(v) else { throw ValidationError("--max-diff-share must be from 0 to 1 (or 0% to 100%)") } }
        if let v = maxEdgeShift.value { guard v >= 0 else { throw ValidationError("--max-edge-shift must be 0 or more, or 'none'") } }
        if let v = minSSIM.value { guard (-1...1).contains(v) else { throw ValidationError("--min-ssim must be from -1 to 1") } }
        guard traceTolerance >= 0, traceTolerance.isFinite else { throw ValidationError("--trace-tolerance must be 0 or more") }
    }

    /// The tolerance the options describe.
    var tolerance: Tolerance {
        if exact { return .exact }
        return Tolerance(
            pixelThreshold: threshold, toleratesAntialiasing: !strictEdges, maxEdgeShift: maxEdgeShift.value, maxClusterSize: maxCluster.value.map { Int($0) },
            maxDifferingPixels: maxDiffPixels.value.map { Int($0) }, maxDifferingShare: maxDiffShare.value, minimumSSIM: minSSIM.value)
    }

    /// The trace tolerance the options describe.
    var traces: TraceTolerance {
        TraceTolerance(absolute: traceTolerance, relative: traceTolerance)
    }
}

/// A number, or `none` for no limit; a trailing `%` divides by 100.
struct Limit: ExpressibleByArgument {
    var value: Double?

    init(_ value: Double?) {
        self.value = value
    }

    init?(argument: String) {
        guard let limit = try? Self.parse(argument) else { return nil }
        self = limit
    }

    /// `none` or `off`, or a number as `CommandLineNumber.real` reads it, with an optional `%`.
    @Sendable static func parse(_ argument: String) throws -> Limit {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "none" || text == "off" { return Limit(nil) }
        let percent = text.hasSuffix("%")
        let number = try CommandLineNumber.real(percent ? String(text.dropLast()) : text)
        return Limit(percent ? number / 100 : number)
    }

    var defaultValueDescription: String {
        guard let value else { return "none" }
        return value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
    }
}
