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
** Only the public header is used, as any host would.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_diagnostics(const char *text, bool ok)
{
  for (const char *p = text; *p; p++)
    if ((unsigned char)*p < 0x20 && *p != '\n')
      abort();                          /* an unescaped control byte */
  bool has_error = strstr(text, ": error: ") != NULL || strstr(text, "pz: error") != NULL;
  if (ok == has_error)
    abort();                            /* the verdict and the messages disagree */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  PzOptions opt = {0};                  /* no read_file: imports only from the stdlib */
  PzCtx *cx = pz_open(&opt);
  bool ok = pz_check(cx, "fuzz.pz", (const char *)data, size);
  check_diagnostics(pz_diagnostics(cx), ok);
  pz_close(cx);
  return 0;
}
