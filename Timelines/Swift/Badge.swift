// The Landmarks badge (seed 004, Apple's SwiftUI tutorial as the article gives it): the
// hexagon from HexagonParameters filled with a gradient, eight rotated BadgeSymbols on
// top; the badge grows in with a spring and the symbols fan out. The JSON twin is
// Timelines/badge.json; the lines changed from the article are listed in README.md.
import AnimateUI

@main
struct Badge: AnimationScene {
    var size: CGSize { CGSize(width: 400, height: 400) }
    var duration: Double { 3 }
    @State var grow = 0.2
    @State var fan = 0.0

    /// 八个角度设置箭头
    static let rotationCount = 8
    ///
    var badgeSymbols: some View {

        ForEach(0..<Badge.rotationCount) { i in

            RotatedBadgeSymbol(
                /// degrees 度数 八等分制
                angle: .degrees(Double(i) / Double(Badge.rotationCount)) * 360.0 * fan
            )
        }
        .opacity(0.5) /// opacity 透明度
    }

    var body: some View {

        /// Z 轴 在底部背景之上
        ZStack {

            BadgeBackground()
            GeometryReader { geometry in

                   self.badgeSymbols
                         /// 缩放比例
                        .scaleEffect(1.0 / 4.0, anchor: .top)
                        /// position 说的是badgeSymbols的位置
                        /// GeometryReader可以帮助我们获取父视图的size
                        .position(x: geometry.size.width / 2.0, y: (3.0 / 4.0) * geometry.size.height)
            }
        }
        .scaledToFit()
        .padding(30)
        .scaleEffect(grow)
        .opacity(min(grow * 2, 1))
    }

    func timeline() {
        at(0.2) { withAnimation(.spring(response: 0.6, dampingFraction: 0.55)) { grow = 1 } }
        at(0.6) { withAnimation(.spring(duration: 1.2, bounce: 0.25)) { fan = 1 } }
    }
}

struct BadgeBackground: View {

    /// 渐变色的开始和结束的颜色
    static let gradientStart = Color(red: 239.0 / 255, green: 120.0 / 255, blue: 221.0 / 255)
    static let gradientEnd   = Color(red: 239.0 / 255, green: 172.0 / 255, blue: 120.0 / 255)

    ///
    var body: some View {

        /// geometry [dʒiˈɒmətri] 几何学
        /// 14之后改了它的对齐方式,向上对齐
        GeometryReader { geometry in

            Path{path in

               /// 保证是个正方形
               var width: CGFloat = min(geometry.size.width, geometry.size.height)

               let height = width
               /// 这个值越大 x的边距越小 值越小 边距越大 缩放系数
               let xScale: CGFloat = 0.85
               /// 定义的是x的边距
               let xOffset = (width * (1.0 - xScale)) / 2.0
               width *= xScale
               /// 这个点事图中 1 的位置
               path.move(to: CGPoint(
                    x: xOffset + width * 0.95 ,
                    y: height * (0.20 + HexagonParameters.adjustment))
               )

               /// 循环这个数组
               HexagonParameters.points.forEach {

                   /// 从path开始的点到to指定的点添加一段直线
                   path.addLine(
                       to:.init(
                           /// useWidth:  (1.00, 1.00, 1.00),
                           /// xFactors:  (0.60, 0.40, 0.50),
                           x: xOffset + width * $0.useWidth.0 * $0.xFactors.0 ,
                           y: height * $0.useHeight.0 * $0.yFactors.0
                       )
                   )

                   /// 从开始的点到指定的点添加一个贝塞尔曲线
                   /// 这里开始的点就是上面添加直线结束的点
                   path.addQuadCurve(
                       to: .init(
                           x: xOffset + width * $0.useWidth.1 * $0.xFactors.1,
                           y: height * $0.useHeight.1 * $0.yFactors.1
                       ),
                       control: .init(
                           x: xOffset + width * $0.useWidth.2 * $0.xFactors.2,
                           y: height * $0.useHeight.2 * $0.yFactors.2
                       )
                   )
              }
            }
            /// 添加一个线性颜色渐变
            .fill(LinearGradient(
                gradient:.init(colors: [Self.gradientStart, Self.gradientEnd]),
                /// 其实从 0.5 ,0 到 0.5  0.6 的渐变就是竖直方向的渐变
                startPoint:.init(x: 0.5, y: 0),
                endPoint:  .init(x: 0.5, y: 0.6)
            /// aspect 方向  Ratio 比率,比例
            ))
            .aspectRatio(contentMode: .fit)
        }
    }
}

