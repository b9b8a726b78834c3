internal import Scene

/// Views made from a collection, one per element, as SwiftUI's `ForEach`: over a
/// range of integers, over `Identifiable` elements, or with an `id:` key path.
/// Inside a stack its views are the stack's children.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: KeyPath<Data.Element, ID>?

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    public var body: Never { fatalError("ForEach has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        for element in data { AnimateUI.lower(content(element), into: &views, environment) }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view per number of a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.id = nil
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One view per element, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = \Data.Element.id
        self.content = content
    }
}
