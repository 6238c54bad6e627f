/*
** main.c -- the pz command line: options -> pz_*() calls -> exit status.
**
** Exit status: 0 a solution was found (or the check passed), 1 no
** solution, 2 an input or usage error (or no memory, or the answer could
** not be written), 3 stopped by a limit or Ctrl-C, 4 an internal error (a
** bug in pz), 5 --unique found a second solution.
**
** Ctrl-C: the handler only sets a flag, which the library asks for through
** PzOptions.poll (as it reads the clock for the time limit); the search
** then stops as at a limit, and what was found is printed.  The handler
** is installed for one Ctrl-C: a second one ends pz at once.
**
** Two environment variables serve the allocation-failure tests
** (tests/oom/): PZ_FAIL_ALLOC=N makes the Nth allocation fail, and
** PZ_COUNT_ALLOC=1 prints "allocations: K" on standard error at exit.
**
** The command line is the library's host: it reads files, reads the
** clock and prints, and it includes nothing of the library but pz.h.
*/
/* realpath() is POSIX 2008, but glibc declares it only for X/Open */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/opts.h"
#include "pz.h"

/* PZ_JSON_VERSION as text, for constant strings */
#define STRING_OF(x) #x
#define STRING(x) STRING_OF(x)
#define JSON_VERSION STRING(PZ_JSON_VERSION)

enum { EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_INPUT = 2, EXIT_LIMIT = 3, EXIT_INTERNAL = 4,
       EXIT_NOT_UNIQUE = 5 };

typedef enum { MODE_FIRST, MODE_ALL, MODE_COUNT } Mode;

typedef struct Cli {
  const char *file;
  bool check_only;
  bool explain;            /* pz explain / pz grade */
  PzExplainWhat explain_what;
  unsigned show_every;
  bool generate;           /* pz generate */
  uint64_t seed;
  bool no_guess;
  unsigned grade;
  const char *exclude;
  bool help, version;      /* print that and stop */
  Mode mode;
  uint64_t max_solutions;  /* -n N; 0 = as the mode says */
  bool unique;             /* --unique: look for a second solution, say if there is one */
  bool json, stats;
  bool all_assignments;    /* --all-assignments: count helpers' combinations too */
  bool no_restarts;        /* --no-restarts: one depth-first search for a first solution */
  bool learn;              /* --learn: restarts record nogoods */
  bool json_stream;        /* --json-stream: a JSON line per solution, then a summary line */
  bool check;              /* --check: confirm each solution before printing it */
  bool dump_model;         /* --dump-model: print the Model in FlatZinc, do not solve */
  bool trace;              /* --trace: print the reason log, a line per deduction */
  double timeout;
  uint64_t max_nodes;
  const char *svg;         /* --svg FILE: draw the solution (with -a/-n: FILE-1.svg, ...);
                              pz explain --svg DIR: DIR/step-000.svg, ... */
  bool regions;            /* --regions: boards drawn with walls between their regions */
  bool no_warnings;        /* -w: print no warning (errors and notes still) */
  unsigned workers;        /* -p N: worker threads (0: one thread) */
  bool ordered;            /* --ordered: the solutions in one thread's order (no workers) */
} Cli;

static const char usage[] =
  "usage: pz [solve] [options] FILE.pz     solve a puzzle (FILE '-' reads standard input)\n"
  "       pz check FILE.pz                 only parse and check it\n"
  "       pz explain [options] FILE.pz     explain it step by step, with a verdict\n"
  "       pz grade [options] FILE.pz       how hard it is: a level 1-4 and a score\n"
  "       pz generate [options] FILE.pz    a new puzzle from rules with open givens\n"
  "\n"
  "options (short ones combine, -as; long ones may be shortened, --sol=2):\n"
  "  -a, --all            print every solution, then 'solutions: N'\n"
  "  -n, --solutions N    stop after N solutions (0: all of them)\n"
  "  -c, --count          print only the number of solutions\n"
  "      --all-assignments  count every assignment of the unknowns, not the distinct\n"
  "                       answers (solutions that show the same count once by default)\n"
  "      --unique         print the first solution, then whether it is the only one\n"
  "                       (exit status 0 unique, 5 not unique, 1 no solution)\n"
  "      --no-restarts    search a first solution without restarts\n"
  "      --learn          restarts remember what earlier runs ruled out (nogoods)\n"
  "      --seed N         the random choices (restarts; pz generate's puzzle; default 1)\n"
  "  -j, --json           print one JSON object: status, solutions, count, stats\n"
  "      --json-stream    print a JSON line per solution as it is found, then a summary\n"
  "  -s, --stats          print search statistics (nodes, failures, propagations, time)\n"
  "  -t, --timeout SECS   stop after SECS seconds (exit status 3)\n"
  "      --nodes N        stop after N search nodes (exit status 3)\n"
  "      --check          check each solution against the clues before printing it\n"
  "      --dump-model     print the model pz made of the puzzle, in FlatZinc, and stop\n"
  "      --trace          print every deduction as it is made, with the clue behind it\n"
  "      --svg FILE       draw the solution as an SVG picture in FILE (with -a or -n:\n"
  "                       FILE-1.svg, FILE-2.svg, ..., one per solution)\n"
  "      --regions        print boards with walls between their regions (regions(B, MAP))\n"
  "  -p, --parallel N     search with N worker threads (solutions in any order)\n"
  "      --ordered        with -p: print solutions in the order of one thread\n"
  "  -w, --no-warnings    print no warnings (a valid puzzle that is likely not what\n"
  "                       was meant: a goal or a clue that mentions no unknown)\n"
  "  as MiniZinc and clingo spell them: --all-solutions, --num-solutions N,\n"
  "  --statistics, --time-limit MS (milliseconds, not seconds as -t)\n"
  "explain options:\n"
  "      --verdict        only the verdict (solved without guessing, needs a guess, ...)\n"
  "      --redundant      the clues that can each be dropped, the answer staying unique\n"
  "      --show-every N   draw the board after every N steps\n"
  "      --svg DIR        a picture before the steps and after each: DIR/step-000.svg, ...\n"
  "generate options:\n"
  "      --exclude FILE   avoid the solutions of this puzzle\n"
  "      --no-guess       only puzzles that can be solved without guessing\n"
  "      --grade LEVEL    only puzzles of this grade level (1-4, see pz grade)\n"
  "  -h, --help           show this help\n"
  "  -v, --version        show the version\n"
  "\n"
  "Ctrl-C stops the search and prints what was found (exit status 3); a second\n"
  "Ctrl-C ends pz at once.\n"
  "\n"
  "exit status: 0 solved, 1 no solution, 2 error in the input or the command,\n"
  "3 stopped by a limit or Ctrl-C, 4 internal error (a bug in pz), 5 not unique (--unique)\n";

/* --- memory --- */

static bool json_on_stdout;   /* -j: errors, out of memory included, are JSON on stdout too */
static bool json_lines;       /* --json-stream: the final object is the stream's summary line */

/* The command line's own memory ran out (the library's comes back as
   pz_failed): say so as the library would, and stop. */
