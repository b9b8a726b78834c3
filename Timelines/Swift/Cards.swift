// The stacked notification cards (seed 002): a scroll view of cards that pile up at its
// bottom like iOS notifications, each card's opacity, offset and scale computed from its
// minY in the scroll view with `visualEffect`, under a pinned time header. The JSON twin
// is Timelines/cards.json; the lines changed from the article are listed in README.md.
import AnimateUI

@main
struct Home: AnimationScene {
    var size: CGSize { CGSize(width: 360, height: 640) }
    var duration: Double { 7 }
    var background: Color { .black }
    @State var position = ScrollPosition(y: 0)

    var body: some View {
        ZStack {
            Wallpaper()
            VStack {
                StackedCardsView(
                    items: items,
                    stackedDisplayCount: 2,
                    opacityDisplayCount: 0,
                    itemHeight: 70
                ) { item in
                    CardView(item)
                }

                BottomActionBar()
            }
            .padding(20)
        }
        .scrollPosition($position)
    }

    @ViewBuilder
    func CardView(_ item: Item) -> some View {
        if item.logo.isEmpty {
            Rectangle()
                .fill(.clear)
        } else {
            HStack(spacing: 12) {
                Image(item.logo)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .frame(width: 35, height: 35)

                VStack(alignment:.leading, spacing: 4) {
                    Text(item.title)
                        .font(.title3.bold())

                    Text(item.description)
                        .font(.caption)
                        .lineLimit(1)
                }
            }
            .padding(10)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
            .background(.ultraThinMaterial)
            .clipShape(.rect(cornerRadius: 20))
        }
    }

    @ViewBuilder
    func BottomActionBar() -> some View {
        HStack {
            CircleButton {
                Path { path in
                    path.addRoundedRect(in: CGRect(x: 7, y: 10, width: 6, height: 12), cornerSize: CGSize(width: 2, height: 2), style: .circular)
                    path.addLines([CGPoint(x: 4, y: 0), CGPoint(x: 16, y: 0), CGPoint(x: 16, y: 3), CGPoint(x: 13, y: 9), CGPoint(x: 7, y: 9), CGPoint(x: 4, y: 3)])
                    path.closeSubpath()
                }
                .fill(.white)
                .frame(width: 20, height: 22)
            }

            Spacer(minLength: 0)

            CircleButton {
                Path { path in
                    path.addRoundedRect(in: CGRect(x: 0, y: 4, width: 24, height: 16), cornerSize: CGSize(width: 4, height: 4), style: .circular)
                    path.addRect(CGRect(x: 8, y: 1, width: 8, height: 4))
                    path.addEllipse(in: CGRect(x: 7, y: 7, width: 10, height: 10))
                }
                .fill(.white, style: FillStyle(eoFill: true))
                .frame(width: 24, height: 20)
            }
        }
    }

    func timeline() {
        at(0.6) { withAnimation(.snappy) { position.scrollTo(y: 240) } }
        at(2.4) { withAnimation(.snappy) { position.scrollTo(y: 480) } }
        at(4.4) { withAnimation(.bouncy) { position.scrollTo(y: 0) } }
    }
}

struct StackedCardsView<Content: View, Data: RandomAccessCollection>: View where Data.Element: Identifiable {
    var items: Data
    var stackedDisplayCount: Int = 2
    var opacityDisplayCount: Int = 2
    var spacing: CGFloat = 10
    var itemHeight: CGFloat
    @ViewBuilder var content: (Data.Element) -> Content

    var body: some View {
        GeometryReader {
            let size = $0.size.height
            let topPadding = size - itemHeight - bottomOverhang

            ScrollView(.vertical) {
                VStack(spacing: spacing) {
                    ForEach(items) { item in
                        content(item)
                            .frame(height: itemHeight)
                            .visualEffect { content, geometryProxy in
                                content
                                    .opacity(opacity(geometryProxy, topPadding))
                                    .offset(y: offset(geometryProxy, topPadding))
                                    .scaleEffect(scale(geometryProxy, topPadding), anchor: .bottom)
                            }
                            .zIndex(zIndex(item))
                    }
                }
                .padding(.top, topPadding)
                .overlay(alignment: .top) {
                    HeaderView(topPadding)
                }
            }
        }
    }

    /// Room below the pile for its offsets, inside the scroll view so they are not clipped.
    var bottomOverhang: CGFloat { 20 }

    /// The card's minY below the top of the pile's place, as the article measures it
    /// under `safeAreaPadding(.top, topPadding)`.
    func minY(_ proxy: GeometryProxy, _ topPadding: CGFloat) -> CGFloat {
        proxy.frame(in: .scrollView(axis: .vertical)).minY - topPadding
    }

