/*
** fuzz_pipeline.c -- libFuzzer target: the whole pipeline on any bytes.
**
** Load (parse, check, ground), then ask for up to three solutions and
** print each as text, as JSON and as a picture (SVG), under tight limits (0.2 s and 2000
** nodes) so that one input costs at most about a second.  The limits are
** set before pz_load as well, since they apply to grounding too.  A
** solution that fails its check (PZ_INTERNAL: pz would have printed a
** wrong answer) is a crash here.  The solution is also read as data
** (pz_solution_item), every value of it.  One input in four runs with
** the reason log on (pz_set_trace: every event put into words), one in
** three also writes its Model in FlatZinc (pz_model_flatzinc), one in
** five is explained (pz_explain: steps, verdict or JSON, every step
** re-checked by a separate solve: a step that does not follow is a
** crash), one in eleven generates a puzzle; chosen by the input's
** length, so that a replay takes the same paths.  Only the public
** header is used.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pz.h"

#define FUZZ_SECONDS 0.2
#define FUZZ_NODES 2000
#define FUZZ_SOLUTIONS 3

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The rendered text is only counted: every byte of it is touched. */
static void count_bytes(void *to, const char *text, size_t len)
{
  for (size_t i = 0; i < len; i++)
    *(size_t *)to += text[i] != 0;
}

/* Walk a value as a host would, down to every string. */
static size_t walk(const PzValue *v)
{
  size_t n = v->text ? strlen(v->text) : 0;
  if (v->kind == PZ_LIST)
    for (size_t i = 0; i < v->count; i++)
      n += walk(&v->items[i]);
  return n;
}

/* --trace's reader: every line is touched. */
static void trace_sink(void *ctx, const char *line)
{
  *(size_t *)ctx += strlen(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  PzOptions opt = {.check_solutions = true, .clock = now_seconds};  /* no read_file: only the stdlib */
  PzCtx *cx = pz_open(&opt);
  pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
  size_t bytes = 0;
  if (size % 4 == 0)
    pz_set_trace(cx, trace_sink, &bytes);
  if (pz_load(cx, "fuzz.pz", (const char *)data, size)) {
    pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
    if (size % 3 == 0)
      bytes += strlen(pz_model_flatzinc(cx));
    for (int i = 0; i < FUZZ_SOLUTIONS; i++) {
      PzResult r = pz_next(cx);
      if (r == PZ_INTERNAL)
        abort();                        /* a wrong answer caught by the check */
      if (r != PZ_SOLUTION)
        break;
      pz_solution_text(cx, count_bytes, &bytes);
      pz_solution_json(cx, count_bytes, &bytes);
      char svg[256];                    /* the picture, cut to its start (its length counted) */
      bytes += pz_solution_svg(cx, "fuzz", svg, sizeof svg);
      PzItem it;
      for (size_t k = 0; pz_solution_item(cx, k, &it); k++)
        bytes += walk(&it.value);
    }
    if (size % 5 == 0) {
      pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
      PzExplainOptions eo = { .what = (PzExplainWhat)(size / 5 % 4), .json = size % 2 == 0,
                              .show_every = (unsigned)(size % 3) };
      if (pz_explain(cx, &eo, count_bytes, &bytes) == PZ_INTERNAL)
        abort();                        /* a step that does not follow from what it names */
    }
    if (size % 11 == 0) {
      pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
      PzGenerateOptions go = { .seed = size, .no_guess = size % 2 == 0 };
      pz_generate(cx, &go, count_bytes, &bytes);
    }
  }
  pz_diagnostics(cx);
  pz_close(cx);
  return 0;
}
