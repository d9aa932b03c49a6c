# bench/cute-includes.sh: sourced by the C++ oracle scripts (bench/atoms/check.sh,
# bench/tma/check.sh); sets INCLUDES to the -I flags of the CuTe headers of PyPI's
# nvidia-cutlass, and defines expect_unchanged. Needs ROOT and die() from the caller.
# Headers: CUTE_VENV (a venv with nvidia-cutlass==4.2.0.0 nvidia-cuda-cccl-cu12
# nvidia-cuda-runtime-cu12 nvidia-cuda-nvcc-cu12), default /work/cutlass-venv, else the
# bench/compare cache target/bench/venv (run bench/compare once to create it).
VENV="${CUTE_VENV:-/work/cutlass-venv}"
[ -d "$VENV" ] || VENV="${CARGO_TARGET_DIR:-$ROOT/target}/bench/venv"
PY="$VENV/bin/python"
[ -x "$PY" ] || die "no venv with nvidia-cutlass at $VENV (set CUTE_VENV or run bench/compare once)"
SITE="$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
INCLUDES=()
for d in cutlass_library/source/include nvidia/cuda_cccl/include nvidia/cuda_runtime/include nvidia/cuda_nvcc/include; do
  [ -d "$SITE/$d" ] || die "missing $SITE/$d"
  INCLUDES+=("-I$SITE/$d")
done

# expect_unchanged FILE [--update]: C++'s output $WORK/FILE against the recorded $HERE/FILE:
# with --update it replaces the record; otherwise any difference fails the check (die).
expect_unchanged() {
  if [ "${2:-}" = "--update" ]; then
    cp "$WORK/$1" "$HERE/$1"
    echo "check.sh: wrote $HERE/$1" >&2
  elif diff -u "$HERE/$1" "$WORK/$1" >"$WORK/$1.diff"; then
    echo "check.sh: C++ output unchanged from $HERE/$1" >&2
  else
    die "C++ output differs from $HERE/$1 (see $WORK/$1.diff; --update to accept)"
  fi
}
