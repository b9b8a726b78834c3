// The HTML page of a report.
//
// One self-contained file beside the images: no scripts or styles from
// elsewhere, so it opens from disk and survives being archived by CI. For each
// comparison: its verdict, the sequence's problems, the traces' departures
// with a plot per departing parameter, a strip with one bar per compared frame
// (height: differing pixels on a log scale, red when the frame fails) so the
// moment things go wrong is visible at once, then each failing frame as
// expected | difference | actual with a swipe view, and a table of every frame.
// Images are shown pixel for pixel (no smoothing) at a zoom chosen at the top.

import FrameDiff
import Foundation

enum ReportPage {
    static func html(_ summary: ReportSummary) -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(escape(summary.title)) — \(summary.passed ? "passed" : "failed")</title>
            <style>\(style)</style></head>
            <body style="--zoom: 1">
            <header><h1>\(escape(summary.title))</h1>
            <p class="verdict \(summary.passed ? "passed" : "failed")">\(summary.passed ? "Passed" : "Failed"): \(verdict(summary))</p>
            <p class="zoom">Zoom <button onclick="document.body.style.setProperty('--zoom', 1)">1×</button><button onclick="document.body.style.setProperty('--zoom', 2)">2×</button><button onclick="document.body.style.setProperty('--zoom', 4)">4×</button>
            <span class="legend"><i style="background:#e61414"></i>differs <i style="background:#fac800"></i>anti-aliasing, tolerated <i style="background:#96beff"></i>below the threshold <i style="background:#dc00dc"></i>cluster over budget</span></p>
            </header>

