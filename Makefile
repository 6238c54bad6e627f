# Makefile -- build pz, test it, measure it.  Outputs go to $(BUILD)/.
CC      ?= cc
BUILD   ?= build
PREFIX  ?= /usr/local
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wold-style-definition -Wwrite-strings \
           -Wundef -Wformat=2 -Wimplicit-fallthrough -Wvla
WERROR  ?= -Werror
OPT     ?= -O2 -g
SAN     ?=
ALL_CFLAGS = $(CSTD) $(WARN) $(WERROR) $(OPT) $(SAN) $(CFLAGS) -Iinterp -I$(BUILD)

GEN    = $(BUILD)/parser.c $(BUILD)/lexer.c
# The library: every stage folder of interp/ but the command line (cli/).
LIBSRC = $(sort $(wildcard interp/*.c interp/*/*.c interp/engine/props/*.c))
LIBSRC := $(filter-out interp/cli/%,$(LIBSRC))
LIBOBJ = $(LIBSRC:%.c=$(BUILD)/%.o) $(GEN:.c=.o)
CLIOBJ = $(patsubst %.c,$(BUILD)/%.o,$(sort $(wildcard interp/cli/*.c)))

all: $(BUILD)/pz

$(BUILD)/pz: $(CLIOBJ) $(BUILD)/libpz.a
	$(CC) $(SAN) $(LDFLAGS) -o $@ $^ -lm

$(BUILD)/libpz.a: $(LIBOBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: %.c | $(BUILD)/parser.h $(BUILD)/lexer.h $(BUILD)/stdlib.inc
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The generated parser and lexer: flex's output trips a few of our
# warnings (unused functions, sign comparisons) that are not ours to fix.
# Each includes the other's header, so under make -j both headers must
# exist before either is compiled (the .d files know it only afterwards).
$(BUILD)/%.o: $(BUILD)/%.c | $(BUILD)/parser.h $(BUILD)/lexer.h
	$(CC) $(ALL_CFLAGS) -Wno-unused-function -Wno-sign-compare -MMD -MP -c -o $@ $<

$(BUILD)/parser.c $(BUILD)/parser.h &: grammar/parser.y
	@mkdir -p $(BUILD)
	bison -Wall -Werror --header=$(BUILD)/parser.h -o $(BUILD)/parser.c $<

$(BUILD)/lexer.c $(BUILD)/lexer.h &: grammar/lexer.l
	@mkdir -p $(BUILD)
	flex --header-file=$(BUILD)/lexer.h -o $(BUILD)/lexer.c $<

# The stdlib is compiled into the binary so pz runs straight from the tree.
$(BUILD)/stdlib.inc: $(sort $(wildcard stdlib/*.pz)) tests/embed.sh
	@mkdir -p $(BUILD)
	sh tests/embed.sh $(sort $(wildcard stdlib/*.pz)) > $@

UNIT = $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(sort $(wildcard tests/unit/test_*.c)))

$(BUILD)/tests/unit/%: tests/unit/%.c tests/unit/testutil.h tests/unit/pzrun.h tests/unit/frontend.h $(BUILD)/libpz.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(filter %.o,$^) $(BUILD)/libpz.a $(SAN) -lcmocka -lm -lpthread

# The command line's own modules are not in the library: their tests link them.
$(BUILD)/tests/unit/test_opts: $(BUILD)/interp/cli/opts.o

# Test tools with targets of their own (fuzzing, differential testing,
# allocation failures) keep their rules beside their sources.
include $(sort $(wildcard tests/*/*.mk))
include web/web.mk

deps:                     ## install flex, bison and cmocka when missing (as root)
	@sh tests/deps.sh

unit: $(UNIT)             ## every cmocka binary; stop at the first failure
	@for t in $(UNIT); do $$t || exit 1; done

check: all unit difftest-short  ## unit tests, differential tests, examples, errors, golden, regressions, JSON
	sh tests/library_rules.sh
	python3 tests/editors.py
	sh tests/run.sh $(BUILD)/pz
	sh tests/json/run.sh $(BUILD)/pz
	sh tests/parallel/run.sh $(BUILD)/pz $(BUILD)/difftest

# What CI runs.  Each stage hunts for a different kind of bug: gcc and
# clang warnings, ASan + UBSan (leaks included), allocation failures,
# and a minute of coverage-guided fuzzing per target.
# Each stage builds with two jobs (CI machines have two cores); the
# stages themselves run one after the other.
test: deps                ## install deps, build, test; again under sanitizers, with clang, OOM, fuzzing
	$(MAKE) -j2 check
	$(MAKE) -j2 asan
	$(MAKE) -j2 tsan
	$(MAKE) fzntest
	$(MAKE) -j2 clang
	$(MAKE) -j2 oomtest-short
	$(MAKE) fuzz-short
	$(MAKE) -j2 test-web

