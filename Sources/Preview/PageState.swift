import Foundation
import Timeline

/// What `/state` tells the page: the last good load's frames and params, and the
/// current errors, if the source is broken now.
struct PageState: Encodable {
    /// Grows by one at every reload, good or not: the page polls with the version it has.
    var version: Int
    /// The source file's name.
    var title: String
    /// The errors of the last load, one line each as `animate check` prints them; empty when it loaded.
    var errors: [String]
    /// The last good load, if there was one.
    var timeline: TimelineSummary?

    /// The JSON text of the state.
    func json() -> [UInt8] {
        // Every number is finite (`TimelineSummary` drops the others), so encoding cannot fail.
        (try? [UInt8](JSONEncoder().encode(self))) ?? Array("{}".utf8)
    }
}

/// A loaded timeline as the page draws it: sizes, timing, and every param's trace.
struct TimelineSummary: Encodable {
    /// The token naming this load's frames: `/frames/TOKEN/N`.
    var token: String
    var fps: Int
    var frameCount: Int
    /// The canvas in points, and in device pixels at the timeline's scale.
    var width: Double
    var height: Double
    var scale: Double
    var pixelWidth: Int
    var pixelHeight: Int
    var params: [ParamSeries]

    /// One param over the whole timeline (the `--trace` values) and the times its animations start.
    struct ParamSeries: Encodable {
        var name: String
        /// `values[n]` is the param's components at frame `n`; a non-finite component is null.
        var values: [[Double?]]
        /// Start times of the param's animations, in seconds.
        var starts: [Double]
    }

    init(generation: Generation) {
        let document = generation.document
        let trace = ParamTrace(document: document)
        token = generation.token
        fps = document.fps
        frameCount = document.frameCount
        width = document.scene.size.width
        height = document.scene.size.height
        scale = document.scene.scale
        pixelWidth = document.scene.pixelWidth
        pixelHeight = document.scene.pixelHeight
        params = trace.names.indices.map { p in
            ParamSeries(
                name: trace.names[p],
                values: trace.values[p].map { $0.map { $0.isFinite ? $0 : nil } },
                starts: document.params[p].value.records.map(\.start))
        }
    }
}
