import AnimateTesting
import Foundation
import Regression
import Testing

/// The Swift Testing form of the golden assertion, on a scene built in Swift.
@Suite struct GoldenExpectationTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/Swift").path

    @Test func growingStarMatchesItsGolden() {
        expectFrames(of: SwiftScenes.growingStar(), frames: .frames([0, 6, 11]), goldenRoot: Self.goldens)
    }
}
