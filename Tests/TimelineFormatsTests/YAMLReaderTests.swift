import Timeline
import TimelineFormats
import XCTest

/// YAML read into located nodes: the core schema's scalars, comments, and errors at
/// their line and column in the YAML text.
final class YAMLReaderTests: XCTestCase {
    func testPlainScalarsFollowTheCoreSchema() throws {
        let root = try parseYAML("""
            a: 1
            b: -2.5e3
            c: 0x1F
            d: 0o17
            e: .5
            f: true
            g: False
            h: null
            i: ~
            j:
            k: yes
            l: "1"
            m: '=t * 2'
            n: =t * 2
            o: 1.2.3
            p: !!str 12
            q: !!float 3
            r: +7
            """)
        guard case .object(let members) = root.value else { return XCTFail("not an object") }
        let values = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.value) })
        func number(_ key: String) -> Double? { if case .number(let x) = values[key] { x } else { nil } }
        func string(_ key: String) -> String? { if case .string(let s) = values[key] { s } else { nil } }
        XCTAssertEqual(number("a"), 1)
        XCTAssertEqual(number("b"), -2500)
        XCTAssertEqual(number("c"), 31)
        XCTAssertEqual(number("d"), 15)
        XCTAssertEqual(number("e"), 0.5)
        XCTAssertEqual(number("q"), 3)
        XCTAssertEqual(number("r"), 7)
        if case .bool(true) = values["f"] {} else { XCTFail("true") }
        if case .bool(false) = values["g"] {} else { XCTFail("False") }
        for key in ["h", "i", "j"] { if case .null = values[key] {} else { XCTFail("\(key) is not null") } }
        // YAML 1.1's yes is a string under the 1.2 core schema.
        XCTAssertEqual(string("k"), "yes")
        XCTAssertEqual(string("l"), "1")
        XCTAssertEqual(string("m"), "=t * 2")
        XCTAssertEqual(string("n"), "=t * 2")
        XCTAssertEqual(string("o"), "1.2.3")
        XCTAssertEqual(string("p"), "12")
        XCTAssertEqual(members.map(\.key), ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r"])
    }

    func testNodesAndKeysAreLocated() throws {
        let root = try parseYAML("""
            # a comment
            size: [40, 30]   # width, height
            scene:
              circle: {}
            """)
        guard case .object(let members) = root.value else { return XCTFail("not an object") }
        XCTAssertEqual(members[0].keyLocation.description, "2:1")
        XCTAssertEqual(members[0].value.location.description, "2:7")
        guard case .array(let items) = members[0].value.value else { return XCTFail("not an array") }
        XCTAssertEqual(items[1].location.description, "2:12")
        XCTAssertEqual(items[1].path.description, "size[1]")
        XCTAssertEqual(members[1].value.location.description, "4:3")
    }

    func testATimelineWithCommentsLoads() throws {
        let text = """
            # A dot that fades in: every number here was tuned by eye.
            size: [120, 80]
            duration: 1      # seconds
            params:
              fade: 0        # opacity at the start
            animations:
              - {param: fade, to: 1, curve: "easeOut(duration: 0.5)"}   # quick, then settles
            scene:
              circle: {}
              modifiers:
                - fill: "#ff8800"        # quoted: a bare # starts a comment
                - frame: {width: 40, height: 40}
                - opacity: =fade
            """
        let document = try TimelineLoader().load(Array(text.utf8), format: .yaml)
        XCTAssertEqual(document.frameCount, 30)
        XCTAssertEqual(document.params.map(\.name), ["fade"])
        let last = document.render(frame: 29)
        let middle = last.pixel(x: 60, y: 40)
        XCTAssertGreaterThan(middle.r, 240)
        XCTAssertLessThan(middle.b, 20)
        XCTAssertEqual(document.render(frame: 0).pixel(x: 60, y: 40), last.pixel(x: 5, y: 5), "the dot is transparent at the start")
    }

    func testSyntaxErrorsAreLocated() {
        assertYAMLError("size: [10, 10]\nduration: 1\nscene: {circle: {}\n", at: "4:1", contains: "did not find expected ',' or '}'")
        assertYAMLError("size: [10, 10]\n  duration: 1\n", at: "2:3", contains: "did not find expected key (while parsing a block mapping at 1:1)")
        assertYAMLError("size: [10, 10]\nduration: 1: 2\n", at: "2:12", contains: "mapping values are not allowed")
        assertYAMLError("size: [10, 10]\n\tduration: 1\n", at: "2:1", contains: "invalid YAML")
        assertYAMLError("a: 1\n---\nb: 2\n", at: "2:1", contains: "another document")
        assertYAMLError("", at: "1:1", contains: "empty document")
        assertYAMLError("# only a comment\n", at: "1:1", contains: "empty document")
    }

    func testDuplicateKeysAreLocated() {
        // Written alike, as in JSON: at the second, naming the first.
        assertYAMLError("size: [10, 10]\nduration: 1\nsize: [20, 20]\n", at: "3:1", contains: "duplicate key \"size\" (first defined at 1:1)")
        assertYAMLError("scene: {circle: {}, circle: {}}\n", at: "1:21", contains: "duplicate key \"circle\" (first defined at 1:9)")
        assertYAMLError("a:\n  - {x: 1, y: 2, x: 3}\n", at: "2:18", contains: "duplicate key \"x\" (first defined at 2:6)")
        assertYAMLError("&k size: [10, 10]\nsize: [20, 20]\n", at: "2:1", contains: "duplicate key \"size\" (first defined at 1:1)")
        // A first key with a tag of its own cannot take another: the first is named.
        assertYAMLError("!!str size: [10, 10]\nsize: [20, 20]\n", at: "1:1", contains: "duplicate key \"size\" (this mapping has it more than once)")
        // Different to YAML (an integer and a string) but the same key to a timeline:
        // the second, with where the first is.
        assertYAMLError("size: [10, 10]\n1: a\n\"1\": b\n", at: "3:1", contains: "duplicate key \"1\" (first defined at 2:1)")
    }

    func testSemanticErrorsAreLocatedInTheYAML() {
        let unknownModifier = """
            size: [10, 10]
            duration: 1
            scene:
              circle: {}
              modifiers:
                - opacty: 0.5
            """
        assertYAMLError(unknownModifier, at: "6:7", contains: "did you mean \"opacity\"")
        let unknownKey = "size: [10, 10]\nduraton: 1\nscene: {circle: {}}\n"
        assertYAMLError(unknownKey, at: "2:1", contains: "did you mean \"duration\"")
        let wrongType = "size: [10, 10]\nduration: one\nscene: {circle: {}}\n"
        assertYAMLError(wrongType, at: "2:11", contains: "expected a number, found a string")
        let quotedNumber = "size: [10, 10]\nduration: \"1\"\nscene: {circle: {}}\n"
        assertYAMLError(quotedNumber, at: "2:11", contains: "found a string")
    }

    func testExpressionErrorsPointInsideTheScalar() {
        let plain = "size: [10, 10]\nduration: 1\nscene:\n  circle: {}\n  modifiers:\n    - opacity: =1 + nope\n"
        // `nope` starts at column 21 of line 6 in a plain scalar...
        assertYAMLError(plain, at: "6:21", contains: "unknown name \"nope\"")
        // ...and one further when the scalar is quoted.
        let quoted = "size: [10, 10]\nduration: 1\nscene:\n  circle: {}\n  modifiers:\n    - opacity: \"=1 + nope\"\n"
        assertYAMLError(quoted, at: "6:22", contains: "unknown name \"nope\"")
    }

    func testWhatATimelineCannotHoldIsLocated() {
        assertYAMLError("size: [10, .inf]\n", at: "1:12", contains: "not a finite number")
        assertYAMLError("size: [10, 1e400]\n", at: "1:12", contains: "out of range")
        assertYAMLError("size: [10, !!binary aGk=]\n", at: "1:12", contains: "unsupported tag")
        assertYAMLError("size: [10, !!int 1.5]\n", at: "1:12", contains: "not a value of the tag !!int")
        assertYAMLError("size: [10, 10]\n[1]: 2\n", at: "2:1", contains: "a key must be a string")
        assertYAMLError("base: &b {circle: {}}\nscene:\n  <<: *b\n", at: "3:3", contains: "merge keys")
        assertYAMLError("size: [10, 10]\nname: \u{1}\n", at: "2:7", contains: "invalid YAML")
        let invalidUTF8 = Array("size: [10, 10]\nname: a".utf8) + [0xFF] + Array("\n".utf8)
        let report = TimelineLoader().check(invalidUTF8, format: .yaml)
        XCTAssertEqual(report.errors.first?.location?.description, "2:8", "\(report.errors)")
    }

    func testAliasesExpandWithinABound() throws {
        let text = """
            size: [60, 40]
            duration: 1
            paints:
              accent: &accent "#3366ff"
            scene:
              hstack:
                - {rectangle: {}, modifiers: [{fill: *accent}]}
                - {circle: {}, modifiers: [{fill: *accent}]}
            """
        XCTAssertNoThrow(try TimelineLoader().load(Array(text.utf8), format: .yaml))
        // Each level doubles the values: 2^40 of them if expanded.
        var bomb = "a0: &a0 [1, 1]\n"
        for i in 1...40 { bomb += "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1)]\n" }
        XCTAssertThrowsError(try YAMLReader.parse(Array(bomb.utf8))) { error in
            XCTAssertTrue("\(error)".contains("too many values"), "\(error)")
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try YAMLReader.parse(Array(deep.utf8))) { error in
            XCTAssertNotNil((error as? TimelineError)?.location, "\(error)")
        }
        let fairlyDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let report = TimelineLoader().check(Array(fairlyDeep.utf8), format: .yaml)
        XCTAssertTrue(report.errors.first?.message.contains("raise it with --max-depth") == true, "\(report.errors)")
    }

    func testFormatFollowsTheExtension() {
        XCTAssertEqual(TimelineFormat(path: "a.yaml"), .yaml)
        XCTAssertEqual(TimelineFormat(path: "dir.json/A.YML"), .yaml)
        XCTAssertEqual(TimelineFormat(path: "a.json"), .json)
        XCTAssertEqual(TimelineFormat(path: "/dev/fd/63"), .json)
    }
}
