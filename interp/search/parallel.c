/*
** parallel.c -- worker threads over one Model (see parallel.h).
**
** Shared state, under one mutex: the queue of cubes, the number of
** workers inside a cube (busy), and, when the caller wants values, a
** ring of solutions waiting to be taken.  A few counters are atomics so
** that the hot paths read them without the mutex: how the search ended
** (end), the cubes queued, the solutions found, the decisions made.
**
** The search is over when the queue is empty and no worker is busy: a
** busy worker is the only one that adds cubes.  A worker that finds the
** queue shorter than the number of workers started, at a decision, gives away
** the oldest open branch of its path (search_split): the largest piece
** it has, and one the worker would have reached last.
**
** Memory: everything here, and each worker's space, is on no heap (the
** caller's context keeps a list of its blocks for one thread only), so
** the main thread allocates through off_heap and each worker runs under
** a catch point of its own; a worker that runs out of memory stops the
** search (PAR_OUT_OF_MEMORY), which the caller reports as its own.
** Worker 0 when counting is the caller's thread and space: its search
** allocates on the caller's heap under the caller's catch point, as any
** search of that space does, and only the caller's thread touches it.
*/
/* Linux's cpu_set_t, sched_getcpu and the thread affinity calls (spawn) */
#define _GNU_SOURCE

#include "search/parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/mem.h"

#include "engine/engine.h"
#include "search/search.h"

/* The search runs alone until it has made this many decisions and spent
   this long (a puzzle solved in milliseconds starts no thread). */
#define PAR_ALONE_NODES 200
#define PAR_ALONE_SECONDS 0.002
/* The first workers' threads start, and build their spaces, once the
   search alone has made PAR_EARLY_NODES decisions in PAR_EARLY_SECONDS
   (or at the first step of a propagator finishing alone): the other
   cores are idle meanwhile, and once every one is built the search alone
   hands over after PAR_READY_NODES decisions, without waiting for
   PAR_ALONE_NODES and PAR_ALONE_SECONDS.  A puzzle solved sooner never
   waits for a space it does not need (par_free joins the threads). */
#define PAR_EARLY_NODES 32
#define PAR_EARLY_SECONDS 0.0005
#define PAR_READY_NODES 50
/* A propagator finishing alone from the root (a pure tiling's bitboard
   search) has no path to split, but shares its own search in solo cubes
   (search_solo_split): it runs alone this long, then hands what it has
   left to the workers, who give each other parts of theirs as they go.
   It looks at the clock every PAR_SOLO_EVERY of its steps.  With
   ParConfig.at_once it hands over at its first step. */
#define PAR_SOLO_SECONDS 0.002
#define PAR_SOLO_EVERY 256
/* The caller waits for the workers in naps of PAR_NAP_MIN microseconds,
   doubled at each nap up to PAR_NAP_MAX (the library reads no clock, so
   no timed wait): the end of a count is heard within it.  The nap is
   kept from one solution to the next (halved only when the ring of
   solutions was full), so that taking a solution does not make the
   caller wake every few microseconds: on a machine with as many workers
   as cores, each wake takes a core from a worker. */
#define PAR_NAP_MIN 20
#define PAR_NAP_MAX 500
/* Solutions with values waiting for the caller, at most. */
#define PAR_RING 64
/* Workers beyond the machine's cores (pz -p 8 on 2 cores) start only once
   the workers have searched this long: on a short count they would cost
   their spaces and their cubes' paths, and a core has one worker anyway.
   With ParConfig.at_once they start at the caller's first wait. */
#define PAR_EXTRA_SECONDS 0.5
/* Publish a worker's counters every this many decisions. */
#define PAR_PUBLISH 64

#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(CPU_COUNT)
#define PAR_AFFINITY 1
#else
#define PAR_AFFINITY 0
#endif

/* The caller's cores at the first spawn, for the threads to return to. */
typedef struct {
#if PAR_AFFINITY
  cpu_set_t all;
  bool known;
#else
  int unused;
#endif
} ParCores;

typedef struct ParCube {
  SearchStep *steps;
  size_t n;
  uint32_t *solo;                 /* an empty path may have a solo cube (search_enter) */
  size_t nsolo;
} ParCube;

typedef struct ParWorker {
  struct Par *par;
  unsigned index;
  pthread_t thread;
  bool started;
  Solver *s;
  SearchStep *buf;        /* room for a path, for search_split */
  uint32_t *sbuf;         /* room for a solo cube, for search_solo_split */
  size_t buf_cap, sbuf_cap;
  uint64_t ticks, nodes_counted;
  /* published for par_stats and the caller's progress */
  _Atomic uint64_t nodes, failures, propagations, probes, cubes, idle_us;
  _Atomic uint32_t max_depth;
  _Atomic uint64_t start_us;      /* its first cube, after the search's start (0: none) */
} ParWorker;

