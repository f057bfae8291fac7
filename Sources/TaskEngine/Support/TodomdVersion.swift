/// todomd's version: the one place it is written. The executables add the git
/// commit they were built from (`--version`).
public enum TodomdVersion {
    public static let number = "0.1.0"

    /// `0.1.0 (commit 1a2b3c4d5e6f)`, or the number alone outside a checkout.
    public static func described(commit: String?) -> String {
        guard let commit, !commit.isEmpty else { return number }
        return "\(number) (commit \(commit))"
    }
}
