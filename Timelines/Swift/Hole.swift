// The hole article's demo (seed 003): a white view with a rounded hole cut by an
// even-odd mask, a gradient behind it cut again by the designer's pattern with
// `destinationOut`, and table rows scrolling under the hole. The article is UIKit; its
// views become SwiftUI views and its `makeHole()` builds the same path. The JSON twin is
// Timelines/hole.json; the lines changed from the article are listed in README.md.
import AnimateUI

@main
struct HoleViewController: AnimationScene {
    var size: CGSize { CGSize(width: 360, height: 480) }
    var duration: Double { 6 }
    @State var position = ScrollPosition(y: 0)

    /// holeView's frame in whiteView.
    let holeFrame = CGRect(x: 80, y: 130, width: 200, height: 140)

    var body: some View {
        ZStack {
            // gradientView
            LinearGradient(
                colors: [Color(hex: 0x7F00FF), Color(hex: 0xE100FF), Color(hex: 0xFF7A00)],
                startPoint: .topLeading, endPoint: .bottomTrailing)
            // the table's rows
            ScrollView {
                VStack(spacing: 10) {
                    ForEach(0..<14) { i in
                        OfferCell(index: i)
                    }
                }
                .padding(16)
            }
            .scrollPosition($position)
            // holeImageView, its image cut by the pattern
            ZStack {
                LinearGradient(colors: [Color(hex: 0xFFD60A), Color(hex: 0xFF375F)], startPoint: .leading, endPoint: .trailing)
                Image("../Assets/pattern").resizable().applyGradientPattern()
            }
            .compositingGroup()
            .frame(width: holeFrame.width, height: holeFrame.height)
            .position(x: holeFrame.midX, y: holeFrame.midY)
            // whiteView, with the hole
            Color.white
                .mask(makeHole().fill(style: FillStyle(eoFill: true)))
        }
    }

    func makeHole() -> HoleMask { HoleMask(holeFrame: holeFrame) }

    func timeline() {
        at(0.3) { withAnimation(.easeInOut(duration: 2.4)) { position.scrollTo(y: 520) } }
        at(3.2) { withAnimation(.spring(duration: 1.6, bounce: 0.15)) { position.scrollTo(y: 0) } }
    }
}

/// whiteView's mask: its bounds and the hole's rounded rect, filled even-odd.
struct HoleMask: Shape {
    var holeFrame: CGRect

    func path(in bounds: CGRect) -> Path {
        // Берем путь у whiteView
        var path = Path(bounds)
        // Создаем путь у holeView и скругляем его
        let pathWithRadius = Path(
            roundedRect: holeFrame,
            cornerRadius: min(holeFrame.width, holeFrame.height) / 2,
            style: .circular)
        // Создаем общую геометрию пути
        path.addPath(pathWithRadius)
        return path
    }
}

extension View {
    /// The pattern drawn over the image with `destinationOut`: a hole in the image.
    func applyGradientPattern() -> some View {
        blendMode(.destinationOut)
    }
}

/// A row of the table: an offer.
struct OfferCell: View {
    let index: Int

    var body: some View {
        HStack(spacing: 12) {
            Circle()
                .fill([Color(hex: 0xFF9F0A), Color(hex: 0x30D158), Color(hex: 0x0A84FF)][index % 3])
                .frame(width: 40, height: 40)
            VStack(alignment: .leading, spacing: 2) {
                Text("Offer number \(index + 1)").font(.headline)
                Text("\((index * 7) % 30 + 5) % off until Sunday").font(.subheadline).foregroundColor(.gray)
            }
            Spacer()
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 14).fill(Color.white.opacity(0.92)))
    }
}

extension Color {
    /// A colour from its hex code, as the design gives it.
    init(hex: Int) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}
