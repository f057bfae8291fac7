import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder named by a settings file (TaskNotes' tasks folder, its excluded
/// folders, a profile's folder for new tasks), resolved against the vault:
/// either a path inside the vault, relative to its root ("" is the root), or
/// the reason it is refused. A settings file is data like any other file in
/// the vault, so it never leads a write outside it.
public enum VaultRelativePath {
    public enum Resolution: Equatable, Sendable {
        case inside(String)
        case refused(String)
    }

    /// By the text alone: `..` above the root, absolute and `~` paths,
    /// NUL, backslashes, control and direction characters, and names that
    /// only look like `.` or `..` (fullwidth dots, the one-dot leader) are
    /// refused; `.` and empty parts are dropped, `a/../b` is `b`.
    public static func normalize(_ setting: String) -> Resolution {
        // (Not trimmed: a folder may begin or end with a space, and a task's own folder is passed here too.)
        let text = setting
        if text.isEmpty { return .inside("") }
        if text.unicodeScalars.contains("\0") { return .refused("it holds a NUL byte") }
        if text.contains("\\") { return .refused("it holds a backslash (folders are separated by /)") }
        if let odd = text.unicodeScalars.first(where: isInvisibleControl) {
            return .refused("it holds an invisible control character (U+\(String(odd.value, radix: 16, uppercase: true)))")
        }
        if text.hasPrefix("/") { return .refused("it is an absolute path (folders in settings are relative to the vault)") }
        if text.hasPrefix("~") { return .refused("it starts with ~, which is not a home folder here (folders in settings are relative to the vault)") }
        var parts: [Substring] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return .refused("it leads out of the vault ('..')") }
                parts.removeLast()
            default:
                let folded = String(part).precomposedStringWithCompatibilityMapping
                if folded == "." || folded == ".." { return .refused("the name '\(part)' looks like '\(folded)'") }
                parts.append(part)
            }
        }
        return .inside(parts.joined(separator: "/"))
    }

    /// `normalize`, then on disk: the part of the path that exists must be a
    /// folder inside the vault once its links are followed; a folder named in
    /// another Unicode form than the one on disk is the one on disk.
    public static func resolve(_ setting: String, root: String) -> Resolution {
        let shape = normalize(setting)
        guard case .inside(let relative) = shape, !relative.isEmpty else { return shape }
        let base = WriteTarget.realPath(root) ?? root
        var existing = root
        var parts = relative.split(separator: "/").map(String.init)
        for (i, part) in parts.enumerated() {
            var st = stat()
            if lstat(existing + "/" + part, &st) != 0 {
                // The folder as it is spelled on disk when only its Unicode form differs
                // (`Tâches` composed or not): one folder, not two that look alike. (An
                // ASCII name has one form: no listing on a command's way.)
                let names = part.utf8.allSatisfy { $0 < 0x80 } ? [] : (try? FileManager.default.contentsOfDirectory(atPath: existing)) ?? []
                guard let alike = names.first(where: { $0 == part }) else { break }
                parts[i] = alike
            }
            existing += "/" + parts[i]
        }
        let onDisk = parts.joined(separator: "/")
        guard existing != root else { return .inside(onDisk) }
        guard let real = WriteTarget.realPath(existing) else { return .refused("'\(existing.dropFirst(root.count + 1))' is a link whose target is missing") }
        guard real == base || real.hasPrefix(base + "/") else {
            return .refused("'\(existing.dropFirst(root.count + 1))' leads outside the vault (to \(real))")
        }
        var st = stat()
        guard stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            return .refused("'\(existing.dropFirst(root.count + 1))' is not a folder")
        }
        return .inside(onDisk)
    }

    /// A setting as shown in a message: its invisible characters written as `\u{…}`.
    public static func shown(_ setting: String) -> String {
        setting.unicodeScalars.map { isInvisibleControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    /// Characters that are not seen but change what is: C0/C1 controls, and
    /// the marks and overrides of text direction.
    static func isInvisibleControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
