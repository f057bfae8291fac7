import Foundation

/// Every regular file of a vault by its file name, for links naming a file
/// that is no task (`[[Design notes]]`, `[[diagram.png]]`). Read with
/// `readdir` and the type it gives (no `stat` a file, as Foundation's
/// enumerator does: a hundred thousand files are walked in a fraction of
/// the time); folders and files starting with `.` skipped, links to folders
/// not followed (no loops), at most `limit` files.
enum VaultFileNames {
    static func walk(root: String, limit: Int) -> [String: [String]] {
        var out: [String: [String]] = [:]
        var folders = [""]
        var count = 0
        while let folder = folders.popLast(), count < limit {
            guard let dir = opendir(folder.isEmpty ? root : root + "/" + folder) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir), count < limit {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                guard !name.hasPrefix(".") else { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                var type = Int(entry.pointee.d_type)
                if type == DT_UNKNOWN || type == DT_LNK {
                    // The type from the file itself: a link to a file counts, a link to a folder is not followed.
                    var st = stat()
                    guard lstat(root + "/" + path, &st) == 0 else { continue }
                    if (st.st_mode & S_IFMT) == S_IFLNK {
                        guard stat(root + "/" + path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
                        type = DT_REG
                    } else {
                        type = (st.st_mode & S_IFMT) == S_IFDIR ? DT_DIR : (st.st_mode & S_IFMT) == S_IFREG ? DT_REG : DT_UNKNOWN
                    }
                }
                if type == DT_DIR {
                    folders.append(path)
                } else if type == DT_REG {
                    out[name, default: []].append(path)
                    count += 1
                }
            }
        }
        return out
    }
}
