import ArgumentParser

/// Every number given on the command line is read here, within bounds wide enough for any
/// real use and narrow enough that no arithmetic on it can overflow or trap: a whole number
/// lies within ±(2³¹ − 1) and a number with a fraction is finite and within ±10⁹. Scaled by
/// any frame rate (at most 240) or byte unit (at most 2³⁰), either stays far inside `Int`.
/// Each option then checks its own, narrower range.
enum CommandLineNumber {
    /// The largest whole number an option takes: 2³¹ − 1.
    static let largestWhole = Int(Int32.max)
    /// The largest magnitude of a number with a fraction: 10⁹.
    static let largestReal = 1e9

    /// A whole number within ±`largestWhole`; the error gives the range.
    static func whole(_ text: String) throws -> Int {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let n = Int(t), (-largestWhole...largestWhole).contains(n) else {
            if t.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }), t.contains(where: \.isNumber) {
                throw ValidationError("out of range; whole numbers here are at most \(largestWhole) in size")
            }
            throw ValidationError("not a whole number (from -\(largestWhole) to \(largestWhole))")
        }
        return n
    }

    /// `whole(_:)` for a number inside another option's value, the error naming `option`.
    static func whole(_ text: some StringProtocol, in option: String) throws -> Int {
        do { return try whole(String(text)) } catch let error as ValidationError {
            throw ValidationError("\(option): \(text) is \(error.message)")
        }
    }

    /// A finite number within ±`largestReal`; the error gives the range.
    static func real(_ text: String) throws -> Double {
        guard let x = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("not a number (a finite one from -\(Int(largestReal)) to \(Int(largestReal)))")
        }
        guard x.isFinite, abs(x) <= largestReal else {
            throw ValidationError("out of range; numbers here are finite and at most \(Int(largestReal)) in size")
        }
        return x
    }

    /// `real(_:)` for a number inside another option's value, the error naming `option`.
    static func real(_ text: some StringProtocol, in option: String) throws -> Double {
        do { return try real(String(text)) } catch let error as ValidationError {
            throw ValidationError("\(option): \(text) is \(error.message)")
        }
    }
}
