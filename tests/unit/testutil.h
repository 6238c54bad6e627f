/*
** testutil.h -- what every cmocka unit test includes first.
**
** cmocka.h needs these standard headers before it; keeping them in one
** place means a test file starts with a single include.
*/
#ifndef PZ_TESTUTIL_H
#define PZ_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#endif