            """
        for report in summary.comparisons { out += section(report) }
        out += "<footer>Measured on \(escape(summary.environment.architecture)), \(escape(summary.environment.system)).</footer>\n</body></html>\n"
        return out
    }

    static func verdict(_ summary: ReportSummary) -> String {
        let counts = Dictionary(grouping: summary.comparisons, by: \.status).mapValues(\.count)
        return ComparisonReport.Status.allOrdered.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }.joined(separator: ", ")
    }

    static func section(_ r: ComparisonReport) -> String {
        let id = anchor(r.name)
        var out = "<section id=\"\(id)\" class=\"\(r.status.rawValue)\">\n<h2>\(escape(r.name)) <span class=\"badge\">\(r.status.rawValue)</span></h2>\n"
        out += "<p class=\"paths\">expected <code>\(escape(r.expected))</code> · actual <code>\(escape(r.actual))</code></p>\n"
        if let error = r.error { out += "<p class=\"error\">\(escape(error))</p>\n" }
        let failing = r.failingFrames
        if !r.frames.isEmpty {
            out += "<p>\(r.frames.count) frame\(r.frames.count == 1 ? "" : "s") compared, \(failing.count) beyond the tolerance. \(toleranceText(r.tolerance))</p>\n"
        }
        if !r.problems.isEmpty { out += list("Problems", r.problems, class: "problems") }
        if let trace = r.trace, !trace.isWithinTolerance { out += list("Motion", trace.lines, class: "problems") }
        if !r.notes.isEmpty { out += list("Notes", r.notes, class: "notes") }
        if !r.tracePlots.isEmpty {
            out += "<div class=\"plots\">" + r.tracePlots.map(plot).joined() + "</div>\n"
        }
        if r.frames.count > 1 { out += strip(r, id: id) }
        for frame in failing { out += figure(frame, id: id) }
        if !r.frames.isEmpty { out += table(r, id: id) }
        return out + "</section>\n"
    }

    static func toleranceText(_ t: Tolerance) -> String {
        var parts = ["a pixel differs above ΔE₀₀ \(number(t.pixelThreshold))"]
        if !t.toleratesAntialiasing {
            parts.append("anti-aliasing not tolerated")
        } else if let shift = t.maxEdgeShift {
            parts.append("anti-aliasing tolerated while edges move ≤ \(number(shift)) px")
        } else {
            parts.append("anti-aliasing tolerated")
        }
        if let c = t.maxClusterSize { parts.append("largest cluster ≤ \(c) px") }
        if let p = t.maxDifferingPixels { parts.append("≤ \(p) differing px") }
        if let s = t.maxDifferingShare { parts.append("≤ \(number(s * 100)) % differing") }
        if let m = t.minimumSSIM { parts.append("SSIM ≥ \(number(m))") }
        return "Tolerance: " + parts.joined(separator: ", ") + "."
    }

    static func list(_ title: String, _ items: [String], class name: String) -> String {
        "<div class=\"\(name)\"><h3>\(title)</h3><ul>" + items.map { "<li>\(escape($0))</li>" }.joined() + "</ul></div>\n"
    }

    /// One bar per compared frame; failing bars link to their figure. Up to 24 bars are
    /// each labelled with their frame number, longer strips only at their ends.
    static func strip(_ r: ComparisonReport, id: String) -> String {
        let width = min(max(640 / r.frames.count, 3), 24), gap = 1, height = 60
        let labelled = r.frames.count <= 24
        let total = r.frames.count * (width + gap)
        let maxDiffering = max(r.frames.map(\.difference.differingPixels).max() ?? 1, 1)
        var bars = ""
        for (i, f) in r.frames.enumerated() {
            let d = f.difference
            let value = d.sizesMatch ? d.differingPixels : maxDiffering
            let h = value == 0 ? (d.changedPixels > 0 ? 3 : 1) : max(4, Int(Double(height - 4) * log(1 + Double(value)) / log(1 + Double(maxDiffering))) + 4)
            let color = !d.isWithinTolerance ? "#e61414" : d.antialiasedPixels > 0 ? "#fac800" : d.changedPixels > 0 ? "#96beff" : "#c8c8c8"
            let x = i * (width + gap)
            var rect = "<rect x=\"\(x)\" y=\"\(height - h)\" width=\"\(width)\" height=\"\(h)\" fill=\"\(color)\"><title>frame \(f.frame): \(d.differingPixels) differing, \(d.antialiasedPixels) anti-aliased, \(d.changedPixels) changed</title></rect>"
            if labelled { rect += "<text x=\"\(Double(x) + Double(width) / 2)\" y=\"\(height + 12)\" text-anchor=\"middle\">\(f.frame)</text>" }
            bars += f.images != nil ? "<a href=\"#\(id)-frame-\(f.frame)\">\(rect)</a>" : rect
        }
        let axis = labelled ? "" : "<div class=\"axis\" style=\"width: \(total)px\"><span>frame \(r.frames.first!.frame)</span><span>frame \(r.frames.last!.frame)</span></div>"
        let svgHeight = height + (labelled ? 16 : 0)
        return """
            <h3>Frames</h3><p class="hint">One bar per compared frame, its height the differing pixels (log scale); red bars fail and link to their images.</p>
            <div class="strip"><svg width="\(total)" height="\(svgHeight)" viewBox="0 0 \(total) \(svgHeight)">\(bars)</svg>\(axis)</div>

