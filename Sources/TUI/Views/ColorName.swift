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

    /// The palette's colour closest to `rgb` (by the sum of the squared differences of its channels).
    static func nearest(_ rgb: (Int, Int, Int)) -> String {
        var best = (name: "", distance: Int.max)
        for (name, hex) in RuleEditor.palette {
            guard let p = self.rgb(hex) else { continue }
            let d = (p.0 - rgb.0) * (p.0 - rgb.0) + (p.1 - rgb.1) * (p.1 - rgb.1) + (p.2 - rgb.2) * (p.2 - rgb.2)
            if d < best.distance { best = (name, d) }
        }
        return best.name
    }

    static func rgb(_ hex: String) -> (Int, Int, Int)? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let v = Int(digits, radix: 16) else { return nil }
        return ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)
    }
}
