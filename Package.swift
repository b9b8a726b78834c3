// swift-tools-version:6.0
import PackageDescription

// Modules import downward only:
//   animate → Timeline → Scene → Raster → Geometry
//                        Scene → CFreeType, CHarfBuzz; Raster → CMemory, CSIMD;
//                        Geometry → CSIMD
//                      ↘ Motion
//   animate → Export → GIF → Raster; Export → CFFmpeg
//   animate, AnimateTesting → Regression → FrameDiff → Raster; Regression → Timeline, Scene, Export
//   animate, AnimateTesting → AnimateUI → Timeline, Scene, Motion, Export (SwiftUI's names for scenes written in Swift)
//   animate → Preview → Timeline, Export, Raster, Hummingbird
//   animate, Regression → TimelineFormats → Timeline, Yams (timelines written in YAML; JSON and YAML written out)
let package = Package(
    name: "animate",
    products: [
        .executable(name: "animate", targets: ["animate"]),
        .library(name: "AnimateKit", targets: ["Geometry", "Motion", "Raster", "Scene", "Timeline", "GIF", "Export"]),
        .library(name: "AnimateTesting", targets: ["AnimateTesting"]),
        .library(name: "AnimateUI", targets: ["AnimateUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // glibc's allocator settings (`mallopt`), which Glibc's module leaves out.
        .systemLibrary(name: "CMemory"),
        // A 16-bit high multiply for the compositor, which Swift's SIMD types cannot spell.
        .systemLibrary(name: "CSIMD"),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .target(name: "Geometry", dependencies: ["CSIMD"]),
        .target(name: "Motion"),
        .target(name: "Raster", dependencies: ["Geometry", "CMemory", "CSIMD"]),
        .target(name: "Scene", dependencies: ["Geometry", "Raster", "CFreeType", "CHarfBuzz"]),
        .target(name: "Timeline", dependencies: ["Geometry", "Motion", "Raster", "Scene"]),
        .target(name: "TimelineFormats", dependencies: ["Timeline", .product(name: "Yams", package: "Yams")]),
        .target(name: "GIF", dependencies: ["Raster"]),
        .target(name: "Export", dependencies: ["GIF", "Raster", "CFFmpeg"]),
        .target(name: "FrameDiff", dependencies: ["Raster"]),
        .target(name: "Regression", dependencies: ["FrameDiff", "Raster", "Scene", "Timeline", "TimelineFormats", "Export"]),
        .target(name: "AnimateUI", dependencies: ["Geometry", "Motion", "Raster", "Scene", "Timeline", "Export"]),
        .target(
            name: "Preview",
            dependencies: ["Timeline", "Export", "Raster", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "AnimateTesting", dependencies: ["Regression", "FrameDiff", "Timeline", "Scene", "Raster", "AnimateUI"]),
        .executableTarget(
            name: "animate",
            dependencies: [
                "Timeline", "TimelineFormats", "Scene", "Motion", "Raster", "GIF", "Export", "FrameDiff", "Regression", "Preview", "AnimateUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A scene written in Swift is compiled into a shared library that `animate` loads;
            // its references to AnimateUI and the modules below resolve to this executable's.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "Export"], exclude: ["Reference", "Goldens"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Raster", "Geometry"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "Scene", "Motion", "Raster"], exclude: ["BadTimelines"]),
        .testTarget(name: "TimelineFormatsTests", dependencies: ["TimelineFormats", "Timeline", "Scene", "Raster", "Export"]),
        .target(name: "MediaTestSupport", dependencies: ["Raster"], path: "Tests/MediaTestSupport"),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Raster", "MediaTestSupport"]),
        .testTarget(name: "GIFTests", dependencies: ["GIF", "Export", "Raster", "MediaTestSupport"]),
        .testTarget(name: "FrameDiffTests", dependencies: ["FrameDiff", "Raster", "Geometry"], exclude: ["Reference"]),
        .testTarget(name: "PreviewTests", dependencies: ["animate", "Preview", "Export", "Raster"]),
        .testTarget(
            name: "AnimateTests",
            dependencies: ["animate", "Timeline", "Export", "Raster", "Scene", "Geometry", "FrameDiff", "Regression", "AnimateTesting", "AnimateUI"],
            exclude: ["Reference", "ResvgSuite"]),
    ]
)
