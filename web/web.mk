# web/web.mk -- the playground (included by the Makefile; doc/classroom.md).
#
#   make wasm        the library built with emscripten into $(BUILD)/playground/:
#                    pz.wasm and its loader pz.js (the stdlib inside), the
#                    page (web/*.html, *.css, *.js) and every example
#   make serve       serve $(BUILD)/playground on http://localhost:8000/ (PORT=...)
#   make test-web    the page in headless Chromium (tests/web/)
#   make test-web-slow  every example's explanation and puzzle alone, in wasm
#                    under node against the native pz, each timed (explain
#                    queens, the longest: about 20 s in wasm)
#   make wasm-bench  the wasm build against the native one (counting rows)
#
# emcc comes from Debian's emscripten package, installed when missing (as
# root).  Debian's emcc runs its JavaScript tools with node, which finds
# Debian's acorn only under /usr/share/nodejs.
EMCC     ?= emcc
WEB       = $(BUILD)/playground
WASMOBJ   = $(patsubst %.c,$(BUILD)/wasm/%.o,$(LIBSRC) web/pzweb.c) \
            $(BUILD)/wasm/parser.o $(BUILD)/wasm/lexer.o
WASM_OPT ?= -O2 -DNDEBUG
WASM_CFLAGS = $(CSTD) $(WARN) $(WERROR) $(WASM_OPT) -Iinterp -I$(BUILD)
WASM_LINK = -sMODULARIZE=1 -sEXPORT_NAME=createPz -sALLOW_MEMORY_GROWTH=1 \
            -sFILESYSTEM=0 -sENVIRONMENT=web,worker,node \
            -sEXPORTED_FUNCTIONS=_pzw_run,_pzw_free,_malloc,_free \
            -sEXPORTED_RUNTIME_METHODS=cwrap,UTF8ToString
WEBFILES  = $(wildcard web/*.html web/*.css web/*.js)
PZ_GRAMMAR = editors/vscode/syntaxes/pz.tmLanguage.json
EMENV     = NODE_PATH=/usr/share/nodejs:$$NODE_PATH

wasm: $(WEB)/pz.js $(WEBFILES:web/%=$(WEB)/%) $(WEB)/bundle.js  ## the playground in build/playground (emscripten)

$(BUILD)/wasm/.emcc:
	@sh tests/deps.sh wasm
	@mkdir -p $(@D) && touch $@

$(BUILD)/wasm/%.o: %.c | $(BUILD)/wasm/.emcc $(BUILD)/parser.h $(BUILD)/lexer.h $(BUILD)/stdlib.inc
	@mkdir -p $(@D)
	$(EMENV) $(EMCC) $(WASM_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/wasm/%.o: $(BUILD)/%.c | $(BUILD)/wasm/.emcc $(BUILD)/parser.h $(BUILD)/lexer.h
	@mkdir -p $(@D)
	$(EMENV) $(EMCC) $(WASM_CFLAGS) -Wno-unused-function -Wno-sign-compare -MMD -MP -c -o $@ $<

$(WEB)/pz.js: $(WASMOBJ) web/web.mk
	@mkdir -p $(@D)
	$(EMENV) $(EMCC) $(WASM_OPT) $(WASM_LINK) -o $@ $(WASMOBJ)

$(WEB)/%: web/%
	@mkdir -p $(@D)
	cp $< $@

$(WEB)/bundle.js: $(sort $(wildcard examples/*.pz)) web/bundle.py $(PZ_GRAMMAR)
	@mkdir -p $(@D)
	python3 web/bundle.py $(PZ_GRAMMAR) $(sort $(wildcard examples/*.pz)) > $@

# The bridge's unit test links it built natively (under make asan too).
$(BUILD)/tests/unit/test_pzweb: $(BUILD)/web/pzweb.o
$(BUILD)/tests/unit/test_pzweb: ALL_CFLAGS += -Iweb

PORT ?= 8000
serve: wasm               ## serve the playground on http://localhost:8000/
	@echo "the playground: http://localhost:$(PORT)/ (Ctrl-C stops the server)"
	cd $(WEB) && python3 -m http.server $(PORT) --bind 127.0.0.1

# Part of make test: where emscripten or Chromium cannot be installed (no
# root, no Debian), it says so and is skipped, not failed.
test-web: all             ## the playground in headless Chromium; screenshots in build/web-test/
	@if sh tests/deps.sh wasm && sh tests/deps.sh web; then \
	  $(MAKE) wasm && sh tests/web/run.sh $(WEB) $(BUILD)/web-test $(BUILD)/pz; \
	else \
	  echo "test-web: skipped: emscripten or Chromium cannot be installed here"; \
	fi

# The explanations and generated puzzles again, each timed: test-web
# compares them too; this watches what each costs in wasm.
test-web-slow: all        ## every example's explain and generate in wasm, timed, compared with pz
	@sh tests/deps.sh wasm || { echo "test-web-slow: skipped: emscripten cannot be installed here"; exit 0; }; \
	$(MAKE) wasm && node tests/web/examples.js $(WEB) $(BUILD)/pz slow

# The release build of the bench (make bench builds it the same way).
wasm-bench: wasm          ## the wasm build against the native one on the counting rows
	$(MAKE) BUILD=build-bench OPT='-O2 -DNDEBUG' all
	node tests/web/bench.js $(WEB) build-bench/pz

.PHONY: wasm serve test-web test-web-slow wasm-bench
-include $(WASMOBJ:.o=.d) $(BUILD)/web/pzweb.d
