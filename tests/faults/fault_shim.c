/* tests/faults/fault_shim.c — an LD_PRELOAD library that makes one kind of
 * file-system call fail with one errno, only for the paths that contain a
 * given text (docs/reliability.md, "Faults").
 *
 * Why not libfiu's preload (fiu-run -x): its failure points fail every call
 * of a kind, whatever the file, so failing write() also fails the error
 * message on stderr that the test must read, and the report file cannot be
 * told from the terminal. This shim fails only calls on matching paths (the
 * descriptors opened for them are remembered) and leaves the rest alone.
 *
 * Environment:
 *   BX_FAULT_OP     write | open | rename | close   (write covers write, writev,
 *                   pwrite; open covers open, openat, creat, fopen; rename
 *                   covers rename, renameat, renameat2)
 *   BX_FAULT_ERRNO  the errno to fail with (e.g. 28 = ENOSPC)
 *   BX_FAULT_PATH   fail only paths containing this text
 *   BX_FAULT_SKIP   let this many matching calls succeed first (default 0)
 *   BX_FAULT_LOG    if set, append one line per injected failure to this file
 * Built by tests/faults.cmake; run by tests/faults/fault_matrix.py. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

/* The next definition of name (libc's), looked up once. */
#define NEXT(name)                    \
  static __typeof__(name) *next_##name; \
  if (!next_##name) next_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

#define MAX_FD 4096
static char *paths[MAX_FD];
static long skipped;

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

/* True when this call (of kind op, on path) is to fail; sets errno. */
static int should_fail(const char *op, const char *path) {
  const char *want = env("BX_FAULT_OP"), *sub = env("BX_FAULT_PATH");
  if (!want || strcmp(want, op) != 0 || !path || !sub || !strstr(path, sub)) return 0;
  const char *s = env("BX_FAULT_SKIP");
  if (s && skipped < atol(s)) {
    ++skipped;
    return 0;
  }
  const char *e = env("BX_FAULT_ERRNO");
  const char *log = env("BX_FAULT_LOG");
  if (log) {
    NEXT(fopen);
    FILE *f = next_fopen(log, "a");
    if (f) {
      fprintf(f, "%s %s errno %s\n", op, path, e ? e : "5");
      fclose(f);
    }
  }
  errno = e ? atoi(e) : EIO;
  return 1;
}

static void remember(int fd, const char *path) {
  if (fd < 0 || fd >= MAX_FD) return;
  free(paths[fd]);
  paths[fd] = path ? strdup(path) : NULL;
}
static const char *path_of(int fd) { return fd >= 0 && fd < MAX_FD ? paths[fd] : NULL; }


static mode_t mode_arg(int flags, va_list ap) { return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0; }

int open(const char *p, int flags, ...) {
  NEXT(open);
  va_list ap;
  va_start(ap, flags);
  mode_t m = mode_arg(flags, ap);
  va_end(ap);
  if (should_fail("open", p)) return -1;
  int fd = next_open(p, flags, m);
  remember(fd, p);
  return fd;
}
int open64(const char *p, int flags, ...) {
  NEXT(open64);
  va_list ap;
  va_start(ap, flags);
  mode_t m = mode_arg(flags, ap);
  va_end(ap);
  if (should_fail("open", p)) return -1;
  int fd = next_open64(p, flags, m);
  remember(fd, p);
  return fd;
}
int openat(int dirfd, const char *p, int flags, ...) {
  NEXT(openat);
  va_list ap;
  va_start(ap, flags);
  mode_t m = mode_arg(flags, ap);
  va_end(ap);
  if (should_fail("open", p)) return -1;
  int fd = next_openat(dirfd, p, flags, m);
  remember(fd, p);
  return fd;
}
int creat(const char *p, mode_t m) {
  NEXT(creat);
  if (should_fail("open", p)) return -1;
  int fd = next_creat(p, m);
  remember(fd, p);
  return fd;
}
FILE *fopen(const char *p, const char *mode) {
  NEXT(fopen);
  if (should_fail("open", p)) return NULL;
  FILE *f = next_fopen(p, mode);
  if (f) remember(fileno(f), p);
  return f;
}
FILE *fopen64(const char *p, const char *mode) {
  NEXT(fopen64);
  if (should_fail("open", p)) return NULL;
  FILE *f = next_fopen64(p, mode);
  if (f) remember(fileno(f), p);
  return f;
}
int close(int fd) {
  NEXT(close);
  const int fail = should_fail("close", path_of(fd));
  remember(fd, NULL);
  int r = next_close(fd); /* the descriptor goes either way, as close(2) says */
  if (fail) return -1;
  return r;
}
ssize_t write(int fd, const void *b, size_t n) {
  NEXT(write);
  if (should_fail("write", path_of(fd))) return -1;
  return next_write(fd, b, n);
}
ssize_t writev(int fd, const struct iovec *v, int c) {
  NEXT(writev);
  if (should_fail("write", path_of(fd))) return -1;
  return next_writev(fd, v, c);
}
ssize_t pwrite(int fd, const void *b, size_t n, off_t o) {
  NEXT(pwrite);
  if (should_fail("write", path_of(fd))) return -1;
  return next_pwrite(fd, b, n, o);
}
ssize_t pwrite64(int fd, const void *b, size_t n, off_t o) {
  NEXT(pwrite64);
  if (should_fail("write", path_of(fd))) return -1;
  return next_pwrite64(fd, b, n, o);
}
int rename(const char *a, const char *b) {
  NEXT(rename);
  if (should_fail("rename", b) || should_fail("rename", a)) return -1;
  return next_rename(a, b);
}
int renameat(int da, const char *a, int db, const char *b) {
  NEXT(renameat);
  if (should_fail("rename", b) || should_fail("rename", a)) return -1;
  return next_renameat(da, a, db, b);
}
int renameat2(int da, const char *a, int db, const char *b, unsigned fl) {
  NEXT(renameat2);
  if (should_fail("rename", b) || should_fail("rename", a)) return -1;
  return next_renameat2(da, a, db, b, fl);
}