struct Par {
  ParConfig cfg;
  size_t nvars;
  double (*clock)(void);
  double timeout, start;          /* the caller's time limit and its start */
  uint64_t max_nodes;
  pthread_mutex_t lock;
  pthread_cond_t work, room;      /* a cube was queued or the end came; the ring has room */
  ParCube *queue;                 /* a ring of qcap cubes from qhead */
  size_t qhead, qlen, qcap;
  _Atomic size_t queued;          /* qlen, for reading without the lock */
  unsigned busy;                  /* workers inside a cube */
  _Atomic int end;                /* PAR_SOLUTION while running, then how it ended */
  _Atomic uint64_t found;         /* solutions the workers found */
  _Atomic uint64_t nodes_total;   /* decisions, for the node limit */
  _Atomic unsigned exited;        /* workers that have returned */
  _Atomic uint64_t solo_print;    /* where every solo cube's search started (0: none yet) */
  uint64_t taken;                 /* solutions handed to the caller (counting) */
  int32_t *ring;                  /* values: PAR_RING solutions of nvars values */
  size_t rhead, rlen;
  int32_t *current;               /* the solution par_values shows */
  SolverBroken broken;
  ParWorker *w;
  unsigned nlaunched;              /* workers started, the caller's own included */
  bool caller_works;              /* counting: the caller is worker 0, in its space alone */
  bool caller_out;                /* ... and has found the search over */
  bool cubes_given;               /* par_new_cubes: the space alone split them */
  _Atomic unsigned sharing;       /* the same, for the workers: keep this many cubes queued */
  bool early;                     /* the first workers' threads started in the search alone */
  bool launched;                  /* par_launch has run (under the lock, for the workers) */
  unsigned nearly;                /* threads started early */
  _Atomic unsigned ready;         /* ... whose spaces are built */
  double launched_at;             /* the clock when the first workers started */
  Solver *alone;                  /* the caller's space, searched first */
  SolverStats alone_stats;
  bool handed;
  size_t split_target;            /* par_split_into: cubes to make before handing over */
  uint64_t split_nodes, split_seen; /* its decisions so far, and the space's count at the last step */
  bool unwind_ok;                 /* the space alone stopped cleanly (search_unwind) */
  double alone_from;              /* the clock at its first decision */
  SearchStep *abuf;
  uint32_t *sbuf;
  size_t abuf_cap, sbuf_cap;
  double solo_from;               /* when a propagator started finishing alone */
  ParCores cores;                 /* where the workers' threads may run (spawn) */
  uint32_t *weights;              /* the search alone's conflict weights at the launch */
  uint64_t cap;                   /* stop at this many found (0: never) */
  unsigned nap;                   /* par_next's next nap, microseconds */
  ParCube queue_taken;            /* the cube the caller searches */
};

static void start_early(Par *p);
static bool all_ready(const Par *p);

/* --- memory off the caller's heap --- */

static void *off_heap_realloc(void *p, size_t n)
{
  MemCatch c;
  if (setjmp(c.jump)) {
    mem_throw(c.failure);               /* on to the caller's catch point */
    return NULL;
  }
  mem_catch(&c, NULL);
  void *q = xrealloc(p, n);
  mem_uncatch(&c);
  return q;
}

/* buf holds at least n steps. */
static SearchStep *room_for(SearchStep *buf, size_t *cap, size_t n)
{
  if (n <= *cap)
    return buf;
  size_t want = n < 64 ? 64 : 2 * n;
  buf = off_heap_realloc(buf, want * sizeof *buf);
  *cap = want;
  return buf;
}

/* --- threads that start at once --- */

/*
** Linux puts a new thread on the core of the thread that made it, and it
** waits there until the maker's time slice ends, while the other cores
** are idle: measured on the 2-core machine, a thread made while the
** caller searches ran 0.14 to 4 ms later, half the time on the caller's
** core.  So each thread is made to start on another core than the
** caller's (0.11 to 0.2 ms later, always on the other core), and once it
** runs it may go to any core again (spawned), for the scheduler to share
** more threads than cores.  Elsewhere a thread starts where it starts.
*/
static bool spawn(pthread_t *t, ParCores *cores, void *(*fn)(void *), void *arg)
{
#if PAR_AFFINITY
  if (!cores->known)
    cores->known = sched_getaffinity(0, sizeof cores->all, &cores->all) == 0;
  int here = sched_getcpu();
  cpu_set_t others = cores->all;
  if (here >= 0)
    CPU_CLR(here, &others);
  pthread_attr_t attr;
  if (cores->known && here >= 0 && CPU_COUNT(&others) > 0 && pthread_attr_init(&attr) == 0) {
    bool ok = pthread_attr_setaffinity_np(&attr, sizeof others, &others) == 0 &&
              pthread_create(t, &attr, fn, arg) == 0;
    pthread_attr_destroy(&attr);
    if (ok)
      return true;
  }
#else
  (void)cores;
#endif
  return pthread_create(t, NULL, fn, arg) == 0;   /* any core */
}

/* In the thread spawn made: every core of the caller's again. */
static void spawned(const ParCores *cores)
{
#if PAR_AFFINITY
  if (cores->known)
    (void)pthread_setaffinity_np(pthread_self(), sizeof cores->all, &cores->all);
#else
  (void)cores;
#endif
}

/* --- the end --- */

static void end_locked(Par *p, ParResult why)
{
  int running = PAR_SOLUTION;
  atomic_compare_exchange_strong(&p->end, &running, (int)why);
  pthread_cond_broadcast(&p->work);
  pthread_cond_broadcast(&p->room);
}

static void par_end(Par *p, ParResult why)
{
  pthread_mutex_lock(&p->lock);
  end_locked(p, why);
  pthread_mutex_unlock(&p->lock);
}

static bool running(const Par *p)
{
  return atomic_load_explicit(&p->end, memory_order_relaxed) == PAR_SOLUTION;
}

/* --- the queue --- */

/* Queue a copy of steps[0..n) and solo[0..nsolo) (the lock held). */
static void push_locked(Par *p, const SearchStep *steps, size_t n, const uint32_t *solo,
                        size_t nsolo)
{
  if (p->qlen == p->qcap) {
    size_t cap = p->qcap ? 2 * p->qcap : 64;
    ParCube *q = off_heap_realloc(NULL, cap * sizeof *q);
    for (size_t i = 0; i < p->qlen; i++)
      q[i] = p->queue[(p->qhead + i) % p->qcap];
    xfree(p->queue);
    p->queue = q;
    p->qcap = cap;
    p->qhead = 0;
  }
  SearchStep *copy = n ? off_heap_realloc(NULL, n * sizeof *copy) : NULL;
  if (n)
    memcpy(copy, steps, n * sizeof *copy);
  uint32_t *scopy = nsolo ? off_heap_realloc(NULL, nsolo * sizeof *scopy) : NULL;
  if (nsolo)
    memcpy(scopy, solo, nsolo * sizeof *scopy);
  p->queue[(p->qhead + p->qlen) % p->qcap] = (ParCube){copy, n, scopy, nsolo};
  p->qlen++;
  atomic_store(&p->queued, p->qlen);
  pthread_cond_signal(&p->work);
}