static void out_of_memory(void)
{
  /* nothing here may allocate: constant strings only */
  if (json_on_stdout) {
    fputs(json_lines ? "{\"version\": " JSON_VERSION ", \"type\": \"summary\", "
                     : "{\"version\": " JSON_VERSION ", ", stdout);
    fputs("\"status\": \"error\", \"errors\": [{\"file\": null, \"line\": null, \"column\": null, "
          "\"severity\": \"error\", \"message\": \"out of memory\"}]}\n", stdout);
  }
  fputs("pz: out of memory\n", stderr);
  exit(EXIT_INPUT);
}

/*
** A growable string, the command line's own (the library's is not
** public): the same few calls, on malloc, stopping at out_of_memory.
*/
typedef struct Buf {
  char *data;      /* NUL-terminated once anything was added */
  size_t len, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *data = realloc(b->data, cap);
    if (!data)
      out_of_memory();
    b->data = data;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

static void buf_puts(Buf *b, const char *s)
{
  buf_add(b, s, strlen(s));
}

static void buf_putc(Buf *b, char c)
{
  buf_add(b, &c, 1);
}

__attribute__((format(printf, 2, 0)))
static void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
  va_list again;
  va_copy(again, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n >= 0 && (size_t)n < sizeof small) {
    buf_add(b, small, (size_t)n);
  } else if (n >= 0) {
    char *big = malloc((size_t)n + 1);
    if (!big)
      out_of_memory();
    vsnprintf(big, (size_t)n + 1, fmt, again);
    buf_add(b, big, (size_t)n);
    free(big);
  }
  va_end(again);
}

__attribute__((format(printf, 2, 3)))
static void buf_printf(Buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

static void buf_clear(Buf *b)
{
  b->len = 0;
  if (b->data)
    b->data[0] = '\0';
}

static void buf_free(Buf *b)
{
  free(b->data);
  *b = (Buf){0};
}

static const char *buf_str(const Buf *b)
{
  return b->data ? b->data : "";
}

/* The PzWrite callback: the library's text onto the end of a Buf. */
static void buf_write(void *to, const char *text, size_t len)
{
  buf_add(to, text, len);
}

static void buf_json_string(Buf *b, const char *s)
{
  pz_json_string(s, buf_write, b);
}

/* --- output: every write is checked, so a full disk is an error, not exit 0 --- */

/* The first error met writing standard output and standard error (0: none). */
static int stdout_errno, stderr_errno;

/* Remember the first error on f (errno as the failed call left it). */
static void note_write_error(FILE *f)
{
  int *first = f == stdout ? &stdout_errno : &stderr_errno;
  if (!*first)
    *first = errno ? errno : EIO;
}

static void put(FILE *f, const char *s)
{
  if (fputs(s, f) == EOF)
    note_write_error(f);
}

__attribute__((format(printf, 2, 3)))
static void put_f(FILE *f, const char *fmt, ...)
{
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  put(f, buf_str(&b));
  buf_free(&b);
}

static void flush(FILE *f)
{
  if (fflush(f) == EOF)
    note_write_error(f);
}

/*
** Flush both streams; if anything failed to be written, say so (what is
** "the answer", "the help", ...) and turn status into 2.
*/
static int finish_output(int status, const char *what)
{
  flush(stdout);
  flush(stderr);
  if (stdout_errno)
    fprintf(stderr, "pz: cannot write %s: %s\n", what, strerror(stdout_errno));
  return stdout_errno || stderr_errno ? EXIT_INPUT : status;
}

/* --- allocation tests --- */

static void print_alloc_count(void)
{
  fprintf(stderr, "allocations: %llu\n", (unsigned long long)pz_allocation_count());
}

/* PZ_FAIL_ALLOC=N and PZ_COUNT_ALLOC=1, for tests/oom/. */
static void memory_test_mode(void)
{
  const char *fail = getenv("PZ_FAIL_ALLOC");
  if (fail && *fail)
    pz_fail_allocations_after(strtoull(fail, NULL, 10));
  const char *count = getenv("PZ_COUNT_ALLOC");
  if (count && *count && strcmp(count, "0") != 0)
    atexit(print_alloc_count);
}

/* --- the host: the clock and files --- */

/* The PzClock callback. */
static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* At most PZ_MAX_SOURCE_BYTES of f; NULL with errno EFBIG past that. */
static char *read_stream(FILE *f, size_t *len)
{
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (b.len + n > PZ_MAX_SOURCE_BYTES) {
      buf_free(&b);
      errno = EFBIG;
      return NULL;
    }
    buf_add(&b, chunk, n);
  }
  if (ferror(f)) {
    int e = errno;
    buf_free(&b);
    errno = e;
    return NULL;
  }
  *len = b.len;
  if (!b.data && !(b.data = malloc(1)))
    out_of_memory();
  return b.data;
}

/*
** The PzReadFile callback, for the main file and for imports: the whole
** file as malloc'd text, or NULL with errno (EFBIG when it is larger than
** PZ_MAX_SOURCE_BYTES, EISDIR for a directory).
*/
static char *read_file(void *io, const char *path, size_t *len)
{
  (void)io;
  if (strcmp(path, "-") == 0)
    return read_stream(stdin, len);
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  struct stat st;
  bool known = fstat(fileno(f), &st) == 0;
  char *text = NULL;
  if (known && S_ISDIR(st.st_mode))
    errno = EISDIR;
  else if (known && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > PZ_MAX_SOURCE_BYTES)
    errno = EFBIG;                      /* say so without reading it */
  else
    text = read_stream(f, len);
  int e = errno;
  fclose(f);
  errno = e;
  return text;
}

/* The PzRealPath callback. */
static char *real_path(void *io, const char *path)
{
  (void)io;
  return realpath(path, NULL);
}

/* Why the main file could not be read, in words, into b. */
static void read_error(const char *file, int err, Buf *b)
{
  Buf name = {0};
  if (strcmp(file, "-") == 0)
    buf_puts(&name, "standard input");
  else
    buf_printf(&name, "'%s'", file);
  if (err == EFBIG)
    buf_printf(b, "%s is larger than %zu MB, the most pz reads", buf_str(&name),
               PZ_MAX_SOURCE_BYTES >> 20);
  else
    buf_printf(b, "cannot read %s: %s", buf_str(&name), strerror(err));
  buf_free(&name);
}

/* --- Ctrl-C and progress --- */

static volatile sig_atomic_t interrupted;   /* Ctrl-C was pressed */

static void on_interrupt(int sig)
{
  (void)sig;
  interrupted = 1;                      /* SA_RESETHAND: the next Ctrl-C kills */
}

/*
** Ctrl-C stops the search, unless SIGINT was ignored when pz started: a
** shell without job control starts background jobs so, and they must go
** on ignoring it.
*/
static void catch_interrupt(void)
{
  struct sigaction old, sa;
  if (sigaction(SIGINT, NULL, &old) != 0 || old.sa_handler == SIG_IGN)
    return;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
}

/*
** A run that passes a second, with stderr a terminal, shows one line of
** progress there, rewritten in place and cleared before anything else is
** printed: solutions so far, nodes, seconds.
*/
static struct Progress {
  const PzCtx *cx;
  bool on;          /* a solve, and stderr is a terminal */
  bool shown;       /* the line is on the screen */
  double start;     /* when the run began */
  double next;      /* when to draw it next */
} progress;

static void progress_clear(void)
{
  if (progress.shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
    progress.shown = false;
  }
}

