#!/bin/sh
# deps.sh -- install what building and testing pz needs, when it is missing.
# Runs apt-get only as root on a Debian-like machine; otherwise says what to do.
#
#   tests/deps.sh          what building and `make check` need
#   tests/deps.sh clang    clang and its sanitizer and libFuzzer runtimes too
#                          (make clang, make fuzz)
#   tests/deps.sh flatzinc Gecode's FlatZinc solver, fzn-gecode (make fzntest:
#                          pz's models solved by another solver)
#   tests/deps.sh svg      rsvg-convert (librsvg2-bin), to render pz --svg's pictures
#                          to PNG and compare them with tests/svg/*.png
#   tests/deps.sh wasm     emcc (emscripten), for make wasm
#   tests/deps.sh web      Chromium and ChromeDriver, for make test-web
#   tests/deps.sh mpi      Debian's OpenMPI, mpicc and mpirun (make mpi: pz-mpi)
missing=""
if [ "$1" = clang ]; then
  command -v clang >/dev/null 2>&1 || missing="$missing clang"
  ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
    missing="$missing libclang-rt-dev"
fi
if [ "$1" = flatzinc ]; then
  command -v fzn-gecode >/dev/null 2>&1 || missing="$missing flatzinc"
fi
if [ "$1" = svg ]; then
  command -v rsvg-convert >/dev/null 2>&1 || missing="$missing librsvg2-bin"
fi
if [ "$1" = wasm ]; then
  command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
  [ -d /usr/share/nodejs/acorn ] || missing="$missing node-acorn"   # emcc's JS optimizer
fi
if [ "$1" = web ]; then
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
  command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"
  command -v npm >/dev/null 2>&1 || missing="$missing npm"
fi
if [ "$1" = mpi ]; then
  command -v mpicc >/dev/null 2>&1 || missing="$missing libopenmpi-dev"
  command -v mpirun >/dev/null 2>&1 || missing="$missing openmpi-bin"
fi
command -v flex >/dev/null 2>&1 || missing="$missing flex"
command -v bison >/dev/null 2>&1 || missing="$missing bison"
[ -f /usr/include/cmocka.h ] || missing="$missing libcmocka-dev"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"   # tests/json: the JSON parsed
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $missing >/dev/null || exit 1
else
  echo "pz needs:$missing (install them, e.g. sudo apt-get install$missing)" >&2
  exit 1
fi
