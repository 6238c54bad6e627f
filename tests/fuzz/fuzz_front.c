/*
** fuzz_front.c -- libFuzzer target: the front end (pz check) on any bytes.
**
** Lexer, parser, imports of the built-in stdlib, checker and the
** rendering of diagnostics.  Besides the sanitizers' findings, two
** promises are checked on every input:
**   - the rendered diagnostics are safe to print: no control byte but
**     the newline (a NUL or an escape sequence in a file must neither cut
**     the text short nor drive the terminal);
**   - pz_check fails exactly when there is an error to show.
** A time limit (FUZZ_SECONDS) stops a grounding that would take long
** (tests/regress/timeout_stops_grounding.pz, a seed, grounds for seconds
** and more under the sanitizers on a busy machine, past libFuzzer's
** 10 s); a stopped check may have missed an error, so only the first
** promise holds then.  Only the public header is used, as any host would.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pz.h"

#define FUZZ_SECONDS 2.0

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void check_diagnostics(const char *text, bool ok, bool stopped)
{
  for (const char *p = text; *p; p++)
    if ((unsigned char)*p < 0x20 && *p != '\n')
      abort();                          /* an unescaped control byte */
  if (stopped)
    return;
  bool has_error = strstr(text, ": error: ") != NULL || strstr(text, "pz: error") != NULL;
  if (ok == has_error)
    abort();                            /* the verdict and the messages disagree */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  PzOptions opt = {.clock = now_seconds};   /* no read_file: imports only from the stdlib */
  PzCtx *cx = pz_open(&opt);
  pz_set_limits(cx, FUZZ_SECONDS, 0);
  bool ok = pz_check(cx, "fuzz.pz", (const char *)data, size);
  check_diagnostics(pz_diagnostics(cx), ok, pz_check_stopped(cx));
  pz_close(cx);
  return 0;
}
