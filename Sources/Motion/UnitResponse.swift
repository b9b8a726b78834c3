// The state of a spring motion in a form that does not depend on the number
// of components.
//
// Every spring motion is linear in its initial state: the displacement from
// the target is x(t) = x₀·a(t) + v₀·b(t), where a is the unit response to an
// initial displacement (a(0) = 1, a'(0) = 0) and b the unit response to an
// initial velocity (b(0) = 0, b'(0) = 1). Components of a vector therefore
// move independently with the same two scalar functions, and the motion of a
// whole vector needs only four numbers per instant (a, a', b, b'). Its
// Euclidean norm needs only three numbers of the initial state: |x₀|²,
// x₀·v₀ and |v₀|².

/// The unit responses of a spring at one instant: x(t) = x₀·a + v₀·b and
/// x'(t) = x₀·da + v₀·db.
struct UnitResponse: Sendable {
    var a: Double
    var da: Double
    var b: Double
    var db: Double

    static let identity = UnitResponse(a: 1, da: 0, b: 0, db: 1)

    /// The response after following `first` and then `second` (time-invariant
    /// motion restarted from the state `first` leaves).
    func followed(by second: UnitResponse) -> UnitResponse {
        UnitResponse(
            a: a * second.a + da * second.b,
            da: a * second.da + da * second.db,
            b: b * second.a + db * second.b,
            db: b * second.da + db * second.db
        )
    }
}

/// The quadratic form of an initial state over all components:
/// |x₀|², x₀·v₀ and |v₀|², enough to know |x(t)| for any response.
struct StateNorms: Sendable, Hashable {
    var displacementSquared: Double
    var dot: Double
    var velocitySquared: Double

    init(displacementSquared: Double, dot: Double, velocitySquared: Double) {
        self.displacementSquared = displacementSquared
        self.dot = dot
        self.velocitySquared = velocitySquared
    }

    init(displacement: [Double], velocity: [Double]) {
        var xx = 0.0
        var xv = 0.0
        var vv = 0.0
        for index in displacement.indices {
            let x = displacement[index]
            let v = index < velocity.count ? velocity[index] : 0
            xx += x * x
            xv += x * v
            vv += v * v
        }
        self.init(displacementSquared: xx, dot: xv, velocitySquared: vv)
    }

    /// |x(t)| for the state under `response`.
    func displacement(_ response: UnitResponse) -> Double {
        let a = response.a
        let b = response.b
        let square = displacementSquared * a * a + 2 * dot * a * b + velocitySquared * b * b
        return max(square, 0).squareRoot()
    }

    /// The norms of the state that `response` leaves.
    func advanced(by response: UnitResponse) -> StateNorms {
        let (a, da, b, db) = (response.a, response.da, response.b, response.db)
        let xx = displacementSquared * a * a + 2 * dot * a * b + velocitySquared * b * b
        let vv = displacementSquared * da * da + 2 * dot * da * db + velocitySquared * db * db
        let xv = displacementSquared * a * da + dot * (a * db + b * da) + velocitySquared * b * db
        return StateNorms(displacementSquared: xx, dot: xv, velocitySquared: vv)
    }
}
