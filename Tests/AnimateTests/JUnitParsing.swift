import Foundation

/// A JUnit XML file as Python's standard `xml.etree.ElementTree` reads it: a parser no one
/// here wrote, which rejects a document that is not well formed.
struct ParsedJUnit: Decodable {
    struct Suite: Decodable {
        var name: String
        var tests: Int
        var failures: Int
        var errors: Int
        var time: Double
    }

    struct Case: Decodable {
        var name: String
        var classname: String
        var time: Double
        var file: String?
        var failure: String?
        var failureText: String?
        var error: String?
    }

    var root: String
    var suite: Suite
    var cases: [Case]

    /// The parser refused the document; `message` is its error.
    struct Unparsable: Error { var message: String }

    private static let script = """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        suite = root.find('testsuite')
        def case(c):
            f, e = c.find('failure'), c.find('error')
            return {'name': c.get('name'), 'classname': c.get('classname'), 'time': float(c.get('time')), 'file': c.get('file'),
                    'failure': None if f is None else f.get('message'), 'failureText': None if f is None else f.text,
                    'error': None if e is None else e.get('message')}
        print(json.dumps({'root': root.tag,
            'suite': {'name': suite.get('name'), 'tests': int(suite.get('tests')), 'failures': int(suite.get('failures')),
                      'errors': int(suite.get('errors')), 'time': float(suite.get('time'))},
            'cases': [case(c) for c in suite.findall('testcase')]}))
        """

    /// Parses the file at `path` with python3.
    static func read(_ path: String) throws -> ParsedJUnit {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Unparsable(message: errors) }
        return try JSONDecoder().decode(ParsedJUnit.self, from: data)
    }
}
