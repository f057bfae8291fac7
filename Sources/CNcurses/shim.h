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

#endif
