# tests/oom/oom.mk -- allocation-failure injection (included by the Makefile).
#
#   make oomtest          every example, every allocation made to fail in turn
#   make oomtest-short    a deterministic sample of the same, for CI
#
# Both build pz with ASan + UBSan (LeakSanitizer included) in OOM_BUILD,
# the same flags as `make asan`, so the two share one build.
OOM_BUILD ?= build-asan
OOM_FLAGS  = BUILD=$(OOM_BUILD) OPT='-O1 -g -fno-omit-frame-pointer' \
             SAN='-fsanitize=address,undefined -fno-sanitize-recover=all'

oomtest:                  ## every example with its Nth allocation failing, for every N
	$(MAKE) $(OOM_FLAGS) all
	sh tests/oom/oom.sh $(OOM_BUILD)/pz

oomtest-short:            ## the same for a sample of N (about a minute and a half)
	$(MAKE) $(OOM_FLAGS) all
	sh tests/oom/oom.sh --short $(OOM_BUILD)/pz

.PHONY: oomtest oomtest-short