/* The PzPoll callback: stop after Ctrl-C, and draw the progress line. */
static bool poll_host(void *ctx)
{
  (void)ctx;
  if (interrupted)
    return true;
  if (progress.on) {
    double now = now_seconds();
    if (now >= progress.next) {
      PzStats st = pz_stats(progress.cx);
      fprintf(stderr, "\r%llu solution%s, %llu nodes, %.0f s\033[K",
              (unsigned long long)st.solutions, st.solutions == 1 ? "" : "s",
              (unsigned long long)st.nodes, now - progress.start);
      fflush(stderr);
      progress.shown = true;
      progress.next = now + 0.25;
    }
  }
  return false;
}

/* --- the command line --- */

static void json_usage_error(const char *message);

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (json_on_stdout)
    json_usage_error(buf_str(&b));
  put_f(stderr, "pz: %s\n(pz --help lists the options)\n", buf_str(&b));
  buf_free(&b);
  return EXIT_INPUT;
}

static bool parse_count(const char *s, uint64_t *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || *end || s[0] == '-')
    return false;
  *out = v;
  return true;
}

/* A positive number (seconds, milliseconds), or 0 when s is not one. */
static double parse_positive(const char *s)
{
  char *end;
  double v = strtod(s, &end);
  return end != s && !*end && v > 0 && v < 1e12 ? v : 0;
}

/*
** The options, one row per spelling (opts.h).  The aliases are the names
** MiniZinc and clingo users type: --all-solutions, --num-solutions N,
** --statistics, --time-limit MS (milliseconds, as MiniZinc's).
*/
enum {
  OPT_HELP = 1, OPT_VERSION, OPT_ALL, OPT_COUNT, OPT_JSON, OPT_STATS, OPT_CHECK,
  OPT_DUMP_MODEL, OPT_TRACE, OPT_SOLUTIONS, OPT_TIMEOUT, OPT_TIME_LIMIT, OPT_NODES,
  OPT_UNIQUE, OPT_VERDICT, OPT_REDUNDANT, OPT_SHOW_EVERY, OPT_SEED, OPT_EXCLUDE,
  OPT_NO_GUESS, OPT_GRADE, OPT_ALL_ASSIGNMENTS, OPT_NO_RESTARTS, OPT_SVG, OPT_JSON_STREAM,
  OPT_PARALLEL, OPT_ORDERED, OPT_LEARN, OPT_REGIONS, OPT_NO_WARNINGS,
};

static const OptSpec common_options[] = {
  {OPT_HELP, 'h', "help", false},
  {OPT_VERSION, 'v', "version", false},
  {OPT_ALL, 'a', "all", false},
  {OPT_ALL, 0, "all-solutions", false},
  {OPT_SOLUTIONS, 'n', "solutions", true},
  {OPT_SOLUTIONS, 0, "num-solutions", true},
  {OPT_COUNT, 'c', "count", false},
  {OPT_UNIQUE, 0, "unique", false},
  {OPT_JSON, 'j', "json", false},
  {OPT_JSON_STREAM, 0, "json-stream", false},
  {OPT_STATS, 's', "stats", false},
  {OPT_STATS, 0, "statistics", false},
  {OPT_TIMEOUT, 't', "timeout", true},
  {OPT_TIME_LIMIT, 0, "time-limit", true},
  {OPT_NODES, 0, "nodes", true},
  {OPT_CHECK, 0, "check", false},
  {OPT_DUMP_MODEL, 0, "dump-model", false},
  {OPT_TRACE, 0, "trace", false},
  {OPT_ALL_ASSIGNMENTS, 0, "all-assignments", false},
  {OPT_NO_RESTARTS, 0, "no-restarts", false},
  {OPT_SEED, 0, "seed", true},
  {OPT_SVG, 0, "svg", true},
  {OPT_PARALLEL, 'p', "parallel", true},
  {OPT_ORDERED, 0, "ordered", false},
  {OPT_LEARN, 0, "learn", false},
  {OPT_REGIONS, 0, "regions", false},
  {OPT_NO_WARNINGS, 'w', "no-warnings", false},
};
#define NCOMMON (sizeof common_options / sizeof common_options[0])

static const OptSpec explain_options[] = {
  {OPT_VERDICT, 0, "verdict", false},
  {OPT_REDUNDANT, 0, "redundant", false},
  {OPT_SHOW_EVERY, 0, "show-every", true},
};

static const OptSpec generate_options[] = {
  {OPT_EXCLUDE, 0, "exclude", true},
  {OPT_NO_GUESS, 0, "no-guess", false},
  {OPT_GRADE, 0, "grade", true},
};

#define NEXTRA 4                        /* the most rows a subcommand adds */

/* What the value of option id must be, in words (after "-n needs "). */
static const char *value_words(int id)
{
  switch (id) {
  case OPT_SOLUTIONS:  return "a number of solutions (0 for all)";
  case OPT_TIMEOUT:    return "a positive number of seconds";
  case OPT_TIME_LIMIT: return "a positive number of milliseconds";
  case OPT_NODES:      return "a positive number of nodes";
  case OPT_SHOW_EVERY: return "a positive number of steps";
  case OPT_SEED:       return "a number";
  case OPT_PARALLEL:   return "a number of workers from 1 to 256";
  case OPT_EXCLUDE:    return "a puzzle file";
  case OPT_GRADE:      return "a level from 1 to 4";
  case OPT_SVG:        return "a file (or, for pz explain, a folder) to draw in";
  default:             return "a value";
  }
}

/* A word that names a command (pz explain FILE), taken for the file when written after an option. */
static bool is_command(const char *word)
{
  static const char *const commands[] = {"solve", "check", "explain", "grade", "generate"};
  for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
    if (strcmp(word, commands[k]) == 0)
      return true;
  return false;
}

/*
** An option pz knows but this subcommand does not (--exclude outside
** pz generate), spelt in full: the subcommand it belongs to, or NULL.
*/
static const char *subcommand_of(const char *word)
{
  static const struct { const OptSpec *specs; size_t n; const char *name; } subs[] = {
    {explain_options, sizeof explain_options / sizeof *explain_options, "pz explain"},
    {generate_options, sizeof generate_options / sizeof *generate_options, "pz generate"},
  };
  if (strncmp(word, "--", 2) != 0)
    return NULL;
  size_t len = strcspn(word + 2, "=");
  for (size_t k = 0; k < sizeof subs / sizeof *subs; k++)
    for (size_t i = 0; i < subs[k].n; i++)
      if (strlen(subs[k].specs[i].long_name) == len &&
          strncmp(subs[k].specs[i].long_name, word + 2, len) == 0)
        return subs[k].name;
  return NULL;
}

