// The floor under a cold `count`: what any reader of a markdown vault must do
// with libyaml (which todomd reads frontmatter with), and nothing else, in C:
// list the vault's `.md` files, then, on every core, open, `fstat`, read and
// close each one and run libyaml's event parser over its frontmatter (the
// lines between the first `---` and the next). No task is made, nothing is
// kept or written.
//
//     ReadFloor VAULT [read|stat]   → "<ms> ms, <n> files, <n> events"
//
// With `read`, the files are listed and read but not parsed; with `stat`,
// listed and each one's stamp taken (`stat`), as a warm start checks the
// vault against its cache. The time printed
// is the run's own; `scripts/bench-targets.sh` times the whole process, as it
// times todomd's and taskwarrior's.
#define _GNU_SOURCE
#include <yaml.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char **paths;
static size_t count, capacity;

static void list(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        snprintf(path, n, "%s/%s", dir, e->d_name);
        size_t len = strlen(e->d_name);
        if (e->d_type == DT_DIR) {
            list(path);
            free(path);
        } else if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0) {
            if (count == capacity) {
                capacity = capacity ? capacity * 2 : 1024;
                paths = realloc(paths, capacity * sizeof *paths);
            }
            paths[count++] = path;
        } else {
            free(path);
        }
    }
    closedir(d);
}

static atomic_size_t next;
static atomic_long events;
enum mode { PARSE, READ, STAT };
static enum mode mode;

/// The frontmatter of `text` (the bytes after the opening `---` line up to
/// the closing one), or NULL.
static const char *frontmatter(const char *text, size_t size, size_t *length) {
    if (size < 4 || memcmp(text, "---\n", 4) != 0) return NULL;
    const char *start = text + 4, *line = start, *end = text + size;
    while (line < end) {
        const char *eol = memchr(line, '\n', end - line);
        size_t n = (eol ? eol : end) - line;
        if (n == 3 && memcmp(line, "---", 3) == 0) {
            *length = line - start;
            return start;
        }
        if (!eol) break;
        line = eol + 1;
    }
    return NULL;
}

static void *work(void *unused) {
    (void)unused;
    long n = 0;
    for (size_t i; (i = atomic_fetch_add(&next, 1)) < count;) {
        if (mode == STAT) {
            struct stat st;
            if (stat(paths[i], &st) == 0) n += st.st_size > 0;
            continue;
        }
        int fd = open(paths[i], O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st;
        if (fstat(fd, &st) != 0) { close(fd); continue; }
        char *text = malloc(st.st_size + 1);
        ssize_t size = read(fd, text, st.st_size + 1);
        close(fd);
        size_t length;
        const char *yaml = size > 0 && mode == PARSE ? frontmatter(text, size, &length) : NULL;
        if (yaml) {
            yaml_parser_t parser;
            yaml_event_t event;
            yaml_parser_initialize(&parser);
            yaml_parser_set_input_string(&parser, (const unsigned char *)yaml, length);
            int done = 0;
            while (!done && yaml_parser_parse(&parser, &event)) {
                done = event.type == YAML_STREAM_END_EVENT;
                yaml_event_delete(&event);
                n++;
            }
            yaml_parser_delete(&parser);
        }
        free(text);
    }
    atomic_fetch_add(&events, n);
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/// One run: the listing, then every file on every core; its milliseconds.
static double run(const char *vault) {
    double start = now();
    for (size_t i = 0; i < count; i++) free(paths[i]);
    count = 0;
    list(vault);
    atomic_store(&next, 0);
    atomic_store(&events, 0);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    pthread_t threads[256];
    long helpers = cores - 1 < 255 ? cores - 1 : 255;
    for (long t = 0; t < helpers; t++) pthread_create(&threads[t], NULL, work, NULL);
    work(NULL);
    for (long t = 0; t < helpers; t++) pthread_join(threads[t], NULL);
    return now() - start;
}

int main(int argc, char **argv) {
    mode = argc < 2 ? -1 : argc < 3 ? PARSE : strcmp(argv[2], "read") == 0 ? READ : strcmp(argv[2], "stat") == 0 ? STAT : -1;
    if (argc < 2 || (int)mode < 0) {
        fprintf(stderr, "usage: ReadFloor VAULT [read|stat]\n");
        return 2;
    }
    double ms = run(argv[1]);
    if (count == 0) {
        fprintf(stderr, "ReadFloor: no .md file in %s\n", argv[1]);
        return 1;
    }
    printf("%.1f ms, %zu files, %ld events\n", ms, count, atomic_load(&events));
    return 0;
}