/* --- the search alone --- */

static double seconds(const Par *p)
{
  return p->clock ? p->clock() : 0;
}

/*
** Before each decision of the search alone: once it has run long enough,
** its remaining work goes into the queue and it stops (SEARCH_LIMIT).
*/
static bool alone_decide(Solver *s, void *ctx, VarId x, int32_t v)
{
  Par *p = ctx;
  if (!p->alone_from)
    p->alone_from = seconds(p) + 1e-9;  /* its first decision (never 0 again) */
  if (!p->early && !p->split_target &&
      (p->cfg.at_once || (s->stats.nodes >= PAR_EARLY_NODES &&
                          (!p->clock || seconds(p) - p->alone_from >= PAR_EARLY_SECONDS))))
    start_early(p);
  size_t len = 0, n = 0;
  (void)search_path(s, &len);
  p->abuf = room_for(p->abuf, &p->abuf_cap, len + 1);
  if (p->split_target) {                /* par_split_step: this node in two */
    if (!search_rest(s, p->abuf, &n))
      return false;                     /* in an answer's completion: later */
    pthread_mutex_lock(&p->lock);
    p->abuf[n] = (SearchStep){.x = x, .v = v, .eq = true, .closed = true};
    push_locked(p, p->abuf, n + 1, NULL, 0);
    p->abuf[n].eq = false;
    push_locked(p, p->abuf, n + 1, NULL, 0);
    pthread_mutex_unlock(&p->lock);
    p->handed = p->unwind_ok = true;
    return true;
  }
  if (!p->cfg.at_once && !(all_ready(p) && s->stats.nodes >= PAR_READY_NODES) &&
      (s->stats.nodes < PAR_ALONE_NODES ||
       (p->clock && seconds(p) - p->alone_from < PAR_ALONE_SECONDS)))
    return false;
  if (!search_rest(s, p->abuf, &n))
    return false;                       /* in an answer's completion: later */
  pthread_mutex_lock(&p->lock);
  push_locked(p, p->abuf, n, NULL, 0);
  while ((n = search_split(s, p->abuf)) > 0)
    push_locked(p, p->abuf, n, NULL, 0);
  pthread_mutex_unlock(&p->lock);
  p->handed = p->unwind_ok = true;
  return true;
}

/* buf holds at least n words. */
static uint32_t *words_for(uint32_t *buf, size_t *cap, size_t n)
{
  if (n <= *cap)
    return buf;
  buf = off_heap_realloc(buf, n * sizeof *buf);
  *cap = n;
  return buf;
}

/*
** Between two steps of a propagator finishing alone at the root (a pure
** tiling): splitting (par_split_into), the oldest part that can be cut
** in two is, and the rest goes too; else, once it has run for
** PAR_SOLO_SECONDS, all it has left goes into the queue.  Then it stops
** (SEARCH_LIMIT), its solutions so far kept.
*/
static bool alone_solo_node(Solver *s, void *ctx)
{
  Par *p = ctx;
  size_t n = search_solo_room(s);
  if (n == 0)
    return false;                       /* it cannot share its search: all of it here */
  if (!p->split_target && !p->cfg.at_once && p->clock && !all_ready(p) &&
      seconds(p) - p->solo_from < PAR_SOLO_SECONDS)
    return false;
  p->sbuf = words_for(p->sbuf, &p->sbuf_cap, n);
  pthread_mutex_lock(&p->lock);
  bool any = !p->split_target;
  if (!any && (n = search_solo_split(s, p->sbuf, SOLO_HALF)) > 0) {
    push_locked(p, NULL, 0, p->sbuf, n);
    any = true;
  }
  while (any && (n = search_solo_split(s, p->sbuf, SOLO_WHOLE)) > 0)
    push_locked(p, NULL, 0, p->sbuf, n);
  pthread_mutex_unlock(&p->lock);
  if (!any)
    return false;                       /* nothing to cut in two yet: one step further */
  atomic_store(&p->solo_print, s->search.solo_print);
  p->handed = p->unwind_ok = true;
  return true;
}

/* The search alone is about to hand the whole puzzle to a propagator's own search. */
static bool alone_solo(Solver *s, void *ctx)
{
  Par *p = ctx;
  s->search.on_solo_node = NULL;
  if (p->cfg.want == 1 && !p->split_target)
    return false;                       /* a first solution: its own search is quickest */
  p->solo_from = seconds(p);
  if (!p->early)
    start_early(p);
  s->search.on_solo_node = alone_solo_node;
  s->search.solo_node_mask = p->split_target ? 0 : PAR_SOLO_EVERY - 1;
  return false;
}

Par *par_new(const ParConfig *c, Solver *alone)
{
  Par *p = off_heap_realloc(NULL, sizeof *p);
  memset(p, 0, sizeof *p);
  p->cfg = *c;
  p->alone = alone;
  p->nvars = solver_nvars(alone);
  p->clock = alone->limits.clock;
  p->timeout = alone->limits.timeout_seconds;
  p->start = alone->clock.start;
  p->max_nodes = alone->limits.max_nodes;
  atomic_init(&p->end, PAR_SOLUTION);
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->work, NULL);
  pthread_cond_init(&p->room, NULL);
  alone->search.on_decide = alone_decide;
  alone->search.on_solo = alone_solo;
  alone->search.on_decide_ctx = p;
  return p;
}

bool par_handed_over(const Par *p)
{
  return p->handed;
}

