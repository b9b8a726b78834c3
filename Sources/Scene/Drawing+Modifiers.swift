import Geometry
import Raster

extension Drawing {
    /// Draws `content` with one modifier applied outside it; `view` is the modified view.
    mutating func drawModified(_ view: View, _ content: View, _ modifier: Modifier, proposal: ProposedSize, at origin: Point) {
        switch modifier {
        case .frame(let spec):
            let layout = spec.layout(content: content, proposal, context)
            draw(content, proposal: ProposedSize(layout.child.size), at: Point(x: origin.x + layout.child.minX, y: origin.y + layout.child.minY))
        case .padding(let top, let leading, let bottom, let trailing):
            let size = view.sizeThatFits(proposal, context)
            let t = top.evaluate(in: context), l = leading.evaluate(in: context)
            let b = bottom.evaluate(in: context), r = trailing.evaluate(in: context)
            let inner = ProposedSize(width: max(size.width - l - r, 0), height: max(size.height - t - b, 0))
            draw(content, proposal: inner, at: Point(x: origin.x + l, y: origin.y + t))
        case .fixedSize(let horizontal, let vertical):
            let size = content.sizeThatFits(
                ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), context)
            draw(content, proposal: ProposedSize(size), at: origin)
        case .offset(let x, let y):
            var effect = self
            effect.measure(content, proposal: proposal, at: origin)
            // A translation of the drawing: layout positions, and so the
            // geometry inner effects see, stay where layout put them.
            let dx = x.evaluate(in: effect.context), dy = y.evaluate(in: effect.context)
            var moved = self
            moved.transform = AffineTransform(translationX: dx, y: dy).concatenating(transform)
            moved.draw(content, proposal: proposal, at: origin)
        case .background(let secondary, let alignment), .overlay(let secondary, let alignment):
            let size = content.sizeThatFits(proposal, context)
            let other = secondary.sizeThatFits(ProposedSize(size), context)
            let otherOrigin = Point(
                x: origin.x + (size.width - other.width) * alignment.x, y: origin.y + (size.height - other.height) * alignment.y)
            var copy = self
            if case .background = modifier {
                copy.draw(secondary, proposal: ProposedSize(size), at: otherOrigin)
                draw(content, proposal: proposal, at: origin)
            } else {
                draw(content, proposal: proposal, at: origin)
                copy.draw(secondary, proposal: ProposedSize(size), at: otherOrigin)
            }
        case .scaleEffect(let x, let y, let anchor):
            var effect = self
            effect.measure(content, proposal: proposal, at: origin)
            let sx = x.evaluate(in: effect.context), sy = y.evaluate(in: effect.context)
            let a = anchorPoint(content, proposal: proposal, at: origin, anchor)
            var scaled = transformed(
                AffineTransform(translationX: -a.x, y: -a.y).concatenating(AffineTransform(scaleX: sx, y: sy))
                    .concatenating(AffineTransform(translationX: a.x, y: a.y)))
            scaled.draw(content, proposal: proposal, at: origin)
        case .rotationEffect(let degrees, let anchor):
            var effect = self
            effect.measure(content, proposal: proposal, at: origin)
            let radians = degrees.evaluate(in: effect.context) * Double.pi / 180
            let a = anchorPoint(content, proposal: proposal, at: origin, anchor)
            var rotated = transformed(
                AffineTransform(translationX: -a.x, y: -a.y).concatenating(AffineTransform(rotationAngle: radians))
                    .concatenating(AffineTransform(translationX: a.x, y: a.y)))
            rotated.draw(content, proposal: proposal, at: origin)
        case .transformEffect(let a, let b, let c, let d, let tx, let ty):
            var effect = self
            effect.measure(content, proposal: proposal, at: origin)
            let o = anchorPoint(content, proposal: proposal, at: origin, .topLeading)
            let m = AffineTransform(
                a: a.evaluate(in: effect.context), b: b.evaluate(in: effect.context), c: c.evaluate(in: effect.context),
                d: d.evaluate(in: effect.context), tx: tx.evaluate(in: effect.context), ty: ty.evaluate(in: effect.context))
            var moved = transformed(
                AffineTransform(translationX: -o.x, y: -o.y).concatenating(m).concatenating(AffineTransform(translationX: o.x, y: o.y)))
            moved.draw(content, proposal: proposal, at: origin)
        case .aspectRatio(let ratio, let fill):
            let inner = AspectRatio.proposal(for: content, ratio: ratio, fill: fill, proposal, context)
            draw(content, proposal: inner, at: origin)
        case .zIndex:
            draw(content, proposal: proposal, at: origin)
        case .foregroundStyle(let style):
            var copy = self
            copy.foreground = style
            copy.draw(content, proposal: proposal, at: origin)
        case .bind(let slot, let value):
            var copy = self
            copy.context = context.binding(slot, to: value)
            copy.draw(content, proposal: proposal, at: origin)
        case .coordinateSpace(let name):
            var copy = self
            let size = content.sizeThatFits(proposal, context)
            copy.spaces[name] = Rect(origin: origin, size: size)
            copy.spaceOrigin = origin
            copy.draw(content, proposal: proposal, at: origin)
        case .position(let x, let y):
            let size = content.sizeThatFits(proposal, context)
            // Geometry names give the space the position is taken in: the whole proposal.
            var space = self
            space.measure(view, proposal: proposal, at: origin)
            let px = x.evaluate(in: space.context), py = y.evaluate(in: space.context)
            draw(content, proposal: ProposedSize(size), at: Point(x: origin.x + px - size.width / 2, y: origin.y + py - size.height / 2))
        case .opacity(let value):
            var effect = self
            effect.measure(content, proposal: proposal, at: origin)
            let o = min(max(value.evaluate(in: effect.context), 0), 1)
            guard o > 0 else { return }
            // As in SwiftUI, opacity reaches each drawing inside: overlapping children
            // show through each other. Only a compositing group flattens them first.
            var copy = self
            copy.opacity *= o
            copy.draw(content, proposal: proposal, at: origin)
        case .clipShape(let shape, let eoFill, let antialiased):
            let frame = Rect(origin: origin, size: content.sizeThatFits(proposal, context))
            canvas.pushClip(shape.path(in: frame, context: context), transform: transform, rule: eoFill ? .evenOdd : .nonZero, antialiased: antialiased)
            draw(content, proposal: proposal, at: origin)
            canvas.popClip()
        case .mask(let maskView, let alignment):
            let size = content.sizeThatFits(proposal, context)
            let maskSize = maskView.sizeThatFits(ProposedSize(size), context)
            let maskOrigin = Point(x: origin.x + (size.width - maskSize.width) * alignment.x, y: origin.y + (size.height - maskSize.height) * alignment.y)
            canvas.pushMask(mask(maskView, proposal: ProposedSize(size), at: maskOrigin))
            draw(content, proposal: proposal, at: origin)
            canvas.popClip()
        case .blendMode(let mode):
            // As in SwiftUI, the mode reaches each drawing inside; a mode already
            // pending from outside composites this content as one layer with it.
            if blendMode == .normal {
                var copy = self
                copy.blendMode = mode
                copy.draw(content, proposal: proposal, at: origin)
            } else {
                var inner = self
                inner.blendMode = mode
                isolated(content, proposal: proposal, at: origin, inner: inner)
            }
        case .shadow(let color, let radius, let x, let y):
            let s = deviceScale
            let filter = LayerFilter.dropShadow(
                color: color, radius: radius.evaluate(in: context) * s,
                offset: Point(x: x.evaluate(in: context) * s, y: y.evaluate(in: context) * s))
            isolated(content, proposal: proposal, at: origin, filters: [filter])
        case .blur(let radius):
            isolated(content, proposal: proposal, at: origin, filters: [.blur(radius: radius.evaluate(in: context) * deviceScale)])
        case .compositingGroup:
            isolated(content, proposal: proposal, at: origin)
        case .visualEffect(let effect):
            let frame = Rect(origin: origin, size: content.sizeThatFits(proposal, context))
            var affected = content
            for modifier in effect.modifiers(geometry(of: frame)) {
                affected = .modified(affected, modifier)
            }
            draw(affected, proposal: proposal, at: origin)
        case .preference, .transformPreference:
            draw(content, proposal: proposal, at: origin)
        case .backgroundPreferenceValue(let reader), .overlayPreferenceValue(let reader):
            // The content's value once it is laid out here, then the view made from it.
            let value = preference(reader.preference, of: content, proposal: proposal, at: origin) ?? reader.preference.defaultValue
            let secondary = reader.content(value)
            let placed: Modifier
            if case .backgroundPreferenceValue = modifier {
                placed = .background(secondary, reader.alignment)
            } else {
                placed = .overlay(secondary, reader.alignment)
            }
            drawModified(.modified(content, placed), content, placed, proposal: proposal, at: origin)
        }
    }

    /// Draws `content` in its own layer and composites it with the pending opacity and blend
    /// mode; `inner` is the state the content is drawn in (this drawing's by default), its
    /// opacity and blend mode reset. A layer that draws the same in every frame is kept by
    /// the renderer's `LayerMemo` and drawn once.
    func isolated(_ content: View, proposal: ProposedSize, at origin: Point, filters: [LayerFilter] = [], inner: Drawing? = nil) {
        var inner = inner ?? self
        inner.opacity = 1
        inner.blendMode = .normal
        let key = layers?.layerKey(content, filters: filters, drawing: inner, proposal: proposal, at: origin)
        if let key, case .layer(let kept)? = layers?.kept(for: key) {
            canvas.drawLayer(kept, opacity: opacity, blendMode: blendMode)
            return
        }
        canvas.beginLayer()
        inner.draw(content, proposal: proposal, at: origin)
        let keeping = key.map { layers!.shouldKeep($0) } ?? false
        let kept = canvas.endLayer(opacity: opacity, blendMode: blendMode, filters: filters, keeping: keeping)
        if let key, let kept { layers?.remember(.layer(kept), for: key) }
    }

    /// The mask `view` gives drawn at `origin` offered `proposal`: its alpha, drawn on a
    /// transparent canvas of this one's size. A mask that draws the same in every frame is
    /// kept by the renderer's `LayerMemo` and drawn once.
    func mask(_ view: View, proposal: ProposedSize, at origin: Point) -> Mask {
        let key = layers?.maskKey(view, drawing: self, proposal: proposal, at: origin)
        if let key, case .mask(let kept)? = layers?.kept(for: key) { return kept }
        var maskDrawing = self
        maskDrawing.canvas = Canvas(width: canvas.width, height: canvas.height)
        maskDrawing.opacity = 1
        maskDrawing.blendMode = .normal
        maskDrawing.draw(view, proposal: proposal, at: origin)
        let mask = Mask(maskDrawing.canvas.pixmap)
        if let key, layers!.shouldKeep(key) { layers?.remember(.mask(mask), for: key) }
        return mask
    }
}

extension Drawing {
    /// The point at unit position `anchor` of the content's frame, in root points.
    func anchorPoint(_ content: View, proposal: ProposedSize, at origin: Point, _ anchor: Alignment) -> Point {
        let size = content.sizeThatFits(proposal, context)
        return Point(x: origin.x + size.width * anchor.x, y: origin.y + size.height * anchor.y)
    }

    /// Children's indices in drawing order: by `zIndex`, ties in order written.
    func drawingOrder(_ children: [View]) -> [Int] {
        let z = children.map { $0.zIndex(context) }
        guard z.contains(where: { $0 != 0 }) else { return Array(children.indices) }
        return children.indices.sorted { (z[$0], $0) < (z[$1], $1) }
    }
}

extension View {
    /// The view's `zIndex` (its outermost one), 0 when it has none.
    func zIndex(_ context: EvaluationContext) -> Double {
        var view = self
        while case .modified(let content, let modifier) = view {
            if case .zIndex(let z) = modifier { return z.evaluate(in: context) }
            if case .bind(let slot, let value) = modifier {
                return content.zIndex(context.binding(slot, to: value))
            }
            view = content
        }
        return 0
    }
}