/* Fills cli; returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, Cli *cli)
{
  int i = 1;
  const OptSpec *extra = NULL;
  size_t nextra = 0;
  cli->seed = 1;
  if (i < argc && strcmp(argv[i], "solve") == 0)
    i++;
  else if (i < argc && strcmp(argv[i], "check") == 0) {
    cli->check_only = true;
    i++;
  } else if (i < argc && strcmp(argv[i], "generate") == 0) {
    cli->generate = true;
    extra = generate_options;
    nextra = sizeof generate_options / sizeof *generate_options;
    i++;
  } else if (i < argc && (strcmp(argv[i], "explain") == 0 || strcmp(argv[i], "grade") == 0)) {
    cli->explain = true;
    cli->explain_what = argv[i][0] == 'g' ? PZ_EXPLAIN_GRADE : PZ_EXPLAIN_STEPS;
    if (cli->explain_what != PZ_EXPLAIN_GRADE) {
      extra = explain_options;
      nextra = sizeof explain_options / sizeof *explain_options;
    }
    i++;
  }
  OptSpec specs[NCOMMON + NEXTRA];
  memcpy(specs, common_options, sizeof common_options);
  if (nextra)
    memcpy(specs + NCOMMON, extra, nextra * sizeof *extra);
  OptParser p;
  opt_init(&p, specs, NCOMMON + nextra, argc, (const char *const *)argv, i);
  bool all_solutions = false;             /* -n 0 */
  for (;;) {
    int id = opt_next(&p);
    const char *val = p.value, *name = p.spelling;
    uint64_t n;
    switch (id) {
    case OPT_END:
      break;
    case OPT_ERROR: {
      if (p.missing)
        return usage_error("%s needs %s", p.spelling, value_words(p.missing));
      const char *word = argv[p.next - 1], *where = subcommand_of(word);
      if (where)
        return usage_error("%.*s is an option of %s", (int)strcspn(word, "="), word, where);
      return usage_error("%s", p.message);
    }
    case OPT_OPERAND:
      if (cli->file && is_command(cli->file))
        return usage_error("the command %s comes first, before the options: pz %s [options] FILE.pz",
                           cli->file, cli->file);
      if (cli->file)
        return usage_error("only one puzzle file at a time, but '%s' is a second one", val);
      cli->file = val;
      continue;
    case OPT_HELP:
      cli->help = true;
      return -1;
    case OPT_VERSION:
      cli->version = true;
      return -1;
    case OPT_ALL:        cli->mode = MODE_ALL; continue;
    case OPT_COUNT:      cli->mode = MODE_COUNT; continue;
    case OPT_UNIQUE:     cli->unique = true; continue;
    case OPT_JSON:       cli->json = true; continue;
    case OPT_JSON_STREAM: cli->json = cli->json_stream = true; continue;
    case OPT_STATS:      cli->stats = true; continue;
    case OPT_CHECK:      cli->check = true; continue;
    case OPT_DUMP_MODEL: cli->dump_model = true; continue;
    case OPT_TRACE:      cli->trace = true; continue;
    case OPT_ALL_ASSIGNMENTS: cli->all_assignments = true; continue;
    case OPT_NO_RESTARTS: cli->no_restarts = true; continue;
    case OPT_LEARN: cli->learn = true; continue;
    case OPT_SOLUTIONS:
      if (!parse_count(val, &cli->max_solutions))
        return usage_error("%s needs %s", name, value_words(id));
      all_solutions = cli->max_solutions == 0;
      continue;
    case OPT_TIMEOUT:
    case OPT_TIME_LIMIT:
      if (!(cli->timeout = parse_positive(val)))
        return usage_error("%s needs %s", name, value_words(id));
      if (id == OPT_TIME_LIMIT)
        cli->timeout /= 1000;
      continue;
    case OPT_NODES:
      if (!parse_count(val, &cli->max_nodes) || cli->max_nodes == 0)
        return usage_error("%s needs %s", name, value_words(id));
      continue;
    case OPT_VERDICT:    cli->explain_what = PZ_EXPLAIN_VERDICT; continue;
    case OPT_REDUNDANT:  cli->explain_what = PZ_EXPLAIN_REDUNDANT; continue;
    case OPT_SHOW_EVERY:
      if (!parse_count(val, &n) || n == 0 || n > 1000000)
        return usage_error("%s needs %s", name, value_words(id));
      cli->show_every = (unsigned)n;
      continue;
    case OPT_SEED:
      if (!parse_count(val, &cli->seed))
        return usage_error("%s needs %s", name, value_words(id));
      continue;
    case OPT_EXCLUDE:    cli->exclude = val; continue;
    case OPT_ORDERED:    cli->ordered = true; continue;
    case OPT_PARALLEL:
      if (!parse_count(val, &n) || n < 1 || n > 256)
        return usage_error("%s needs %s", name, value_words(id));
      cli->workers = (unsigned)n;
      continue;
    case OPT_NO_GUESS:   cli->no_guess = true; continue;
    case OPT_GRADE:
      if (!parse_count(val, &n) || n < 1 || n > 4)
        return usage_error("%s needs %s", name, value_words(id));
      cli->grade = (unsigned)n;
      continue;
    case OPT_REGIONS:    cli->regions = true; continue;
    case OPT_NO_WARNINGS: cli->no_warnings = true; continue;
    case OPT_SVG:
      if (!*val)
        return usage_error("%s needs %s", name, value_words(id));
      cli->svg = val;
      continue;
    default:
      return usage_error("option %s is not handled (a bug in pz)", name);
    }
    break;
  }
  if (all_solutions && cli->mode == MODE_FIRST)   /* -n 0: every solution, as clingo */
    cli->mode = MODE_ALL;
  if (!cli->file)
    return usage_error("%s", "which puzzle? give a .pz file (or - for standard input)");
  if (cli->svg && cli->explain && cli->explain_what != PZ_EXPLAIN_STEPS)
    return usage_error("%s", "--svg draws the steps of pz explain, not a verdict or a grade");
  if (cli->svg && !cli->explain && (cli->mode == MODE_COUNT || cli->check_only || cli->generate))
    return usage_error("%s", "--svg draws solutions: use it when solving, without -c");
  if (cli->json_stream && (cli->check_only || cli->explain || cli->generate))
    return usage_error("%s", "--json-stream is for solving; pz check, explain and grade take --json");
  return -1;
}

/* --- JSON (doc/json.md) --- */

/* The start of the final object: the version, and in a stream its kind. */
static void json_open(Buf *b)
{
  buf_puts(b, json_lines ? "{\"version\": " JSON_VERSION ", \"type\": \"summary\", "
                         : "{\"version\": " JSON_VERSION ", ");
}

static void json_stats(const PzCtx *cx, double seconds, Buf *b)
{
  PzStats st = pz_stats(cx);
  buf_printf(b, "{\"nodes\": %llu, \"failures\": %llu, \"propagations\": %llu, \"depth\": %u, "
                "\"probes\": %llu, \"time\": %.6f}",
             (unsigned long long)st.nodes, (unsigned long long)st.failures,
             (unsigned long long)st.propagations, st.max_depth,
             (unsigned long long)st.probes, seconds);
}

/*
** One message as a JSON object.  file is NULL for a message about no file
** in particular, line 0 for one about a whole file: those keys are null.
*/
static void json_message(Buf *b, const char *file, uint32_t line, uint32_t column,
                         const char *severity, const char *message)
{
  buf_puts(b, "{\"file\": ");
  if (file)
    buf_json_string(b, file);
  else
    buf_puts(b, "null");
  if (line)
    buf_printf(b, ", \"line\": %u, \"column\": %u", line, column);
  else
    buf_puts(b, ", \"line\": null, \"column\": null");
  buf_printf(b, ", \"severity\": \"%s\", \"message\": ", severity);
  buf_json_string(b, message);
  buf_putc(b, '}');
}

