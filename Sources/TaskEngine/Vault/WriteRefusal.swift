/// Why a write was refused. The file is left byte for byte as it was, and the
/// message says so and what the user can do.
public enum WriteRefusal: Error, Equatable, CustomStringConvertible {
    /// The change cannot be written in the file's frontmatter style.
    case cannotEditInPlace(id: String, reason: String)
    /// Read back, the new text did not say what was meant (or lost a key).
    case notFaithful(id: String, reason: String)
    case readOnly(id: String, mode: String)
    case linkOutsideVault(id: String, target: String)
    case brokenLink(id: String)
    case notARegularFile(id: String)

    public var description: String {
        let kept = "nothing was written"
        switch self {
        case .cannotEditInPlace(let id, let why): return "\(id) was not changed: \(why); \(kept)"
        case .notFaithful(let id, let why): return "\(id) was not changed: the edited file would not read back as intended (\(why)); \(kept)"
        case .readOnly(let id, let mode): return "\(id) is read-only (mode \(mode)); todomd never changes permissions, so \(kept)"
        case .linkOutsideVault(let id, let target): return "\(id) is a link to \(target), outside the vault; \(kept)"
        case .brokenLink(let id): return "\(id) is a link whose target is missing; \(kept)"
        case .notARegularFile(let id): return "\(id) is not a regular file; \(kept)"
        }
    }

    public var id: String {
        switch self {
        case .cannotEditInPlace(let id, _), .notFaithful(let id, _), .readOnly(let id, _),
             .linkOutsideVault(let id, _), .brokenLink(let id), .notARegularFile(let id): return id
        }
    }
}
