/*
** main.c -- the pz command line: options -> pz_*() calls -> exit status.
**
** Exit status: 0 a solution was found (or the check passed), 1 no
** solution, 2 an input or usage error, 3 stopped by a limit.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mem.h"
#include "pz.h"

enum { EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_INPUT = 2, EXIT_LIMIT = 3 };

typedef enum { MODE_FIRST, MODE_ALL, MODE_COUNT } Mode;

typedef struct Cli {
  const char *file;
  bool check_only;
  Mode mode;
  uint64_t max_solutions;  /* -n N; 0 = as the mode says */
  bool json, stats;
  double timeout;
  uint64_t max_nodes;
} Cli;

static const char usage[] =
  "usage: pz [solve] [options] FILE.pz     solve a puzzle (FILE '-' reads standard input)\n"
  "       pz check FILE.pz                 only parse and check it\n"
  "\n"
  "options:\n"
  "  -a, --all            print every solution, then 'solutions: N'\n"
  "  -n, --solutions N    stop after N solutions\n"
  "  -c, --count          print only the number of solutions\n"
  "  -j, --json           print one JSON object: status, solutions, count, stats\n"
  "  -s, --stats          print search statistics (nodes, failures, propagations, time)\n"
  "  -t, --timeout SECS   stop after SECS seconds (exit status 3)\n"
  "      --nodes N        stop after N search nodes (exit status 3)\n"
  "  -h, --help           show this help\n"
  "  -v, --version        show the version\n"
  "\n"
  "exit status: 0 solved, 1 no solution, 2 error in the input or the command, 3 stopped by a limit\n";

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *read_stream(FILE *f, size_t *len)
{
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buf_add(&b, chunk, n);
  if (ferror(f)) {
    buf_free(&b);
    return NULL;
  }
  *len = b.len;
  return b.data ? b.data : xstrndup("", 0);
}

static char *read_file(void *io, const char *path, size_t *len)
{
  (void)io;
  if (strcmp(path, "-") == 0)
    return read_stream(stdin, len);
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = read_stream(f, len);
  fclose(f);
  return text;
}

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "pz: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n(pz --help lists the options)\n");
  va_end(ap);
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

/* Fills cli; returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, Cli *cli)
{
  int i = 1;
  if (i < argc && strcmp(argv[i], "solve") == 0)
    i++;
  else if (i < argc && strcmp(argv[i], "check") == 0) {
    cli->check_only = true;
    i++;
  }
  for (; i < argc; i++) {
    const char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      return EXIT_FOUND;
    } else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      printf("pz %s\n", PZ_VERSION);
      return EXIT_FOUND;
    } else if (!strcmp(a, "-a") || !strcmp(a, "--all")) {
      cli->mode = MODE_ALL;
    } else if (!strcmp(a, "-c") || !strcmp(a, "--count")) {
      cli->mode = MODE_COUNT;
    } else if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
      cli->json = true;
    } else if (!strcmp(a, "-s") || !strcmp(a, "--stats")) {
      cli->stats = true;
    } else if (!strcmp(a, "-n") || !strcmp(a, "--solutions")) {
      if (!val || !parse_count(val, &cli->max_solutions) || cli->max_solutions == 0)
        return usage_error("%s needs a positive number of solutions", a);
      i++;
    } else if (!strcmp(a, "-t") || !strcmp(a, "--timeout")) {
      char *end;
      cli->timeout = val ? strtod(val, &end) : 0;
      if (!val || end == val || *end || !(cli->timeout > 0))
        return usage_error("%s needs a positive number of seconds", a);
      i++;
    } else if (!strcmp(a, "--nodes")) {
      if (!val || !parse_count(val, &cli->max_nodes) || cli->max_nodes == 0)
        return usage_error("%s needs a positive number of nodes", a);
      i++;
    } else if (a[0] == '-' && a[1] != '\0') {
      return usage_error("unknown option '%s'", a);
    } else if (cli->file) {
      return usage_error("only one puzzle file at a time, but '%s' is a second one", a);
    } else {
      cli->file = a;
    }
  }
  if (!cli->file)
    return usage_error("%s", "which puzzle? give a .pz file (or - for standard input)");
  return -1;
}

static void print_stats(const PzCtx *cx, double seconds, FILE *f)
{
  const SolverStats *st = pz_stats(cx);
  fprintf(f, "stats: nodes=%llu failures=%llu propagations=%llu solutions=%llu depth=%u probes=%llu time=%.3fms\n",
          (unsigned long long)st->nodes, (unsigned long long)st->failures,
          (unsigned long long)st->propagations, (unsigned long long)st->solutions, st->max_depth,
          (unsigned long long)st->probes, seconds * 1000.0);
}

static void json_stats(const PzCtx *cx, double seconds, Buf *b)
{
  const SolverStats *st = pz_stats(cx);
  buf_printf(b, "{\"nodes\": %llu, \"failures\": %llu, \"propagations\": %llu, \"depth\": %u, "
                "\"probes\": %llu, \"time\": %.6f}",
             (unsigned long long)st->nodes, (unsigned long long)st->failures,
             (unsigned long long)st->propagations, st->max_depth,
             (unsigned long long)st->probes, seconds);
}

/* Which limit stopped the search, in words, into words[size]. */
static const char *limit_words(const Cli *cli, char *words, size_t size)
{
  if (cli->timeout > 0 && cli->max_nodes == 0)
    snprintf(words, size, "the time limit of %g s", cli->timeout);
  else if (cli->timeout == 0)
    snprintf(words, size, "the node limit of %llu", (unsigned long long)cli->max_nodes);
  else
    snprintf(words, size, "the time or node limit");
  return words;
}

