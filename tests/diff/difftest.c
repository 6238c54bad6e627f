/*
** difftest.c -- count random small puzzles two ways, and compare.
**
** Each case is a random puzzle (gen.c) printed as .pz text (print.c).
** Its solutions are counted by brute force over every assignment of its
** unknowns (eval.c, which knows nothing of pz's internals) and by pz
** itself, in this process, through interp/pz.h only.  Any difference is
** a mismatch: the case is printed with both counts, shrunk (shrink.c),
** and printed again at its smallest.  A load error on a generated puzzle
** is a mismatch too: the generator only makes valid programs.
**
**   difftest [--seed S] [--cases N | --case K] [--fork] [--step K] [--quiet]
**            [--no-shrink] [--workers N] [--cubes K]
**
** Cases are numbered from 0; case K of seed S is the same puzzle on every
** run and machine.  --fork runs pz in a child process per puzzle, so a
** crash is reported (and shrunk) like any other mismatch and the run
** goes on.  --step K lets pz search K nodes at a time, resuming after each
** PZ_LIMIT.  --no-shrink reports mismatches as they are.  --workers N
** counts with N worker threads (pz -p N), handed the search at its first
** decision (not with --step: a parallel search does not resume).
** --cubes K counts as pz-mpi does, without MPI: the search split into K
** cubes (pz_split), each counted on its own (pz_select_cube), summed.  Exit status 0
** when every case agreed, 1 on any mismatch, 2 on a usage error.
**
** Without --fork a crash ends the run; a handler prints the case first.
**
** --construct F counts puzzles of family F of constructs.c instead (lines,
** pairs, regions, regular, grid, tiling, board, hex, sums, picks, goals, sizes;
** `all`: case K is of family K mod 12), each checked against that family's own
** brute force (goals: the best value and the count of boards that reach
** it); a
** mismatch is shrunk by cutting the case (constructs.h: clauses dropped,
** board and domain made smaller, options off) with shrink.c's loop.
** --fault max makes that brute force read max(L) as min(L), --fault
** regular stops its automaton before the line's last item, --fault
** next_to reads a logic grid's next_to as left_of: the shrinker's own
** tests (tests/diff/fault_*.out, make check).
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "constructs.h"
#include "model.h"
#include "pz.h"
#include "shrink.h"

/* Search nodes pz may take on one puzzle: far more than a 4000-assignment
   puzzle needs, so reaching it is a finding, not bad luck. */
#define NODE_LIMIT 1000000
#define SHRINK_TRIES 4000

typedef enum { OUT_COUNT, OUT_LOAD_ERROR, OUT_LIMIT, OUT_INTERNAL, OUT_CRASH } OutKind;

static const char *const out_name[] = {
  "a count", "a load error", "a search limit", "an internal error", "a crash",
};

typedef struct Outcome {
  OutKind kind;
  long count;          /* with a goal: the solutions of the best value */
  bool has_value;      /* with a goal: value is the best found */
  long value;
  int signal;          /* OUT_CRASH: the signal, or 0 when the child just vanished */
  char diag[4096];     /* pz_diagnostics, cut short */
} Outcome;

typedef struct Options {
  uint64_t seed;
  uint64_t first, cases;
  bool fork;
  bool quiet;
  bool shrink;
  int step;            /* > 0: let pz take this many search nodes at a time */
  int construct;       /* --construct: -1 none, a family of constructs.c, or all of them */
} Options;

/* Seconds spent in each part of the run, for the summary. */
typedef struct Times { double generate, brute, pz, shrink; } Times;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --- counting with pz --- */

static void copy_diag(Outcome *o, const char *diag)
{
  snprintf(o->diag, sizeof o->diag, "%s", diag ? diag : "");
}

/*
** With step > 0, pz searches step nodes at a time: each PZ_LIMIT raises
** the limit by step and asks again, as a caller that slices its time
** would (a browser playground).  The count must not change.
*/
/* all: 1 every assignment counts; 2 (a goal) only better solutions, with restarts, as pz. */
/* --workers N: pz counts with N worker threads, handing over at once. */
static unsigned workers;
/* --cubes K: pz splits the search into K cubes (pz_split, as pz-mpi does)
   and counts them one by one (pz_select_cube). */
static unsigned long cubes;

