import Geometry

/// SwiftUI's layout, in two passes per frame.
///
/// `sizeThatFits` answers a proposal with a size, as SwiftUI's `Layout` does: shapes
/// take what they are offered (10 × 10 for an unspecified proposal); a fixed frame
/// offers its width and height and reports them; a flexible frame clamps the
/// proposal to its bounds and its child's answer into them; padding offers less and
/// reports more; stacks share their length among children from the least flexible
/// to the most (flexibility = the size offered infinity minus the size offered zero),
/// each child offered an equal share of what is left. `draw` then repeats the same
/// decisions to place each child. Stack layouts are remembered for the frame
/// (`LayoutMemo`), since nested stacks would otherwise measure their descendants 3ⁿ
/// times, and those that read no parameter or time for the next frame too (rendering
/// frames in sequence); everything else is cheap and recomputed.
extension View {
    /// The size this view takes when offered `proposal`, in points.
    public func sizeThatFits(_ proposal: ProposedSize, _ context: EvaluationContext) -> Size {
        switch self {
        case .shape, .geometryReader:
            return proposal.replacingUnspecifiedDimensions(by: Size(width: 10, height: 10))
        case .empty:
            return .zero
        case .conditional(let condition, let content):
            return condition.evaluate(in: context) != 0 ? content.sizeThatFits(proposal, context) : .zero
        case .text(let text):
            return TextLayout(text.resolved(in: context), proposal: proposal).size
        case .image(let image):
            return image.size(for: proposal)
        case .spacer(let minLength):
            let m = minLength?.evaluate(in: context) ?? 8
            return Size(width: max(proposal.width ?? m, m), height: max(proposal.height ?? m, m))
        case .stack(let stack):
            return stack.layout(proposal, context).size
        case .scrollView(let scroll):
            let content = scroll.contentSize(proposal, context)
            return Size(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
        case .modified(let content, let modifier):
            switch modifier {
            case .frame(let spec):
                return spec.layout(content: content, proposal, context).size
            case .padding(let top, let leading, let bottom, let trailing):
                let insets = (top.evaluate(in: context), leading.evaluate(in: context), bottom.evaluate(in: context), trailing.evaluate(in: context))
                let inner = ProposedSize(
                    width: proposal.width.map { max($0 - insets.1 - insets.3, 0) },
                    height: proposal.height.map { max($0 - insets.0 - insets.2, 0) })
                let s = content.sizeThatFits(inner, context)
                return Size(width: s.width + insets.1 + insets.3, height: s.height + insets.0 + insets.2)
            case .fixedSize(let horizontal, let vertical):
                return content.sizeThatFits(
                    ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), context)
            case .offset, .opacity, .background, .overlay, .scaleEffect, .rotationEffect, .transformEffect, .zIndex, .foregroundStyle, .coordinateSpace,
                .clipShape, .mask, .blendMode, .shadow, .blur, .compositingGroup, .visualEffect, .preference, .transformPreference,
                .backgroundPreferenceValue, .overlayPreferenceValue:
                return content.sizeThatFits(proposal, context)
            case .bind(let slot, let value):
                return content.sizeThatFits(proposal, context.binding(slot, to: value))
            case .aspectRatio(let ratio, let fill):
                return content.sizeThatFits(AspectRatio.proposal(for: content, ratio: ratio, fill: fill, proposal, context), context)
            case .position:
                return proposal.replacingUnspecifiedDimensions(by: content.sizeThatFits(proposal, context))
            }
        }
    }
}

extension View {
    /// Whether the view's size, offered a proposal in a context with the same `forEach`
    /// variables, shape size and geometry, is the same in every frame: no expression that
    /// layout reads (frames, padding, stack spacing, spacer lengths, aspect ratios)
    /// refers to a parameter, the time or the frame number. Text and images have fixed
    /// sizes; offsets, effects, backgrounds and overlays do not change the layout.
    var layoutIsSameInEveryFrame: Bool {
        func same(_ e: Expression?) -> Bool { e?.isSameInEveryFrame ?? true }
        switch self {
        case .shape, .image, .empty, .geometryReader:
            return true
        case .text(let text):
            return text.template?.isSameInEveryFrame ?? true
        case .spacer(let minLength):
            return same(minLength)
        case .stack(let stack):
            return same(stack.spacing) && stack.children.allSatisfy(\.layoutIsSameInEveryFrame)
        case .scrollView(let scroll):
            return scroll.content.layoutIsSameInEveryFrame
        case .conditional(let condition, let content):
            return same(condition) && content.layoutIsSameInEveryFrame
        case .modified(let content, let modifier):
            guard content.layoutIsSameInEveryFrame else { return false }
            switch modifier {
            case .frame(let spec):
                return [spec.width, spec.height, spec.minWidth, spec.maxWidth, spec.minHeight, spec.maxHeight].allSatisfy(same)
            case .padding(let top, let leading, let bottom, let trailing):
                return [top, leading, bottom, trailing].allSatisfy(same)
            case .aspectRatio(let ratio, _):
                return same(ratio)
            case .offset, .position, .opacity, .background, .overlay, .fixedSize, .scaleEffect, .rotationEffect, .transformEffect, .zIndex,
                .foregroundStyle, .bind, .coordinateSpace, .clipShape, .mask, .blendMode, .shadow, .blur, .compositingGroup,
                .visualEffect, .preference, .transformPreference, .backgroundPreferenceValue, .overlayPreferenceValue:
                return true
            }
        }
    }
}

