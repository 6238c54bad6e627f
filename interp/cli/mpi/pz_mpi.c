/*
** pz_mpi.c -- pz-mpi: count a puzzle's solutions over MPI ranks (make mpi).
**
**   mpirun -np R pz-mpi [-c] [-p N] [-t SECS] [-s] [--cubes K] FILE.pz
**
** Every rank loads the puzzle and splits its search into the same cubes
** (pz_split uses no clock, and checks that by a fingerprint).  Rank 0
** hands the cubes out one at a time to the ranks that ask; each rank
** counts its cube with N threads (pz -p N) and asks again, with the count
** of the cube it finished.  Rank 0 prints `solutions: C` as pz -c does.
**
** A lost rank never makes a wrong count: MPI's default error handler ends
** the whole run when a rank dies (mpirun says which and exits non-zero),
** and rank 0 prints a count only when every cube has come back.  A limit
** reached on any rank makes the count a lower bound (`solutions: C+`,
** exit status 3), as in pz.
**
** Over pz.h only, as the command line.
*/
#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pz.h"

enum { EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_INPUT = 2, EXIT_LIMIT = 3, EXIT_INTERNAL = 4 };
enum { TAG_ASK = 1, TAG_CUBE = 2 };
/* A rank's message to rank 0: what it found in the cube it finished. */
enum { M_COUNT, M_CUBE, M_STATUS, M_PRINT, M_NODES, M_LEN };
enum { ST_OK, ST_LIMIT, ST_ERROR };

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *read_all(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *text = malloc(cap);
  size_t got;
  while (text && (got = fread(text + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *more = cap < PZ_MAX_SOURCE_BYTES ? realloc(text, cap *= 2) : NULL;
      if (!more) {
        free(text);
        text = NULL;
      }
      text = more;
    }
  }
  fclose(f);
  *len = n;
  return text;
}

static char *read_file(void *io, const char *path, size_t *len)
{
  (void)io;
  return read_all(path, len);
}

typedef struct Args {
  const char *file;
  unsigned workers;
  double timeout;
  unsigned long cubes;
  int stats;
} Args;

static int usage(int rank)
{
  if (rank == 0)
    fprintf(stderr, "usage: pz-mpi [-c] [-p N] [-t SECS] [-s] [--cubes K] FILE.pz\n");
  return EXIT_INPUT;
}

static int parse(int argc, char **argv, Args *a, int rank)
{
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strcmp(s, "-c") || !strcmp(s, "--count"))
      continue;                         /* counting is all pz-mpi does */
    if (!strcmp(s, "-s") || !strcmp(s, "--stats"))
      a->stats = 1;
    else if ((!strcmp(s, "-p") || !strcmp(s, "--parallel")) && i + 1 < argc)
      a->workers = (unsigned)strtoul(argv[++i], NULL, 10);
    else if ((!strcmp(s, "-t") || !strcmp(s, "--timeout")) && i + 1 < argc)
      a->timeout = strtod(argv[++i], NULL);
    else if (!strcmp(s, "--cubes") && i + 1 < argc)
      a->cubes = strtoul(argv[++i], NULL, 10);
    else if (s[0] == '-' && s[1])
      return usage(rank);
    else
      a->file = s;
  }
  if (!a->file || a->workers > 256)
    return usage(rank);
  return -1;
}

/* Count cube i on this rank: its solutions, and how the search ended. */
static void count_cube(PzCtx *cx, uint64_t i, uint64_t msg[M_LEN])
{
  msg[M_COUNT] = 0;
  msg[M_CUBE] = i + 1;
  msg[M_STATUS] = ST_ERROR;
  if (!pz_select_cube(cx, (size_t)i))
    return;
  PzResult r;
  while ((r = pz_next(cx)) == PZ_SOLUTION)
    msg[M_COUNT]++;
  msg[M_STATUS] = r == PZ_NO_MORE ? ST_OK : r == PZ_LIMIT ? ST_LIMIT : ST_ERROR;
  msg[M_NODES] += pz_stats(cx).nodes;
}