void par_split_into(Par *p, size_t n)
{
  p->split_target = n ? n : 1;
}

/*
** One step of splitting, breadth first: the oldest cube is searched
** alone up to its first decision x = v (solutions met before it are
** counted in *found), and goes back to the queue as two, with x = v and
** with x != v.  False once the queue holds split_target cubes, or none.
*/
bool par_split_step(Par *p, uint64_t *found, void (*each)(void *ctx), void *ctx,
                    SearchResult *r)
{
  *r = SEARCH_EXHAUSTED;
  if (p->qlen == 0 || p->qlen >= p->split_target)
    return false;                       /* enough */
  ParCube c = p->queue[p->qhead];
  p->qhead = (p->qhead + 1) % p->qcap;
  p->qlen--;
  Solver *s = p->alone;
  p->split_nodes += s->stats.nodes - p->split_seen;   /* search_reset zeroes them */
  if (p->unwind_ok)
    search_unwind(s);                   /* the last step stopped between two nodes */
  else
    search_reset(s);
  p->split_seen = s->stats.nodes;
  p->handed = false;
  *r = search_enter(s, c.steps, c.n, c.solo, c.nsolo);
  while (*r == SEARCH_SOLUTION && (*r = search_next(s)) == SEARCH_SOLUTION) {
    ++*found;
    if (each)
      each(ctx);                        /* loaded in the space alone */
  }
  xfree(c.steps);
  xfree(c.solo);
  if (*r == SEARCH_LIMIT && p->handed) {
    *r = SEARCH_EXHAUSTED;              /* stopped at its first decision: now two cubes */
    p->split_nodes++;                   /* that decision (alone_decide made no node of it) */
  }
  p->unwind_ok = *r == SEARCH_EXHAUSTED;
  return *r == SEARCH_EXHAUSTED;
}

uint64_t par_split_nodes(const Par *p)
{
  return p->split_nodes + p->alone->stats.nodes - p->split_seen;
}

size_t par_ncubes(const Par *p)
{
  return p->qlen;
}

uint64_t par_cubes_print(const Par *p)
{
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < p->qlen; i++) {
    const ParCube *c = &p->queue[(p->qhead + i) % p->qcap];
    h = (h ^ c->n) * 1099511628211ull;
    h = (h ^ c->nsolo) * 1099511628211ull;
    for (size_t k = 0; k < c->nsolo; k++)
      h = (h ^ c->solo[k]) * 1099511628211ull;
    for (size_t k = 0; k < c->n; k++) {
      h = (h ^ c->steps[k].x) * 1099511628211ull;
      h = (h ^ (uint32_t)c->steps[k].v) * 1099511628211ull;
      h = (h ^ c->steps[k].eq) * 1099511628211ull;
    }
  }
  return h;
}

SearchResult par_enter_cube(Par *from, size_t i, Solver *s)
{
  SearchState st = s->search.state;
  if (from->unwind_ok || st == SS_DONE || st == SS_SOLUTION)
    search_unwind(s);                   /* between two nodes: its root is kept */
  else if (st != SS_IDLE)
    search_reset(s);                    /* stopped by a limit: from the root again */
  from->unwind_ok = false;
  s->search.on_decide = NULL;
  s->search.on_solo = NULL;
  s->search.on_solo_node = NULL;
  memset(&s->stats, 0, sizeof s->stats);
  const ParCube *cube = &from->queue[(from->qhead + i) % from->qcap];
  return search_enter(s, cube->steps, cube->n, cube->solo, cube->nsolo);
}

Par *par_new_cubes(const ParConfig *c, Solver *alone, const Par *from, const size_t *ids,
                   size_t n)
{
  Par *p = par_new(c, alone);
  p->cubes_given = true;
  alone->search.on_decide = NULL;
  alone->search.on_solo = NULL;
  alone->search.on_solo_node = NULL;
  atomic_store(&p->solo_print, atomic_load(&from->solo_print));
  pthread_mutex_lock(&p->lock);
  for (size_t k = 0; k < n; k++) {
    const ParCube *cube = &from->queue[(from->qhead + ids[k]) % from->qcap];
    push_locked(p, cube->steps, cube->n, cube->solo, cube->nsolo);
  }
  pthread_mutex_unlock(&p->lock);
  p->handed = true;
  par_launch(p);
  return p;
}

/* --- the workers --- */

static void publish(ParWorker *w)
{
  const SolverStats *st = &w->s->stats;
  atomic_store_explicit(&w->nodes, st->nodes, memory_order_relaxed);
  atomic_store_explicit(&w->failures, st->failures, memory_order_relaxed);
  atomic_store_explicit(&w->propagations, st->propagations, memory_order_relaxed);
  atomic_store_explicit(&w->probes, st->probes, memory_order_relaxed);
  atomic_store_explicit(&w->max_depth, st->max_depth, memory_order_relaxed);
}

/* The nodes made since the last count, against the node limit. */
static bool over_node_limit(ParWorker *w)
{
  Par *p = w->par;
  if (!p->max_nodes)
    return false;
  uint64_t d = w->s->stats.nodes - w->nodes_counted;
  w->nodes_counted = w->s->stats.nodes;
  if (atomic_fetch_add(&p->nodes_total, d) + d < p->max_nodes)
    return false;
  par_end(p, PAR_LIMIT);
  return true;
}

