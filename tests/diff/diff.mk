# tests/diff/diff.mk -- the differential tester (issue 10), included by the Makefile.
#
# Random small puzzles counted by pz (through interp/pz.h) and by a
# brute-force evaluator of the tester's own; see tests/diff/difftest.c.
#
#   make difftest [N=10000] [SEED=1]    N cases; exit 1 on any mismatch
#   make difftest SEED=s CASE=k         case k alone, printed
#   make difftest ... FORK=1            pz in a child per case: a crash is
#                                       a mismatch like any other, shrunk
#   make difftest ... STEP=k            pz searches k nodes at a time and
#                                       resumes after each node limit
#   make difftest ... CONSTRUCT=F       puzzles of one family of constructs.c
#                                       (lines, pairs, regions, regular, grid,
#                                       tiling, board, hex, sums, picks, goals:
#                                       a board with minimize or maximize,
#                                       sizes; all: each in turn)
#   make difftest ... FAULT=max         the brute force reads max(L) as
#                                       min(L): mismatches, shrunk (the
#                                       shrinker's own test); FAULT=regular:
#                                       the automaton stops before the last
#                                       item; FAULT=next_to: a logic grid's
#                                       next_to read as left_of
#   make difftest-short                 5000 fixed cases, 1600 of the
#                                       constructs, and the shrinker's tests
#                                       (tests/diff/fault_*.out), for make check

DIFF_SRC = $(sort $(wildcard tests/diff/*.c))
DIFF_OBJ = $(DIFF_SRC:%.c=$(BUILD)/%.o)
N    ?= 10000
SEED ?= 1

$(BUILD)/difftest: $(DIFF_OBJ) $(BUILD)/libpz.a
	$(CC) $(SAN) $(LDFLAGS) -o $@ $^ -lm

difftest: $(BUILD)/difftest   ## N random puzzles counted by pz and by brute force
	$(BUILD)/difftest --seed $(SEED) $(if $(CASE),--case $(CASE),--cases $(N)) $(if $(FORK),--fork) $(if $(STEP),--step $(STEP)) $(if $(CONSTRUCT),--construct $(CONSTRUCT)) $(if $(FAULT),--fault $(FAULT))

difftest-short: $(BUILD)/difftest   ## a few thousand fixed cases (make check)
	$(BUILD)/difftest --seed 1 --cases 5000 --quiet
	$(BUILD)/difftest --seed 1 --cases 1600 --quiet --construct all
	@# the shrinker's own test: a wrong brute force for max(L), its mismatches shrunk
	$(BUILD)/difftest --seed 1 --cases 32 --construct lines --fault max > $(BUILD)/fault_max.out; \
	  test $$? = 1 && diff -u tests/diff/fault_max.out $(BUILD)/fault_max.out
	@# ... for regular (the automaton stops before the line's last item) and logic grids (next_to read as left_of)
	$(BUILD)/difftest --seed 1 --cases 12 --construct regular --fault regular > $(BUILD)/fault_regular.out; \
	  test $$? = 1 && diff -u tests/diff/fault_regular.out $(BUILD)/fault_regular.out
	$(BUILD)/difftest --seed 1 --cases 64 --construct grid --fault next_to > $(BUILD)/fault_next_to.out; \
	  test $$? = 1 && diff -u tests/diff/fault_next_to.out $(BUILD)/fault_next_to.out

.PHONY: difftest difftest-short
-include $(DIFF_OBJ:.o=.d)
