/*
** fuzz_pipeline.c -- libFuzzer target: the whole pipeline on any bytes.
**
** Load (parse, check, ground), then ask for up to three solutions and
** print each as text and as JSON, under tight limits (0.2 s and 2000
** nodes) so that one input costs at most about a second.  The limits are
** set before pz_load as well, since they apply to grounding too.  A
** solution that fails its check (PZ_INTERNAL: pz would have printed a
** wrong answer) is a crash here.  Only the public header is used.
*/
#include <stdint.h>
#include <stdlib.h>

#include "pz.h"

#define FUZZ_SECONDS 0.2
#define FUZZ_NODES 2000
#define FUZZ_SOLUTIONS 3

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  PzOptions opt = {.check_solutions = true};  /* no read_file: only the stdlib */
  PzCtx *cx = pz_open(&opt);
  pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
  if (pz_load(cx, "fuzz.pz", (const char *)data, size)) {
    pz_set_limits(cx, FUZZ_SECONDS, FUZZ_NODES);
    Buf out = {0};
    for (int i = 0; i < FUZZ_SOLUTIONS; i++) {
      PzResult r = pz_next(cx);
      if (r == PZ_INTERNAL)
        abort();                        /* a wrong answer caught by the check */
      if (r != PZ_SOLUTION)
        break;
      pz_solution_text(cx, &out);
      pz_solution_json(cx, &out);
      buf_clear(&out);
    }
    buf_free(&out);
  }
  pz_diagnostics(cx);
  pz_close(cx);
  return 0;
}
