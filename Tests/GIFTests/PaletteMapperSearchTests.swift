@testable import GIF
import Raster
import XCTest

/// The mapper visits only entries near a colour's red; it must resolve every colour exactly
/// as a scan of all entries does (nearest entry, dithering partner and share, near entries),
/// ties included.
final class PaletteMapperSearchTests: XCTestCase {
    /// The full scans: nearest (ties to the lowest index), then the partner whose segment
    /// passes closest (ties to the lowest index), as `PaletteMapper` defines them.
    private func referenceWord(_ entries: [(Int, Int, Int)], _ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        var best = 0
        var bestDistance = Int.max
        for (index, e) in entries.enumerated() {
            let d = (e.0 - r) * (e.0 - r) + (e.1 - g) * (e.1 - g) + (e.2 - b) * (e.2 - b)
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        var partner = best
        var share = 0
        if bestDistance > PaletteMapper.ditherFloor {
            let c = entries[best]
            var bestResidual = Double(bestDistance)
            let reach = max(PaletteMapper.mixRadius * PaletteMapper.mixRadius, 16 * bestDistance)
            for (index, e) in entries.enumerated() where index != best {
                let (dx, dy, dz) = (e.0 - c.0, e.1 - c.1, e.2 - c.2)
                let length = dx * dx + dy * dy + dz * dz
                guard length <= reach else { continue }
                let t = Double((r - c.0) * dx + (g - c.1) * dy + (b - c.2) * dz) / Double(length)
                guard t > 0, t < 1 else { continue }
                let (px, py, pz) = (Double(r - c.0) - t * Double(dx), Double(g - c.1) - t * Double(dy), Double(b - c.2) - t * Double(dz))
                let residual = px * px + py * py + pz * pz
                if residual < bestResidual {
                    bestResidual = residual
                    partner = index
                    share = Int((t * 255).rounded())
                }
            }
        }
        return 0x8000_0000 | UInt32(share) << 16 | UInt32(partner) << 8 | UInt32(best)
    }

    private func referenceAlternatives(_ entries: [(Int, Int, Int)], _ r: Int, _ g: Int, _ b: Int, nearest: Int, tolerance: Int) -> UInt32 {
        var found: [(Int, Int)] = []
        for (index, e) in entries.enumerated() where index != nearest {
            let d = (e.0 - r) * (e.0 - r) + (e.1 - g) * (e.1 - g) + (e.2 - b) * (e.2 - b)
            if d <= tolerance { found.append((d, index)) }
        }
        found.sort { $0 < $1 }
        var resolved: UInt32 = 0x8000_0000 | UInt32(min(found.count, 3)) << 24
        for (j, entry) in found.prefix(3).enumerated() { resolved |= UInt32(entry.1) << (8 * UInt32(j)) }
        return resolved
    }

    private func check(_ colors: [RGB8], tolerance: Int, samples: [(Int, Int, Int)], file: StaticString = #filePath, line: UInt = #line) {
        let palette = Palette(deduplicating: colors)
        let entries = palette.colors.map { (Int($0.r), Int($0.g), Int($0.b)) }
        let mapper = PaletteMapper(palette: palette, tolerance: tolerance)
        var mismatches = 0
        for (r, g, b) in samples {
            let word = mapper.word(UInt8(r), UInt8(g), UInt8(b))
            let expected = referenceWord(entries, r, g, b)
            let near = mapper.alternatives(UInt8(r), UInt8(g), UInt8(b))
            let expectedNear = referenceAlternatives(entries, r, g, b, nearest: Int(expected & 0xFF), tolerance: tolerance)
            if word != expected || near != expectedNear {
                mismatches += 1
                if mismatches <= 5 {
                    XCTFail("colour (\(r), \(g), \(b)): word \(String(word, radix: 16)) expected \(String(expected, radix: 16)), near \(String(near, radix: 16)) expected \(String(expectedNear, radix: 16))", file: file, line: line)
                }
            }
        }
    }

    func testRandomPalettesResolveAsTheFullScan() {
        var generator = SystemRandomNumberGenerator()
        func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        for size in [2, 7, 31, 100, 255] {
            let colors = (0..<size).map { _ in RGB8(r: UInt8(random(0...255)), g: UInt8(random(0...255)), b: UInt8(random(0...255))) }
            let samples = (0..<3000).map { _ in (random(0...255), random(0...255), random(0...255)) }
            check(colors, tolerance: 256, samples: samples)
            check(colors, tolerance: 4096, samples: samples)
        }
    }

    func testLatticePalettesWithTiesResolveAsTheFullScan() {
        // Entries on a coarse grid: many colours lie at equal distances from several entries,
        // and along segments between them, so every tie rule is exercised.
        var colors: [RGB8] = []
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 85) {
                for b in stride(from: 0, through: 255, by: 85) { colors.append(RGB8(r: UInt8(r), g: UInt8(g), b: UInt8(b))) }
            }
        }
        var samples: [(Int, Int, Int)] = []
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 51) { samples.append((r, g, b)) }
            }
        }
        check(colors, tolerance: 256, samples: samples)
        check(colors, tolerance: 3000, samples: samples)
        // A gradient's worth of close entries, as rendered animations have.
        var ramp: [RGB8] = []
        for k in 0..<200 {
            let (r, g, b) = (20 + k, 200 - k / 2, 90 + k % 7 * 3)
            ramp.append(RGB8(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
        }
        var rampSamples: [(Int, Int, Int)] = []
        for r in 0..<256 { rampSamples += [(r, 150, 100), (r, 120, 95), (r, 200, 90)] }
        check(ramp, tolerance: 256, samples: rampSamples)
    }
}