/*
** "errors": [...] with every diagnostic of cx, then "more_errors": N when
** N errors past the first 20 were not kept.
*/
static void json_diagnostics(const PzCtx *cx, Buf *b)
{
  buf_puts(b, "\"errors\": [");
  PzDiagnostic d;
  for (size_t i = 0; pz_diagnostic(cx, i, &d); i++) {
    buf_puts(b, i ? ", " : "");
    json_message(b, d.file, d.line, d.column,
                 d.severity == PZ_SEVERITY_ERROR ? "error"
                 : d.severity == PZ_SEVERITY_WARNING ? "warning" : "note", d.message);
  }
  buf_putc(b, ']');
  if (pz_diagnostics_dropped(cx))
    buf_printf(b, ", \"more_errors\": %u", pz_diagnostics_dropped(cx));
}

/* {"version": 1, "status": STATUS, "errors": [...]} on standard output. */
static void json_status_and_errors(const PzCtx *cx, const char *status)
{
  Buf b = {0};
  json_open(&b);
  buf_printf(&b, "\"status\": \"%s\", ", status);
  json_diagnostics(cx, &b);
  buf_puts(&b, "}\n");
  put(stdout, buf_str(&b));
  buf_free(&b);
}

/* An error in the command line, as JSON on standard output. */
static void json_usage_error(const char *message)
{
  Buf b = {0};
  json_open(&b);
  buf_puts(&b, "\"status\": \"error\", \"errors\": [");
  json_message(&b, NULL, 0, 0, "error", message);
  buf_puts(&b, "]}\n");
  put(stdout, buf_str(&b));
  buf_free(&b);
}

/* --- solving --- */

/* time: the search; load: reading the puzzle, grounding and the propagation at the root. */
static void print_stats(const PzCtx *cx, double seconds, double load_seconds)
{
  PzStats st = pz_stats(cx);
  put_f(stderr, "stats: nodes=%llu failures=%llu propagations=%llu solutions=%llu depth=%u probes=%llu time=%.3fms load=%.3fms\n",
        (unsigned long long)st.nodes, (unsigned long long)st.failures,
        (unsigned long long)st.propagations, (unsigned long long)st.solutions, st.max_depth,
        (unsigned long long)st.probes, seconds * 1000.0, load_seconds * 1000.0);
  if (st.restarts)                      /* only a first solution restarts */
    put_f(stderr, "restarts: %llu\n", (unsigned long long)st.restarts);
  for (unsigned i = 0; i < pz_workers(cx); i++) {
    PzWorkerStats w = pz_worker_stats(cx, i);
    put_f(stderr, "worker %u: nodes=%llu cubes=%llu idle=%.3fms start=%.3fms\n", i + 1,
          (unsigned long long)w.nodes, (unsigned long long)w.cubes, w.idle_seconds * 1000.0,
          w.start_seconds * 1000.0);
  }
}

/* What stopped the search, in words, into words[size]: "the time limit of 5 s was reached". */
static const char *limit_words(const Cli *cli, char *words, size_t size)
{
  if (interrupted)
    snprintf(words, size, "interrupted (Ctrl-C)");
  else if (cli->timeout > 0 && cli->max_nodes == 0)
    snprintf(words, size, "the time limit of %g s was reached", cli->timeout);
  else if (cli->timeout == 0)
    snprintf(words, size, "the node limit of %llu was reached", (unsigned long long)cli->max_nodes);
  else
    snprintf(words, size, "the time or node limit was reached");
  return words;
}

/* Is the first solution the only one, as far as the search went? */
typedef enum { UNIQUE_UNKNOWN, UNIQUE_YES, UNIQUE_NO } Uniqueness;

static Uniqueness uniqueness(PzResult r, uint64_t found)
{
  return found >= 2 ? UNIQUE_NO : found == 1 && r == PZ_NO_MORE ? UNIQUE_YES : UNIQUE_UNKNOWN;
}

/* A puzzle's goal, after its search: the best value, and whether it is proved optimal. */
typedef struct GoalEnd {
  bool found;
  int64_t value;
  bool optimal;
  bool unprinted;   /* solutions were found past the last one printed: not complete */
} GoalEnd;

/*
** After the solutions: the JSON object (in a stream, its summary line), or
** the closing lines of text.  complete: the search went through every
** possibility, so the solutions found are all there are; otherwise a count
** is a lower bound (`solutions: 2+`).  found counts the solutions
** found, shown those printed (--unique looks for one more than it
** prints).  goal: NULL when the puzzle has none (then solve_goal writes
** the text).
*/
static void print_ending(const PzCtx *cx, const Cli *cli, PzResult r, uint64_t found,
                         uint64_t shown, const Buf *json, double seconds, const GoalEnd *goal)
{
  /* a goal's search stopped by -n N returns PZ_SOLUTION: not complete */
  bool stopped = r == PZ_LIMIT, complete = r == PZ_NO_MORE && !(goal && goal->unprinted);
  Uniqueness u = uniqueness(r, found);
  Buf out = {0};
  if (cli->json) {
    const char *status = r == PZ_INTERNAL ? "error"
                       : stopped ? (interrupted ? "interrupted" : "limit")
                       : found ? "solved" : "unsatisfiable";
    json_open(&out);
    buf_printf(&out, "\"status\": \"%s\", \"complete\": %s, \"count\": %llu, ", status,
               complete ? "true" : "false", (unsigned long long)shown);
    if (cli->unique)
      buf_printf(&out, "\"unique\": %s, ",
                 u == UNIQUE_YES ? "true" : u == UNIQUE_NO ? "false" : "null");
    if (goal && goal->found)
      buf_printf(&out, "\"objective\": %lld, \"optimal\": %s, ", (long long)goal->value,
                 goal->optimal ? "true" : "false");
    if (!cli->json_stream)
      buf_printf(&out, "\"solutions\": [%s], ", buf_str(json));
    json_diagnostics(cx, &out);
    buf_puts(&out, ", \"stats\": ");
    json_stats(cx, seconds, &out);
    buf_puts(&out, "}\n");
  } else if (r != PZ_INTERNAL && !goal) {
    bool print_each = cli->mode != MODE_COUNT;
    char words[128];
    if (stopped && !(cli->unique && u == UNIQUE_NO))
      buf_printf(&out, "%sstopped: %s%s\n", shown && print_each ? "\n" : "",
                 limit_words(cli, words, sizeof words),
                 !found ? " before any solution was found"
                 : cli->unique ? " before a second solution was found" : "");
    if (cli->mode == MODE_COUNT)
      buf_printf(&out, "solutions: %llu%s\n", (unsigned long long)found, complete ? "" : "+");
    else if (found == 0 && !stopped)
      buf_puts(&out, "no solution\n");
    else if (cli->mode == MODE_ALL && !cli->max_solutions && !stopped)
      buf_printf(&out, "\nsolutions: %llu\n", (unsigned long long)found);
    if (cli->unique && u != UNIQUE_UNKNOWN)
      buf_printf(&out, "%s%s\n", cli->mode == MODE_FIRST || cli->max_solutions ? "\n" : "",
                 u == UNIQUE_YES ? "unique" : "not unique");
  }
  put(stdout, buf_str(&out));
  buf_free(&out);
}

