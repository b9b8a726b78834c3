import Export
import Foundation
import GIF
import Timeline

/// `--max-size`: finds the best GIF that fits a byte budget.
///
/// A ladder of settings runs from the requested ones down to 16 colours at a third of the
/// frame rate and a quarter of the scale, each rung costing some quality: first more
/// lossiness, then dithering (patterns compress badly), then colours, then frame rate
/// (halved only from 20 fps up), then scale. Size falls, near enough, monotonically down the ladder, so a binary search
/// finds the first rung that fits in about log₂(12) ≈ 4 renders after the first. Each
/// attempt is a complete render to its own temporary file beside the output; the winner is
/// renamed into place and the others removed.
struct GIFBudget {
    let command: RenderCommand
    let budget: Int

    /// One rung: colours, dithering, lossiness, frame-rate divisor and scale factor.
    struct Rung: CustomStringConvertible {
        var colors: Int
        var dither: Dither
        var lossy: Int
        var fpsDivisor: Int
        var scale: Double

        var description: String {
            "at most \(colors) colours, \(dither == .none ? "no" : dither.rawValue) dithering, lossy \(lossy), 1/\(fpsDivisor) frame rate, scale ×\(String(format: "%.2f", scale))"
        }
    }

    static func ladder(colors: Int, dither: Dither, lossy: Int, fps: Int) -> [Rung] {
        let half = fps >= 20 ? 2 : 1
        let third = fps >= 30 ? 3 : half
        let more = max(lossy, 32)
        var rungs = [Rung(colors: colors, dither: dither, lossy: lossy, fpsDivisor: 1, scale: 1)]
        if lossy < more { rungs.append(Rung(colors: colors, dither: dither, lossy: more, fpsDivisor: 1, scale: 1)) }
        if dither != .none { rungs.append(Rung(colors: colors, dither: .none, lossy: more, fpsDivisor: 1, scale: 1)) }
        for c in [192, 128] where c < colors { rungs.append(Rung(colors: c, dither: .none, lossy: more, fpsDivisor: 1, scale: 1)) }
        let c = min(colors, 128)
        rungs += [
            Rung(colors: c, dither: .none, lossy: more, fpsDivisor: half, scale: 1),
            Rung(colors: min(c, 96), dither: .none, lossy: more, fpsDivisor: half, scale: 0.85),
            Rung(colors: min(c, 64), dither: .none, lossy: more, fpsDivisor: half, scale: 0.75),
            Rung(colors: min(c, 64), dither: .none, lossy: more, fpsDivisor: half, scale: 0.6),
            Rung(colors: min(c, 48), dither: .none, lossy: more, fpsDivisor: third, scale: 0.5),
            Rung(colors: min(c, 32), dither: .none, lossy: more, fpsDivisor: third, scale: 0.4),
            Rung(colors: min(c, 32), dither: .none, lossy: more, fpsDivisor: third, scale: 0.3),
            Rung(colors: min(c, 16), dither: .none, lossy: more, fpsDivisor: third, scale: 0.25),
        ]
        return rungs
    }

    func fit(_ document: TimelineDocument) throws {
        let output = command.output
        let rungs = Self.ladder(colors: command.colors, dither: Dither(rawValue: command.dither)!, lossy: command.lossy, fps: document.fps)
        let folder = FilePath.directory(of: output)
        let name = FilePath.name(of: output)
        func attemptPath(_ i: Int) -> String {
            (folder.isEmpty ? "" : folder + "/") + ".\(name).fit-\(i).partial-\(getpid())"
        }
        // Replaced only if there when the fit began (--overwrite), never if it appears meanwhile.
        var info = stat()
        let replacing = lstat(output, &info) == 0 ? info.st_mode & 0o7777 : nil
        var sizes: [Int: Int] = [:]
        defer { for i in sizes.keys { unlink(attemptPath(i)) } }
        func attempt(_ i: Int) throws -> Int {
            let rung = rungs[i]
            var variant = document
            variant.fps = max(document.fps / rung.fpsDivisor, 1)
            variant.scene.scale = document.scene.scale * rung.scale
            let settings = command.settings(for: variant, firstFrame: 0, colors: rung.colors, dither: rung.dither, lossy: rung.lossy)
            try command.render(variant, range: 0..<variant.frameCount, format: .gif, to: attemptPath(i), settings: settings,
                               label: "max-size: \(rung) (\(settings.width)×\(settings.height), \(variant.fps) fps)")
            let size = (try FileManager.default.attributesOfItem(atPath: attemptPath(i))[.size] as? Int) ?? Int.max
            sizes[i] = size
            return size
        }
        var best: Int?
        if try attempt(0) <= budget {
            best = 0
        } else {
            var low = 1
            var high = rungs.count - 1
            while low <= high {
                let middle = (low + high) / 2
                if try attempt(middle) <= budget {
                    best = middle
                    high = middle - 1
                } else {
                    low = middle + 1
                }
            }
        }
        guard let best else {
            let smallest = sizes.values.min() ?? 0
            throw CommandFailure.output("\(output): no GIF fits in \(ByteCount.format(budget)); the smallest tried (\(rungs.last!)) was \(ByteCount.format(smallest))")
        }
        do { try AtomicFile.move(attemptPath(best), to: output, replacing: replacing) } catch { throw CommandFailure.output(error.description) }
        sizes[best] = nil
        if !command.quiet {
            command.note("wrote \(output): \(rungs[best]), \(ByteCount.format(sizes.isEmpty ? 0 : (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int).flatMap { $0 } ?? 0)) of \(ByteCount.format(budget)) allowed")
        }
    }
}
