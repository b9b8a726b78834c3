// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the code that reads untrusted text: the timeline
// loader (JSON, expressions, curves, colours, path data), the expression
// parser, the SVG path-data parser, the renderer drawing what loads, and the
// GIF encoder (frames encoded, decoded by FFmpeg and compared).
// Built and run by Scripts/fuzz, which passes `-sanitize=fuzzer,address`;
// each target's `main` hands its test function to libFuzzer's driver
// (FuzzDriver).
let package = Package(
    name: "AnimateFuzz",
    dependencies: [
        .package(name: "animate", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzTimeline", dependencies: ["FuzzDriver", .product(name: "AnimateKit", package: "animate")]),
        .executableTarget(name: "FuzzExpression", dependencies: ["FuzzDriver", .product(name: "AnimateKit", package: "animate")]),
        .executableTarget(name: "FuzzPathData", dependencies: ["FuzzDriver", .product(name: "AnimateKit", package: "animate")]),
        .executableTarget(name: "FuzzRender", dependencies: ["FuzzDriver", .product(name: "AnimateKit", package: "animate")]),
        .executableTarget(name: "FuzzGIF", dependencies: ["FuzzDriver", .product(name: "AnimateKit", package: "animate")]),
    ]
)