/* A picture into the file at path; false, said on standard error, when it cannot be written. */
static bool write_picture(const char *path, const char *svg, size_t len)
{
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(svg, 1, len, f) == len;
  int e = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    e = errno;
  }
  if (!ok)
    put_f(stderr, "pz: cannot write the picture '%s': %s\n", path, strerror(e ? e : EIO));
  return ok;
}

/*
** --svg: solution k as a picture in cli.svg, or, when more than one may
** be drawn (-a, -n N), in FILE-k.svg (".svg" taken off FILE first).
** False, said on standard error, when it cannot be written.
*/
static bool write_svg(PzCtx *cx, const Cli *cli, uint64_t k)
{
  Buf path = {0}, title = {0};
  bool many = cli->mode == MODE_ALL ||
              (cli->max_solutions > 1 && pz_goal(cx) == PZ_GOAL_NONE);   /* a goal: the best one */
  size_t len = strlen(cli->svg);
  if (many) {
    bool ext = len >= 4 && strcmp(cli->svg + len - 4, ".svg") == 0;
    buf_add(&path, cli->svg, ext ? len - 4 : len);
    buf_printf(&path, "-%llu.svg", (unsigned long long)k);
  } else {
    buf_puts(&path, cli->svg);
  }
  const char *base = strrchr(cli->file, '/');
  buf_printf(&title, "%s, solution %llu", strcmp(cli->file, "-") ? (base ? base + 1 : cli->file) : "<stdin>",
             (unsigned long long)k);
  size_t n = pz_solution_svg(cx, buf_str(&title), NULL, 0);
  char *svg = n ? malloc(n + 1) : NULL;
  if (n && !svg)
    out_of_memory();
  bool ok = n && pz_solution_svg(cx, buf_str(&title), svg, n + 1) == n &&
            write_picture(buf_str(&path), svg, n);
  free(svg);
  buf_free(&path);
  buf_free(&title);
  return ok;
}

/* --json-stream: the solution's line, printed at once (false: out of memory). */
static bool stream_solution(PzCtx *cx, Buf *out, uint64_t index)
{
  buf_printf(out, "{\"version\": " JSON_VERSION ", \"type\": \"solution\", \"index\": %llu, "
                  "\"solution\": ", (unsigned long long)index);
  if (!pz_solution_json(cx, buf_write, out))
    return false;
  buf_puts(out, "}\n");
  progress_clear();
  put(stdout, buf_str(out));
  flush(stdout);
  buf_clear(out);
  return true;
}

/*
** The diagnostics not printed yet, on standard error: the warnings of
** loading are printed once, before the answer, and a later error (pz
** explain refusing a goal, an internal error) comes after them alone.
*/
static size_t diagnostics_said;

static void put_new_diagnostics(PzCtx *cx)
{
  const char *d = pz_diagnostics(cx);
  size_t len = strlen(d);
  put(stderr, !pz_failed(cx) && len >= diagnostics_said ? d + diagnostics_said : d);
  diagnostics_said = len;
}

/* The search ran out of memory: the failure alone (as JSON too with -j). */
static int search_out_of_memory(PzCtx *cx, const Cli *cli)
{
  if (cli->json)
    json_status_and_errors(cx, "error");
  put(stderr, pz_diagnostics(cx));
  return EXIT_INPUT;
}

/*
** A puzzle with a goal (minimize or maximize): pz_next returns better and
** better solutions until none is better, so the last is optimal.  By
** default only that one is printed, then "optimal: V"; -a prints each as
** it comes with its value; -n N stops after N of them.  -c and --unique
** search with ties (solutions as good as the best so far count too) and
** count the solutions of the optimal value.  A limit keeps the best so
** far, which is not proved optimal (exit 3).
*/
static int solve_goal(PzCtx *cx, const Cli *cli, double load_seconds)
{
  bool each = cli->mode == MODE_ALL;
  Buf out = {0}, best = {0}, json = {0};
  uint64_t found = 0, nbest = 0;        /* solutions found; those of the best value */
  uint64_t streamed = 0;                 /* --json-stream: the lines printed */
  GoalEnd goal = {0};
  PzResult r = PZ_NO_MORE;
  bool svg_failed = false;
  double start = now_seconds();
  /* --unique asks about the optimum, so -n N does not cut its search short
     (as without a goal, where it looks for one more than asked): it only
     stops the printing */
  uint64_t cap = cli->unique ? 0 : cli->max_solutions;
  while (!stdout_errno && !(cap && found >= cap)) {
    r = pz_next(cx);
    if (r != PZ_SOLUTION)
      break;
    found++;
    int64_t v = 0;
    (void)pz_goal_value(cx, &v);
    bool better = !goal.found || v != goal.value;   /* with ties: as good is no news */
    nbest = better ? 1 : nbest + 1;
    goal.found = true;
    goal.value = v;
    if (!better || cli->mode == MODE_COUNT || (each && cli->max_solutions && found > cli->max_solutions))
      continue;
    if (cli->json_stream) {   /* each better one as it comes: the last line is the best */
      if (!stream_solution(cx, &out, ++streamed))
        break;
      if (cli->svg && !write_svg(cx, cli, each ? found : 1)) {
        svg_failed = true;
        break;
      }
      continue;
    }
    Buf *to = cli->json ? &json : &best;
    if (!each)
      buf_clear(to);
    else if (found > 1)
      buf_puts(to, cli->json ? ", " : "\n");
    if (!(cli->json ? pz_solution_json : cli->regions ? pz_solution_text_walls : pz_solution_text)(cx, buf_write, to))
      break;
    if (cli->svg && !write_svg(cx, cli, each ? found : 1)) {   /* each better one over the last */
      svg_failed = true;
      break;
    }
    if (each && !cli->json) {
      buf_printf(to, "value: %lld\n", (long long)v);
      progress_clear();
      put(stdout, buf_str(to));
      buf_clear(to);
    }
  }
  progress_clear();
  progress.on = false;
  if (pz_failed(cx) || svg_failed) {   /* a picture not written: said on stderr */
    buf_free(&out);
    buf_free(&best);
    buf_free(&json);
    return pz_failed(cx) ? search_out_of_memory(cx, cli) : EXIT_INPUT;
  }
  double seconds = now_seconds() - start;
  bool stopped = r == PZ_LIMIT, capped = r == PZ_SOLUTION;   /* capped: -n N */
  goal.optimal = goal.found && r == PZ_NO_MORE;
  Uniqueness u = !goal.optimal ? UNIQUE_UNKNOWN : nbest == 1 ? UNIQUE_YES : UNIQUE_NO;
  uint64_t printed = each && cli->max_solutions && found > cli->max_solutions ? cli->max_solutions : found;
  uint64_t shown = cli->mode == MODE_COUNT ? nbest : cli->json_stream ? streamed : each ? printed : goal.found;
  if (cli->json) {
    goal.unprinted = printed < found;   /* -a -n N --unique: searched past the last printed */
    print_ending(cx, cli, r, u == UNIQUE_NO ? 2 : goal.found, shown, &json, seconds, &goal);
  } else if (r != PZ_INTERNAL) {
    char words[128];
    buf_puts(&out, buf_str(&best));
    if (stopped)
      buf_printf(&out, "%sstopped: %s%s\n", goal.found && cli->mode != MODE_COUNT ? "\n" : "",
                 limit_words(cli, words, sizeof words),
                 goal.found ? "" : " before any solution was found");
    else if (!goal.found && cli->mode != MODE_COUNT)   /* -c says solutions: 0, as without a goal */
      buf_puts(&out, "no solution\n");
    if (goal.found) {
      const char *gap = cli->mode == MODE_COUNT || stopped ? "" : "\n";
      if (goal.optimal)
        buf_printf(&out, "%soptimal: %lld\n", gap, (long long)goal.value);
      else
        buf_printf(&out, "%sbest so far: %lld, not proved optimal%s\n", gap,
                   (long long)goal.value, capped ? " (stopped after the solutions asked for)" : "");
    }
    if (cli->mode == MODE_COUNT && (goal.found || !stopped))
      buf_printf(&out, "solutions: %s%llu\n", stopped || capped ? "at least " : "",
                 (unsigned long long)nbest);
    if (cli->unique && u != UNIQUE_UNKNOWN)
      buf_printf(&out, "%s\n", u == UNIQUE_YES ? "unique" : "not unique");
  }
  put(stdout, buf_str(&out));
  if (r == PZ_INTERNAL)
    put_new_diagnostics(cx);
  if (cli->stats) {
    flush(stdout);
    print_stats(cx, seconds, load_seconds);
  }
  if (r == PZ_LIMIT && interrupted) {
    flush(stdout);
    put(stderr, "pz: interrupted: the answer above is incomplete\n");
  }
  buf_free(&out);
  buf_free(&best);
  buf_free(&json);
  if (r == PZ_INTERNAL)
    return EXIT_INTERNAL;
  if (cli->unique && u == UNIQUE_NO)
    return EXIT_NOT_UNIQUE;
  return stopped ? EXIT_LIMIT : goal.found ? EXIT_FOUND : EXIT_NONE;
}