            """
    }

    static func figure(_ f: ComparisonReport.FrameResult, id: String) -> String {
        let d = f.difference
        var out = "<figure id=\"\(id)-frame-\(f.frame)\"><figcaption><h3>Frame \(f.frame)\(f.time.map { " · " + number($0, digits: 3) + " s" } ?? "")</h3><ul class=\"violations\">"
        out += d.violations.map { "<li>\(escape($0.description))</li>" }.joined() + "</ul>"
        if d.sizesMatch {
            out += "<p class=\"measures\">\(d.differingPixels) differing px (\(number(d.differingShare * 100, digits: 3)) %), largest cluster \(d.largestCluster)\(d.largestClusterBounds.map { " in " + $0.description } ?? ""), \(d.antialiasedPixels) anti-aliased, \(d.changedPixels) changed; ΔE₀₀ max \(number(d.maxDeltaE))\(d.maxDeltaEPixel.map { " at (\($0.x), \($0.y))" } ?? ""), mean \(number(d.meanDeltaE, digits: 4)); SSIM \(number(d.ssim, digits: 4))</p>"
        }
        out += "</figcaption>\n"
        if let images = f.images {
            let w = d.width, aw = d.actualWidth
            out += """
                <div class="images">
                <div><p>expected</p><img src="\(escape(images.expected))" style="--w: \(w)px" alt="expected frame \(f.frame)"></div>
                <div><p>difference</p><img src="\(escape(images.diff))" style="--w: \(w)px" alt="difference at frame \(f.frame)"></div>
                <div><p>actual</p><img src="\(escape(images.actual))" style="--w: \(aw)px" alt="actual frame \(f.frame)"></div>
                """
            if d.sizesMatch {
                out += """
                    <div><p>swipe: expected | actual</p><div class="swipe" style="--w: \(w)px"><img src="\(escape(images.actual))" style="--w: \(w)px" alt=""><div class="cover"><img src="\(escape(images.expected))" style="--w: \(w)px" alt=""></div></div>
                    <input type="range" min="0" max="100" value="50" aria-label="swipe position" oninput="this.previousElementSibling.style.setProperty('--pos', this.value + '%')"></div>
                    """
            }
            out += "</div>\n"
        } else {
            out += "<p class=\"hint\">No images written for this frame (see the notes).</p>\n"
        }
        return out + "</figure>\n"
    }

    static func table(_ r: ComparisonReport, id: String) -> String {
        var rows = ""
        for f in r.frames {
            let d = f.difference
            let name = f.images != nil ? "<a href=\"#\(id)-frame-\(f.frame)\">\(f.frame)</a>" : "\(f.frame)"
            rows += "<tr class=\"\(d.isWithinTolerance ? "ok" : "bad")\"><td>\(name)</td><td>\(f.time.map { number($0, digits: 3) } ?? "")</td><td>\(d.changedPixels)</td><td>\(d.antialiasedPixels)</td><td>\(d.differingPixels)</td><td>\(d.largestCluster)</td><td>\(number(d.maxDeltaE))</td><td>\(number(d.meanDeltaE, digits: 4))</td><td>\(number(d.ssim, digits: 4))</td><td>\(d.isWithinTolerance ? "ok" : escape(d.violations.map(\.description).joined(separator: "; ")))</td></tr>\n"
        }
        return """
            <details\(r.frames.count <= 12 ? " open" : "")><summary>Every compared frame</summary>
            <table><thead><tr><th>frame</th><th>s</th><th>changed</th><th>anti-aliased</th><th>differing</th><th>cluster</th><th>max ΔE₀₀</th><th>mean ΔE₀₀</th><th>SSIM</th><th>verdict</th></tr></thead>
            <tbody>
            \(rows)</tbody></table></details>