/* Before each decision of a worker: stop, and give work away when it is short. */
static bool worker_decide(Solver *s, void *ctx, VarId x, int32_t v)
{
  (void)x;
  (void)v;
  ParWorker *w = ctx;
  Par *p = w->par;
  if (!running(p) || over_node_limit(w))
    return true;
  if (++w->ticks % PAR_PUBLISH == 0)
    publish(w);
  if (atomic_load_explicit(&p->queued, memory_order_relaxed) <
      atomic_load_explicit(&p->sharing, memory_order_relaxed)) {
    size_t len = 0;
    (void)search_path(s, &len);
    w->buf = room_for(w->buf, &w->buf_cap, len + 1);
    size_t n = search_split(s, w->buf);
    if (n) {
      pthread_mutex_lock(&p->lock);
      push_locked(p, w->buf, n, NULL, 0);
      pthread_mutex_unlock(&p->lock);
    }
  }
  return false;
}

/* Between two steps of a worker's propagator finishing alone: as worker_decide. */
static bool worker_solo_node(Solver *s, void *ctx)
{
  ParWorker *w = ctx;
  Par *p = w->par;
  if (!running(p) || over_node_limit(w))
    return true;
  if (++w->ticks % PAR_PUBLISH == 0)
    publish(w);
  if (atomic_load_explicit(&p->queued, memory_order_relaxed) <
      atomic_load_explicit(&p->sharing, memory_order_relaxed)) {
    size_t n = search_solo_room(s);
    w->sbuf = words_for(w->sbuf, &w->sbuf_cap, n);
    if (n && (n = search_solo_split(s, w->sbuf, SOLO_PIECE)) > 0) {
      pthread_mutex_lock(&p->lock);
      push_locked(p, NULL, 0, w->sbuf, n);
      pthread_mutex_unlock(&p->lock);
    }
  }
  return false;
}

/* The workers' limits ask this: true once the search has ended. */
static bool worker_poll(void *ctx)
{
  return !running(ctx);
}

/* One more solution; false when no more are wanted (or there is no room ever). */
static bool deliver(ParWorker *w)
{
  Par *p = w->par;
  uint64_t k = atomic_fetch_add(&p->found, 1);
  if (p->cap && k >= p->cap) {
    par_end(p, PAR_CAPPED);
    return false;
  }
  if (p->cfg.values) {
    pthread_mutex_lock(&p->lock);
    while (p->rlen == PAR_RING && running(p))
      pthread_cond_wait(&p->room, &p->lock);
    if (p->rlen == PAR_RING) {
      pthread_mutex_unlock(&p->lock);
      return false;
    }
    int32_t *to = &p->ring[((p->rhead + p->rlen) % PAR_RING) * p->nvars];
    for (size_t i = 0; i < p->nvars; i++)
      to[i] = var_value(w->s, (VarId)i);
    p->rlen++;
    pthread_mutex_unlock(&p->lock);
  }
  if (p->cap && k + 1 == p->cap)
    par_end(p, PAR_CAPPED);
  return true;
}

/* Search one cube to its end (or the search's). */
static void search_cube(ParWorker *w, const ParCube *c)
{
  Par *p = w->par;
  Solver *s = w->s;
  SearchResult r = search_enter(s, c->steps, c->n, c->solo, c->nsolo);
  if (r == SEARCH_SOLUTION)
    do
      r = search_next(s);
    while (r == SEARCH_SOLUTION && deliver(w));
  uint64_t mine = c->nsolo ? s->search.solo_print : 0, first = 0;
  if (mine && !atomic_compare_exchange_strong(&p->solo_print, &first, mine) && first != mine) {
    pthread_mutex_lock(&p->lock);       /* the parts do not fit together: no count */
    if (running(p))
      p->broken = (SolverBroken){.kind = "parallel slices", .open = PROP_NONE};
    end_locked(p, PAR_BROKEN);
    pthread_mutex_unlock(&p->lock);
  }
  if (r == SEARCH_LIMIT)
    par_end(p, PAR_LIMIT);
  else if (r == SEARCH_BROKEN) {
    pthread_mutex_lock(&p->lock);
    if (running(p))
      p->broken = solver_broken(s);
    end_locked(p, PAR_BROKEN);
    pthread_mutex_unlock(&p->lock);
  }
  atomic_fetch_add_explicit(&w->cubes, 1, memory_order_relaxed);
}

/* Worker w takes a cube: the first one's time, for par_worker_stats. */
static void note_start(ParWorker *w)
{
  Par *p = w->par;
  if (p->clock && !atomic_load_explicit(&w->start_us, memory_order_relaxed)) {
    double t = seconds(p) - p->start;
    atomic_store_explicit(&w->start_us, t > 1e-6 ? (uint64_t)(t * 1e6) : 1,
                          memory_order_relaxed);
  }
}

/* The next cube to search; false when the search is over. */
static bool take(ParWorker *w, ParCube *c)
{
  Par *p = w->par;
  pthread_mutex_lock(&p->lock);
  while (running(p) && (!p->launched || (p->qlen == 0 && p->busy > 0))) {
    bool launched = p->launched;        /* before: the search alone runs, not idle */
    double from = seconds(p);
    pthread_cond_wait(&p->work, &p->lock);
    double idle = launched ? seconds(p) - from : 0;
    atomic_fetch_add_explicit(&w->idle_us, (uint64_t)(idle * 1e6), memory_order_relaxed);
  }
  if (!running(p) || p->qlen == 0) {
    if (running(p))
      end_locked(p, PAR_DONE);          /* nothing queued and nobody busy */
    pthread_mutex_unlock(&p->lock);
    return false;
  }
  *c = p->queue[p->qhead];
  p->qhead = (p->qhead + 1) % p->qcap;
  p->qlen--;
  atomic_store(&p->queued, p->qlen);
  p->busy++;
  pthread_mutex_unlock(&p->lock);
  note_start(w);
  return true;
}

static void done_with(Par *p)
{
  pthread_mutex_lock(&p->lock);
  p->busy--;
  if (p->busy == 0 && p->qlen == 0)
    end_locked(p, PAR_DONE);
  pthread_mutex_unlock(&p->lock);
}

