import ArgumentParser
import Timeline

/// `animate schema`: the JSON Schema of the timeline format on standard output.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema (draft 2020-12) of the timeline format, for editors to complete keys and flag typos.",
        discussion: """
            A timeline names it in "$schema", e.g. "$schema": "timeline.schema.json" beside it:
              animate schema > timeline.schema.json
            The schema checks which keys exist where and the JSON types of their values; `animate check`
            checks the rest (param names, expressions, colours, ranges).
            """)

    func run() {
        print(TimelineSchema.text, terminator: "")
    }
}
