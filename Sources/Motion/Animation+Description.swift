extension Animation: CustomStringConvertible {
    /// The animation in the timeline format's SwiftUI spelling, such that
    /// `Animation(parsing: a.description) == a`; presets print by name
    /// (`bouncy`, `easeInOut(duration: 2)`), other springs in the
    /// `response:dampingFraction:` form.
    public var description: String {
        var text = baseDescription
        for modifier in modifiers {
            switch modifier {
            case .delay(let delay):
                text += ".delay(\(formatNumber(delay)))"
            case .speed(let speed):
                text += ".speed(\(formatNumber(speed)))"
            case .repeating(let count, let autoreverses):
                let reverse = autoreverses ? "" : "autoreverses: false"
                if let count {
                    text += ".repeatCount(\(count)\(reverse.isEmpty ? "" : ", " + reverse))"
                } else {
                    text += ".repeatForever(\(reverse))"
                }
            }
        }
        return text
    }

    private var baseDescription: String {
        switch base {
        case .timingCurve(let curve, let duration):
            let durationArgument = duration == Animation.defaultDuration ? "" : "duration: \(formatNumber(duration))"
            let call = { (name: String, arguments: [String]) -> String in
                let all = arguments + (durationArgument.isEmpty ? [] : [durationArgument])
                return all.isEmpty ? name : "\(name)(\(all.joined(separator: ", ")))"
            }
            switch curve.storage {
            case .linear:
                return call("linear", [])
            case .bezier(let timing):
                for (name, preset) in [("easeIn", UnitCurve.easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut)] where preset == curve {
                    return call(name, [])
                }
                return call("timingCurve", [timing.c0x, timing.c0y, timing.c1x, timing.c1y].map(formatNumber))
            case .penner(let easing):
                return call(easing.rawValue, [])
            case .steps(let count):
                return call("steps", ["\(count)"])
            }
        case .spring(let response, let dampingFraction, let blendDuration):
            let presets: [(String, Animation)] = [
                ("spring", .spring), ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
                ("default", .default), ("interactiveSpring", .interactiveSpring),
            ]
            for (name, preset) in presets where preset.base == base {
                return name
            }
            var arguments = ["response: \(formatNumber(response))", "dampingFraction: \(formatNumber(dampingFraction))"]
            if blendDuration != 0 {
                arguments.append("blendDuration: \(formatNumber(blendDuration))")
            }
            return "spring(\(arguments.joined(separator: ", ")))"
        case .interpolatingSpring(let spring, let initialVelocity):
            var arguments: [String] = []
            if spring.mass != 1 {
                arguments.append("mass: \(formatNumber(spring.mass))")
            }
            arguments.append("stiffness: \(formatNumber(spring.stiffness))")
            arguments.append("damping: \(formatNumber(spring.damping))")
            if initialVelocity != 0 {
                arguments.append("initialVelocity: \(formatNumber(initialVelocity))")
            }
            return "interpolatingSpring(\(arguments.joined(separator: ", ")))"
        }
    }
}

/// The shortest spelling that reads back as the same `Double`: integers
/// without a fraction (`2`), others as Swift prints them (`0.35`, `1e-05`).
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int(value))
    }
    return "\(value)"
}
