/*
** pz_mpi.c -- pz-mpi: count a puzzle's solutions over MPI ranks (make mpi).
**
**   mpirun -np R pz-mpi [-c | -a] [-n K] [-p N] [-t SECS] [-s] [--cubes K] FILE.pz
**
** Every rank loads the puzzle and splits its search into the same cubes
** (pz_split uses no clock, and checks that by a fingerprint).  Rank 0
** hands the cubes out in batches to the ranks that ask (see lead); each
** rank counts its batch with N threads (pz -p N; with one, in its one
** space, kept from cube to cube) and asks again, with the count of the
** batch it finished.  Rank 0 prints `solutions: C` as pz -c does; with
** -n K every rank stops once K solutions are in (`solutions: K+`).
** With -a every rank sends the text of each solution it finds to rank 0
** (before it asks again), which prints each one once, as pz -a does
** (the order is the order they arrive in).
**
** A lost rank never makes a wrong count.  By default mpirun ends the
** whole run when a rank dies (it says which and exits non-zero), and
** rank 0 prints a count only when every cube has come back.  Under
** `mpirun --enable-recovery` the others go on: a rank that counts says so
** to rank 0 every second, and one silent for --lost SECS (30) while it
** holds a cube is taken for lost: its cube goes to another rank (see
** lead), and the count is still every cube's, each once.  A limit
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
#include <unistd.h>

#include "pz.h"

enum { EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_INPUT = 2, EXIT_LIMIT = 3, EXIT_INTERNAL = 4 };
enum { TAG_ASK = 1, TAG_CUBE = 2, TAG_TEXT = 3, TAG_BEAT = 4, TAG_STOP = 5 };
/* At most this many cubes in one message (a batch, see lead). */
#define BATCH_MAX 64
/* Ranks 1..: rank 0 said stop (-n K). */
static bool stop_asked;
/* A rank counting a cube says so this often; silent for Args.lost, it is lost. */
#define BEAT_SECONDS 1.0
/* -a: a rank sends its solutions' text in pieces of about this size. */
#define TEXT_PIECE 65536
/* A rank's message to rank 0: what it found in the cube it finished. */
enum { M_COUNT, M_CUBE, M_STATUS, M_PRINT, M_NODES, M_WAIT_US, M_LEN };
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
  int all;                              /* -a: print every solution */
  double lost;                          /* --lost SECS: a silent rank is lost after it */
  uint64_t want;                        /* -n K: stop after K solutions (0: all) */
} Args;

/* -a: the text of the solutions found and not yet sent (or printed). */
typedef struct Text {
  char *s;
  size_t len, cap;
  uint64_t n;                           /* solutions printed so far (rank 0) */
  uint64_t want;                        /* rank 0: print no more than this (-n K; 0: all) */
} Text;

static void text_write(void *to, const char *s, size_t len)
{
  Text *t = to;
  if (t->len + len + 1 > t->cap) {
    size_t cap = 2 * (t->len + len + 1);
    char *more = realloc(t->s, cap);
    if (!more) {
      fprintf(stderr, "pz-mpi: out of memory\n");
      MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
    }
    t->s = more;
    t->cap = cap;
  }
  memcpy(t->s + t->len, s, len);
  t->len += len;
  t->s[t->len] = '\0';
}

/* Rank 0: print one solution's text (a blank line between solutions, as pz -a). */
static void print_solution(Text *out, const char *s, size_t len)
{
  if (out->want && out->n >= out->want)
    return;
  if (out->n++)
    putchar('\n');
  fwrite(s, 1, len, stdout);
}

/* Rank 0: pieces of text from another rank, each solution ending in "\f" (-n K: K in all). */
static void print_pieces(Text *out, const char *s, size_t len)
{
  for (size_t i = 0; i < len;) {
    const char *end = memchr(s + i, '\f', len - i);
    size_t n = end ? (size_t)(end - (s + i)) : len - i;
    print_solution(out, s + i, n);
    i += n + 1;
  }
}

/* A solution met while splitting (every rank meets it): rank 0 prints it. */
static void split_each(void *ctx, PzCtx *cx)
{
  Text *out = ctx;
  Text one = {0};
  if (!pz_solution_text(cx, text_write, &one))
    return;
  print_solution(out, one.s, one.len);
  free(one.s);
}

