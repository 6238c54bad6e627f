# tests/fuzz/fuzz.mk -- coverage-guided fuzzing with libFuzzer (included by the Makefile).
#
#   make fuzz          each target for FUZZ_SECONDS (3600) seconds
#   make fuzz-short    each target for FUZZ_SHORT_RUNS inputs from a fixed seed
#                      (about a minute; at most FUZZ_SHORT_SECONDS), for CI:
#                      the same inputs on the same code, so CI does not turn
#                      red by luck; fails on any crash, leak, sanitizer
#                      report or slow input (10 s)
#   make fuzz-merge    fold what the runs found into the small corpus kept in
#                      tests/fuzz/corpus/TARGET (then review its size and commit)
#
# The targets are tests/fuzz/fuzz_TARGET.c: front (pz check on any bytes) and
# pipeline (load, then up to three solutions under tight limits).  They are
# built with clang, libFuzzer, ASan and UBSan against the library compiled the
# same way (plus coverage) in FUZZ_BUILD.  A run starts from the kept corpus
# and the seeds (every .pz of examples/, stdlib/ and tests/), with the
# language's tokens as a dictionary (tests/fuzz/pz.dict); the inputs it finds
# go to FUZZ_BUILD/fuzz/corpus/TARGET, a crash to FUZZ_BUILD/fuzz/crashes/TARGET.
# One process, so one core.  Replay a crash: FUZZ_BUILD/fuzz/fuzz_TARGET FILE.
FUZZ_BUILD         ?= build-fuzz
FUZZ_SECONDS       ?= 3600
FUZZ_SHORT_SECONDS ?= 300
FUZZ_SHORT_RUNS    ?= 30000
FUZZ_TARGETS        = front pipeline
FUZZ_FLAGS = CC=clang BUILD=$(FUZZ_BUILD) OPT='-O1 -g -fno-omit-frame-pointer' \
             SAN='-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all'
FUZZ_SEEDS = $(sort $(wildcard examples/*.pz stdlib/*.pz tests/*/*.pz tests/*/*/*.pz))

fuzz: fuzz-build          ## every fuzz target for FUZZ_SECONDS (3600) seconds each
	@for t in $(FUZZ_TARGETS); do \
	  sh tests/fuzz/run.sh $(FUZZ_BUILD) $$t $(FUZZ_SECONDS) || exit 1; done

fuzz-short: fuzz-build    ## every fuzz target for about a minute; fails on any finding
	@for t in $(FUZZ_TARGETS); do \
	  FUZZ_RUNS=$(FUZZ_SHORT_RUNS) FUZZ_SEED=1 \
	  sh tests/fuzz/run.sh $(FUZZ_BUILD) $$t $(FUZZ_SHORT_SECONDS) || exit 1; done

fuzz-merge: fuzz-build    ## minimize the kept corpus with what the runs found
	@for t in $(FUZZ_TARGETS); do \
	  sh tests/fuzz/run.sh --merge $(FUZZ_BUILD) $$t || exit 1; done

fuzz-build:
	@sh tests/deps.sh clang
	$(MAKE) $(FUZZ_FLAGS) fuzz-binaries

# In the sub-make, BUILD is FUZZ_BUILD and CC is clang.
fuzz-binaries: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%) $(BUILD)/fuzz/seed.stamp

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(BUILD)/libpz.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(BUILD)/libpz.a -lm

# The seeds, one flat folder (examples_zebra.pz, tests_golden_lang_lists.pz, ...).
$(BUILD)/fuzz/seed.stamp: $(FUZZ_SEEDS)
	rm -rf $(BUILD)/fuzz/seed
	mkdir -p $(BUILD)/fuzz/seed
	@for f in $(FUZZ_SEEDS); do cp "$$f" "$(BUILD)/fuzz/seed/$$(echo "$$f" | tr / _)"; done
	touch $@

.PHONY: fuzz fuzz-short fuzz-merge fuzz-build fuzz-binaries
