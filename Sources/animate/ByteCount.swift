import ArgumentParser
import Foundation

/// File sizes as people write them: `2MB`, `500KB`, `1.5MiB`, `800k`, `123456`.
/// KB, MB and GB are powers of 1000; KiB, MiB and GiB (and a bare k, m or g) powers of 1024.
enum ByteCount {
    /// The largest size taken: 1 TB.
    static let largest = 1_000_000_000_000

    /// The bytes `text` stands for, from 1 to `largest`; the error, naming `option`, says what is wrong.
    static func parse(_ text: String, option: String) throws -> Int {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [
            ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824), ("kb", 1e3), ("mb", 1e6), ("gb", 1e9),
            ("k", 1024), ("m", 1_048_576), ("g", 1_073_741_824), ("b", 1),
        ]
        let (number, factor) = units.first { t.hasSuffix($0.0) }.map { (String(t.dropLast($0.0.count)).trimmingCharacters(in: .whitespaces), $0.1) } ?? (t, 1)
        guard let value = Double(number) else {
            throw ValidationError("\(option) must look like 2MB, 500KB, 1.5MiB or a number of bytes")
        }
        let bytes = value * factor
        guard bytes >= 1, bytes <= Double(largest) else {
            throw ValidationError("\(option) \(text) is out of range: from 1 byte to at most 1TB")
        }
        return Int(bytes)
    }

    /// `bytes` as a count of bytes below 1 KiB, in KiB or MiB with one decimal above.
    static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        return bytes >= 1 << 20 ? String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
