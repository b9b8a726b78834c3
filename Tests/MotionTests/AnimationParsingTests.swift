import XCTest

@testable import Motion

final class AnimationParsingTests: XCTestCase {
    private func parse(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Animation? {
        do {
            return try Animation(parsing: source)
        } catch {
            XCTFail("\(source): \(error)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> AnimationSyntaxError? {
        do {
            let animation = try Animation(parsing: source)
            XCTFail("\(source) should not parse, but gave \(animation)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testTheFormatsSpellingsReadAsSwiftUIWouldBuildThem() {
        let expectations: [(String, Animation)] = [
            ("easeInOut(duration: 2)", .easeInOut(duration: 2)),
            ("spring(response: 0.5, dampingFraction: 0.6)", .spring(response: 0.5, dampingFraction: 0.6)),
            (".easeInOut", .easeInOut),
            ("easeInOut()", .easeInOut),
            ("linear(duration: 4).repeatForever(autoreverses: false)", Animation.linear(duration: 4).repeatForever(autoreverses: false)),
            ("bouncy(duration: 0.4, extraBounce: 0.1)", .bouncy(duration: 0.4, extraBounce: 0.1)),
            ("timingCurve(0.2, 0.8, 0.2, 1, duration: 1)", .timingCurve(0.2, 0.8, 0.2, 1, duration: 1)),
            ("cubicBezier(0.2, 0.8, 0.2, 1, duration: 1)", .timingCurve(0.2, 0.8, 0.2, 1, duration: 1)),
            ("timingCurve(0.2, 0.8, 0.2, 1)", .timingCurve(0.2, 0.8, 0.2, 1)),
            ("steps(4)", .steps(4)),
            ("steps(4, duration: 2)", .steps(4, duration: 2)),
            ("easeOutBack(duration: 1)", .penner(.easeOutBack, duration: 1)),
            ("spring(duration: 0.5, bounce: 0.3)", .spring(duration: 0.5, bounce: 0.3)),
            ("spring(duration: 0.8, bounce: -0.4, blendDuration: 0.1)", .spring(duration: 0.8, bounce: -0.4, blendDuration: 0.1)),
            ("spring(dampingFraction: 0.5)", .spring(response: 0.5, dampingFraction: 0.5)),
            ("interpolatingSpring(stiffness: 100, damping: 10)", .interpolatingSpring(stiffness: 100, damping: 10)),
            ("interpolatingSpring(mass: 2, stiffness: 100, damping: 10, initialVelocity: 3)",
             .interpolatingSpring(mass: 2, stiffness: 100, damping: 10, initialVelocity: 3)),
            ("interpolatingSpring(duration: 0.3, bounce: 0.2)", .interpolatingSpring(duration: 0.3, bounce: 0.2)),
            ("interpolatingSpring", .interpolatingSpring),
            ("smooth", .smooth), ("snappy()", .snappy), (".bouncy", .bouncy),
            ("snappy(extraBounce: 0.05)", .snappy(duration: 0.5, extraBounce: 0.05)),
            ("default", .default), ("Animation.default", .default), (".default", .default),
            ("interactiveSpring", .interactiveSpring),
            ("interactiveSpring(response: 0.2)", .interactiveSpring(response: 0.2, dampingFraction: 0.86, blendDuration: 0.25)),
            ("easeIn.delay(0.5).speed(2)", Animation.easeIn.delay(0.5).speed(2)),
            ("easeIn.repeatCount(3)", Animation.easeIn.repeatCount(3, autoreverses: true)),
            ("easeIn.repeatCount(3, autoreverses: false)", Animation.easeIn.repeatCount(3, autoreverses: false)),
            ("easeIn.repeatForever()", Animation.easeIn.repeatForever(autoreverses: true)),
            ("  easeIn ( duration : 1e-1 ) . delay ( 1 ) ", Animation.easeIn(duration: 0.1).delay(1)),
        ]
        for (source, expected) in expectations {
            XCTAssertEqual(parse(source), expected, source)
        }
    }

    func testBareSpringIsTheIOS17DurationAndBounceOverload() throws {
        let bare = try XCTUnwrap(parse("spring"))
        XCTAssertEqual(bare, .spring)
        XCTAssertEqual(parse("spring()"), bare)
        XCTAssertEqual(bare, .spring(duration: 0.5, bounce: 0))
        XCTAssertEqual(bare.underlyingSpring?.dampingRatio ?? 0, 1, accuracy: 1e-12)
        XCTAssertEqual(parse("spring(response: 0.5)")?.underlyingSpring?.dampingRatio ?? 0, 0.825, accuracy: 1e-12)
    }

    func testEveryCurveNameParsesAlone() {
        for name in Animation.curveNames where !["timingCurve", "cubicBezier", "steps"].contains(name) {
            XCTAssertNotNil(parse(name), name)
            XCTAssertNotNil(parse("." + name + "()"), name)
        }
        for easing in PennerEasing.allCases {
            XCTAssertEqual(parse("\(easing.rawValue)(duration: 0.7)"), .penner(easing, duration: 0.7))
        }
    }

    func testDescriptionsReadBackAsTheSameAnimation() {
        var animations: [Animation] = [
            .linear, .easeIn(duration: 2), .easeOut, .easeInOut(duration: 0.1), .timingCurve(0.1, 0.7, 0.3, 1.2, duration: 3),
            .steps(7), .steps(2, duration: 1.5), .spring, .smooth, .snappy, .bouncy, .default, .interactiveSpring,
            .spring(response: 0.3, dampingFraction: 0.4), .spring(duration: 0.25, bounce: 0.3, blendDuration: 0.5),
            .bouncy(duration: 0.4, extraBounce: 0.1), .interpolatingSpring(stiffness: 100, damping: 10),
            .interpolatingSpring(mass: 0.5, stiffness: 300, damping: 2, initialVelocity: -1.5),
            Animation.linear(duration: 4).repeatForever(autoreverses: false),
            Animation.easeIn.delay(0.25).repeatCount(4).speed(1.5).repeatForever(),
            Animation.bouncy.speed(0.5).delay(1e-5),
        ]
        animations += PennerEasing.allCases.map { Animation.penner($0, duration: 1.25) }
        for animation in animations {
            XCTAssertEqual(parse(animation.description), animation, animation.description)
        }
        XCTAssertEqual(Animation.easeInOut(duration: 2).description, "easeInOut(duration: 2)")
        XCTAssertEqual(Animation.linear(duration: 4).repeatForever(autoreverses: false).description,
                       "linear(duration: 4).repeatForever(autoreverses: false)")
        XCTAssertEqual(Animation.bouncy.description, "bouncy")
        XCTAssertEqual(Animation.timingCurve(0.42, 0, 0.58, 1, duration: 1).description, "easeInOut(duration: 1)")
    }

    // MARK: Errors

    func testUnknownNamesAreLocatedWithSuggestions() throws {
        let curve = try XCTUnwrap(failure("easInOut(duration: 2)"))
        XCTAssertEqual(curve.offset, 0)
        XCTAssertEqual(curve.message, "unknown curve \"easInOut\" (did you mean \"easeInOut\"?)")

        let modifier = try XCTUnwrap(failure("easeIn.dely(1)"))
        XCTAssertEqual(modifier.offset, 7)
        XCTAssertTrue(modifier.message.contains("did you mean \"delay\"?"), modifier.message)

        let label = try XCTUnwrap(failure("spring(response: 0.5, dampingFactor: 0.6)"))
        XCTAssertEqual(label.offset, 22)
        XCTAssertTrue(label.message.contains("did you mean \"dampingFraction\"?"), label.message)

        let penner = try XCTUnwrap(failure("easeOutBounse"))
        XCTAssertTrue(penner.message.contains("did you mean \"easeOutBounce\"?"), penner.message)

        let unrelated = try XCTUnwrap(failure("wobble"))
        XCTAssertEqual(unrelated.message, "unknown curve \"wobble\"")
    }

    func testBadArgumentsAreLocated() throws {
        let negative = try XCTUnwrap(failure("easeIn(duration: -1)"))
        XCTAssertEqual(negative.offset, 17)
        XCTAssertEqual(negative.message, "duration must be at least 0")

        let fraction = try XCTUnwrap(failure("linear.repeatCount(2.5)"))
        XCTAssertEqual(fraction.offset, 19)
        XCTAssertTrue(fraction.message.contains("whole number"), fraction.message)

        let unlabelled = try XCTUnwrap(failure("easeIn(2)"))
        XCTAssertEqual(unlabelled.offset, 7)
        XCTAssertEqual(unlabelled.message, "missing argument label \"duration:\" in easeIn(duration:)")

        let missing = try XCTUnwrap(failure("interpolatingSpring(stiffness: 10)"))
        XCTAssertEqual(missing.offset, 33)
        XCTAssertTrue(missing.message.contains("missing argument \"damping:\""), missing.message)

        let twice = try XCTUnwrap(failure("easeIn(duration: 1, duration: 2)"))
        XCTAssertEqual(twice.offset, 20)

        let bounce = try XCTUnwrap(failure("spring(duration: 1, bounce: -1)"))
        XCTAssertEqual(bounce.offset, 28)

        let notBoolean = try XCTUnwrap(failure("easeIn.repeatForever(autoreverses: 1)"))
        XCTAssertEqual(notBoolean.offset, 35)

        let stepsWithoutCount = try XCTUnwrap(failure("steps"))
        XCTAssertEqual(stepsWithoutCount.offset, 5)
    }

    func testSyntaxErrorsAreLocated() throws {
        XCTAssertEqual(try XCTUnwrap(failure("")).offset, 0)
        XCTAssertEqual(try XCTUnwrap(failure("   ")).offset, 3)
        XCTAssertEqual(try XCTUnwrap(failure("linear(duration: 1")).offset, 18)
        XCTAssertEqual(try XCTUnwrap(failure("linear(duration 1)")).offset, 16)
        XCTAssertEqual(try XCTUnwrap(failure("linear(duration: )")).offset, 17)
        XCTAssertEqual(try XCTUnwrap(failure("linear x")).offset, 7)
        XCTAssertEqual(try XCTUnwrap(failure("linear.")).offset, 7)
        let huge = try XCTUnwrap(failure("linear(duration: 1e400)"))
        XCTAssertEqual(huge.offset, 17)
        XCTAssertEqual(huge.message, "the number is too large")
        let modifierFirst = try XCTUnwrap(failure("delay(1)"))
        XCTAssertTrue(modifierFirst.message.contains("is a modifier"), modifierFirst.message)
        let twoCurves = try XCTUnwrap(failure("easeIn.easeOut"))
        XCTAssertEqual(twoCurves.offset, 7)
        XCTAssertTrue(twoCurves.message.contains("only one curve"), twoCurves.message)
    }

    func testOffsetsCountUnicodeScalars() throws {
        // An ideographic space is one scalar but three UTF-8 bytes.
        let error = try XCTUnwrap(failure("\u{3000}\u{3000}easInOut"))
        XCTAssertEqual(error.offset, 2)
        XCTAssertEqual(error.description, "unknown curve \"easInOut\" (did you mean \"easeInOut\"?) at column 3")
        let emoji = try XCTUnwrap(failure("linear(duration: 🙂)"))
        XCTAssertEqual(emoji.offset, 17)
        let afterEmoji = try XCTUnwrap(failure("🙂"))
        XCTAssertEqual(afterEmoji.offset, 0)
    }
}