/* s searches the cubes of worker w. */
static void worker_hooks(ParWorker *w, Solver *s)
{
  s->search.on_decide = worker_decide;
  s->search.on_solo = NULL;
  s->search.on_solo_node = worker_solo_node;
  s->search.solo_node_mask = PAR_SOLO_EVERY - 1;
  s->search.on_decide_ctx = w;
}

/* A worker's space: the Model's, with the caller's settings and clock; what
   the caller's space worked out once (linsys, a tiling's lists) is copied. */
static Solver *worker_space(ParWorker *w)
{
  Par *p = w->par;
  Solver *s = solver_from_model_like(p->cfg.model, p->alone);
  solver_set_node_by_node(s, p->cfg.node_by_node);
  solver_set_checking(s, p->cfg.checking);
  SolverLimits lim = {.timeout_seconds = p->timeout, .max_nodes = p->max_nodes,
                      .clock = p->clock, .poll = worker_poll, .poll_ctx = p};
  solver_set_limits(s, lim);
  s->clock.start = p->start;            /* the caller's deadline */
  worker_hooks(w, s);
  return s;
}

static void *worker_main(void *arg)
{
  ParWorker *w = arg;
  Par *p = w->par;
  ParCube c = {0};
  MemCatch mc;
  if (setjmp(mc.jump)) {
    par_end(p, PAR_OUT_OF_MEMORY);
    atomic_fetch_add(&p->exited, 1);
    return NULL;
  }
  mem_catch(&mc, NULL);
  spawned(&p->cores);
  if (running(p)) {                     /* a worker started late may find the end */
    w->s = worker_space(w);
    if (solver_nvars(w->s) != p->nvars)
      par_end(p, PAR_BROKEN);           /* not the caller's variables: never mix them */
    atomic_fetch_add(&p->ready, 1);
  }
  bool seeded = false;
  while (running(p) && take(w, &c)) {
    if (!seeded)                        /* p->weights was set before the launch */
      search_seed_weights(w->s, p->weights);
    seeded = true;
    search_cube(w, &c);
    xfree(c.steps);
    xfree(c.solo);
    c.steps = NULL;
    c.solo = NULL;
    publish(w);
    done_with(p);
  }
  if (w->s)
    publish(w);
  mem_uncatch(&mc);
  atomic_fetch_add(&p->exited, 1);
  return NULL;
}

/* The workers started at first: one a core (ParConfig.cores, or the machine's). */
static unsigned first_workers(const Par *p)
{
  long cores = p->cfg.cores;
  if (cores <= 0)
    cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (cores < 1)
    cores = 1;
  return (unsigned)cores < p->cfg.workers ? (unsigned)cores : p->cfg.workers;
}

/* Start workers nlaunched..n-1 (the caller's thread). */
static void start_workers(Par *p, unsigned n)
{
  unsigned from = p->nlaunched;
  p->nlaunched = n;
  atomic_store(&p->sharing, n);
  for (unsigned i = from; i < n; i++) {
    ParWorker *w = &p->w[i];
    if ((i == 0 && p->caller_works) || w->started)
      continue;                         /* par_next searches its cubes; or started early */
    w->started = spawn(&w->thread, &p->cores, worker_main, w);
    if (!w->started) {                  /* no thread: as if it returned at once */
      atomic_fetch_add(&p->exited, 1);
      if (i == 0)
        par_end(p, PAR_OUT_OF_MEMORY);
    }
  }
}

/* The workers beyond the cores, once the search has gone on long enough. */
static void start_extra_workers(Par *p)
{
  if (p->nlaunched == p->cfg.workers || !running(p))
    return;
  if (!p->cfg.at_once && p->clock && seconds(p) - p->launched_at < PAR_EXTRA_SECONDS)
    return;
  start_workers(p, p->cfg.workers);
}

/* p->w, every worker's slot. */
static void make_workers(Par *p)
{
  if (p->w)
    return;
  p->w = off_heap_realloc(NULL, p->cfg.workers * sizeof *p->w);
  memset(p->w, 0, p->cfg.workers * sizeof *p->w);
  for (unsigned i = 0; i < p->cfg.workers; i++) {
    ParWorker *w = &p->w[i];
    w->par = p;
    w->index = i;
  }
}

/*
** At the search alone's first decision: the threads of the first
** workers start, and wait for par_launch once their spaces are built
** (take).  A thread that cannot start now is tried again at the launch.
*/
static void start_early(Par *p)
{
  p->early = true;
  if (p->split_target || p->cubes_given)
    return;                             /* pz_split: cubes, and no threads here */
  make_workers(p);
  unsigned n = first_workers(p);
  for (unsigned i = p->cfg.values ? 0 : 1; i < n; i++) {
    ParWorker *w = &p->w[i];
    w->started = spawn(&w->thread, &p->cores, worker_main, w);
    p->nearly += w->started;
  }
}

/* Every thread started early has built its space. */
static bool all_ready(const Par *p)
{
  return p->nearly && atomic_load_explicit(&p->ready, memory_order_acquire) == p->nearly;
}