/* The count of a split search, as pz-mpi adds it up; the last result. */
static PzResult count_cubes(PzCtx *cx, long cap, Outcome *o)
{
  PzSplit sp = {0};
  PzResult r = pz_split(cx, cubes, &sp);
  o->count = (long)sp.found;
  for (size_t i = 0; r == PZ_NO_MORE && i < sp.cubes; i++) {
    if (!pz_select_cube(cx, i))
      return PZ_INTERNAL;
    while ((r = pz_next(cx)) == PZ_SOLUTION && ++o->count <= cap)
      ;
    if (r == PZ_SOLUTION)
      return r;
  }
  return r;
}

static void count_in_process(const char *text, size_t len, long cap, int step, int all,
                             Outcome *o)
{
  PzOptions options = {.check_solutions = true, .all_assignments = all == 1,
                       .goal_ties = all != 2, .restarts = all == 2, .seed = 1,
                       .workers = workers, .count_only = true, .workers_at_once = true};
  PzCtx *cx = pz_open(&options);
  *o = (Outcome){.kind = OUT_COUNT};
  if (!pz_load(cx, "diff.pz", text, len)) {
    o->kind = OUT_LOAD_ERROR;
    copy_diag(o, pz_diagnostics(cx));
    pz_close(cx);
    return;
  }
  uint64_t limit = step > 0 ? (uint64_t)step : NODE_LIMIT;
  pz_set_limits(cx, 0, limit);
  if (cubes && pz_goal(cx) == PZ_GOAL_NONE) {
    PzResult r = count_cubes(cx, cap, o);
    if (r == PZ_LIMIT)
      o->kind = OUT_LIMIT;
    if (r == PZ_INTERNAL) {
      o->kind = OUT_INTERNAL;
      copy_diag(o, pz_diagnostics(cx));
    }
    pz_close(cx);
    return;
  }
  for (;;) {
    PzResult r = pz_next(cx);
    int64_t v;
    if (r == PZ_SOLUTION && pz_goal_value(cx, &v)) {
      if (o->has_value && v != o->value)
        o->count = 0;                   /* better: the count starts again */
      o->has_value = true;
      o->value = (long)v;
    }
    if (r == PZ_SOLUTION && ++o->count <= cap)
      continue;
    if (r == PZ_LIMIT && step > 0 && limit < NODE_LIMIT) {
      limit += (uint64_t)step;
      pz_set_limits(cx, 0, limit);
      continue;
    }
    if (r == PZ_LIMIT)
      o->kind = OUT_LIMIT;
    if (r == PZ_INTERNAL) {
      o->kind = OUT_INTERNAL;
      copy_diag(o, pz_diagnostics(cx));
    }
    break;
  }
  pz_close(cx);
}

static bool write_all(int fd, const void *data, size_t len)
{
  const char *p = data;
  while (len) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    len -= (size_t)n;
  }
  return true;
}