/* Rank 0: hand out the cubes, add up the counts. */
static int lead(PzCtx *cx, const Args *a, const PzSplit *sp, int size, double start)
{
  uint64_t total = sp->found, next = 0, back = 0;
  int status = ST_OK, active = size - 1;
  uint64_t *nodes = calloc((size_t)size, sizeof *nodes), *cubes = calloc((size_t)size, sizeof *cubes);
  if (!nodes || !cubes) {
    fprintf(stderr, "pz-mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
  }
  if (size == 1) {                      /* alone: every cube here */
    uint64_t msg[M_LEN] = {0};
    for (next = 0; next < sp->cubes && status == ST_OK; next++, back++) {
      count_cube(cx, next, msg);
      total += msg[M_COUNT];
      status = (int)msg[M_STATUS];
    }
    nodes[0] = msg[M_NODES];
    cubes[0] = back;
  }
  while (active > 0) {
    uint64_t msg[M_LEN];
    MPI_Status st;
    MPI_Recv(msg, M_LEN, MPI_UINT64_T, MPI_ANY_SOURCE, TAG_ASK, MPI_COMM_WORLD, &st);
    if (msg[M_PRINT] != sp->fingerprint) {
      fprintf(stderr, "pz-mpi: rank %d split the puzzle into other cubes (another build or "
              "file?); no count\n", st.MPI_SOURCE);
      MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
    }
    total += msg[M_COUNT];
    nodes[st.MPI_SOURCE] = msg[M_NODES];
    if (msg[M_CUBE]) {
      back++;
      cubes[st.MPI_SOURCE]++;
    }
    if (msg[M_STATUS] > (uint64_t)status)
      status = (int)msg[M_STATUS];
    int64_t give = status == ST_OK && next < sp->cubes ? (int64_t)next++ : -1;
    MPI_Send(&give, 1, MPI_INT64_T, st.MPI_SOURCE, TAG_CUBE, MPI_COMM_WORLD);
    if (give < 0)
      active--;
  }
  int code;
  if (status == ST_ERROR) {
    fprintf(stderr, "pz-mpi: a rank failed to count its cube; no count\n");
    code = EXIT_INTERNAL;
  } else {
    bool complete = status == ST_OK && back == sp->cubes;
    if (!complete)
      printf("stopped: the time limit of %g s was reached\n", a->timeout);
    printf("solutions: %llu%s\n", (unsigned long long)total, complete ? "" : "+");
    code = !complete ? EXIT_LIMIT : total ? EXIT_FOUND : EXIT_NONE;
  }
  fflush(stdout);
  if (a->stats) {
    uint64_t all = 0;
    for (int r = 0; r < size; r++)
      all += nodes[r];
    fprintf(stderr, "stats: nodes=%llu solutions=%llu cubes=%llu time=%.3fms ranks=%d\n",
            (unsigned long long)all, (unsigned long long)total,
            (unsigned long long)sp->cubes, (now_seconds() - start) * 1000.0, size);
    for (int r = size > 1 ? 1 : 0; r < size; r++)
      fprintf(stderr, "rank %d: nodes=%llu cubes=%llu\n", r, (unsigned long long)nodes[r],
              (unsigned long long)cubes[r]);
  }
  free(nodes);
  free(cubes);
  return code;
}

/* Ranks 1..: ask for a cube, count it, ask again with its count. */
static void follow(PzCtx *cx, const PzSplit *sp)
{
  uint64_t msg[M_LEN] = {0};
  msg[M_PRINT] = sp->fingerprint;
  for (;;) {
    MPI_Send(msg, M_LEN, MPI_UINT64_T, 0, TAG_ASK, MPI_COMM_WORLD);
    int64_t cube;
    MPI_Recv(&cube, 1, MPI_INT64_T, 0, TAG_CUBE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (cube < 0)
      return;
    count_cube(cx, (uint64_t)cube, msg);
  }
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  Args a = {.workers = 1};
  int code = parse(argc, argv, &a, rank);
  if (code >= 0) {
    MPI_Finalize();
    return code;
  }
  double start = now_seconds();
  if (!a.cubes)
    a.cubes = 64 * (unsigned long)(size > 1 ? size - 1 : 1) * (a.workers ? a.workers : 1);
  size_t len = 0;
  char *text = read_all(a.file, &len);
  if (!text) {
    if (rank == 0)
      fprintf(stderr, "pz-mpi: cannot read '%s'\n", a.file);
    MPI_Finalize();
    return EXIT_INPUT;
  }
  PzOptions opt = {.read_file = read_file, .clock = now_seconds, .workers = a.workers,
                   .count_only = true};
  PzCtx *cx = pz_open(&opt);
  if (!cx) {
    fprintf(stderr, "pz-mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
  }
  pz_set_limits(cx, a.timeout, 0);
  bool ok = pz_load(cx, a.file, text, len);
  free(text);
  PzSplit sp = {0};
  PzResult r = ok ? pz_split(cx, a.cubes, &sp) : PZ_ERROR;
  if (r != PZ_NO_MORE) {                /* the same on every rank: all stop here */
    if (rank == 0) {
      fputs(pz_diagnostics(cx), stderr);
      if (r == PZ_LIMIT)
        printf("stopped: the time limit of %g s was reached\nsolutions: %llu+\n", a.timeout,
               (unsigned long long)sp.found);
      else if (ok && pz_goal(cx) != PZ_GOAL_NONE)
        fprintf(stderr, "pz-mpi: %s has a goal; pz-mpi only counts (use pz)\n", a.file);
    }
    code = r == PZ_LIMIT ? EXIT_LIMIT : ok ? EXIT_INTERNAL : EXIT_INPUT;
  } else if (rank == 0) {
    code = lead(cx, &a, &sp, size, start);
  } else {
    follow(cx, &sp);
    code = EXIT_FOUND;
  }
  pz_close(cx);
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}
