import CNcurses

/// ncurses key codes and characters → `Key`.
enum KeyDecoder {
    static func decode(code: Int32) -> Key? {
        switch code {
        case Int32(KEY_UP): return .up
        case Int32(KEY_DOWN): return .down
        case Int32(KEY_LEFT): return .left
        case Int32(KEY_RIGHT): return .right
        case Int32(KEY_HOME): return .home
        case Int32(KEY_END): return .end
        case Int32(KEY_PPAGE): return .pageUp
        case Int32(KEY_NPAGE): return .pageDown
        case Int32(KEY_SR): return .shiftUp
        case Int32(KEY_SF): return .shiftDown
        case Int32(KEY_BTAB): return .backTab
        case Int32(KEY_BACKSPACE): return .backspace
        case Int32(KEY_DC): return .delete
        case Int32(KEY_ENTER): return .enter
        case todomd_key_resize(): return .resize
        case Int32(KEY_F0) + 1...Int32(KEY_F0) + 12: return .function(Int(code - Int32(KEY_F0)))
        case todomd_key_mouse():
            var kind: Int32 = 0, x: Int32 = 0, y: Int32 = 0
            guard todomd_read_mouse(&kind, &x, &y) == todomd_ok() else { return nil }
            switch kind {
            case 1: return .click(x: Int(x), y: Int(y))
            case 2, 3: return .wheel(up: kind == 2, x: Int(x), y: Int(y))
            default: return nil
            }
        default: return nil
        }
    }

    /// The key after an Esc that came with it: Alt and that key.
    static func alt(char value: UInt32) -> Key? {
        switch value {
        case 8, 127: return .alt("\u{7F}")
        case 0x21...0x7E, 0xA0...: return Unicode.Scalar(value).map { .alt(Character($0)) }
        default: return nil
        }
    }

    static func decode(char value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        default: return Unicode.Scalar(value).map { .char(Character($0)) }
        }
    }
}
