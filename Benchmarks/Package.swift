// swift-tools-version:6.0
import PackageDescription

// The renderer's benchmark: a separate package, never part of `swift test`.
let package = Package(
    name: "animate-benchmarks",
    dependencies: [
        .package(name: "animate", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "animate-bench",
            dependencies: [.product(name: "AnimateKit", package: "animate")]
        ),
    ]
)