    func offset(_ proxy: GeometryProxy, _ topPadding: CGFloat) -> CGFloat {
        let minY = minY(proxy, topPadding)
        let progress = minY / itemHeight
        let maxOffset = CGFloat(stackedDisplayCount) * offsetForEachItem
        let offset = max(min(progress * offsetForEachItem, maxOffset), 0)
        return minY < 0 ? 0 : -minY + offset
    }

    var offsetForEachItem: CGFloat {
        return 8
    }

    func scale(_ proxy: GeometryProxy, _ topPadding: CGFloat) -> CGFloat {
        let minY = minY(proxy, topPadding)
        let progress = minY / itemHeight
        let maxScale = CGFloat(stackedDisplayCount) * scaleForEachItem
        let scale = max(min(progress * scaleForEachItem, maxScale), 0)
        return minY < 0 ? 1 : 1 - scale
    }

    var scaleForEachItem: CGFloat {
        return 0.05
    }

    func opacity(_ proxy: GeometryProxy, _ topPadding: CGFloat) -> CGFloat {
        let minY = minY(proxy, topPadding)
        let progress = minY / itemHeight
        let opacity = CGFloat(stackedDisplayCount + opacityDisplayCount + 1) - progress
        return max(min(opacity, 1), 0)
    }

    func zIndex(_ item: Data.Element) -> CGFloat {
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            return -CGFloat(items.distance(from: items.startIndex, to: index))
        }
        return .zero
    }

    func HeaderView(_ topPadding: CGFloat) -> some View {
        VStack(spacing: 0) {
            Text("Monday, June 10")
                .font(.title3.weight(.semibold))
                .foregroundColor(.white)
            Text("9:41")
                .font(.system(size: 84, weight: .bold))
                .foregroundColor(.white.opacity(0.92))
        }
        .frame(maxWidth: .infinity)
        .visualEffect { content, proxy in
            content
                .offset(y: headerOffset(topPadding, proxy: proxy))
        }
    }

    func headerOffset(_ topPadding: CGFloat, proxy: GeometryProxy) -> CGFloat {
        let minY = proxy.frame(in: .scrollView(axis: .vertical)).minY
        return -minY + min(headerTop, minY + topPadding - headerSpace)
    }

    /// Where the header stays while the cards scroll below it, and the space it takes
    /// there: the first card reaching its bottom pushes it away.
    var headerTop: CGFloat { 20 }
    var headerSpace: CGFloat { 152 }
}

struct Item: Identifiable {
    var id: Int
    var logo: String = "../Assets/logo"
    var title: String
    var description: String
}

let items: [Item] = [
    Item(id: 0, title: "Messages", description: "Are we still on for dinner tonight at eight?"),
    Item(id: 1, title: "Calendar", description: "Design review in 15 minutes, room 4"),
    Item(id: 2, title: "Photos", description: "You have a new memory: Weekend in the hills"),
    Item(id: 3, title: "Weather", description: "Rain expected around 17:00, take an umbrella"),
    Item(id: 4, title: "Fitness", description: "You closed all your rings three days in a row"),
    Item(id: 5, title: "Mail", description: "Your order has shipped and arrives on Monday"),
    Item(id: 6, title: "Music", description: "New album from an artist you follow"),
    Item(id: 7, title: "Podcasts", description: "A new episode of Swift by Sundell is out"),
]

/// A round translucent button, as `.buttonStyle(.borderedProminent)` with
/// `.buttonBorderShape(.circle)` and `.tint(.white.opacity(0.2))` draws it.
struct CircleButton<Label: View>: View {
    @ViewBuilder var label: () -> Label

    var body: some View {
        ZStack {
            Circle().fill(.white.opacity(0.2))
            label()
        }
        .frame(width: 50, height: 50)
    }
}

/// The lock screen's wallpaper behind the cards.
struct Wallpaper: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [Color(hex: 0x1D2B64), Color(hex: 0x6A3093), Color(hex: 0xF8CDDA)], startPoint: .top, endPoint: .bottom)
            Circle()
                .fill(RadialGradient(colors: [Color(hex: 0xFF9A8B), Color(hex: 0xFF6A88).opacity(0)], center: .center, startRadius: 0, endRadius: 170))
                .frame(width: 340, height: 340)
                .offset(x: 90, y: 120)
            Circle()
                .fill(RadialGradient(colors: [Color(hex: 0x43E97B), Color(hex: 0x38F9D7).opacity(0)], center: .center, startRadius: 0, endRadius: 150))
                .frame(width: 300, height: 300)
                .offset(x: -110, y: 230)
        }
    }
}

extension Color {
    /// A colour from its hex code, as the design gives it.
    init(hex: Int) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}
