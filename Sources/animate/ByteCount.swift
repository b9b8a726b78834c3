import Foundation

/// File sizes as people write them: `2MB`, `500KB`, `1.5MiB`, `800k`, `123456`.
/// KB, MB and GB are powers of 1000; KiB, MiB and GiB (and a bare k, m or g) powers of 1024.
enum ByteCount {
    static func parse(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [
            ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824), ("kb", 1e3), ("mb", 1e6), ("gb", 1e9),
            ("k", 1024), ("m", 1_048_576), ("g", 1_073_741_824), ("b", 1),
        ]
        for (suffix, factor) in units where t.hasSuffix(suffix) {
            guard let value = Double(t.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
            return Int(value * factor)
        }
        guard let value = Int(t), value > 0 else { return nil }
        return value
    }

    /// `bytes` as a count of bytes below 1 KiB, in KiB or MiB with one decimal above.
    static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        return bytes >= 1 << 20 ? String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