static int usage(int rank)
{
  if (rank == 0)
    fprintf(stderr, "usage: pz-mpi [-c | -a] [-n K] [-p N] [-t SECS] [-s] [--cubes K] [--lost SECS] "
            "FILE.pz\n");
  return EXIT_INPUT;
}

static int parse(int argc, char **argv, Args *a, int rank)
{
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strcmp(s, "-c") || !strcmp(s, "--count"))
      a->all = 0;
    else if (!strcmp(s, "-a") || !strcmp(s, "--all"))
      a->all = 1;
    else if (!strcmp(s, "-s") || !strcmp(s, "--stats"))
      a->stats = 1;
    else if ((!strcmp(s, "-p") || !strcmp(s, "--parallel")) && i + 1 < argc)
      a->workers = (unsigned)strtoul(argv[++i], NULL, 10);
    else if ((!strcmp(s, "-t") || !strcmp(s, "--timeout")) && i + 1 < argc)
      a->timeout = strtod(argv[++i], NULL);
    else if (!strcmp(s, "--lost") && i + 1 < argc)
      a->lost = strtod(argv[++i], NULL);
    else if (!strcmp(s, "--cubes") && i + 1 < argc)
      a->cubes = strtoul(argv[++i], NULL, 10);
    else if ((!strcmp(s, "-n") || !strcmp(s, "--solutions")) && i + 1 < argc) {
      char *end = NULL;
      a->want = strtoull(argv[++i], &end, 10);
      if (!end || *end || a->want == 0)
        return usage(rank);
    }
    else if (s[0] == '-' && s[1])
      return usage(rank);
    else
      a->file = s;
  }
  if (!a->file || a->workers > 256 || !(a->lost > 0))
    return usage(rank);
  return -1;
}

/* Send the text gathered to rank 0 (-a). */
static void send_text(Text *t)
{
  if (t->len)
    MPI_Send(t->s, (int)t->len, MPI_CHAR, 0, TAG_TEXT, MPI_COMM_WORLD);
  t->len = 0;
}

/*
** Count cubes ids[0..n) on this rank (with one thread, one only): their
** solutions added to msg[M_COUNT], and how the search ended (the worse
** of msg[M_STATUS] and it).  With text (-a, not on rank 0 alone), each
** solution's text goes there, ending in "\f", and on to rank 0 in
** pieces; rank 0 alone prints them (out).  With -n K (want), it stops
** once the count reaches K.
*/
static void count_cubes(PzCtx *cx, const size_t *ids, size_t n, uint64_t msg[M_LEN], Text *text,
                        Text *out, uint64_t want)
{
  if (!pz_select_cubes(cx, ids, n)) {
    msg[M_STATUS] = ST_ERROR;
    return;
  }
  PzResult r;
  while ((r = pz_next(cx)) == PZ_SOLUTION) {
    msg[M_COUNT]++;
    bool enough = want && msg[M_COUNT] >= want;   /* -n K: this rank alone has K */
    if (out)
      split_each(out, cx);
    else if (text) {
      if (!pz_solution_text(cx, text_write, text)) {
        r = PZ_INTERNAL;
        break;
      }
      text_write(text, "\f", 1);
      if (text->len >= TEXT_PIECE)
        send_text(text);
    }
    if (enough || stop_asked) {
      r = PZ_LIMIT;
      break;
    }
  }
  if (text)
    send_text(text);
  uint64_t st = r == PZ_NO_MORE ? ST_OK : r == PZ_LIMIT ? ST_LIMIT : ST_ERROR;
  msg[M_STATUS] = st > msg[M_STATUS] ? st : msg[M_STATUS];
  msg[M_NODES] += pz_stats(cx).nodes;
}

static void count_cube(PzCtx *cx, uint64_t i, uint64_t msg[M_LEN], Text *text, Text *out,
                       uint64_t want)
{
  size_t id = (size_t)i;
  count_cubes(cx, &id, 1, msg, text, out, want);
}

/* Sleep for us microseconds. */
static void nap(long us)
{
  struct timespec t = {0, us * 1000};
  nanosleep(&t, NULL);
}

