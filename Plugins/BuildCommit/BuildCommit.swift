import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (`let buildCommit: String? = "…"`): the git
/// commit the executable was built from, so `--version` can name it. Outside
/// a checkout (a source tarball) it is nil. The file is rewritten only when
/// the commit changes, so an unchanged tree does not recompile anything.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        let script = """
            set -u
            out="$1/BuildCommit.swift"; mkdir -p "$1"
            commit=$(git -C "$2" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
            if [ -n "$commit" ] && ! git -C "$2" diff --quiet HEAD -- Sources Package.swift 2>/dev/null; then commit="$commit-modified"; fi
            if [ -n "$commit" ]; then value="\\"$commit\\""; else value="nil"; fi
            text="/// The git commit this binary was built from (nil: not built from a checkout).
            let buildCommit: String? = $value"
            [ "$(cat "$out" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$out"
            """
        return [.prebuildCommand(displayName: "Recording the build's git commit",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "sh", output.path, context.package.directoryURL.path],
                                 outputFilesDirectory: output)]
    }
}