struct BadgeSymbol: View {

    static let symbolColor = Color(red: 79.0 / 255, green: 79.0 / 255, blue: 191.0 / 255)

    var body: some View {

        GeometryReader { geometry in

            Path { path in

                let width = min(geometry.size.width, geometry.size.height)
                let height  = width * 0.75
                let spacing = width * 0.030
                let middle  = width / 2
                let topWidth  = 0.226 * width
                let topHeight = 0.488 * height

                /// 上面部分
                path.addLines([
                    CGPoint(x: middle, y: spacing),
                    CGPoint(x: middle - topWidth, y: topHeight - spacing),
                    CGPoint(x: middle, y: topHeight / 2 + spacing),
                    CGPoint(x: middle + topWidth, y: topHeight - spacing),
                    CGPoint(x: middle, y: spacing)
                ])

                /// path 移动到这个点重新开始绘制 其实这句没啥影响
                /// path.move(to: CGPoint(x: middle, y: topHeight / 2 + spacing * 3))

                path.addLines([

                    CGPoint(x: middle - topWidth, y: topHeight + spacing),
                    CGPoint(x: spacing, y: height - spacing),
                    CGPoint(x: width - spacing, y: height - spacing),
                    CGPoint(x: middle + topWidth, y: topHeight + spacing),
                    CGPoint(x: middle, y: topHeight / 2 + spacing * 3)
                ])
            } .fill(Self.symbolColor)
        }
    }
}

struct RotatedBadgeSymbol: View {

    /// 角度
    let angle: Angle
    ///
    var body: some View {

        BadgeSymbol()
            .padding(-60)
            /// 旋转角度
            .rotationEffect(angle, anchor: .bottom)
    }
}

struct HexagonParameters {

    struct Segment {

        let useWidth:  (CGFloat, CGFloat, CGFloat)
        let xFactors:  (CGFloat, CGFloat, CGFloat)
        let useHeight: (CGFloat, CGFloat, CGFloat)
        let yFactors:  (CGFloat, CGFloat, CGFloat)
    }

    static let adjustment: CGFloat = 0.085

    static let points = [
        Segment(
            useWidth:  (1.00, 1.00, 1.00),
            xFactors:  (0.60, 0.40, 0.50),
            useHeight: (1.00, 1.00, 0.00),
            yFactors:  (0.05, 0.05, 0.00)
        ),
        Segment(
            useWidth:  (1.00, 1.00, 0.00),
            xFactors:  (0.05, 0.00, 0.00),
            useHeight: (1.00, 1.00, 1.00),
            yFactors:  (0.20 + adjustment, 0.30 + adjustment, 0.25 + adjustment)
        ),
        Segment(
            useWidth:  (1.00, 1.00, 0.00),
            xFactors:  (0.00, 0.05, 0.00),
            useHeight: (1.00, 1.00, 1.00),
            yFactors:  (0.70 - adjustment, 0.80 - adjustment, 0.75 - adjustment)
        ),
        Segment(
            useWidth:  (1.00, 1.00, 1.00),
            xFactors:  (0.40, 0.60, 0.50),
            useHeight: (1.00, 1.00, 1.00),
            yFactors:  (0.95, 0.95, 1.00)
        ),
        Segment(
            useWidth:  (1.00, 1.00, 1.00),
            xFactors:  (0.95, 1.00, 1.00),
            useHeight: (1.00, 1.00, 1.00),
            yFactors:  (0.80 - adjustment, 0.70 - adjustment, 0.75 - adjustment)
        ),
        Segment(
            useWidth:  (1.00, 1.00, 1.00),
            xFactors:  (1.00, 0.95, 1.00),
            useHeight: (1.00, 1.00, 1.00),
            yFactors:  (0.30 + adjustment, 0.20 + adjustment, 0.25 + adjustment)
        )
    ]
}
