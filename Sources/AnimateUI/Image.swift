internal import Scene
internal import Raster

/// An image, as SwiftUI's `Image(_ name:)`: a PNG or JPEG file named `name` (with or
/// without its extension) beside the scene's file or in its `Assets` folder, one
/// point per pixel unless resizable. There are no SF Symbols (`Image(systemName:)`).
public struct Image: View, PrimitiveView {
    var name: String
    var isResizable = false
    var quality: FilterQuality = .bilinear

    public init(_ name: String) { self.name = name }

    public var body: Never { fatalError("Image has no body") }

    /// The image stretched to the proposed size.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// `.none` draws pixels as squares (nearest neighbour); anything else smooths.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.quality = interpolation == .none ? .nearest : .bilinear
        return copy
    }

    /// SwiftUI's image interpolation qualities.
    public enum Interpolation: Hashable, Sendable {
        case none, low, medium, high
    }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.image(ImageView(pixmap: environment.resources.image(named: name), resizable: isResizable, quality: quality)))
    }
}
