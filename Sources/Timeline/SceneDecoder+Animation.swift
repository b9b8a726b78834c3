import Motion
import Scene

extension SceneDecoder {
    /// `{ "curve": "easeOut(duration: 0.6).delay({0.15 * i})", "value": "grow" }`: the
    /// param it names and the curve its changes take under the modifier (nil for
    /// `"curve": null`, no animation). `{expression}` in the curve is replaced by the
    /// value of an expression over constants and `forEach` variables.
    func animationModifier(_ node: JSONNode) throws(TimelineError) -> (String, Animation?) {
        let obj = try node.object(allowedKeys: FormatTables.modifierKeys("animation"))
        let valueNode = try obj.required("value")
        let names = Array(scope.transactions.sources.keys).sorted()
        let name = try valueNode.keyword(among: names, kind: "param")
        let curveNode = try obj.required("curve")
        if case .null = curveNode.value { return (name, nil) }
        let text = try curveNode.string()
        let pieces = try interpolate(curveNode, text)
        var curve = ""
        for piece in pieces {
            guard case .literal(let s) = piece else {
                throw curveNode.error("a curve may interpolate constants and forEach variables only, which are known when the file is loaded")
            }
            curve += s
        }
        do {
            return (name, try Animation(parsing: curve))
        } catch {
            // The offset is exact when nothing was interpolated before it.
            let offset = curve == text ? error.offset : 0
            throw TimelineError(error.message, path: curveNode.path, location: TimelineLoader.location(in: curveNode, offset: offset))
        }
    }
}