extension Expression {
    /// Whether the value is the same in every frame given the same `forEach` variables,
    /// shape size and geometry: it reads no parameter, time or frame number.
    var isSameInEveryFrame: Bool {
        switch self {
        case .constant:
            return true
        case .variable(let variable):
            switch variable {
            case .param, .time, .frame: return false
            case .fps, .duration, .local, .shapeWidth, .shapeHeight, .geometry: return true
            }
        case .unary(_, let operand):
            return operand.isSameInEveryFrame
        case .binary(_, let a, let b):
            return a.isSameInEveryFrame && b.isSameInEveryFrame
        case .conditional(let condition, let a, let b):
            return condition.isSameInEveryFrame && a.isSameInEveryFrame && b.isSameInEveryFrame
        case .call(_, let arguments):
            return arguments.allSatisfy(\.isSameInEveryFrame)
        case .curve(_, let argument):
            return argument.isSameInEveryFrame
        }
    }
}

extension EvaluationContext {
    /// The context with a `forEach` variable set.
    public func binding(_ slot: Int, to value: Double) -> EvaluationContext {
        var copy = self
        if copy.locals.count <= slot { copy.locals += [Double](repeating: 0, count: slot + 1 - copy.locals.count) }
        copy.locals[slot] = value
        return copy
    }
}

extension ImageView {
    /// The natural size: one point per pixel.
    var naturalSize: Size { Size(width: Double(pixmap.width), height: Double(pixmap.height)) }

    func size(for proposal: ProposedSize) -> Size {
        guard resizable else { return naturalSize }
        let offered = proposal.replacingUnspecifiedDimensions(by: naturalSize)
        guard let mode = contentMode else { return offered }
        let r = naturalSize.width / naturalSize.height
        let byWidth = Size(width: offered.width, height: offered.width / r)
        let byHeight = Size(width: offered.height * r, height: offered.height)
        let widthFits = byWidth.height <= offered.height
        return mode == .fit ? (widthFits ? byWidth : byHeight) : (widthFits ? byHeight : byWidth)
    }
}

extension ScrollView {
    /// The content's size: unlimited along the axis, the proposal across it.
    func contentSize(_ proposal: ProposedSize, _ context: EvaluationContext) -> Size {
        content.sizeThatFits(contentProposal(proposal), context)
    }

    func contentProposal(_ proposal: ProposedSize) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: nil, height: proposal.height) : ProposedSize(width: proposal.width, height: nil)
    }
}

/// SwiftUI's `aspectRatio(_:contentMode:)`.
enum AspectRatio {
    static func proposal(for content: View, ratio: Expression?, fill: Bool, _ proposal: ProposedSize, _ context: EvaluationContext) -> ProposedSize {
        let ideal = content.sizeThatFits(.unspecified, context)
        var r = ratio?.evaluate(in: context) ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        if !(r.isFinite && r > 0) { r = 1 }
        guard proposal.width != nil || proposal.height != nil else {
            return ProposedSize(width: ideal.width, height: ideal.width / r)
        }
        let w = proposal.width ?? (proposal.height! * r)
        let h = proposal.height ?? (proposal.width! / r)
        let byWidth = Size(width: w, height: w / r), byHeight = Size(width: h * r, height: h)
        let fits = byWidth.height <= h
        let chosen = fill ? (fits ? byHeight : byWidth) : (fits ? byWidth : byHeight)
        return ProposedSize(chosen)
    }
}

extension StackView {
    /// The stack's size and each child's rectangle relative to the stack's origin, from the
    /// frame's `LayoutMemo` when the same question was answered before.
    func layout(_ proposal: ProposedSize, _ context: EvaluationContext) -> (size: Size, frames: [Rect]) {
        guard !children.isEmpty else { return (.zero, []) }
        guard let memo = context.layoutMemo else { return measure(proposal, context) }
        let key = LayoutMemo.key(self, proposal, context)
        if let known = memo.layout(for: key) { return known }
        let result = measure(proposal, context)
        memo.remember(result, of: self, for: key)
        return result
    }