void par_launch(Par *p)
{
  Solver *a = p->alone;
  p->alone_stats = *solver_stats(a);
  /* Each worker starts from the weights the search alone learned, as one
     thread's search goes on with them, not from none. */
  if (a->search.weight.len == p->nvars && p->nvars) {
    p->weights = off_heap_realloc(NULL, p->nvars * sizeof *p->weights);
    memcpy(p->weights, a->search.weight.data, p->nvars * sizeof *p->weights);
  }
  search_reset(a);                      /* at the root again: for loading solutions */
  search_seed_weights(a, p->weights);
  a->search.on_decide = NULL;
  a->search.on_solo = NULL;
  a->search.on_solo_node = NULL;
  p->cap = p->cfg.want;
  atomic_store(&p->nodes_total, p->alone_stats.nodes);
  if (p->cfg.values) {
    p->ring = off_heap_realloc(NULL, (PAR_RING + 1) * (p->nvars + 1) * sizeof *p->ring);
    p->current = p->ring + PAR_RING * p->nvars;
  }
  make_workers(p);
  /* Counting, the caller has nothing to do but wait: its space, built
     and searched already, takes cubes as worker 0 (one space fewer to
     build, and no thread of its own), asked between two cubes by
     par_next.  With values it loads the solutions, so it only waits. */
  p->caller_works = !p->cfg.values && !p->cubes_given;
  if (p->caller_works) {
    p->w[0].s = a;
    worker_hooks(&p->w[0], a);
  }
  p->launched_at = seconds(p);
  pthread_mutex_lock(&p->lock);
  p->launched = true;                   /* the workers started early take cubes now */
  pthread_cond_broadcast(&p->work);
  pthread_mutex_unlock(&p->lock);
  start_workers(p, first_workers(p));
}

/* Sleep for us microseconds. */
static void nap(unsigned us)
{
  struct timespec t = {0, (long)us * 1000};
  nanosleep(&t, NULL);
}

/*
** The caller as worker 0: one cube searched, true; false when the queue
** is empty but others are busy (they give it work soon).  When the
** search is over it leaves, its space at the root again.  It never waits
** on the queue, so that par_next keeps asking the host's poll.
*/
static bool caller_work(Par *p)
{
  ParWorker *w = &p->w[0];
  bool got = false;
  pthread_mutex_lock(&p->lock);
  if (running(p) && p->qlen) {
    p->queue_taken = p->queue[p->qhead];
    p->qhead = (p->qhead + 1) % p->qcap;
    p->qlen--;
    atomic_store(&p->queued, p->qlen);
    p->busy++;
    got = true;
    note_start(w);
  } else if (running(p) && p->busy == 0)
    end_locked(p, PAR_DONE);            /* nothing queued and nobody busy */
  bool out = !running(p);
  pthread_mutex_unlock(&p->lock);
  if (got) {
    search_cube(w, &p->queue_taken);
    xfree(p->queue_taken.steps);
    xfree(p->queue_taken.solo);
    p->queue_taken = (ParCube){0};
    publish(w);
    done_with(p);
    p->nap = PAR_NAP_MIN;
    return true;
  }
  if (out) {
    p->caller_out = true;
    Solver *a = p->alone;
    search_reset(a);
    a->search.on_decide = NULL;
    a->search.on_solo_node = NULL;
    atomic_fetch_add(&p->exited, 1);
  }
  return out;
}

ParResult par_next(Par *p, bool (*poll)(void *ctx), void *poll_ctx)
{
  if (!p->nap)
    p->nap = PAR_NAP_MIN;
  for (;;) {
    bool over = atomic_load(&p->exited) == p->nlaunched;
    if (p->cfg.values) {
      pthread_mutex_lock(&p->lock);
      if (p->rlen) {
        if (p->rlen == PAR_RING && p->nap > PAR_NAP_MIN)
          p->nap /= 2;                  /* the workers waited for room: wake sooner */
        memcpy(p->current, &p->ring[p->rhead * p->nvars], p->nvars * sizeof *p->current);
        p->rhead = (p->rhead + 1) % PAR_RING;
        p->rlen--;
        pthread_cond_signal(&p->room);
        pthread_mutex_unlock(&p->lock);
        return PAR_SOLUTION;
      }
      pthread_mutex_unlock(&p->lock);
    } else {
      uint64_t f = atomic_load(&p->found);
      if (p->cap && f > p->cap)
        f = p->cap;
      if (p->taken < f) {
        p->taken++;
        return PAR_SOLUTION;
      }
    }
    if (over)
      return (ParResult)atomic_load(&p->end);
    start_extra_workers(p);
    if (p->caller_works && !p->caller_out && caller_work(p))
      continue;
    if (poll && poll(poll_ctx))
      par_end(p, PAR_LIMIT);
    if (p->caller_works && !p->caller_out)   /* worker 0 waits for work */
      atomic_fetch_add_explicit(&p->w[0].idle_us, p->nap, memory_order_relaxed);
    nap(p->nap);
    p->nap = p->nap < PAR_NAP_MAX ? 2 * p->nap : PAR_NAP_MAX;
  }
}

const int32_t *par_values(const Par *p)
{
  return p->current;
}

SolverBroken par_broken(const Par *p)
{
  return p->broken;
}

SolverStats par_stats(const Par *p)
{
  SolverStats t = p->nlaunched ? p->alone_stats : *solver_stats(p->alone);
  for (unsigned i = 0; i < p->nlaunched; i++) {
    const ParWorker *w = &p->w[i];
    t.nodes += atomic_load_explicit(&w->nodes, memory_order_relaxed);
    t.failures += atomic_load_explicit(&w->failures, memory_order_relaxed);
    t.propagations += atomic_load_explicit(&w->propagations, memory_order_relaxed);
    t.probes += atomic_load_explicit(&w->probes, memory_order_relaxed);
    uint32_t d = atomic_load_explicit(&w->max_depth, memory_order_relaxed);
    t.max_depth = d > t.max_depth ? d : t.max_depth;
  }
  if (p->nlaunched) {
    uint64_t f = atomic_load(&p->found);
    f = p->cap && f > p->cap ? p->cap : f;
    t.solutions += f;
  }
  return t;
}

unsigned par_nworkers(const Par *p)
{
  return p->nlaunched;
}

ParWorkerStats par_worker_stats(const Par *p, unsigned i)
{
  if (i >= p->nlaunched)
    return (ParWorkerStats){0};
  const ParWorker *w = &p->w[i];
  return (ParWorkerStats){atomic_load(&w->nodes), atomic_load(&w->cubes),
                          (double)atomic_load(&w->idle_us) / 1e6,
                          (double)atomic_load(&w->start_us) / 1e6};
}