static size_t read_all(int fd, void *data, size_t len)
{
  char *p = data;
  size_t got = 0;
  while (got < len) {
    ssize_t n = read(fd, p + got, len - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    got += (size_t)n;
  }
  return got;
}

/* Count in a child, so that a crash in pz is an outcome, not the end. */
static void count_forked(const char *text, size_t len, long cap, int step, int all,
                         bool silent, Outcome *o)
{
  int fd[2];
  fflush(stdout);
  fflush(stderr);
  if (pipe(fd) != 0) {
    perror("difftest: pipe");
    exit(2);
  }
  pid_t pid = fork();
  if (pid < 0) {
    perror("difftest: fork");
    exit(2);
  }
  if (pid == 0) {
    close(fd[0]);
    if (silent && !freopen("/dev/null", "w", stderr))
      _exit(3);
    alarm(60);
    Outcome r;
    count_in_process(text, len, cap, step, all, &r);
    _exit(write_all(fd[1], &r, sizeof r) ? 0 : 3);
  }
  close(fd[1]);
  size_t got = read_all(fd[0], o, sizeof *o);
  close(fd[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (got == sizeof *o && WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;
  *o = (Outcome){.kind = OUT_CRASH, .signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0};
}

/* --- what the run is doing, for a crash report --- */

static const char *volatile current_text;
static volatile uint64_t current_seed, current_case;

static void say(const char *s)
{
  if (s && write(STDERR_FILENO, s, strlen(s)) < 0)
    return;
}

static void say_number(uint64_t n)
{
  char digits[24], *p = digits + sizeof digits;
  *--p = 0;
  do
    *--p = (char)('0' + n % 10);
  while (n /= 10);
  say(p);
}

static void report_crash(void)
{
  if (!current_text)
    return;
  say("\ndifftest: pz crashed on case ");
  say_number(current_case);
  say(" of seed ");
  say_number(current_seed);
  say(":\n");
  say(current_text);
  say("(rerun it with: make difftest SEED=");
  say_number(current_seed);
  say(" CASE=");
  say_number(current_case);
  say(" FORK=1   to shrink it)\n");
}

static void on_fatal_signal(int sig)
{
  report_crash();
  signal(sig, SIG_DFL);
  raise(sig);
}

/* The sanitizers' runtime, when it is linked in: it reports its own death. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void catch_crashes(void)
{
  if (__sanitizer_set_death_callback) {
    __sanitizer_set_death_callback(report_crash);
    signal(SIGABRT, on_fatal_signal);
    return;
  }
  signal(SIGABRT, on_fatal_signal);
  signal(SIGSEGV, on_fatal_signal);
  signal(SIGBUS, on_fatal_signal);
  signal(SIGFPE, on_fatal_signal);
}

/* --- one case --- */

/*
** With shows, pz counts answers (got) and, with all_assignments, every
** assignment (got_all); without, both are every assignment of the
** declared unknowns and got_all is not asked for.
*/
typedef struct Check {
  long expected;      /* brute force: answers */
  long expected_all;  /* brute force: assignments */
  Outcome got;        /* pz */
  Outcome got_all;    /* pz --all-assignments (with shows) */
  Outcome got_best;   /* with a goal: pz as it runs, better solutions only, restarts */
  bool shows;
  bool undefined;     /* a partial term was undefined somewhere */
  bool goal;          /* counts are of the solutions of the best value */
  int best, best_all; /* that value, by brute force */
} Check;

/* What pz did: a count unless one of its runs did something else. */
static OutKind kind_of(const Check *c)
{
  if (c->got.kind != OUT_COUNT)
    return c->got.kind;
  if (c->shows && c->got_all.kind != OUT_COUNT)
    return c->got_all.kind;
  return c->goal ? c->got_best.kind : OUT_COUNT;
}

/* With a goal, a count of solutions of the best value: that value too. */
static bool same_best(const Outcome *o, long expected, int best)
{
  return !expected || (o->has_value && o->value == best);
}

static bool agrees(const Check *c)
{
  return c->got.kind == OUT_COUNT && c->got.count == c->expected &&
         (!c->goal || same_best(&c->got, c->expected, c->best)) &&
         (!c->goal || (c->got_best.kind == OUT_COUNT && c->got_best.has_value == (c->expected > 0) &&
                       same_best(&c->got_best, c->expected, c->best))) &&
         (!c->shows || (c->got_all.kind == OUT_COUNT && c->got_all.count == c->expected_all &&
                        (!c->goal || same_best(&c->got_all, c->expected_all, c->best_all))));
}

static void run_check(const Options *opt, const Program *p, bool silent, Check *c,
                      Times *times)
{
  Text t = {0};
  prog_print(p, &t);
  double start = now();
  c->expected_all = brute_count(p, &c->undefined);
  c->shows = p->nshows > 0;
  c->expected = c->shows ? brute_answers(p) : c->expected_all;
  c->goal = p->has_goal;
  if (c->goal) {
    c->expected_all = brute_optimum(p, true, &c->best_all);
    c->expected = c->shows ? brute_optimum(p, false, &c->best) : c->expected_all;
    c->best = c->shows ? c->best : c->best_all;
  }
  double middle = now();
  long cap = prog_space(p) + 1;
  c->got_all = (Outcome){.kind = OUT_COUNT, .count = c->expected_all};
  c->got_best = (Outcome){.kind = OUT_COUNT};
  for (int all = 0; all <= 2; all++) {
    if ((all == 1 && !c->shows) || (all == 2 && !c->goal))
      continue;
    Outcome *o = all == 2 ? &c->got_best : all ? &c->got_all : &c->got;
    if (opt->fork) {
      count_forked(t.s, t.len, cap, opt->step, all, silent, o);
    } else {
      current_text = t.s;
      count_in_process(t.s, t.len, cap, opt->step, all, o);
      current_text = NULL;
    }
    if (o->kind != OUT_COUNT)
      break;
  }
  text_free(&t);
  if (times) {
    times->brute += middle - start;
    times->pz += now() - middle;
  }
}

static void print_one(const char *who, const Outcome *o)
{
  if (o->kind == OUT_COUNT)
    printf("%-30s %ld\n", who, o->count);
  else if (o->kind == OUT_CRASH)
    printf("%-30s crashed (signal %d)\n", who, o->signal);
  else
    printf("%-30s %s%s%s\n", who, out_name[o->kind], o->kind == OUT_LIMIT ? "" : ":\n", o->diag);
}

static void print_outcome(const Check *c)
{
  printf("%-30s %ld\n", "brute force, solutions:", c->expected);
  print_one("pz, solutions:", &c->got);
  if (c->goal) {
    printf("%-30s %d, pz %s%ld\n", "best value, brute force:", c->best,
           c->got.has_value ? "" : "none ", c->got.value);
    if (c->got_best.kind != OUT_COUNT)
      print_one("pz, better solutions only:", &c->got_best);
    else
      printf("%-30s %s%ld\n", "pz, better solutions only:", c->got_best.has_value ? "" : "none ",
             c->got_best.value);
  }
  if (c->shows) {
    printf("%-30s %ld\n", "brute force, assignments:", c->expected_all);
    print_one("pz --all-assignments:", &c->got_all);
    if (c->goal)
      printf("%-30s %d, pz %s%ld\n", "best value, brute force:", c->best_all,
             c->got_all.has_value ? "" : "none ", c->got_all.value);
  }
}

static void print_program(const Program *p)
{
  Text t = {0};
  prog_print(p, &t);
  fputs(t.s, stdout);
  text_free(&t);
}

typedef struct ShrinkGoal {
  const Options *opt;
  OutKind kind;
} ShrinkGoal;

static bool still_fails(const Program *p, void *arg)
{
  const ShrinkGoal *goal = arg;
  Check c;
  run_check(goal->opt, p, true, &c, NULL);
  return !agrees(&c) && kind_of(&c) == goal->kind;
}

static void print_rerun(const Options *opt, uint64_t case_no)
{
  printf("(rerun: make difftest SEED=%llu CASE=%llu", (unsigned long long)opt->seed,
         (unsigned long long)case_no);
  if (opt->fork)
    printf(" FORK=1");
  if (opt->step)
    printf(" STEP=%d", opt->step);
  printf(")\n");
}

static void report_mismatch(const Options *opt, uint64_t case_no, const Program *p,
                            const Check *c, Times *times)
{
  printf("\n=== MISMATCH: seed %llu, case %llu ===\n", (unsigned long long)opt->seed,
         (unsigned long long)case_no);
  print_program(p);
  print_outcome(c);
  if (!opt->shrink) {
    print_rerun(opt, case_no);
    return;
  }
  double start = now();
  Program *small = malloc(sizeof *small);
  if (!small)
    return;
  memcpy(small, p, sizeof *small);
  ShrinkGoal goal = {opt, kind_of(c)};
  int tries = shrink(small, still_fails, &goal, SHRINK_TRIES);
  Check again;
  run_check(opt, small, true, &again, NULL);
  printf("--- smallest still failing (%d candidates tried) ---\n", tries);
  print_program(small);
  print_outcome(&again);
  print_rerun(opt, case_no);
  fflush(stdout);
  free(small);
  times->shrink += now() - start;
}

/* --- statistics --- */

static const char *const kind_name[N_KINDS] = {
  [N_NUM] = "number", [N_VAR] = "unknown", [N_BOUND] = "bound variable I/J/K",
  [N_NEG] = "unary minus", [N_ADD] = "+", [N_SUB] = "-", [N_MUL] = "*",
  [N_DIV] = "/", [N_MOD] = "mod", [N_ABS] = "abs", [N_MIN] = "min",
  [N_MAX] = "max", [N_IFNUM] = "if-then-else (number)", [N_COUNT] = "count([...])",
  [N_SUM] = "sum([...])", [N_COUNT_COMP] = "count([C : I in ..])",
  [N_SUM_COMP] = "sum([A : I in ..])", [N_SUM_BOARD] = "sum(b)",
  [N_LIST_AT] = "p[i] constant list", [N_GRID_AT] = "g[r, c] constant board",
  [N_BOARD_AT] = "b[r, c] unknown board", [N_LITLIST_AT] = "[..][i] written list",
  [N_TRUE] = "true", [N_FALSE] = "false", [N_CMP] = "comparison",
  [N_IN_LIST] = "x in [..]", [N_IN_RANGE] = "x in L..H", [N_IN_CONST] = "x in p",
  [N_DISTINCT] = "distinct([...])", [N_DISTINCT_BOARD] = "distinct(b)", [N_CONNECTED] = "connected(b, ...)",
  [N_CIRCUIT] = "circuit(...)", [N_STEP] = "step(b, .., cell_of(b, ..), ..)",
  [N_AND] = "and", [N_OR] = "or", [N_NOT] = "not", [N_IMP] = "->",
  [N_IFF] = "<->", [N_COMMA] = "','", [N_SEMI] = "';'",
  [N_IFBOOL] = "if-then-else (condition)", [N_FORALL] = "forall", [N_EXISTS] = "exists",
  [N_PARAM] = "rule parameter", [N_CALL] = "rule call", [N_RUNS] = "runs(...) = [...]",
  [N_PROP_AT] = "pa(eK) property", [N_PROP_SUM] = "sum([pa(P) : P in e])",
  [N_PROP_IS] = "pb(eK) = yes property", [N_PROP_COUNT] = "count([P : .., pb(P) = yes])",
  [N_PIC_CMP] = "t[r, c] picture cell compared",
};

enum { F_UNDEFINED = N_KINDS, F_NO_SOLUTION, F_EVERY_ASSIGNMENT, F_SHOWS, F_HELPERS, F_GOAL,
       F_FUNCTION, F_PRODUCT, F_POWER, NFEATURES };

typedef struct Stats {
  uint64_t cases, mismatches;
  uint64_t assignments, solutions; /* visited by the brute force, found */
  uint64_t by_outcome[OUT_CRASH + 1];
  uint64_t with[NFEATURES], failed_with[NFEATURES];
} Stats;

static uint64_t kinds_of(const Program *p, int n)
{
  if (n < 0)
    return 0;
  const Node *x = &p->node[n];
  uint64_t k = 1ull << x->kind;
  for (int i = 0; i < x->nkids; i++)
    k |= kinds_of(p, x->kid[i]);
  return k;
}

/* The spellings (model.h) the + and * nodes under n use, as bits. */
static unsigned spells_of(const Program *p, int n)
{
  if (n < 0)
    return 0;
  const Node *x = &p->node[n];
  unsigned k = x->kind == N_ADD || x->kind == N_MUL ? 1u << x->spell : 0;
  for (int i = 0; i < x->nkids; i++)
    k |= spells_of(p, x->kid[i]);
  return k;
}

static void count_features(Stats *s, const Program *p, const Check *c)
{
  uint64_t kinds = 0;
  for (int i = 0; i < p->nclauses; i++)
    kinds |= kinds_of(p, p->clause[i]);
  for (int k = 0; (kinds >> N_CALL & 1) && k < p->nrules; k++)
    for (int rc = 0; rc < p->rule[k].nclauses; rc++)
      kinds |= kinds_of(p, p->rule[k].clause[rc].body);
  bool feature[NFEATURES] = {0};
  for (int k = 0; k < N_KINDS; k++)
    feature[k] = kinds >> k & 1;
  unsigned spells = 0;
  for (int i = 0; i < p->nclauses; i++)
    spells |= spells_of(p, p->clause[i]);
  feature[F_FUNCTION] = spells >> SPELL_FUNCTION & 1;
  feature[F_PRODUCT] = spells >> SPELL_PRODUCT & 1;
  feature[F_POWER] = spells >> SPELL_POWER & 1;
  s->assignments += (uint64_t)prog_space(p);
  s->solutions += (uint64_t)c->expected;
  feature[F_UNDEFINED] = c->undefined;
  feature[F_NO_SOLUTION] = c->expected == 0;
  feature[F_EVERY_ASSIGNMENT] = c->expected == prog_space(p);
  feature[F_SHOWS] = c->shows;
  feature[F_HELPERS] = c->expected < c->expected_all;
  feature[F_GOAL] = c->goal;
  for (int f = 0; f < NFEATURES; f++) {
    s->with[f] += feature[f];
    s->failed_with[f] += feature[f] && !agrees(c);
  }
}

static void print_summary(const Options *opt, const Stats *s, const Times *t)
{
  printf("\ndifftest: seed %llu, %llu cases, %llu mismatches", (unsigned long long)opt->seed,
         (unsigned long long)s->cases, (unsigned long long)s->mismatches);
  if (s->mismatches) {
    printf(" (");
    for (int k = 0, first = 1; k <= OUT_CRASH; k++)
      if (s->by_outcome[k])
        printf("%s%llu with %s", first ? "" : ", ", (unsigned long long)s->by_outcome[k],
               k == OUT_COUNT ? "a wrong count" : out_name[k]), first = 0;
    printf(")");
  }
  printf("\nassignments per case: %.0f on average, solutions: %.0f\n",
         (double)s->assignments / (double)(s->cases ? s->cases : 1),
         (double)s->solutions / (double)(s->cases ? s->cases : 1));
  printf("time: generating %.2f s, brute force %.2f s, pz %.2f s, shrinking %.2f s\n",
         t->generate, t->brute, t->pz, t->shrink);
  printf("%-28s %9s %10s\n", "cases with", "cases", "mismatches");
  static const char *const extra[] = {"an undefined term reached", "no solution",
                                      "every assignment a solution", "show clauses",
                                      "fewer answers than solutions", "minimize or maximize",
                                      "user function call", "product([...])", "x ^ 2 (or x * y)"};
  for (int f = 0; f < NFEATURES; f++) {
    if (f == N_NUM || f == N_VAR)
      continue;
    printf("%-28s %9llu %10llu\n", f < N_KINDS ? kind_name[f] : extra[f - N_KINDS],
           (unsigned long long)s->with[f], (unsigned long long)s->failed_with[f]);
  }
}

/* --- the run --- */

static void usage(void)
{
  fprintf(stderr, "usage: difftest [--seed S] [--cases N | --case K] [--fork] [--step K]"
                  " [--quiet] [--no-shrink] [--workers N] [--cubes K] [--construct F|all]"
                  " [--fault max|regular|next_to]\n");
  exit(2);
}

static uint64_t number_arg(const char *s)
{
  char *end;
  errno = 0;
  unsigned long long n = strtoull(s ? s : "", &end, 10);
  if (!s || !*s || *end || errno)
    usage();
  return n;
}

static Options parse_args(int argc, char **argv)
{
  Options opt = {.seed = 1, .cases = 1000, .shrink = true, .construct = -1};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed"))
      opt.seed = number_arg(argv[++i]);
    else if (!strcmp(argv[i], "--cases"))
      opt.cases = number_arg(argv[++i]);
    else if (!strcmp(argv[i], "--case"))
      opt.first = number_arg(argv[++i]), opt.cases = 1;
    else if (!strcmp(argv[i], "--fork"))
      opt.fork = true;
    else if (!strcmp(argv[i], "--quiet"))
      opt.quiet = true;
    else if (!strcmp(argv[i], "--no-shrink"))
      opt.shrink = false;
    else if (!strcmp(argv[i], "--step"))
      opt.step = (int)number_arg(argv[++i]);
    else if (!strcmp(argv[i], "--workers"))
      workers = (unsigned)number_arg(argv[++i]);
    else if (!strcmp(argv[i], "--cubes"))
      cubes = (unsigned long)number_arg(argv[++i]);
    else if (!strcmp(argv[i], "--fault") && i + 1 < argc && construct_fault(argv[i + 1]))
      i++;
    else if (!strcmp(argv[i], "--construct") && i + 1 < argc)
      opt.construct = !strcmp(argv[++i], "all") ? construct_families()
                      : construct_find(argv[i]) >= 0 ? construct_find(argv[i]) : -2;
    else
      usage();
  }
  return opt;
}

/* --- the puzzles of constructs.c --- */

/* One case of a family: drawn for (seed, case_no), then cut (constructs.h). */
typedef struct ConstructCase {
  int family;
  uint64_t case_no;
  Cut cut;
} ConstructCase;

/* Its text in *t and its count by brute force (expected), and pz's (o). */
static long construct_text(const Options *opt, const ConstructCase *cc, Text *t)
{
  Rng rng = rng_for_case(opt->seed, cc->case_no);
  return construct_case(cc->family, &rng, t, &cc->cut);
}

/*
** With a goal, pz reports each solution as good as the best so far
** (goal_ties), the count starting again at each better one: those on the
** way may be many more than the best's, up to every board.
*/
static void construct_count(const Options *opt, const Text *t, long expected, bool silent,
                            Outcome *o)
{
  long best, cap = expected + 10 + (construct_goal(&best) ? 1000000 : 0);
  if (opt->fork) {
    count_forked(t->s, t->len, cap, opt->step, 0, silent, o);
  } else {
    current_text = t->s;
    count_in_process(t->s, t->len, cap, opt->step, 0, o);
    current_text = NULL;
  }
}

/* The count agrees; with a goal (family goals), the best value too. */
static bool construct_agrees(const Outcome *o, long expected)
{
  long best;
  bool goal = construct_goal(&best);
  return o->kind == OUT_COUNT && o->count == expected &&
         (!goal ? !o->has_value : o->has_value && o->value == best);
}

/* The brute force's count, and its best value when the case has a goal. */
static void print_construct_expected(long expected)
{
  long best;
  printf("%-30s %ld\n", "brute force, solutions:", expected);
  if (construct_goal(&best))
    printf("%-30s %ld\n", "brute force, best value:", best);
}

/* pz's count, and its best value when it found one. */
static void print_construct_got(const Outcome *o)
{
  print_one("pz, solutions:", o);
  if (o->kind == OUT_COUNT && o->has_value)
    printf("%-30s %ld\n", "pz, best value:", o->value);
}

/* The edits of a cut: drop clause 0..31, a row, a column or a value fewer, an option off. */
enum { CUT_DROPS = 32, CUT_LESS = 3, CUT_OFFS = 8, CUT_MOST = 4 };

static int cut_edits(const void *x)
{
  (void)x;
  return CUT_DROPS + CUT_LESS + CUT_OFFS;
}

static bool cut_apply(void *x, int e)
{
  Cut *c = &((ConstructCase *)x)->cut;
  if (e < CUT_DROPS) {
    if (c->drop >> e & 1)
      return false;
    c->drop |= 1u << e;
    return true;
  }
  e -= CUT_DROPS;
  if (e < CUT_LESS) {
    int *n = e == 0 ? &c->rows : e == 1 ? &c->cols : &c->values;
    return *n < CUT_MOST && ++*n;
  }
  e -= CUT_LESS;
  if (c->off >> e & 1)
    return false;
  c->off |= 1u << e;
  return true;
}

typedef struct ConstructGoal {
  const Options *opt;
  OutKind kind;
} ConstructGoal;

/* The text's length, and its digits' values: "0..1" is smaller than "0..2". */
static long cut_measure(const void *x, void *arg)
{
  const ConstructGoal *goal = arg;
  Text t = {0};
  construct_text(goal->opt, x, &t);
  long m = (long)t.len * 10;
  for (size_t i = 0; i < t.len; i++)
    m += t.s[i] >= '0' && t.s[i] <= '9' ? t.s[i] - '0' : 0;
  text_free(&t);
  return m;
}

static bool cut_still_fails(const void *x, void *arg)
{
  const ConstructGoal *goal = arg;
  Text t = {0};
  long expected = construct_text(goal->opt, x, &t);
  Outcome o;
  construct_count(goal->opt, &t, expected, true, &o);
  text_free(&t);
  return !construct_agrees(&o, expected) && o.kind == goal->kind;
}

static void print_construct_rerun(const Options *opt, const ConstructCase *cc)
{
  const char *fault = construct_fault_name();
  printf("(rerun: make difftest SEED=%llu CASE=%llu CONSTRUCT=%s%s%s%s)\n",
         (unsigned long long)opt->seed, (unsigned long long)cc->case_no,
         construct_name(cc->family), opt->fork ? " FORK=1" : "", fault ? " FAULT=" : "",
         fault ? fault : "");
}

/* A mismatch shrunk: the greedy loop of shrink.c over the case's cut. */
static void shrink_construct(const Options *opt, ConstructCase cc, OutKind kind)
{
  static const Shrinker sh = {sizeof(ConstructCase), cut_edits, cut_apply, cut_measure,
                              cut_still_fails};
  ConstructGoal goal = {opt, kind};
  int tries = shrink_greedy(&sh, &cc, &goal, SHRINK_TRIES);
  Text t = {0};
  long expected = construct_text(opt, &cc, &t);
  Outcome o;
  construct_count(opt, &t, expected, true, &o);
  printf("--- smallest still failing (%d candidates tried; cut: clauses 0x%x dropped,"
         " %d rows, %d columns, %d values fewer, options 0x%x off) ---\n%s", tries,
         (unsigned)cc.cut.drop, cc.cut.rows, cc.cut.cols, cc.cut.values, (unsigned)cc.cut.off, t.s);
  print_construct_expected(expected);
  print_construct_got(&o);
  text_free(&t);
}

/*
** The puzzles of constructs.c, each checked against its family's brute
** force; a mismatch printed with both counts, then shrunk.  Cases and
** mismatches per family.
*/
static int run_constructs(const Options *opt)
{
  int families = construct_families();
  uint64_t cases[16] = {0}, bad[16] = {0}, none[16] = {0}, solutions[16] = {0};
  Text t = {0};
  for (uint64_t i = 0; i < opt->cases; i++) {
    ConstructCase cc = {.case_no = opt->first + i};
    cc.family = opt->construct < families ? opt->construct : (int)(cc.case_no % (uint64_t)families);
    int k = cc.family;
    current_case = cc.case_no;
    long expected = construct_text(opt, &cc, &t);
    Outcome o;
    construct_count(opt, &t, expected, false, &o);
    cases[k]++;
    none[k] += expected == 0;
    solutions[k] += (uint64_t)expected;
    bool ok = construct_agrees(&o, expected);
    if (opt->cases == 1 && !opt->quiet)
      fputs(t.s, stdout);
    if (!ok || (opt->cases == 1 && !opt->quiet)) {
      if (!ok) {
        bad[k]++;
        printf("\n=== MISMATCH (%s): seed %llu, case %llu ===\n%s", construct_name(k),
               (unsigned long long)opt->seed, (unsigned long long)cc.case_no, t.s);
      }
      print_construct_expected(expected);
      print_construct_got(&o);
      if (!ok && opt->shrink)
        shrink_construct(opt, cc, o.kind);
      if (!ok)
        print_construct_rerun(opt, &cc);
    }
  }
  text_free(&t);
  uint64_t total = 0;
  for (int k = 0; k < families; k++)
    total += bad[k];
  if (opt->cases == 1)
    return total ? 1 : 0;
  for (int k = 0; k < families; k++)
    if (cases[k] && (!opt->quiet || bad[k]))
      printf("difftest: seed %llu, %s: %llu cases, %llu mismatches (%llu without a solution, %.1f"
             " solutions on average)\n", (unsigned long long)opt->seed, construct_name(k),
             (unsigned long long)cases[k], (unsigned long long)bad[k], (unsigned long long)none[k],
             (double)solutions[k] / (double)cases[k]);
  if (opt->quiet && !total)
    printf("difftest: seed %llu, %llu construct cases, no mismatch\n", (unsigned long long)opt->seed,
           (unsigned long long)opt->cases);
  return total ? 1 : 0;
}

int main(int argc, char **argv)
{
  Options opt = parse_args(argc, argv);
  if (opt.construct != -1) {
    if (opt.construct < 0)
      usage();
    setvbuf(stdout, NULL, _IOLBF, 0);
    catch_crashes();
    current_seed = opt.seed;
    return run_constructs(&opt);
  }
  Stats stats = {0};
  Times times = {0};
  Program *p = malloc(sizeof *p);
  if (!p) {
    perror("difftest");
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  catch_crashes();
  current_seed = opt.seed;
  uint64_t step = opt.cases >= 20000 ? opt.cases / 10 : 0;
  for (uint64_t i = 0; i < opt.cases; i++) {
    uint64_t case_no = opt.first + i;
    current_case = case_no;
    Rng rng = rng_for_case(opt.seed, case_no);
    double start = now();
    gen_program(p, &rng);
    const char *why = prog_invalid(p);
    times.generate += now() - start;
    if (why) { /* the generator's own bug: it keeps only valid clauses */
      printf("difftest: case %llu is not a valid program (%s)\n", (unsigned long long)case_no, why);
      print_program(p);
      free(p);
      return 2;
    }
    if (opt.cases == 1 && !opt.quiet)
      print_program(p);
    Check c;
    run_check(&opt, p, false, &c, &times);
    stats.cases++;
    count_features(&stats, p, &c);
    if (!agrees(&c)) {
      stats.mismatches++;
      stats.by_outcome[kind_of(&c)]++;
      report_mismatch(&opt, case_no, p, &c, &times);
    } else if (opt.cases == 1 && !opt.quiet) {
      print_outcome(&c);
    }
    if (step && (i + 1) % step == 0 && !opt.quiet)
      fprintf(stderr, "difftest: %llu cases, %llu mismatches\n", (unsigned long long)(i + 1),
              (unsigned long long)stats.mismatches);
  }
  free(p);
  if (opt.cases == 1)
    ;
  else if (opt.quiet && !stats.mismatches)
    printf("difftest: seed %llu, %llu cases, no mismatch\n", (unsigned long long)opt.seed,
           (unsigned long long)stats.cases);
  else
    print_summary(&opt, &stats, &times);
  return stats.mismatches ? 1 : 0;
}
