/// A perspective's colour in words: the name of the palette's colour it is
/// (`Red`), or of the nearest one for a colour typed as `#RRGGBB` (`near Red`),
/// so that the colour is said, not only drawn or given as a hex code.
enum ColorName {
    /// "Red (#D0021B)", "#123456 (near Blue)"; the text as it is when it is no `#RRGGBB`.
    static func described(_ hex: String) -> String {
        guard let rgb = rgb(hex) else { return hex }
        if let exact = RuleEditor.palette.first(where: { $0.1.uppercased() == hex.uppercased() }) { return "\(exact.0) (\(hex))" }
        return "\(hex) (near \(nearest(rgb)))"
    }

    /// The colour's name in words: black, white or gray when it has next to no hue, else the palette's
    /// colour closest in hue first, then in lightness and saturation. (Not by the channels' plain
    /// distance: a dark navy is nearer Brown than Blue that way, and would be named wrong to someone who
    /// cannot see it.)
    static func nearest(_ rgb: (Int, Int, Int)) -> String {
        let c = hsl(rgb)
        if c.s < 0.15 || c.l < 0.06 || c.l > 0.96 { return c.l < 0.2 ? "Black" : c.l > 0.85 ? "White" : "Gray" }
        var best = (name: "", distance: Double.infinity)
        for (name, hex) in RuleEditor.palette {
            guard let p = self.rgb(hex).map(hsl), p.s >= 0.15 else { continue }
            let hue = min(abs(p.h - c.h), 360 - abs(p.h - c.h)) / 180
            let d = 4 * hue * hue + (p.l - c.l) * (p.l - c.l) + 0.5 * (p.s - c.s) * (p.s - c.s)
            if d < best.distance { best = (name, d) }
        }
        return best.name
    }

    /// Hue (degrees), saturation and lightness (0…1).
    static func hsl(_ rgb: (Int, Int, Int)) -> (h: Double, s: Double, l: Double) {
        let r = Double(rgb.0) / 255, g = Double(rgb.1) / 255, b = Double(rgb.2) / 255
        let hi = max(r, g, b), lo = min(r, g, b), l = (hi + lo) / 2, d = hi - lo
        guard d > 0 else { return (0, 0, l) }
        let s = d / (1 - abs(2 * l - 1))
        let h = hi == r ? (g - b) / d : hi == g ? (b - r) / d + 2 : (r - g) / d + 4
        return ((h * 60 + 360).truncatingRemainder(dividingBy: 360), s, l)
    }

    static func rgb(_ hex: String) -> (Int, Int, Int)? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let v = Int(digits, radix: 16) else { return nil }
        return ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)
    }
}
