// swift-tools-version:6.1
// Benchmarks live in their own package so `make test` never builds the
// benchmark library. Run them with `make bench`.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which depends on the clone.
let rootName = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "todomd-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TaskEngine", package: rootName),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScreenBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TaskEngine", package: rootName),
                .product(name: "TUI", package: rootName),
            ],
            path: "Benchmarks/ScreenBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Plain timings through the headless runtime (a row per vault size).
        .executableTarget(
            name: "InteractiveBench",
            dependencies: [
                .product(name: "TaskEngine", package: rootName),
                .product(name: "TUI", package: rootName),
            ],
            path: "Benchmarks/InteractiveBench",
            // Linked as the app's release build is (see the root package's `todomd`),
            // mimalloc as its malloc included.
            linkerSettings: [
                .linkedLibrary("mimalloc", .when(platforms: [.linux])),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xclang-linker", "-no-pie",
                              "-L\(Context.packageDirectory)/../.build/static-libs", "-ltinfo"],
                             .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The floor under a cold `count`, in C: listing and reading every file, and
        // libyaml's event parser over each frontmatter, on every core (Debian's libyaml).
        .executableTarget(
            name: "ReadFloor",
            path: "Benchmarks/ReadFloor",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("yaml"), .linkedLibrary("pthread")]
        ),
    ]
)