clang:                    ## the whole suite built with clang (installs clang when missing)
	@sh tests/deps.sh clang
	$(MAKE) CC=clang BUILD=build-clang check

asan:                     ## the whole suite under ASan + UBSan, in its own build dir
	$(MAKE) BUILD=build-asan OPT='-O1 -g -fno-omit-frame-pointer' \
	  SAN='-fsanitize=address,undefined -fno-sanitize-recover=all' check

# Several threads searching spaces built from one Model: ThreadSanitizer
# reports any state they share by mistake.
tsan:                     ## the thread tests under ThreadSanitizer: four spaces from one Model; pz -p N
	$(MAKE) BUILD=build-tsan OPT='-O1 -g' SAN='-fsanitize=thread' build-tsan/tests/unit/test_model \
	  build-tsan/pz build-tsan/difftest
	TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/unit/test_model
	TSAN_OPTIONS=halt_on_error=1 sh tests/parallel/run.sh --quick build-tsan/pz build-tsan/difftest

# pz-mpi (interp/cli/mpi/pz_mpi.c): counting across machines, rank 0
# handing out the cubes of pz_split to the other ranks (doc/pz.1, pz -p).
mpi: all                  ## pz-mpi, counting over MPI ranks (installs OpenMPI when missing, as root)
	@sh tests/deps.sh mpi
	mpicc $(CSTD) $(WARN) $(WERROR) $(OPT) $(SAN) -Iinterp -o $(BUILD)/pz-mpi \
	  interp/cli/mpi/pz_mpi.c $(BUILD)/libpz.a -lm
	sh tests/parallel/mpi.sh $(BUILD)/pz $(BUILD)/pz-mpi

run: deps all             ## the README's first command: solve an example
	$(BUILD)/pz examples/zebra.pz

accept: all               ## rewrite expected outputs from the current binary (review the diff!)
	sh tests/run.sh --accept $(BUILD)/pz

# Where a user without root installs: make install PREFIX=$HOME/.local
# (build/pz also runs from the tree as it is: the stdlib is built in).
install: all              ## the binary, the stdlib, the man page and doc/*.md under PREFIX
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/pz/stdlib \
	           $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/doc/pz
	install -m 755 $(BUILD)/pz $(DESTDIR)$(PREFIX)/bin/pz
	install -m 644 stdlib/*.pz $(DESTDIR)$(PREFIX)/share/pz/stdlib/
	install -m 644 doc/pz.1 $(DESTDIR)$(PREFIX)/share/man/man1/pz.1
	install -m 644 doc/*.md README.md LICENSE $(DESTDIR)$(PREFIX)/share/doc/pz/

uninstall:                ## remove what make install put under PREFIX (the same PREFIX)
	rm -f $(DESTDIR)$(PREFIX)/bin/pz $(DESTDIR)$(PREFIX)/share/man/man1/pz.1
	rm -rf $(DESTDIR)$(PREFIX)/share/pz $(DESTDIR)$(PREFIX)/share/doc/pz

clean:
	rm -rf build build-asan build-bench build-clang build-fuzz build-tsan

.PHONY: all deps unit check test asan clang run accept install uninstall clean
-include $(LIBOBJ:.o=.d) $(CLIOBJ:.o=.d)

# The benchmark: pz against MiniZinc+Gecode, SWI-Prolog clpfd and clingo on
# every puzzle of bench/puzzles.txt (see doc/performance.md).  pz is built
# in release mode in its own dir; the table goes to build/bench.md.
bench-deps:               ## install the peers (as root): minizinc, flatzinc, swi-prolog-nox, gringo
	@sh bench/deps.sh

# The release build links statically: pz needs only libc and libm, and
# skipping the dynamic loader saves about 0.2 ms per run (a fifth of a
# small puzzle's whole time) and half the peak memory.  Where no static
# libc is installed, the bench falls back to a dynamic build.
bench:                    ## release build, then time every example against the peers
	rm -f build-bench/pz
	$(MAKE) BUILD=build-bench OPT='-O2 -DNDEBUG' LDFLAGS=-static all || \
	  $(MAKE) BUILD=build-bench OPT='-O2 -DNDEBUG' all
	sh bench/run.sh build-bench/pz build/bench.md

bench-scaling:            ## release build, then pz -p 1, 2, 4, 8 on the counting puzzles (idle machine)
	$(MAKE) BUILD=build-bench OPT='-O2 -DNDEBUG' all
	sh bench/workers.sh build-bench/pz build/workers.md

.PHONY: bench bench-deps bench-scaling mpi