static int solve(PzCtx *cx, const Cli *cli)
{
  pz_set_limits(cx, cli->timeout, cli->max_nodes);
  uint64_t want = cli->max_solutions ? cli->max_solutions
                : cli->mode == MODE_FIRST ? 1 : UINT64_MAX;
  bool print_each = cli->mode != MODE_COUNT;
  Buf out = {0}, json = {0};
  uint64_t found = 0;
  PzResult r = PZ_NO_MORE;
  double start = now_seconds();
  while (found < want) {
    r = pz_next(cx);
    if (r != PZ_SOLUTION)
      break;
    found++;
    if (!print_each)
      continue;
    if (cli->json) {
      buf_puts(&json, found > 1 ? ", " : "");
      pz_solution_json(cx, &json);
    } else {
      if (found > 1)
        buf_putc(&out, '\n');
      pz_solution_text(cx, &out);
      fputs(buf_str(&out), stdout);
      buf_clear(&out);
    }
  }
  double seconds = now_seconds() - start;
  bool stopped = r == PZ_LIMIT;
  if (cli->json) {
    const char *status = found ? "sat" : stopped ? "unknown" : "unsat";
    buf_printf(&out, "{\"status\": \"%s\", \"solutions\": [%s], \"count\": %llu, ", status,
               buf_str(&json), (unsigned long long)found);
    if (stopped)
      buf_puts(&out, "\"stopped\": true, ");
    buf_puts(&out, "\"stats\": ");
    json_stats(cx, seconds, &out);
    buf_puts(&out, "}\n");
    fputs(buf_str(&out), stdout);
  } else {
    char words[128];
    if (stopped)
      printf("%sstopped: %s was reached%s\n", found && print_each ? "\n" : "",
             limit_words(cli, words, sizeof words), found ? "" : " before any solution was found");
    if (cli->mode == MODE_COUNT)
      printf("solutions: %s%llu\n", stopped ? "at least " : "", (unsigned long long)found);
    else if (found == 0 && !stopped)
      printf("no solution\n");
    else if (cli->mode == MODE_ALL && !cli->max_solutions && !stopped)
      printf("\nsolutions: %llu\n", (unsigned long long)found);
  }
  if (cli->stats) {
    fflush(stdout);                     /* the answer first, then the numbers */
    print_stats(cx, seconds, stderr);
  }
  buf_free(&out);
  buf_free(&json);
  return stopped ? EXIT_LIMIT : found ? EXIT_FOUND : EXIT_NONE;
}

int main(int argc, char **argv)
{
  Cli cli = {0};
  int status = parse_args(argc, argv, &cli);
  if (status >= 0)
    return status;
  size_t len = 0;
  char *text = read_file(NULL, cli.file, &len);
  if (!text) {
    fprintf(stderr, "pz: cannot read '%s': %s\n", cli.file, strerror(errno));
    return EXIT_INPUT;
  }
  PzOptions opt = {.read_file = read_file, .stdlib_dir = getenv("PZ_STDLIB")};
  PzCtx *cx = pz_open(&opt);
  bool ok = cli.check_only ? pz_check(cx, cli.file, text, len) : pz_load(cx, cli.file, text, len);
  xfree(text);
  fputs(pz_diagnostics(cx), stderr);
  if (!ok)
    status = EXIT_INPUT;
  else if (cli.check_only) {
    printf("%s: no errors\n", strcmp(cli.file, "-") ? cli.file : "<stdin>");
    status = EXIT_FOUND;
  } else {
    status = solve(cx, &cli);
  }
  pz_close(cx);
  return status;
}