void par_free(Par *p)
{
  if (!p)
    return;
  par_end(p, PAR_LIMIT);                /* stops the workers, if they still run */
  for (unsigned i = 0; p->w && i < p->cfg.workers; i++) {
    ParWorker *w = &p->w[i];           /* started early, or at the launch */
    if (w->started)
      pthread_join(w->thread, NULL);
    if (w->s != p->alone)
      solver_free(w->s);
    xfree(w->buf);
    xfree(w->sbuf);
  }
  for (size_t i = 0; i < p->qlen; i++) {
    xfree(p->queue[(p->qhead + i) % p->qcap].steps);
    xfree(p->queue[(p->qhead + i) % p->qcap].solo);
  }
  xfree(p->queue_taken.steps);         /* a limit's jump out of the caller's cube */
  xfree(p->queue_taken.solo);
  if (p->alone && (p->alone->search.on_decide == alone_decide ||
                   p->alone->search.on_decide == worker_decide)) {
    p->alone->search.on_decide = NULL;
    p->alone->search.on_solo = NULL;
    p->alone->search.on_solo_node = NULL;
  }
  if (p->alone && p->alone->search.weight_seed == p->weights)
    search_seed_weights(p->alone, NULL);   /* no search used them: not kept */
  xfree(p->queue);
  xfree(p->ring);
  xfree(p->weights);
  xfree(p->w);
  xfree(p->abuf);
  xfree(p->sbuf);
  pthread_cond_destroy(&p->work);
  pthread_cond_destroy(&p->room);
  pthread_mutex_destroy(&p->lock);
  xfree(p);
}

/* --- many independent solves (par_each) --- */

typedef struct ParEach {
  ParJobFn job;
  void *ctx;
  size_t n;
  const Solver *clock_from;
  _Atomic size_t next;            /* the next job to take */
  _Atomic size_t cut;             /* jobs past this one are not needed */
  _Atomic bool stop;              /* the caller's poll said stop, or memory ran out */
  _Atomic bool failed;            /* a worker ran out of memory */
  _Atomic unsigned exited;
} ParEach;

struct ParJob {
  ParEach *each;
  bool alone;                     /* in the calling thread: its own poll */
};

static bool each_poll(void *ctx)
{
  const ParEach *e = ctx;
  return atomic_load_explicit(&e->stop, memory_order_relaxed);
}

void par_job_clock(const ParJob *j, Solver *s)
{
  if (!j->each->clock_from)
    return;
  solver_share_clock(s, j->each->clock_from);
  /* Read the clock at the job's first tick: each job starts from the same
     copy of the caller's countdown, so jobs shorter than it would never
     read the clock, and a hundred thousand of them would run on past the
     time limit. */
  if (s->limits.clock)
    s->clock.countdown = 1;
  if (!j->alone && s->limits.clock) {   /* the host's poll is for its own thread */
    s->limits.poll = each_poll;
    s->limits.poll_ctx = j->each;
  }
}

void par_job_cut(ParJob *j, size_t i)
{
  size_t cut = atomic_load(&j->each->cut);
  while (i < cut && !atomic_compare_exchange_weak(&j->each->cut, &cut, i))
    ;
}

bool par_job_stopped(const ParJob *j)
{
  return atomic_load_explicit(&j->each->stop, memory_order_relaxed);
}

static void *each_main(void *arg)
{
  ParEach *e = arg;
  ParJob j = {e, false};
  MemCatch mc;
  if (setjmp(mc.jump)) {
    atomic_store(&e->failed, true);
    atomic_store(&e->stop, true);
    atomic_fetch_add(&e->exited, 1);
    return NULL;
  }
  mem_catch(&mc, NULL);
  for (;;) {
    size_t i = atomic_fetch_add(&e->next, 1);
    if (i >= e->n || atomic_load(&e->stop))
      break;
    if (i > atomic_load(&e->cut))
      continue;
    e->job(e->ctx, i, &j);
  }
  mem_uncatch(&mc);
  atomic_fetch_add(&e->exited, 1);
  return NULL;
}

void par_each(unsigned workers, size_t n, ParJobFn job, void *ctx, const Solver *clock_from)
{
  ParEach e = {.job = job, .ctx = ctx, .n = n, .clock_from = clock_from};
  atomic_init(&e.next, 0);
  atomic_init(&e.cut, SIZE_MAX);
  atomic_init(&e.stop, false);
  atomic_init(&e.failed, false);
  atomic_init(&e.exited, 0);
  if (workers > n)
    workers = (unsigned)n;
  pthread_t *t = workers > 1 ? off_heap_realloc(NULL, workers * sizeof *t) : NULL;
  unsigned started = 0;
  for (unsigned i = 0; i < workers && workers > 1; i++) {
    if (pthread_create(&t[i], NULL, each_main, &e) != 0)
      break;
    started++;
  }
  if (started == 0) {                   /* one worker, or no thread: here, in order */
    ParJob j = {&e, true};
    for (size_t i = 0; i < n && i <= atomic_load(&e.cut); i++)
      job(ctx, i, &j);
    xfree(t);
    return;
  }
  bool (*poll)(void *) = clock_from ? clock_from->limits.poll : NULL;
  void *poll_ctx = clock_from ? clock_from->limits.poll_ctx : NULL;
  unsigned wait = 20;
  while (atomic_load(&e.exited) < started) {
    if (poll && poll(poll_ctx))
      atomic_store(&e.stop, true);
    nap(wait);
    wait = wait < 2000 ? 2 * wait : 2000;
  }
  for (unsigned i = 0; i < started; i++)
    pthread_join(t[i], NULL);
  xfree(t);
  if (atomic_load(&e.failed))
    mem_throw(MEM_OUT_OF_MEMORY);
}
