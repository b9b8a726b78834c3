/// Stage 4 of the boolean operations: boundary pieces joined end to start into
/// contours, back in path units.
///
/// Boundary pieces with the inside on one side have as many pieces leaving each point
/// as arriving, so walks from any unused piece come back to their start; where several
/// leave one point (two contours touching there) any choice gives the same winding
/// numbers. Open line pieces are joined the same way and end where nothing continues.
/// Consecutive collinear pieces become one segment.
enum ContourChaining {
    static func path(_ edges: [DirectedEdge], closed: Bool) -> Path {
        struct Key: Hashable { var x, y: Double }
        var leaving: [Key: [Int]] = [:]
        var arriving = Set<Key>()
        for (i, e) in edges.enumerated() {
            leaving[Key(x: e.from.x, y: e.from.y), default: []].append(i)
            arriving.insert(Key(x: e.to.x, y: e.to.y))
        }
        var used = [Bool](repeating: false, count: edges.count)
        var path = Path()
        let scale = 1 / BooleanOperation.grid
        func point(_ p: SIMD2<Double>) -> Point { Point(x: p.x * scale, y: p.y * scale) }
        func take(from p: SIMD2<Double>) -> Int? {
            let key = Key(x: p.x, y: p.y)
            guard var list = leaving[key] else { return nil }
            while let i = list.popLast() {
                if !used[i] {
                    leaving[key] = list
                    return i
                }
            }
            leaving[key] = list
            return nil
        }
        // Open chains start where nothing arrives; then everything left forms loops.
        var starts = Array(0..<edges.count)
        if !closed {
            starts.sort { a, b in
                let ka = !arriving.contains(Key(x: edges[a].from.x, y: edges[a].from.y))
                let kb = !arriving.contains(Key(x: edges[b].from.x, y: edges[b].from.y))
                return ka && !kb
            }
        }
        for first in starts where !used[first] {
            used[first] = true
            var vertices = [edges[first].from, edges[first].to]
            while let next = take(from: vertices[vertices.count - 1]) {
                used[next] = true
                vertices.append(edges[next].to)
                if closed && vertices[vertices.count - 1] == vertices[0] { break }
            }
            let loop = vertices.count > 2 && vertices[vertices.count - 1] == vertices[0]
            if loop { vertices.removeLast() }
            // Collinear runs become one segment.
            var kept: [SIMD2<Double>] = []
            for (k, v) in vertices.enumerated() {
                let atEnd = !loop && (k == 0 || k == vertices.count - 1)
                if !atEnd {
                    let prev = vertices[(k + vertices.count - 1) % vertices.count], next = vertices[(k + 1) % vertices.count]
                    if (v - prev).cross(next - v) == 0 && (v - prev).dot(next - v) > 0 { continue }
                }
                kept.append(v)
            }
            guard kept.count >= 2 else { continue }
            path.move(to: point(kept[0]))
            for v in kept.dropFirst() { path.addLine(to: point(v)) }
            if loop { path.closeSubpath() }
        }
        return path
    }
}
