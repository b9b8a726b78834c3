extension Animation {
    /// Reads an animation in SwiftUI's spelling, as the timeline format
    /// writes it: `"easeInOut(duration: 2)"`, `".bouncy"`,
    /// `"spring(response: 0.5, dampingFraction: 0.6)"`,
    /// `"linear(duration: 4).repeatForever(autoreverses: false)"`,
    /// `"timingCurve(0.2, 0.8, 0.2, 1, duration: 1)"`, `"steps(4)"`,
    /// `"easeOutBack(duration: 1)"`. A leading `.` or `Animation.` is allowed.
    ///
    /// - Throws: `AnimationSyntaxError` locating the first problem, with a
    ///   suggestion for misspelt curve names, modifiers and labels.
    public init(parsing source: String) throws(AnimationSyntaxError) {
        var parser = AnimationParser(source)
        self = try parser.parse()
    }

    /// Every curve name `init(parsing:)` accepts, sorted.
    public static var curveNames: [String] {
        AnimationParser.curveNames
    }

    /// Every modifier name `init(parsing:)` accepts, sorted.
    public static var modifierNames: [String] {
        AnimationParser.modifierNames
    }
}
