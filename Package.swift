// swift-tools-version:6.1
import PackageDescription

/// How release builds link `todomd`, for a quicker start of every command:
/// - with the toolchain's lld, the relative relocations packed (DT_RELR, glibc
///   2.36 and later): the dynamic loader reads a small packed table, not a
///   long list of relocations that stays resident;
/// - as a position-dependent executable: its read-only data need no
///   relocating, so no page of it is copied at a start;
/// - against the static archives in `.build/static-libs` (made by
///   `scripts/static-libs.sh`, which `make release` runs) before the shared
///   libraries: SQLite, libyaml, cmark-gfm, ncurses and libstdc++ linked in,
///   so a start maps and resolves none of them.
///   Without that folder they are linked as shared libraries.
let releaseLinkFlags = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xclang-linker", "-no-pie",
    "-L\(Context.packageDirectory)/.build/static-libs",
    // ncurses' archive leaves its terminfo part to this one (its shared library names it itself).
    "-ltinfo",
]

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "todomd", targets: ["todomd"]),
        // The tasknotes-spec conformance port: JSON lines in, envelopes out.
        .executable(name: "todomd-tasknotes-bridge", targets: ["todomd-tasknotes-bridge"]),
        .library(name: "TaskEngine", targets: ["TaskEngine"]),
        .library(name: "TUI", targets: ["TUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // libncursesw, wrapped; only the TUI's terminal backend imports it.
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libyaml's event parser (Debian's libyaml-dev): task frontmatter is
        // read from its events; Yams (which bundles the same libyaml) builds
        // documents for writing and for the rare file the events leave to it.
        .systemLibrary(
            name: "CLibYAML",
            path: "Sources/CLibYAML",
            providers: [.apt(["libyaml-dev"])]
        ),
        // cmark-gfm (Debian's libcmark-gfm-dev and -extensions-dev): task notes
        // parsed as CommonMark with GitHub's task lists, for the detail pane.
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // mimalloc (Debian's libmimalloc-dev) as the process's malloc, linked into
        // todomd (its linker settings) and the tests (which import it; the engine
        // looks its functions up by name): a cold
        // load makes about a hundred small allocations a file (most of them
        // libyaml's), and glibc's malloc and free are a large part of its instructions.
        // Not into the engine library: the engine benchmarks' allocation counter,
        // preloaded before it, would break mimalloc's heap.
        .systemLibrary(
            name: "CMimalloc",
            path: "Sources/CMimalloc",
            providers: [.apt(["libmimalloc-dev"])]
        ),
        // Models, vault files, rules, ordering, perspectives. No terminal code.
        .target(
            name: "TaskEngine",
            dependencies: [
                "CLibYAML", "CCmarkGFM",
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "TUI",
            dependencies: ["TaskEngine", "CNcurses"]
        ),
        .executableTarget(
            name: "todomd",
            dependencies: [
                "TaskEngine", "TUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // mimalloc, named to the linker (a dependency on CMimalloc without an
                // import of it links it into debug builds only).
                .linkedLibrary("mimalloc", .when(platforms: [.linux])),
                .unsafeFlags(releaseLinkFlags, .when(platforms: [.linux], configuration: .release)),
            ],
            plugins: ["BuildCommit"]
        ),
        .executableTarget(name: "todomd-tasknotes-bridge", dependencies: ["TaskEngine"],
                         linkerSettings: [.unsafeFlags(releaseLinkFlags, .when(platforms: [.linux], configuration: .release))],
                         plugins: ["BuildCommit"]),
        // The git commit a binary was built from, for `--version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // The keys that build a perspective with every operator, shared by the headless and the tmux test.
        .target(name: "RuleEditorScript", path: "Tests/RuleEditorScript"),
        .testTarget(name: "TaskEngineTests", dependencies: ["TaskEngine", "CMimalloc"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TaskEngine", "RuleEditorScript"], exclude: ["Snapshots"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TaskEngine", "RuleEditorScript"]),
        // The command line's own parsing, against swift-argument-parser's (the executable's module).
        .testTarget(name: "CommandLineTests", dependencies: ["todomd"]),
    ],
    swiftLanguageModes: [.v6]
)