            """
    }

    /// A line plot of one parameter component, expected against actual.
    static func plot(_ p: ComparisonReport.TracePlot) -> String {
        let width = 520.0, height = 150.0, pad = 28.0
        let all = (p.expected + p.actual).filter(\.isFinite)
        guard let low = all.min(), let high = all.max() else { return "" }
        let span = high - low == 0 ? 1 : high - low
        let count = max(p.expected.count, p.actual.count, 2)
        func x(_ n: Int) -> Double { pad + (width - 2 * pad) * Double(n) / Double(count - 1) }
        func y(_ v: Double) -> Double { height - pad - (height - 2 * pad) * (v - low) / span }
        func line(_ values: [Double]) -> String {
            values.enumerated().filter { $0.element.isFinite }.map { "\(number(x($0.offset), digits: 1)),\(number(y($0.element), digits: 1))" }.joined(separator: " ")
        }
        var marker = ""
        if let first = p.firstFrame {
            marker = "<line x1=\"\(x(first))\" x2=\"\(x(first))\" y1=\"\(pad / 2)\" y2=\"\(height - pad)\" class=\"depart\"/><text x=\"\(x(first) + 4)\" y=\"\(pad / 2 + 10)\">departs at frame \(first)</text>"
        }
        return """
            <figure class="plot"><figcaption>\(escape(p.param))</figcaption><svg width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">
            <rect x="\(pad)" y="\(pad / 2)" width="\(width - 2 * pad)" height="\(height - 1.5 * pad)" class="frame"/>
            <text x="2" y="\(pad / 2 + 10)">\(number(high))</text><text x="2" y="\(height - pad)">\(number(low))</text>
            <text x="\(pad)" y="\(height - 8)">frame 0</text><text x="\(width - pad - 60)" y="\(height - 8)">frame \(count - 1)</text>
            \(marker)<polyline points="\(line(p.expected))" class="expected"/><polyline points="\(line(p.actual))" class="actual"/>
            </svg><p class="hint"><i class="swatch expected"></i>expected <i class="swatch actual"></i>actual</p></figure>
            """
    }

    static func number(_ x: Double, digits: Int = 2) -> String {
        guard x.isFinite else { return "\(x)" }
        return String(format: "%.\(digits)f", x)
    }

    static func anchor(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 24px 48px; color: #1d1d1f; background: #fafafa; }
        header { position: sticky; top: 0; background: #fafafaee; padding: 8px 0; border-bottom: 1px solid #ddd; z-index: 1; }
        h1 { font-size: 18px; margin: 4px 0; font-family: ui-monospace, monospace; }
        h2 { font-size: 17px; margin: 0 0 4px; } h3 { font-size: 14px; margin: 12px 0 4px; }
        .verdict { font-weight: 600; margin: 2px 0; } .verdict.failed { color: #c01010; } .verdict.passed { color: #18803a; }
        .zoom button { margin-left: 4px; } .legend { margin-left: 24px; color: #555; }
        .legend i, .swatch { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; vertical-align: -1px; }
        section { background: white; border: 1px solid #ddd; border-left: 6px solid #18803a; border-radius: 6px; padding: 12px 16px; margin: 16px 0; }
        section.failed, section.missing, section.error { border-left-color: #c01010; } section.recorded { border-left-color: #d08000; }
        .badge { font-size: 12px; text-transform: uppercase; padding: 1px 6px; border-radius: 3px; background: #eee; vertical-align: 2px; }
        section.failed .badge, section.missing .badge, section.error .badge { background: #c01010; color: white; }
        section.passed .badge { background: #18803a; color: white; } section.recorded .badge { background: #d08000; color: white; }
        .paths code { background: #f3f3f3; padding: 0 3px; } .error, .problems li { color: #a00; } .notes li { color: #555; } .hint { color: #666; font-size: 12px; margin: 2px 0; }
        .strip { overflow-x: auto; padding-bottom: 4px; } .strip svg { display: block; } .strip text { font-size: 10px; fill: #666; }
        .strip .axis { display: flex; justify-content: space-between; color: #777; font-size: 11px; max-width: 100%; }
        figure { margin: 16px 0; padding-top: 8px; border-top: 1px solid #eee; } figcaption h3 { display: inline; margin-right: 12px; }
        .violations { display: inline; padding: 0; margin: 0; } .violations li { display: inline; color: #a00; margin-right: 12px; }
        .measures { color: #444; font-size: 13px; margin: 4px 0 8px; }
        .images { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; } .images p { margin: 0 0 2px; color: #555; font-size: 12px; }
        img { width: calc(var(--w) * var(--zoom)); image-rendering: pixelated; image-rendering: crisp-edges; display: block; border: 1px solid #ccc;
              background: repeating-conic-gradient(#ddd 0 25%, white 0 50%) 0 0 / 16px 16px; }
        .swipe { position: relative; width: calc(var(--w) * var(--zoom) + 2px); } .swipe .cover { position: absolute; inset: 0; width: var(--pos, 50%); overflow: hidden; border-right: 2px solid #dc00dc; }
        .swipe .cover img { max-width: none; } input[type=range] { width: 100%; }
        table { border-collapse: collapse; font-size: 12px; margin-top: 6px; } th, td { border-bottom: 1px solid #eee; padding: 2px 8px; text-align: right; }
        td:last-child, th:last-child { text-align: left; } tr.bad td { color: #a00; }
        .plots { display: flex; flex-wrap: wrap; gap: 16px; } .plot { border: none; margin: 4px 0; }
        .plot svg { background: white; } .plot .frame { fill: none; stroke: #ddd; } .plot text { font-size: 10px; fill: #666; }
        .plot polyline { fill: none; stroke-width: 1.5; } .plot .expected, .swatch.expected { stroke: #1f6fd1; background: #1f6fd1; }
        .plot .actual, .swatch.actual { stroke: #e8590c; background: #e8590c; stroke-dasharray: 4 2; } .plot .depart { stroke: #c01010; stroke-dasharray: 2 2; }
        footer { color: #888; font-size: 12px; margin-top: 24px; }
        """
}

extension ComparisonReport.Status {
    /// The statuses in the order a verdict lists them.
    static let allOrdered: [ComparisonReport.Status] = [.failed, .missing, .error, .recorded, .passed]
}