/*
** Rank 0: hand out the cubes, add up the counts.  A rank gets a batch of
** cubes at a time: what is left over twice the ranks, at most BATCH_MAX,
** so that the batches are large at first (few messages) and single cubes
** at the end (balance).  A rank silent for a->lost seconds while it
** holds a batch is lost: its cubes go back to the queue, and whatever it
** says later is ignored (a batch's count is added once, from the rank
** it was given to, if that rank is not lost by then).  A rank that asks
** when no cube is left waits while other ranks still hold cubes, in case
** one of them is lost.  When every other rank is lost, rank 0 counts the
** rest itself.  With -n K, once K solutions are in, every rank is told
** to stop (TAG_STOP).
*/
static int lead(PzCtx *cx, const Args *a, const PzSplit *sp, int size, double start,
                double split_seconds, Text *out)
{
  uint64_t total = sp->found, next = 0, back = 0;
  int status = ST_OK, active = size - 1, nlost = 0;
  bool capped = a->want && total >= a->want, stop_sent = false;
  size_t n = (size_t)size, nc = sp->cubes ? sp->cubes : 1;
  uint64_t *nodes = calloc(n, sizeof *nodes), *cubes = calloc(n, sizeof *cubes);
  uint64_t *waits = calloc(n, sizeof *waits);
  int64_t *held = calloc(n * BATCH_MAX, sizeof *held), *queue = calloc(nc, sizeof *queue);
  size_t *nheld = calloc(n, sizeof *nheld);
  double *heard = calloc(n, sizeof *heard);
  char *lost = calloc(n, 1), *waiting = calloc(n, 1), *done = calloc(nc, 1);
  Text *texts = calloc(n, sizeof *texts);
  size_t nqueue = 0;
  long wait = 50;                       /* microseconds between looks for messages */
  if (!nodes || !cubes || !waits || !held || !nheld || !queue || !heard || !lost || !waiting ||
      !done || !texts) {
    fprintf(stderr, "pz-mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
  }
  for (size_t r = 0; r < n; r++)
    heard[r] = now_seconds();
  if (size == 1) {                      /* alone: every cube here */
    uint64_t msg[M_LEN] = {0};
    for (next = 0; next < sp->cubes && status == ST_OK && !capped; next++, back++) {
      msg[M_COUNT] = 0;
      count_cube(cx, next, msg, NULL, a->all ? out : NULL, a->want ? a->want - total : 0);
      total += msg[M_COUNT];
      status = (int)msg[M_STATUS];
      capped = a->want && total >= a->want;
    }
    nodes[0] = msg[M_NODES];
    cubes[0] = back;
  }
  while (active > 0 || (nqueue && status == ST_OK && !capped)) {
    if (active == 0) {                  /* every other rank lost: the rest here */
      uint64_t msg[M_LEN] = {0};
      int64_t c = queue[--nqueue];
      count_cube(cx, (uint64_t)c, msg, NULL, a->all ? out : NULL, a->want ? a->want - total : 0);
      total += msg[M_COUNT];
      nodes[0] += msg[M_NODES];
      cubes[0]++;
      back++;
      done[c] = 1;
      if (msg[M_STATUS] > (uint64_t)status)
        status = (int)msg[M_STATUS];
      capped = a->want && total >= a->want;
      continue;
    }
    if (capped && !stop_sent) {         /* -n K: K are in; the others stop */
      for (int r = 1; r < size; r++)
        if (!lost[r] && nheld[r])
          MPI_Send("", 0, MPI_CHAR, r, TAG_STOP, MPI_COMM_WORLD);
      stop_sent = true;
    }
    /* hand out what there is to the ranks waiting for it */
    for (int r = 1; r < size; r++) {
      if (!waiting[r])
        continue;
      bool any_held = false;
      for (int q = 1; q < size; q++)
        any_held |= nheld[q] > 0;
      int64_t *give = &held[(size_t)r * BATCH_MAX];
      size_t left = nqueue + (size_t)(sp->cubes - next), k = 0;
      size_t batch = (left + 2 * (size_t)(size - 1) - 1) / (2 * (size_t)(size - 1));
      batch = batch < 1 ? 1 : batch > BATCH_MAX ? BATCH_MAX : batch;
      if (status == ST_OK && !capped)
        for (; k < batch && (nqueue || next < sp->cubes); k++)
          give[k] = nqueue ? queue[--nqueue] : (int64_t)next++;
      if (k == 0 && status == ST_OK && !capped && any_held)
        continue;                       /* others hold cubes: it may get one back */
      if (k == 0)
        give[k++] = nlost ? -2 : -1;
      MPI_Send(give, (int)k, MPI_INT64_T, r, TAG_CUBE, MPI_COMM_WORLD);
      waiting[r] = 0;
      heard[r] = now_seconds();
      nheld[r] = give[0] >= 0 ? k : 0;
      if (give[0] < 0)
        active--;
    }
    if (active == 0)
      continue;
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (!flag) {
      double now = now_seconds();
      for (int r = 1; r < size; r++)
        if (!lost[r] && nheld[r] && now - heard[r] > a->lost) {
          fprintf(stderr, "pz-mpi: rank %d said nothing for %g s: lost; its cube goes to "
                  "another rank\n", r, a->lost);
          lost[r] = 1;
          nlost++;
          active--;
          for (size_t k = 0; k < nheld[r]; k++)
            queue[nqueue++] = held[(size_t)r * BATCH_MAX + k];
          nheld[r] = 0;
          texts[r].len = 0;
        }
      nap(wait);
      wait = wait < 1000 ? 2 * wait : 1000;
      continue;
    }
    wait = 50;
    int from = st.MPI_SOURCE;
    heard[from] = now_seconds();
    if (st.MPI_TAG == TAG_BEAT || st.MPI_TAG == TAG_TEXT) {
      int len = 0;
      MPI_Get_count(&st, MPI_CHAR, &len);
      char *piece = malloc((size_t)len + 1);
      if (!piece) {
        fprintf(stderr, "pz-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
      }
      MPI_Recv(piece, len, MPI_CHAR, from, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (st.MPI_TAG == TAG_TEXT && !lost[from] && len > 0)
        text_write(&texts[from], piece, (size_t)len);   /* printed once its batch is back */
      free(piece);
      continue;
    }
    uint64_t msg[M_LEN];
    MPI_Recv(msg, M_LEN, MPI_UINT64_T, from, TAG_ASK, MPI_COMM_WORLD, &st);
    if (lost[from])
      continue;                         /* its cubes went to another rank: said already */
    if (msg[M_PRINT] != sp->fingerprint) {
      fprintf(stderr, "pz-mpi: rank %d split the puzzle into other cubes (another build or "
              "file?); no count\n", from);
      MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
    }
    nodes[from] = msg[M_NODES];
    waits[from] = msg[M_WAIT_US];
    if (msg[M_CUBE] && nheld[from]) {   /* the batch it held is done */
      for (size_t k = 0; k < nheld[from]; k++)
        done[held[(size_t)from * BATCH_MAX + k]] = 1;
      total += msg[M_COUNT];
      back += nheld[from];
      cubes[from] += nheld[from];
      print_pieces(out, texts[from].s, texts[from].len);
      if (msg[M_STATUS] > (uint64_t)status && !(a->want && msg[M_STATUS] == ST_LIMIT))
        status = (int)msg[M_STATUS];    /* -n K: a rank stopped by it is no limit */
      if (msg[M_STATUS] == ST_LIMIT && a->want && total < a->want)
        status = ST_LIMIT;              /* a time limit, then */
      capped = a->want && total >= a->want;
    }
    texts[from].len = 0;
    nheld[from] = 0;
    waiting[from] = 1;
  }
  int code;
  if (capped)
    total = a->want;
  if (status == ST_ERROR) {
    fprintf(stderr, "pz-mpi: a rank failed to count its cube; no count\n");
    code = EXIT_INTERNAL;
  } else {
    bool complete = capped || (status == ST_OK && back == sp->cubes);
    if (!complete)
      printf("%sstopped: the time limit of %g s was reached\n", a->all && total ? "\n" : "",
             a->timeout);
    if (!a->all)
      printf("solutions: %llu%s\n", (unsigned long long)total, complete && !capped ? "" : "+");
    else if (complete && total == 0)
      printf("no solution\n");
    else if (complete && !capped)
      printf("\nsolutions: %llu\n", (unsigned long long)total);
    code = !complete ? EXIT_LIMIT : total ? EXIT_FOUND : EXIT_NONE;
  }
  fflush(stdout);
  if (a->stats) {
    uint64_t all = sp->nodes;           /* the split's, made once for every rank */
    for (int r = 0; r < size; r++)
      all += nodes[r];
    fprintf(stderr, "stats: nodes=%llu solutions=%llu cubes=%llu time=%.3fms split=%.3fms "
            "ranks=%d lost=%d\n", (unsigned long long)all, (unsigned long long)total,
            (unsigned long long)sp->cubes, (now_seconds() - start) * 1000.0,
            split_seconds * 1000.0, size, nlost);
    for (int r = size > 1 ? 1 : 0; r < size; r++)
      fprintf(stderr, "rank %d: nodes=%llu cubes=%llu wait=%.3fms%s\n", r,
              (unsigned long long)nodes[r], (unsigned long long)cubes[r],
              (double)waits[r] / 1000.0, lost[r] ? " (lost)" : "");
  }
  for (size_t r = 0; r < n; r++)
    free(texts[r].s);
  free(texts);
  free(nodes);
  free(cubes);
  free(waits);
  free(held);
  free(nheld);
  free(queue);
  free(heard);
  free(lost);
  free(waiting);
  free(done);
  return nlost ? -code - 1 : code;       /* negative: no collective ending */
}

/*
** Ranks 1..: while counting, a word to rank 0 every BEAT_SECONDS
** (PzOptions.poll); with -n K, a look for rank 0's word to stop.
*/
static double last_beat;
static bool want_stop;
static bool beat(void *ctx)
{
  (void)ctx;
  double now = now_seconds();
  if (now - last_beat >= BEAT_SECONDS) {
    last_beat = now;
    MPI_Send("", 0, MPI_CHAR, 0, TAG_BEAT, MPI_COMM_WORLD);
  }
  if (want_stop && !stop_asked) {
    int flag = 0;
    MPI_Iprobe(0, TAG_STOP, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (flag) {
      MPI_Recv(NULL, 0, MPI_CHAR, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      stop_asked = true;
    }
  }
  return stop_asked;
}

/*
** Ranks 1..: ask for cubes, count the batch, ask again with its count.
** False: a rank was lost.
*/
static bool follow(PzCtx *cx, const PzSplit *sp, const Args *a)
{
  uint64_t msg[M_LEN] = {0};
  int64_t batch[BATCH_MAX];
  Text text = {0};
  msg[M_PRINT] = sp->fingerprint;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *die = getenv("PZ_MPI_TEST_LOSE_RANK");   /* tests: this rank dies with its first cube */
  want_stop = a->want > 0;
  for (;;) {
    double asked = now_seconds();
    MPI_Send(msg, M_LEN, MPI_UINT64_T, 0, TAG_ASK, MPI_COMM_WORLD);
    MPI_Status st;
    int k = 0;
    MPI_Recv(batch, BATCH_MAX, MPI_INT64_T, 0, TAG_CUBE, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT64_T, &k);
    msg[M_WAIT_US] += (uint64_t)((now_seconds() - asked) * 1e6);
    if (k < 1 || batch[0] < 0) {
      free(text.s);
      return k >= 1 && batch[0] == -1;
    }
    if (die && atoi(die) == rank)
      _exit(9);
    last_beat = now_seconds();
    msg[M_COUNT] = 0;
    msg[M_CUBE] = 1;
    msg[M_STATUS] = ST_OK;
    if (a->workers > 1) {               /* one search of them all: threads and spaces once */
      size_t ids[BATCH_MAX];
      for (int i = 0; i < k; i++)
        ids[i] = (size_t)batch[i];
      count_cubes(cx, ids, (size_t)k, msg, a->all ? &text : NULL, NULL, a->want);
    } else {
      for (int i = 0; i < k && msg[M_STATUS] == ST_OK; i++)
        count_cube(cx, (uint64_t)batch[i], msg, a->all ? &text : NULL, NULL, a->want);
    }
  }
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  Args a = {.workers = 1, .lost = 30};
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
                   .count_only = !a.all, .poll = rank ? beat : NULL};
  PzCtx *cx = pz_open(&opt);
  if (!cx) {
    fprintf(stderr, "pz-mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
  }
  pz_set_limits(cx, a.timeout, 0);
  bool ok = pz_load(cx, a.file, text, len);
  free(text);
  Text out = {.want = a.want};          /* rank 0, -a: the count of solutions printed */
  PzSplit sp = {.each = a.all && rank == 0 ? split_each : NULL, .each_ctx = &out};
  double split_from = now_seconds();
  PzResult r = ok ? pz_split(cx, a.cubes, &sp) : PZ_ERROR;
  double split_seconds = now_seconds() - split_from;
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
    code = lead(cx, &a, &sp, size, start, split_seconds, &out);
  } else {
    code = follow(cx, &sp, &a) ? EXIT_FOUND : -EXIT_FOUND - 1;
  }
  pz_close(cx);
  if (code < 0) {                       /* a rank was lost: no collective call can end */
    fflush(stdout);
    _exit(-code - 1);
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}
