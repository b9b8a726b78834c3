// Reads an animation written in SwiftUI's spelling, as in the timeline format:
//
//   animation := [ "Animation" ] [ "." ] call { "." call }
//   call      := name [ "(" [ argument { "," argument } ] ")" ]
//   argument  := [ label ":" ] ( number | "true" | "false" )
//
// The first call names the curve, the others are modifiers, applied in the
// order written. Whitespace may appear between any two tokens. Each name has
// one or more overloads (parameter lists, as in SwiftUI); an overload matches
// when every written label is one of its parameters, unlabelled arguments
// fill its unlabelled parameters in order, and every parameter without a
// default is given. Labelled arguments may come in any order. When no
// overload matches, the error of the overload that matched the most labels
// is reported, with a suggestion for a misspelt name or label.
//
// Offsets count Unicode scalars from the start of the source.

struct AnimationParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    // MARK: Grammar

    mutating func parse() throws(AnimationSyntaxError) -> Animation {
        skipWhitespace()
        if scalars.isEmpty || position == scalars.count {
            throw AnimationSyntaxError(message: "expected an animation such as \"easeInOut(duration: 1)\"", offset: position)
        }
        let start = position
        if let word = peekIdentifier(), word == "Animation" {
            position += word.unicodeScalars.count
            skipWhitespace()
            if peek() == "." {
                position += 1
            } else {
                position = start
            }
        } else if peek() == "." {
            position += 1
        }
        let call = try parseCall(role: "curve")
        var animation = Animation(base: try Self.resolveBase(call))
        while true {
            skipWhitespace()
            guard position < scalars.count else { break }
            guard peek() == "." else {
                throw AnimationSyntaxError(
                    message: "expected \".\" and a modifier such as \".delay(1)\", found \"\(scalars[position])\"",
                    offset: position
                )
            }
            position += 1
            let modifierCall = try parseCall(role: "modifier")
            animation.modifiers.append(try Self.resolveModifier(modifierCall))
        }
        return animation
    }

    private struct Call {
        var name: String
        var nameOffset: Int
        var arguments: [Argument]
        var closeOffset: Int
    }

    private struct Argument {
        enum Value {
            case number(Double, integral: Bool)
            case boolean(Bool)
        }
        var label: String?
        var labelOffset: Int
        var value: Value
        var valueOffset: Int
    }

    private mutating func parseCall(role: String) throws(AnimationSyntaxError) -> Call {
        skipWhitespace()
        let nameOffset = position
        guard let name = peekIdentifier() else {
            let found = position < scalars.count ? "\"\(scalars[position])\"" : "the end"
            throw AnimationSyntaxError(message: "expected a \(role) name, found \(found)", offset: position)
        }
        position += name.unicodeScalars.count
        let afterName = position
        skipWhitespace()
        guard peek() == "(" else {
            position = afterName
            return Call(name: name, nameOffset: nameOffset, arguments: [], closeOffset: afterName)
        }
        position += 1
        var arguments: [Argument] = []
        skipWhitespace()
        if peek() == ")" {
            let close = position
            position += 1
            return Call(name: name, nameOffset: nameOffset, arguments: [], closeOffset: close)
        }
        while true {
            arguments.append(try parseArgument())
            skipWhitespace()
            if peek() == "," {
                position += 1
                continue
            }
            if peek() == ")" {
                let close = position
                position += 1
                return Call(name: name, nameOffset: nameOffset, arguments: arguments, closeOffset: close)
            }
            let found = position < scalars.count ? "\"\(scalars[position])\"" : "the end"
            throw AnimationSyntaxError(message: "expected \",\" or \")\" in the arguments of \(name), found \(found)", offset: position)
        }
    }

    private mutating func parseArgument() throws(AnimationSyntaxError) -> Argument {
        skipWhitespace()
        let start = position
        var label: String?
        if let word = peekIdentifier(), word != "true", word != "false" {
            position += word.unicodeScalars.count
            skipWhitespace()
            guard peek() == ":" else {
                throw AnimationSyntaxError(
                    message: "expected \":\" after the argument label \"\(word)\"",
                    offset: position
                )
            }
            position += 1
            label = word
            skipWhitespace()
        }
        let valueOffset = position
        if let word = peekIdentifier() {
            if word == "true" || word == "false" {
                position += word.unicodeScalars.count
                return Argument(label: label, labelOffset: start, value: .boolean(word == "true"), valueOffset: valueOffset)
            }
            throw AnimationSyntaxError(message: "expected a number or true or false, found \"\(word)\"", offset: valueOffset)
        }
        guard let (value, integral) = scanNumber() else {
            let found = position < scalars.count ? "\"\(scalars[position])\"" : "the end"
            throw AnimationSyntaxError(message: "expected a number, found \(found)", offset: valueOffset)
        }
        guard value.isFinite else {
            throw AnimationSyntaxError(message: "the number is too large", offset: valueOffset)
        }
        return Argument(label: label, labelOffset: start, value: .number(value, integral: integral), valueOffset: valueOffset)
    }

    // MARK: Tokens

    private func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func skipWhitespace() {
        while let scalar = peek(), scalar.properties.isWhitespace {
            position += 1
        }
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
    }

    private static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    private func peekIdentifier() -> String? {
        guard let first = peek(), Self.isIdentifierStart(first) else { return nil }
        var end = position + 1
        while end < scalars.count, Self.isIdentifierContinuation(scalars[end]) {
            end += 1
        }
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars[position..<end])
        return String(word)
    }

    /// Scans `[+-]digits[.digits][e[+-]digits]`; nil (and no move) when no
    /// number starts here.
    private mutating func scanNumber() -> (Double, Bool)? {
        let start = position
        var end = position
        func digits(from index: Int) -> Int {
            var index = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                index += 1
            }
            return index
        }
        if end < scalars.count, scalars[end] == "-" || scalars[end] == "+" {
            end += 1
        }
        let integerEnd = digits(from: end)
        guard integerEnd > end else { return nil }
        end = integerEnd
        var integral = true
        if end + 1 < scalars.count, scalars[end] == ".", ("0"..."9").contains(scalars[end + 1]) {
            end = digits(from: end + 1)
            integral = false
        }
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            var exponent = end + 1
            if exponent < scalars.count, scalars[exponent] == "-" || scalars[exponent] == "+" {
                exponent += 1
            }
            let exponentEnd = digits(from: exponent)
            if exponentEnd > exponent {
                end = exponentEnd
                integral = false
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<end])
        guard let value = Double(String(text)) else { return nil }
        position = end
        return (value, integral || value == value.rounded())
    }

    // MARK: Overloads

    private struct Parameter: Sendable {
        enum Kind: Sendable {
            case number
            case integer
            case boolean
        }

        var label: String?
        /// What an unlabelled parameter is called in messages (`count`).
        var name: String
        var kind: Kind
        var defaultValue: Double?
        /// Returns a complaint (`must be at least 0`) or nil when the value is allowed.
        var check: @Sendable (Double) -> String?

        /// The parameter as a Swift signature writes it: `duration:` or `_:`.
        var spelling: String {
            "\(label ?? "_"):"
        }
    }

    private struct Overload<Result>: Sendable {
        var parameters: [Parameter]
        var build: @Sendable ([Double]) -> Result
    }

    private static let anyValue: @Sendable (Double) -> String? = { _ in nil }
    private static let nonNegative: @Sendable (Double) -> String? = { $0 >= 0 ? nil : "must be at least 0" }
    private static let positive: @Sendable (Double) -> String? = { $0 > 0 ? nil : "must be greater than 0" }
    private static let atLeastOne: @Sendable (Double) -> String? = { $0 >= 1 ? nil : "must be at least 1" }
    private static let bounceRange: @Sendable (Double) -> String? = {
        $0 > -1 && $0 <= 1 ? nil : "must be greater than -1 and at most 1"
    }

    private static func number(
        _ label: String, default value: Double? = nil, _ check: @escaping @Sendable (Double) -> String? = anyValue
    ) -> Parameter {
        Parameter(label: label, name: label, kind: .number, defaultValue: value, check: check)
    }

    private static func unlabelled(_ name: String, _ check: @escaping @Sendable (Double) -> String? = anyValue) -> Parameter {
        Parameter(label: nil, name: name, kind: .number, defaultValue: nil, check: check)
    }

    private static func count(_ name: String) -> Parameter {
        Parameter(label: nil, name: name, kind: .integer, defaultValue: nil, check: atLeastOne)
    }

    private static func boolean(_ label: String, default value: Bool) -> Parameter {
        Parameter(label: label, name: label, kind: .boolean, defaultValue: value ? 1 : 0, check: anyValue)
    }

    private static let duration = number("duration", default: Animation.defaultDuration, nonNegative)

    private static func timing(_ curve: UnitCurve) -> [Overload<Animation.Base>] {
        [Overload(parameters: [duration]) { .timingCurve(curve, duration: $0[0]) }]
    }

    private static func preset(bounce: Double) -> [Overload<Animation.Base>] {
        [
            Overload(parameters: [number("duration", default: 0.5, positive), number("extraBounce", default: 0)]) {
                Animation.spring(duration: $0[0], bounce: bounce + $0[1]).base
            },
        ]
    }

    private static let timingCurveOverloads: [Overload<Animation.Base>] = [
        Overload(parameters: [unlabelled("c0x"), unlabelled("c0y"), unlabelled("c1x"), unlabelled("c1y"), duration]) {
            .timingCurve(.bezier($0[0], $0[1], $0[2], $0[3]), duration: $0[4])
        },
    ]

    private static let bases: [String: [Overload<Animation.Base>]] = {
        var table: [String: [Overload<Animation.Base>]] = [
            "linear": timing(.linear),
            "easeIn": timing(.easeIn),
            "easeOut": timing(.easeOut),
            "easeInOut": timing(.easeInOut),
            "timingCurve": timingCurveOverloads,
            "cubicBezier": timingCurveOverloads,
            "steps": [
                Overload(parameters: [count("count"), duration]) { .timingCurve(.steps(Int($0[0])), duration: $0[1]) },
            ],
            // As in SwiftUI, the duration-and-bounce overload wins when the
            // labels do not decide (`spring`, `spring()`, `spring(blendDuration:)`).
            "spring": [
                Overload(parameters: [
                    number("duration", default: 0.5, positive), number("bounce", default: 0, bounceRange),
                    number("blendDuration", default: 0, nonNegative),
                ]) { Animation.spring(duration: $0[0], bounce: $0[1], blendDuration: $0[2]).base },
                Overload(parameters: [
                    number("response", default: 0.5, positive), number("dampingFraction", default: 0.825, nonNegative),
                    number("blendDuration", default: 0, nonNegative),
                ]) { .spring(response: $0[0], dampingFraction: $0[1], blendDuration: $0[2]) },
            ],
            "interactiveSpring": [
                Overload(parameters: [
                    number("duration", default: 0.15, positive), number("extraBounce", default: 0),
                    number("blendDuration", default: 0.25, nonNegative),
                ]) { Animation.interactiveSpring(duration: $0[0], extraBounce: $0[1], blendDuration: $0[2]).base },
                Overload(parameters: [
                    number("response", default: 0.15, positive), number("dampingFraction", default: 0.86, nonNegative),
                    number("blendDuration", default: 0.25, nonNegative),
                ]) { .spring(response: $0[0], dampingFraction: $0[1], blendDuration: $0[2]) },
            ],
            "interpolatingSpring": [
                Overload(parameters: [
                    number("duration", default: 0.5, positive), number("bounce", default: 0, bounceRange),
                    number("initialVelocity", default: 0),
                ]) { Animation.interpolatingSpring(duration: $0[0], bounce: $0[1], initialVelocity: $0[2]).base },
                Overload(parameters: [
                    number("mass", default: 1, positive), number("stiffness", positive), number("damping", nonNegative),
                    number("initialVelocity", default: 0),
                ]) { Animation.interpolatingSpring(mass: $0[0], stiffness: $0[1], damping: $0[2], initialVelocity: $0[3]).base },
            ],
            "smooth": preset(bounce: 0),
            "snappy": preset(bounce: 0.15),
            "bouncy": preset(bounce: 0.3),
            "default": [Overload(parameters: []) { _ in Animation.default.base }],
        ]
        for easing in PennerEasing.allCases {
            table[easing.rawValue] = timing(.penner(easing))
        }
        return table
    }()

    private static let modifiers: [String: [Overload<Animation.Modifier>]] = [
        "delay": [Overload(parameters: [unlabelled("delay", nonNegative)]) { .delay($0[0]) }],
        "speed": [Overload(parameters: [unlabelled("speed", positive)]) { .speed($0[0]) }],
        "repeatCount": [
            Overload(parameters: [count("repeatCount"), boolean("autoreverses", default: true)]) {
                .repeating(count: Int($0[0]), autoreverses: $0[1] != 0)
            },
        ],
        "repeatForever": [
            Overload(parameters: [boolean("autoreverses", default: true)]) {
                .repeating(count: nil, autoreverses: $0[0] != 0)
            },
        ],
    ]

    /// Every curve name the parser knows, sorted.
    static var curveNames: [String] {
        bases.keys.sorted()
    }

    /// Every modifier name the parser knows, sorted.
    static var modifierNames: [String] {
        modifiers.keys.sorted()
    }

    private static func resolveBase(_ call: Call) throws(AnimationSyntaxError) -> Animation.Base {
        guard let overloads = bases[call.name] else {
            if modifiers[call.name] != nil {
                throw AnimationSyntaxError(
                    message: "\"\(call.name)\" is a modifier; write it after a curve, as in \"easeInOut.\(call.name)(…)\"",
                    offset: call.nameOffset
                )
            }
            throw AnimationSyntaxError(
                message: "unknown curve \"\(call.name)\"" + Suggestion.hint(for: call.name, in: curveNames),
                offset: call.nameOffset
            )
        }
        return try resolve(call, overloads)
    }

    private static func resolveModifier(_ call: Call) throws(AnimationSyntaxError) -> Animation.Modifier {
        guard let overloads = modifiers[call.name] else {
            if bases[call.name] != nil {
                throw AnimationSyntaxError(
                    message: "\"\(call.name)\" is a curve, but an animation has only one curve; modifiers are \(modifierNames.joined(separator: ", "))",
                    offset: call.nameOffset
                )
            }
            throw AnimationSyntaxError(
                message: "unknown modifier \"\(call.name)\"" + Suggestion.hint(for: call.name, in: modifierNames),
                offset: call.nameOffset
            )
        }
        return try resolve(call, overloads)
    }

    private static func resolve<Result>(_ call: Call, _ overloads: [Overload<Result>]) throws(AnimationSyntaxError) -> Result {
        let allLabels = Array(Set(overloads.flatMap { $0.parameters.compactMap(\.label) })).sorted()
        var best: (matches: Int, error: AnimationSyntaxError)?
        for overload in overloads {
            switch bind(call, overload.parameters, allLabels: allLabels) {
            case .success(let values):
                return overload.build(values)
            case .failure(let failure):
                if failure.matches > (best?.matches ?? -1) {
                    best = (failure.matches, failure.error)
                }
            }
        }
        throw best?.error ?? AnimationSyntaxError(message: "cannot read \(call.name)", offset: call.nameOffset)
    }

    private struct BindingFailure: Error {
        var matches: Int
        var error: AnimationSyntaxError
    }

    private static func bind(_ call: Call, _ parameters: [Parameter], allLabels: [String]) -> Result<[Double], BindingFailure> {
        let matches = call.arguments.filter { argument in
            parameters.contains { $0.label != nil && $0.label == argument.label }
        }.count
        func failure(_ message: String, _ offset: Int) -> Result<[Double], BindingFailure> {
            .failure(BindingFailure(matches: matches, error: AnimationSyntaxError(message: message, offset: offset)))
        }
        let signature = "\(call.name)(\(parameters.map(\.spelling).joined()))"
        var values = [Double?](repeating: nil, count: parameters.count)
        var nextUnlabelled = 0
        for argument in call.arguments {
            let index: Int
            if let label = argument.label {
                guard let found = parameters.firstIndex(where: { $0.label == label }) else {
                    let hint = Suggestion.hint(for: label, in: allLabels)
                    let known = allLabels.isEmpty ? "it takes no labels" : "it takes " + allLabels.map { "\($0):" }.joined(separator: ", ")
                    return failure("unknown argument label \"\(label)\" for \(call.name)\(hint); \(known)", argument.labelOffset)
                }
                index = found
            } else {
                while nextUnlabelled < parameters.count, parameters[nextUnlabelled].label != nil {
                    nextUnlabelled += 1
                }
                guard nextUnlabelled < parameters.count else {
                    if let open = parameters.indices.first(where: { parameters[$0].label != nil && values[$0] == nil }) {
                        return failure("missing argument label \"\(parameters[open].spelling)\" in \(signature)", argument.valueOffset)
                    }
                    return failure("extra argument in \(signature)", argument.valueOffset)
                }
                index = nextUnlabelled
                nextUnlabelled += 1
            }
            let parameter = parameters[index]
            let name = parameter.name
            guard values[index] == nil else {
                return failure("\(name) is given twice", argument.labelOffset)
            }
            switch (parameter.kind, argument.value) {
            case (.boolean, .boolean(let flag)):
                values[index] = flag ? 1 : 0
            case (.boolean, .number):
                return failure("\(name) must be true or false", argument.valueOffset)
            case (_, .boolean):
                return failure("\(name) must be a number", argument.valueOffset)
            case (.integer, .number(let value, let integral)):
                guard integral else {
                    return failure("\(name) must be a whole number", argument.valueOffset)
                }
                if let complaint = parameter.check(value) {
                    return failure("\(name) \(complaint)", argument.valueOffset)
                }
                guard abs(value) < 1e9 else {
                    return failure("\(name) is too large", argument.valueOffset)
                }
                values[index] = value
            case (.number, .number(let value, _)):
                if let complaint = parameter.check(value) {
                    return failure("\(name) \(complaint)", argument.valueOffset)
                }
                values[index] = value
            }
        }
        var result: [Double] = []
        for (index, parameter) in parameters.enumerated() {
            if let value = values[index] ?? parameter.defaultValue {
                result.append(value)
            } else {
                let name = parameter.label.map { "\"\($0):\"" } ?? parameter.name
                return failure("missing argument \(name) in \(signature)", call.closeOffset)
            }
        }
        return .success(result)
    }
}
