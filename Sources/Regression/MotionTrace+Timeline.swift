import FrameDiff
import Timeline

extension MotionTrace {
    /// Every parameter of `document` sampled at every frame, as `document.context(frame:)` sees it.
    public init(sampling document: TimelineDocument) {
        let count = document.frameCount
        var tracks = document.params.map { Track(name: $0.name, components: $0.count, values: []) }
        for k in tracks.indices { tracks[k].values.reserveCapacity(count * tracks[k].components) }
        for n in 0..<count {
            let params = document.context(frame: n).params
            for (k, p) in document.params.enumerated() {
                tracks[k].values.append(contentsOf: params[p.slot..<(p.slot + p.count)])
            }
        }
        self.init(fps: document.fps, frameCount: count, params: tracks)
    }
}
