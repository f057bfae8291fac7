#ifndef TODOMD_CNCURSES_SHIM_H
#define TODOMD_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <langinfo.h>

// Macros Swift cannot import, as functions.
static inline int todomd_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int todomd_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline attr_t todomd_a_bold(void) { return A_BOLD; }
static inline attr_t todomd_a_reverse(void) { return A_REVERSE; }
static inline attr_t todomd_a_underline(void) { return A_UNDERLINE; }
static inline attr_t todomd_a_dim(void) { return A_DIM; }
static inline attr_t todomd_a_normal(void) { return A_NORMAL; }
static inline attr_t todomd_color_pair(int n) { return COLOR_PAIR(n); }
static inline int todomd_key_resize(void) { return KEY_RESIZE; }
static inline int todomd_key_f(int n) { return KEY_F(n); }
static inline int todomd_ok(void) { return OK; }
static inline int todomd_err(void) { return ERR; }
static inline int todomd_key_code_yes(void) { return KEY_CODE_YES; }
static inline WINDOW *todomd_stdscr(void) { return stdscr; }
// ncurses' globals, read (Swift 6 will not read a C global it could see change).
static inline int todomd_colors(void) { return COLORS; }
static inline int todomd_color_pairs(void) { return COLOR_PAIRS; }

/// Draws one cell: up to 5 code points (a character and its combining marks).
static inline int todomd_put_cell(int y, int x, const wchar_t *chars, int n, attr_t attrs, short pair) {
    wchar_t buf[6];
    int count = n > 5 ? 5 : n;
    for (int i = 0; i < count; i++) buf[i] = chars[i];
    buf[count] = L'\0';
    cchar_t cell;
    setcchar(&cell, buf, attrs, pair, NULL);
    return mvadd_wch(y, x, &cell);
}

static inline int todomd_get_wch(wint_t *out) { return get_wch(out); }

// Mouse: enable clicks and the wheel; read one event as kind (1 click, 2 wheel up, 3 wheel down), x, y.
static inline void todomd_enable_mouse(void) {
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
}
static inline int todomd_key_mouse(void) { return KEY_MOUSE; }
static inline int todomd_read_mouse(int *kind, int *x, int *y) {
    MEVENT e;
    if (getmouse(&e) != OK) return ERR;
    *x = e.x; *y = e.y;
    if (e.bstate & BUTTON4_PRESSED) *kind = 2;
    else if (e.bstate & BUTTON5_PRESSED) *kind = 3;
    else if (e.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)) *kind = 1;
    else *kind = 0;
    return OK;
}

/// Whether `TERM` names a terminal a full-screen program can run on, asked
/// before initscr (which would print its own message and exit 1):
/// 0 yes, 1 unknown terminal, 2 it cannot move the cursor (TERM=dumb),
/// 3 no terminfo database.
static inline int todomd_check_terminal(void) {
    int err = 0;
    if (setupterm(NULL, 1, &err) != OK) return err == -1 ? 3 : 1;
    char *cup = tigetstr("cup");
    return (cup != NULL && cup != (char *)-1) ? 0 : 2;
}

/// Whether the C library's character type is UTF-8 (after setlocale).
// The columns the C library (and so ncurses) gives one character.
static inline int todomd_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

static inline int todomd_locale_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

// Restoring the terminal when a signal ends the program: the handler only
// writes bytes and restores the saved tty modes (both safe in a handler),
// then lets the signal take its default course.
struct todomd_restore_state {
    struct termios tty;
    int have_tty;
    char bytes[256];
    size_t len;
};
static inline struct todomd_restore_state *todomd_restore(void) {
    static struct todomd_restore_state state;
    return &state;
}

static inline void todomd_restore_terminal(void) {
    struct todomd_restore_state *r = todomd_restore();
    if (r->len > 0) { ssize_t n = write(STDOUT_FILENO, r->bytes, r->len); (void)n; }
    if (r->have_tty) tcsetattr(STDIN_FILENO, TCSANOW, &r->tty);
}

static inline void todomd_on_fatal_signal(int sig) {
    todomd_restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

/// Call before initscr: saves the tty modes.
static inline void todomd_save_tty(void) {
    struct todomd_restore_state *r = todomd_restore();
    r->have_tty = tcgetattr(STDIN_FILENO, &r->tty) == 0;
}

static inline const char *todomd_cap(const char *name) {
    char *s = tigetstr(name);
    return (s && s != (char *)-1) ? s : "";
}

/// Call after initscr: what to send on exit, as endwin does on `q` (mouse
/// off, plain attributes, the keypad back to normal mode, the normal cursor,
/// leave the alternate screen), and the handlers for the signals that end
/// the program. `keypad(stdscr, TRUE)` sent `smkx` (on xterm-like terminals
/// application cursor keys and keypad); `rmkx` undoes it.
static inline void todomd_install_signal_restore(void) {
    const char *mouse_off = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l\033[?2004l";
    struct todomd_restore_state *r = todomd_restore();
    r->len = 0;
    const char *parts[5] = { mouse_off, todomd_cap("sgr0"), todomd_cap("rmkx"), todomd_cap("cnorm"), todomd_cap("rmcup") };
    for (int i = 0; i < 5; i++) {
        size_t n = strlen(parts[i]);
        if (r->len + n >= sizeof r->bytes) break;
        memcpy(r->bytes + r->len, parts[i], n);
        r->len += n;
    }
    int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], todomd_on_fatal_signal);
}

/// Bracketed paste: the terminal wraps pasted text in ESC [200~ … ESC [201~.
static inline void todomd_bracketed_paste(int on) {
    const char *seq = on ? "\033[?2004h" : "\033[?2004l";
    ssize_t n = write(STDOUT_FILENO, seq, strlen(seq));
    (void)n;
}

#endif