    /// The stack's layout worked out: each child measured, then placed.
    private func measure(_ proposal: ProposedSize, _ context: EvaluationContext) -> (size: Size, frames: [Rect]) {
        switch axis {
        case .z:
            let sizes = children.map { $0.sizeThatFits(proposal, context) }
            let w = sizes.map(\.width).max() ?? 0, h = sizes.map(\.height).max() ?? 0
            let frames = sizes.map { s in
                Rect(x: (w - s.width) * alignment.x, y: (h - s.height) * alignment.y, width: s.width, height: s.height)
            }
            return (Size(width: w, height: h), frames)
        case .vertical, .horizontal:
            let vertical = axis == .vertical
            let gap = spacing?.evaluate(in: context) ?? 8
            // Spacing goes between the children that are there.
            let present = children.map { $0.isPresent(in: context) }
            let totalSpacing = gap * Double(max(present.filter { $0 }.count - 1, 0))
            func along(_ s: Size) -> Double { vertical ? s.height : s.width }
            func across(_ s: Size) -> Double { vertical ? s.width : s.height }
            func propose(along a: Double?, across c: Double?) -> ProposedSize {
                vertical ? ProposedSize(width: c, height: a) : ProposedSize(width: a, height: c)
            }
            let acrossProposal = vertical ? proposal.width : proposal.height
            // A spacer grows along the stack only; across it takes no room.
            func size(of child: View, _ p: ProposedSize) -> Size {
                guard case .spacer(let minLength) = child else { return child.sizeThatFits(p, context) }
                let m = minLength?.evaluate(in: context) ?? 8
                let length = max(along(p.replacingUnspecifiedDimensions(by: Size(width: m, height: m))), m)
                return vertical ? Size(width: 0, height: length) : Size(width: length, height: 0)
            }
            var sizes = [Size](repeating: .zero, count: children.count)
            if let available = vertical ? proposal.height : proposal.width {
                // Least flexible first, each offered an equal share of what remains.
                let flexibility = children.map { child -> Double in
                    let lo = along(size(of: child, propose(along: 0, across: acrossProposal)))
                    let hi = along(size(of: child, propose(along: .infinity, across: acrossProposal)))
                    return hi - lo
                }
                let order = children.indices.sorted { flexibility[$0] < flexibility[$1] }
                var remaining = available - totalSpacing
                var left = Double(children.count)
                for i in order {
                    let share = max(remaining / left, 0)
                    sizes[i] = size(of: children[i], propose(along: share, across: acrossProposal))
                    remaining -= along(sizes[i])
                    left -= 1
                }
            } else {
                sizes = children.map { size(of: $0, propose(along: nil, across: acrossProposal)) }
            }
            let length = sizes.reduce(0) { $0 + along($1) } + totalSpacing
            let thickness = sizes.map(across).max() ?? 0
            var frames: [Rect] = []
            var position = 0.0
            let fraction = vertical ? alignment.x : alignment.y
            for (i, s) in sizes.enumerated() {
                let offset = (thickness - across(s)) * fraction
                frames.append(vertical
                    ? Rect(x: offset, y: position, width: s.width, height: s.height)
                    : Rect(x: position, y: offset, width: s.width, height: s.height))
                if present[i] { position += along(s) + gap }
            }
            return (vertical ? Size(width: thickness, height: length) : Size(width: length, height: thickness), frames)
        }
    }
}

extension FrameSpec {
    /// The frame's size and its child's rectangle relative to the frame's origin.
    func layout(content: View, _ proposal: ProposedSize, _ context: EvaluationContext) -> (size: Size, child: Rect) {
        func value(_ e: Expression?) -> Double? {
            guard let v = e?.evaluate(in: context), !v.isNaN else { return nil }
            return max(v, 0)
        }
        var childProposal = proposal
        var size: Size
        let child: Size
        if isFlexible {
            let minW = value(minWidth), maxW = value(maxWidth), minH = value(minHeight), maxH = value(maxHeight)
            func clampProposal(_ p: Double?, _ lo: Double?, _ hi: Double?) -> Double? {
                guard var p else { return nil }
                if let lo, lo > p { p = lo }
                if let hi, hi < p { p = hi }
                return p
            }
            childProposal.width = value(width) ?? clampProposal(proposal.width, minW, maxW)
            childProposal.height = value(height) ?? clampProposal(proposal.height, minH, maxH)
            child = content.sizeThatFits(childProposal, context)
            func resolve(_ c: Double, _ p: Double?, _ lo: Double?, _ hi: Double?) -> Double {
                var r = c
                if let lo { r = max(lo, min(r, p ?? r)) }
                if let hi { r = min(hi, max(r, p ?? r)) }
                return r
            }
            size = Size(
                width: value(width) ?? resolve(child.width, childProposal.width, minW, maxW),
                height: value(height) ?? resolve(child.height, childProposal.height, minH, maxH))
        } else {
            childProposal = ProposedSize(width: value(width) ?? proposal.width, height: value(height) ?? proposal.height)
            child = content.sizeThatFits(childProposal, context)
            size = Size(width: value(width) ?? child.width, height: value(height) ?? child.height)
        }
        if !size.width.isFinite { size.width = child.width }
        if !size.height.isFinite { size.height = child.height }
        let origin = Point(x: (size.width - child.width) * alignment.x, y: (size.height - child.height) * alignment.y)
        return (size, Rect(origin: origin, size: child))
    }
}
