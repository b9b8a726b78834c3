// Interim: replaced by the full animation module.
public struct Animation: Sendable, Hashable {
    var c: (Double, Double, Double, Double)?
    var duration: Double
    public static func == (a: Animation, b: Animation) -> Bool { a.duration == b.duration }
    public func hash(into h: inout Hasher) { h.combine(duration) }
    public init(parsing source: String) throws(AnimationSyntaxError) {
        var s = source
        if s.hasPrefix(".") { s.removeFirst() }
        var name = s, duration = 0.35
        if let open = s.firstIndex(of: "(") {
            name = String(s[..<open])
            let args = s[s.index(after: open)...].filter { $0 != ")" && $0 != " " }
            guard args.hasPrefix("duration:"), let d = Double(args.dropFirst(9)) else { throw AnimationSyntaxError(message: "bad arguments", offset: 0) }
            duration = d
        }
        self.duration = duration
        switch name {
        case "linear": c = nil
        case "easeIn": c = (0.42, 0, 1, 1)
        case "easeOut": c = (0, 0, 0.58, 1)
        case "easeInOut": c = (0.42, 0, 0.58, 1)
        default: throw AnimationSyntaxError(message: "unknown curve \(name)", offset: 0)
        }
    }
    func progress(_ t: Double) -> Double {
        let x = min(max(t / duration, 0), 1)
        guard let c else { return x }
        func bx(_ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * c.0 + 3 * (1 - u) * u * u * c.2 + u * u * u }
        func by(_ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * c.1 + 3 * (1 - u) * u * u * c.3 + u * u * u }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if bx(m) < x { lo = m } else { hi = m } }
        return by((lo + hi) / 2)
    }
}
public struct AnimationSyntaxError: Error, Sendable { public var message: String; public var offset: Int }
public struct AnimatedValue: Sendable {
    var model: [Double]
    var runs: [(at: Double, delta: [Double], animation: Animation)] = []
    var changes: [(at: Double, value: [Double])] = []
    public init(initial: [Double]) { model = initial }
    public mutating func animate(to value: [Double], at time: Double, with animation: Animation?) {
        let before = self.model(at: time)
        changes.append((time, value))
        if let animation { runs.append((time, zip(before, value).map { $0 - $1 }, animation)) }
    }
    func model(at t: Double) -> [Double] { changes.last { $0.at <= t }?.value ?? model }
    public func value(at t: Double) -> [Double] {
        var v = model(at: t)
        for r in runs where r.at <= t {
            let p = r.animation.progress(t - r.at)
            for i in v.indices { v[i] += r.delta[i] * (1 - p) }
        }
        return v
    }
}
