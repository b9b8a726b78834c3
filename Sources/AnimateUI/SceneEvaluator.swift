internal import Scene
package import Timeline
internal import Geometry
internal import Raster

// From a scene written in Swift to the document the renderer plays.
//
// 1. Reflection finds the scene's `@State` properties (Mirror, once).
// 2. `timeline()` runs once and schedules actions; they run in time order (equal
//    times in the order scheduled), each stamping the state changes it makes with
//    its time and its `withAnimation` animation.
// 3. Each state whose value animates becomes a parameter of the document, its
//    changes replayed into a Motion `AnimatedValue`, exactly as a timeline file's
//    `animations` are, so that `--trace` and `info` see it; other states change at
//    their times.
// 4. Every frame, `body` is evaluated with the presented values of that frame
//    and lowered into the resolved scene's views, which the one renderer draws.

/// The states and resources of one scene instance, and its `body` evaluated per frame.
final class SceneEvaluator<S: AnimationScene>: @unchecked Sendable {
    let scene: S
    let resources: Resources
    /// Set once a frame's views read the time (a keyframe animator).
    let timeReading = TimeReading()
    /// Each state property: its name, storage, and first parameter slot when it animates.
    private var states: [(name: String, box: AnyStateBox, slot: Int?, count: Int)] = []
    private var params: [TimelineDocument.Param] = []

    init(_ scene: S, baseDirectory: String) {
        self.scene = scene
        resources = Resources(baseDirectory: baseDirectory)
        Recording.lock.withLock {
            var slot = 0
            let found = Mirror(reflecting: scene).children.compactMap { child -> (String, AnyStateBox)? in
                guard let state = child.value as? any StateProperty else { return nil }
                let label = child.label ?? "state"
                return (label.hasPrefix("_") ? String(label.dropFirst()) : label, state.anyBox)
            }
            record()
            for (name, box) in found {
                if let value = box.animatedValue() {
                    params.append(TimelineDocument.Param(name: name, slot: slot, value: value))
                    states.append((name, box, slot, value.dimension))
                    slot += value.dimension
                } else {
                    states.append((name, box, nil, 0))
                }
            }
        }
    }

    /// Runs `timeline()` and the actions it schedules, in time order.
    private func record() {
        Recording.scheduled = []
        scene.timeline()
        var pending = Recording.scheduled ?? []
        while !pending.isEmpty {
            // The earliest; the first scheduled among equal times.
            var next = 0
            for i in pending.indices where pending[i].time < pending[next].time { next = i }
            let (time, action) = pending.remove(at: next)
            Recording.scheduled = []
            Recording.moment = Recording.Moment(time: time, animation: nil)
            action()
            Recording.moment = nil
            pending += Recording.scheduled ?? []
        }
        Recording.scheduled = nil
    }

    /// The resolved root view for a frame: `body` with each state's presented value.
    func root(_ context: EvaluationContext) -> Scene.View {
        let again = UncheckedSendable(value: { (lower: () -> Scene.View) in self.presenting(context, lower) })
        var environment = LoweringEnvironment(resources: resources, presenting: { lower in again.value(lower) })
        environment.time = context.time
        environment.timeReading = timeReading
        return presenting(context) { loweredSingle(scene.body, environment) }
    }

    /// Runs `body` with each state showing its value in `context`'s frame.
    private func presenting(_ context: EvaluationContext, _ body: () -> Scene.View) -> Scene.View {
        Recording.lock.withLock {
            for state in states {
                if let slot = state.slot, slot + state.count <= context.params.count {
                    state.box.present(components: context.params[slot..<(slot + state.count)])
                } else {
                    state.box.present(time: context.time)
                }
            }
            defer { for state in states { state.box.endPresentation() } }
            return body()
        }
    }

    /// The document that renders the scene; throws when its size, rate or length is
    /// invalid or a font or image it names cannot be found.
    func document() throws(SceneError) -> TimelineDocument {
        let size = scene.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw SceneError("size must be positive, found \(size.width) × \(size.height)")
        }
        guard (1...240).contains(scene.fps) else { throw SceneError("fps must be from 1 to 240, found \(scene.fps)") }
        guard scene.duration > 0, scene.duration.isFinite else { throw SceneError("duration must be positive, found \(scene.duration)") }
        guard scene.scale > 0, scene.scale.isFinite else { throw SceneError("scale must be positive, found \(scene.scale)") }
        var document = TimelineDocument(
            scene: ResolvedScene(size: Size(width: size.width, height: size.height), scale: scene.scale, background: scene.background.raster, root: .empty),
            fps: scene.fps, duration: scene.duration, parameters: params, body: nil)
        // A frame is a function of the animated values unless a state that does not animate changes.
        document.scene.readsTime = states.contains { $0.slot == nil && $0.box.changeCount > 0 }
        document.scene.timeReading = timeReading
        document.scene.root = root(document.context(frame: 0))
        if let failure = resources.failures.first { throw SceneError(failure) }
        let root = UncheckedSendable(value: { (context: EvaluationContext) in self.root(context) })
        document.body = { context in root.value(context) }
        return document
    }
}

/// Why a scene cannot be rendered.
public struct SceneError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The document that renders `scene`: its states as parameters, its `body` per frame.
/// Images are looked up in `baseDirectory`.
package func timelineDocument(for scene: any AnimationScene, baseDirectory: String) throws(SceneError) -> TimelineDocument {
    func open<S: AnimationScene>(_ scene: S) throws(SceneError) -> TimelineDocument {
        try SceneEvaluator(scene, baseDirectory: baseDirectory).document()
    }
    return try open(scene)
}