/* How many solutions solve() prints, at most (UINT64_MAX: all). */
static uint64_t solutions_shown(const Cli *cli)
{
  return cli->max_solutions ? cli->max_solutions : cli->mode == MODE_FIRST ? 1 : UINT64_MAX;
}

/* How many it looks for (--unique: one more); 0: all. */
static uint64_t solutions_wanted(const Cli *cli)
{
  uint64_t show = solutions_shown(cli);
  return cli->unique && show < 2 ? 2 : show == UINT64_MAX ? 0 : show;
}

static int solve(PzCtx *cx, const Cli *cli, double load_seconds)
{
  if (pz_goal(cx) != PZ_GOAL_NONE)
    return solve_goal(cx, cli, load_seconds);
  uint64_t show = solutions_shown(cli);
  uint64_t want = solutions_wanted(cli);
  if (!want)
    want = UINT64_MAX;
  bool print_each = cli->mode != MODE_COUNT;
  Buf out = {0}, json = {0};
  uint64_t found = 0;
  PzResult r = PZ_NO_MORE;
  bool svg_failed = false;
  double start = now_seconds();
  while (found < want && !stdout_errno) {   /* no use searching on for a full disk */
    r = pz_next(cx);
    if (r != PZ_SOLUTION)
      break;
    found++;
    if (!print_each || found > show)
      continue;
    if (cli->svg && !write_svg(cx, cli, found)) {
      svg_failed = true;
      break;
    }
    if (cli->json_stream) {           /* one line per solution, as it is found */
      if (!stream_solution(cx, &out, found))
        break;
    } else if (cli->json) {
      buf_puts(&json, found > 1 ? ", " : "");
      if (!pz_solution_json(cx, buf_write, &json))
        break;
    } else {
      if (found > 1)
        buf_putc(&out, '\n');
      if (!(cli->regions ? pz_solution_text_walls : pz_solution_text)(cx, buf_write, &out))
        break;
      progress_clear();
      put(stdout, buf_str(&out));
      buf_clear(&out);
    }
  }
  progress_clear();
  progress.on = false;
  if (pz_failed(cx)) {
    buf_free(&out);
    buf_free(&json);
    return search_out_of_memory(cx, cli);
  }
  double seconds = now_seconds() - start;
  uint64_t shown = found < show ? found : show;
  print_ending(cx, cli, r, found, shown, &json, seconds, NULL);
  if (r == PZ_INTERNAL)
    put_new_diagnostics(cx);
  Uniqueness u = uniqueness(r, found);
  if (cli->stats) {
    flush(stdout);                      /* the answer first, then the numbers */
    print_stats(cx, seconds, load_seconds);
    if (cli->unique || (r == PZ_NO_MORE && found))  /* --unique, or a search to the end */
      put_f(stderr, "unique: %s\n", u == UNIQUE_YES ? "yes" : u == UNIQUE_NO ? "no" : "unknown");
  }
  if (r == PZ_LIMIT && interrupted) {
    flush(stdout);
    put(stderr, "pz: interrupted: the answer above is incomplete\n");
  }
  buf_free(&out);
  buf_free(&json);
  if (svg_failed && !pz_failed(cx))
    return EXIT_INPUT;
  if (r == PZ_INTERNAL)
    return EXIT_INTERNAL;
  if (cli->unique && u == UNIQUE_NO)
    return EXIT_NOT_UNIQUE;
  return r == PZ_LIMIT ? EXIT_LIMIT : found ? EXIT_FOUND : EXIT_NONE;
}

/* Read, load (or only check) and solve cli.file; the exit status. */
/* --trace: a line of the reason log, on standard output before the answer
   (on standard error with -j, so that standard output stays JSON). */
static void print_trace_line(void *ctx, const char *line)
{
  (void)ctx;
  progress_clear();
  put_f(json_on_stdout ? stderr : stdout, "%s\n", line);
}

/* pz explain --svg DIR: one picture per step, DIR/step-NNN.svg (the first error said once). */
typedef struct StepFiles {
  const char *dir;
  bool failed;
} StepFiles;

static void write_step(void *ctx, size_t step, size_t nsteps, const char *svg, size_t len)
{
  StepFiles *sf = ctx;
  if (sf->failed)
    return;
  Buf path = {0};
  buf_printf(&path, "%s/step-%0*zu.svg", sf->dir, nsteps >= 1000 ? (int)snprintf(NULL, 0, "%zu", nsteps) : 3,
             step);
  sf->failed = !write_picture(buf_str(&path), svg, len);
  buf_free(&path);
}

