import Foundation
import TaskEngine
import Yams

/// Writes settings into a YAML file the user may also edit: only the keys
/// whose value changed, in place (`YAMLDocumentEditor`), so comments and keys
/// todomd does not know stay. A file changed meanwhile is refused, not overwritten.
enum SettingsFile {
    /// `key: value` lines (or a block) for each changed setting; nil removes it.
    static func block<T: Encodable>(_ key: String, _ value: T?) throws -> String? {
        try value.map { try YAMLEncoder().encode([key: $0]) }
    }

    static func write(_ changes: [(key: String, block: String?)], to path: String, header: String) throws {
        guard !changes.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let current: [UInt8]?
        switch RegularFile.read(path) {
        case .bytes(let bytes): current = bytes
        case .missing: current = nil
        case .refused(let why):
            // (Not written over: a FIFO or a folder there is the user's to remove.)
            throw YAMLDocumentEditor.Refused(description: "\((path as NSString).lastPathComponent) was not saved: \(why)")
        }
        let text = current.map { String(decoding: $0, as: UTF8.self) } ?? header
        let edited = try YAMLDocumentEditor.edit(text, setting: changes)
        if let current {
            guard try AtomicFile.replace(path, expected: current, with: Array(edited.utf8)) else {
                throw YAMLDocumentEditor.Refused(description: "\((path as NSString).lastPathComponent) changed while it was being saved; try again")
            }
        } else {
            try AtomicFile.create(Array(edited.utf8), at: path)
        }
    }
}
