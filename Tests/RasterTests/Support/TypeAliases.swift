import Geometry

/// Foundation also declares `AffineTransform`; in this test module the name means ours.
typealias AffineTransform = Geometry.AffineTransform