/* pz explain and pz grade: the library's text, and the exit status of its answer. */
static int explain(PzCtx *cx, const Cli *cli)
{
  PzExplainOptions o = { .what = cli->explain_what, .json = cli->json, .show_every = cli->show_every };
  StepFiles sf = { cli->svg, false };
  if (cli->svg) {
    if (mkdir(cli->svg, 0777) != 0 && errno != EEXIST) {
      put_f(stderr, "pz: cannot make the folder '%s' for the pictures: %s\n", cli->svg, strerror(errno));
      return EXIT_INPUT;
    }
    const char *base = strrchr(cli->file, '/');
    o.picture = write_step;
    o.picture_ctx = &sf;
    o.picture_title = strcmp(cli->file, "-") ? (base ? base + 1 : cli->file) : "<stdin>";
  }
  Buf b = {0};
  PzResult r = pz_explain(cx, &o, buf_write, &b);
  if (r == PZ_ERROR || r == PZ_INTERNAL) {
    buf_free(&b);
    if (cli->json)
      json_status_and_errors(cx, "error");
    put_new_diagnostics(cx);
    return r == PZ_ERROR ? EXIT_INPUT : EXIT_INTERNAL;
  }
  if (cli->json && b.len == 0)          /* stopped or unsatisfiable before the steps began */
    json_status_and_errors(cx, r == PZ_LIMIT ? (interrupted ? "interrupted" : "limit")
                               : r == PZ_SOLUTION ? "solved" : "unsatisfiable");
  put(stdout, buf_str(&b));
  buf_free(&b);
  if (sf.failed)
    return EXIT_INPUT;
  if (r == PZ_LIMIT) {
    put(stderr, interrupted ? "pz: interrupted before the explanation was complete\n"
                            : "pz: stopped by the limit before the explanation was complete\n");
    return EXIT_LIMIT;
  }
  return r == PZ_SOLUTION ? EXIT_FOUND : EXIT_NONE;
}

/* pz generate: the new puzzle as a .pz file on standard output. */
static int generate(PzCtx *cx, const Cli *cli)
{
  PzGenerateOptions o = { .seed = cli->seed, .no_guess = cli->no_guess, .grade = cli->grade };
  char *text = NULL;
  if (cli->exclude) {
    size_t len = 0;
    text = read_file(NULL, cli->exclude, &len);
    if (!text) {
      Buf why = {0};
      read_error(cli->exclude, errno, &why);
      put_f(stderr, "pz: %s\n", buf_str(&why));
      buf_free(&why);
      return EXIT_INPUT;
    }
    o.exclude_name = cli->exclude;
    o.exclude_text = text;
    o.exclude_len = len;
  }
  Buf b = {0};
  PzResult r = pz_generate(cx, &o, buf_write, &b);
  free(text);
  put(stdout, buf_str(&b));
  buf_free(&b);
  put_new_diagnostics(cx);
  switch (r) {
  case PZ_SOLUTION:
    return EXIT_FOUND;
  case PZ_LIMIT:
    put(stderr, interrupted ? "pz: interrupted before a puzzle was made\n"
                            : "pz: stopped by the limit before a puzzle was made\n");
    return EXIT_LIMIT;
  case PZ_NO_MORE:
    return EXIT_NONE;
  case PZ_INTERNAL:
    return EXIT_INTERNAL;
  default:
    return EXIT_INPUT;
  }
}

static int run(const Cli *cli)
{
  size_t len = 0;
  char *text = read_file(NULL, cli->file, &len);
  if (!text) {
    Buf why = {0};
    read_error(cli->file, errno, &why);
    if (cli->json) {
      Buf b = {0};
      json_open(&b);
      buf_puts(&b, "\"status\": \"error\", \"errors\": [");
      json_message(&b, strcmp(cli->file, "-") ? cli->file : "<stdin>", 0, 0, "error", buf_str(&why));
      buf_puts(&b, "]}\n");
      put(stdout, buf_str(&b));
      buf_free(&b);
    }
    put_f(stderr, "pz: %s\n", buf_str(&why));
    buf_free(&why);
    return EXIT_INPUT;
  }
  PzOptions opt = {.read_file = read_file, .real_path = real_path, .clock = now_seconds,
                   .stdlib_dir = getenv("PZ_STDLIB"), .check_solutions = cli->check,
                   .poll = poll_host, .all_assignments = cli->all_assignments,
                   .clues_apart = cli->explain || cli->generate,
                   .restarts = cli->mode == MODE_FIRST && !cli->no_restarts, .seed = cli->seed,
                   .learning = cli->learn,
                   .goal_ties = cli->mode == MODE_COUNT || cli->unique,
                   .workers = cli->ordered ? 1 : cli->workers, .want = solutions_wanted(cli),
                   .count_only = cli->mode == MODE_COUNT,
                   .workers_at_once = getenv("PZ_WORKERS_AT_ONCE") != NULL,
                   .cores = getenv("PZ_CORES") ? (unsigned)atoi(getenv("PZ_CORES")) : 0,
                   .no_warnings = cli->no_warnings};
  PzCtx *cx = pz_open(&opt);
  if (!cx)
    out_of_memory();
  bool solving = !cli->check_only && !cli->dump_model && !cli->explain && !cli->generate;
  progress.cx = cx;
  progress.on = solving && isatty(STDERR_FILENO);
  progress.start = now_seconds();
  progress.next = progress.start + 1.0;
  /* before loading, so that --timeout and --nodes cover grounding too */
  pz_set_limits(cx, cli->timeout, cli->max_nodes);
  if (cli->trace)                       /* before loading: grounding deduces too */
    pz_set_trace(cx, print_trace_line, NULL);
  double load_start = now_seconds();
  bool ok = cli->check_only ? pz_check(cx, cli->file, text, len) : pz_load(cx, cli->file, text, len);
  double load_seconds = now_seconds() - load_start;
  free(text);
  progress_clear();
  put_new_diagnostics(cx);
  int status;
  if (!ok || pz_failed(cx)) {
    if (cli->json)
      json_status_and_errors(cx, "error");
    status = EXIT_INPUT;
  } else if (cli->check_only && pz_check_stopped(cx)) {
    char words[96];
    if (cli->json)
      json_status_and_errors(cx, "limit");
    put_f(stderr, "pz: stopped: %s before the check was complete\n",
          limit_words(cli, words, sizeof words));
    status = EXIT_LIMIT;
  } else if (cli->check_only) {
    if (cli->json)
      json_status_and_errors(cx, "ok");
    else
      put_f(stdout, "%s: no errors\n", strcmp(cli->file, "-") ? cli->file : "<stdin>");
    status = EXIT_FOUND;
  } else if (cli->dump_model) {
    const char *fzn = pz_model_flatzinc(cx);
    if (pz_failed(cx)) {                /* out of memory while writing it */
      put(stderr, pz_diagnostics(cx));
      status = EXIT_INPUT;
    } else {
      put(stdout, fzn);
      status = EXIT_FOUND;
    }
  } else if (cli->explain) {
    status = explain(cx, cli);
  } else if (cli->generate) {
    status = generate(cx, cli);
  } else {
    status = solve(cx, cli, load_seconds);
  }
  progress_clear();
  progress = (struct Progress){0};
  pz_close(cx);
  return status;
}

int main(int argc, char **argv)
{
  memory_test_mode();
  for (int i = 1; i < argc; i++)        /* before parsing: its errors are JSON too */
    if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--json") || !strcmp(argv[i], "--json-stream")) {
      json_on_stdout = true;
      json_lines = json_lines || !strcmp(argv[i], "--json-stream");
    }
  Cli cli = {0};
  int status = parse_args(argc, argv, &cli);
  if (status >= 0)
    return finish_output(status, "the message");
  if (cli.help) {
    put(stdout, usage);
    return finish_output(EXIT_FOUND, "the help");
  }
  if (cli.version) {
    put_f(stdout, "pz %s\n", PZ_VERSION);
    return finish_output(EXIT_FOUND, "the version");
  }
  json_on_stdout = cli.json;
  catch_interrupt();
  status = run(&cli);
  return finish_output(status, "the answer");
}
