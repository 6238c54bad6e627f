# tests/model/model.mk -- the Model against another solver (included by the Makefile).
#
#   make fzntest    every example's Model (pz --dump-model) counted by
#                   fzn-gecode, against pz's count (installs flatzinc)

fzntest: all              ## every example's FlatZinc model counted by fzn-gecode, as pz counts
	@sh tests/deps.sh flatzinc
	sh tests/model/flatzinc.sh $(BUILD)/pz

.PHONY: fzntest
