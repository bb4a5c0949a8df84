# Sourced by ./run-tests and ./lwcbench: install what the project needs on a
# Debian machine, idempotently (nothing is installed twice; nothing runs when
# everything is already there).
#   lwc_setup core         compilers, Python test tools, the host's benchmark tools
#   lwc_setup FAMILY       a target family's compilers and simulators
#                          (harness/platforms/FAMILY/setup.sh: qemu, ibex, avr, msp430,
#                          cortexm)
#   lwc_setup fuzz         clang with its libFuzzer runtime (./lwcbench fuzz)
#   lwc_setup cluster      Dask's client and worker (./lwcbench run --cluster, worker)
#   lwc_setup report       a headless browser (Debian's chromium) for the tests
#                          that open the results page (index.html)
#   lwc_setup arduino      Debian's arduino-builder and Arduino AVR core
#   lwc_setup python       building the Python package (pip, setuptools, wheel,
#                          CMake, venv) and what its tests set beside it
#                          (pyascon, cryptography)
#   lwc_setup qemu_xtensa_hw  qemu-xtensa with the core of xtensa-esp32-hw-qemu
#                          (a QEMU build: harness/platforms/qemu/setup.sh)
#   lwc_setup all          core, fuzz, cluster, report, CMake and pkg-config,
#                          arduino, python, every family and qemu_xtensa_hw

lwc_log() { printf 'setup: %s\n' "$*" >&2; }

# The folder where a tool built once is kept for every clone of lwc (the
# Ibex model: a minute to build, the same bytes each time), outside the
# checkout: $LWC_TOOLS_CACHE, else ~/.cache/lwc/tools; prints nothing when
# LWC_TOOLS_CACHE=off.
lwc_tools_cache() {
  [ "${LWC_TOOLS_CACHE:-}" = off ] && return 0
  printf '%s\n' "${LWC_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lwc/tools}"
}

lwc_apt_install() {
  # $@: Debian package names
  [ $# -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      lwc_log "missing packages: $* (run as root or install them)"; return 1; fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    lwc_log "missing packages: $* (no apt-get on this machine: install them by hand)"
    return 1
  fi
  lwc_log "installing Debian packages: $*"
  # another apt (a second lwcbench or ./run-tests setting up at the same
  # time, the machine's own updates) holds dpkg's lock: wait for it
  local lock=(-o DPkg::Lock::Timeout=900)
  if [ -z "${LWC_APT_UPDATED:-}" ]; then
    $sudo apt-get "${lock[@]}" update -qq >&2 || return 1
    export LWC_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get "${lock[@]}" install -y -qq \
    --no-install-recommends "$@" >&2
}

lwc_need_cmds() {
  # pairs "command:package"; installs the packages whose command is missing
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  lwc_apt_install "${missing[@]}"
}

# The Python the project supports: CPython 3.11 or newer (Debian 12's
# python3 is 3.11), with each library at least at Debian 12's version (the
# floors below).  Both ends are tested: the fresh-root check
# (./run-tests --fresh-root) runs Debian's python3 with Debian's packages,
# CI's machine a newer Python with the newest from PyPI.
LWC_PYTHON_MIN=3.11

lwc_python_ok() {
  python3 -c "import sys; sys.exit(sys.version_info < tuple(map(int, '$LWC_PYTHON_MIN'.split('.'))))" \
    2>/dev/null
}

lwc_python_module_ok() {
  # $1 module, $2 distribution, $3 lowest supported version: importable and new enough
  python3 - "$1" "$2" "$3" 2>/dev/null <<'EOF_PY'
import importlib, importlib.metadata, re, sys
mod, dist, floor = sys.argv[1:]
importlib.import_module(mod)
def key(v):
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3])
sys.exit(key(importlib.metadata.version(dist)) < key(floor))
EOF_PY
}

lwc_need_python_module() {
  # $1 module, $2 PyPI name, $3 Debian package, $4 the lowest supported version
  local floor=${4:-0}
  lwc_python_module_ok "$1" "$2" "$floor" && return 0
  lwc_log "installing Python module $2 (>= $floor)"
  # a virtualenv / pyenv interpreter takes pip; Debian's own python3 takes apt
  if python3 -c 'import sys; sys.exit(sys.prefix == sys.base_prefix and sys.prefix.startswith("/usr"))' 2>/dev/null; then
    python3 -m pip install -q "$2>=$floor" >&2 && lwc_python_module_ok "$1" "$2" "$floor" && return 0
  fi
  # $3 "-": not packaged by Debian (PyPI only)
  if [ "$3" != - ]; then
    lwc_apt_install "$3" && lwc_python_module_ok "$1" "$2" "$floor" && return 0
  fi
  python3 -m pip install -q --break-system-packages "$2>=$floor" >&2 &&
    lwc_python_module_ok "$1" "$2" "$floor" && return 0
  lwc_log "Python module $2 >= $floor could not be installed for $(command -v python3)"
  return 1
}

lwc_clang_links() {
  # can clang link this one-line C program ($1) with these flags ($2...)?
  # (clang's runtimes -- sanitizers, libFuzzer, profiles -- are packages
  # of their own)
  local src=$1 out r
  shift
  out=$(mktemp) || return 1
  printf '%s\n' "$src" | clang "$@" -x c - -o "$out" >/dev/null 2>&1
  r=$?
  rm -f "$out"
  return $r
}

lwc_clang_links_fuzzer() {
  lwc_clang_links 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
    -fsanitize=fuzzer,address,undefined
}

lwc_clang_rt_install() {
  # clang's runtime libraries (sanitizers, libFuzzer, the profile runtime):
  # Debian ships them in libclang-rt-N-dev since clang 14 (bookworm; only
  # recommended by clang-N, so absent after --no-install-recommends), in
  # libclang-common-N-dev before
  local major pkg
  major=$(clang -dumpversion | cut -d. -f1)
  pkg="libclang-rt-$major-dev"
  if command -v apt-cache >/dev/null 2>&1 && ! apt-cache show "$pkg" >/dev/null 2>&1; then
    pkg="libclang-common-$major-dev"
  fi
  lwc_apt_install "$pkg"
}

lwc_setup_fuzz() {
  lwc_need_cmds clang:clang || return 1
  lwc_clang_links_fuzzer && return 0
  lwc_clang_rt_install || return 1
  lwc_clang_links_fuzzer && return 0
  lwc_log "clang still cannot link -fsanitize=fuzzer after installing clang's runtime"
  return 1
}

lwc_setup_report() {
  # the results page's test opens index.html in headless Chromium
  lwc_need_cmds chromium:chromium
}

lwc_root=$(pwd)
for lwc_family_setup in "$lwc_root"/harness/platforms/*/setup.sh; do
  [ -f "$lwc_family_setup" ] && . "$lwc_family_setup"
done
unset lwc_family_setup

# Profiles done in this shell: one set-up asks for `core` from several
# profiles; it is checked once (a failed profile is not remembered)
lwc_setup_done=" "

lwc_setup() {
  case "$lwc_setup_done" in *" $1 "*) return 0 ;; esac
  lwc_setup_profile "$1" || return 1
  lwc_setup_done="$lwc_setup_done$1 "
}

lwc_setup_profile() {
  case "$1" in
    core)
      # ccache: every compile of lwc goes through it when it is there
      # (harness/build.py launcher: LWC_CCACHE=0 turns it off)
      lwc_need_cmds python3:python3 gcc:gcc clang:clang nm:binutils valgrind:valgrind \
        ccache:ccache || return 1
      lwc_python_ok || {
        lwc_log "$(command -v python3) is Python $(python3 -c 'import platform; print(platform.python_version())'); lwc needs $LWC_PYTHON_MIN or newer"
        return 1; }
      lwc_need_python_module pytest pytest python3-pytest 7.2 || return 1
      lwc_need_python_module matplotlib matplotlib python3-matplotlib 3.6 || return 1
      ;;
    arduino)  # Debian's Arduino builder and AVR core (the Arduino library's test)
      lwc_need_cmds arduino-builder:arduino-builder || return 1
      [ -f /usr/share/arduino/hardware/arduino/avr/platform.txt ] ||
        lwc_apt_install arduino-core-avr || return 1
      ;;
    python)  # the Python package (pip install .) and its tests
      lwc_setup core || return 1
      lwc_need_cmds cmake:cmake || return 1
      lwc_need_python_module pip pip python3-pip 23 || return 1
      # pip install . without build isolation (the tests: no network) needs
      # setuptools with pyproject.toml's [project] and setuptools' wheel
      lwc_need_python_module setuptools setuptools python3-setuptools 61 || return 1
      lwc_need_python_module wheel wheel python3-wheel 0.38 || return 1
      # python3 -m venv: Debian keeps ensurepip in python3-venv
      python3 -c 'import ensurepip' 2>/dev/null || lwc_apt_install python3-venv || return 1
      python3 -c 'import ensurepip' 2>/dev/null || {
        lwc_log "python3 -m venv cannot work: $(command -v python3) has no ensurepip"; return 1; }
      # beside lwc in the agreement test and python -m lwc.bench
      lwc_need_python_module cryptography cryptography python3-cryptography 38 || return 1
      lwc_need_python_module ascon ascon - 0.0.9 || return 1
      ;;
    cluster)  # ./lwcbench run --cluster, ./lwcbench worker: Dask (PyPI)
      lwc_setup core || return 1
      lwc_need_python_module distributed distributed python3-distributed 2022.12 || return 1
      ;;
    all)
      lwc_setup core || return 1
      # ./run-tests runs pytest on every core
      lwc_need_python_module xdist pytest-xdist python3-pytest-xdist 3.1 || return 1
      # the tests build lwc as a user would: CMake (with Make and Ninja),
      # pkg-config, Arduino, a C++ compiler (lwc.h and the PSA headers from
      # C++), git (the results cache's commit, CMake's FetchContent of this
      # repository)
      lwc_need_cmds cmake:cmake ninja:ninja-build pkg-config:pkg-config g++:g++ git:git ||
        return 1
      lwc_setup arduino || return 1
      lwc_setup python || return 1
      lwc_setup fuzz || return 1
      lwc_setup cluster || return 1
      lwc_setup report || return 1
      local f  # every family: each folder harness/platforms/FAMILY/ with a setup.sh
      for f in "$lwc_root"/harness/platforms/*/setup.sh; do
        f=${f%/setup.sh}
        lwc_setup "${f##*/}" || return 1
      done
      # a target's own tool, outside its family's profile (a QEMU build,
      # xtensa-esp32-hw-qemu: kept in lwc_tools_cache for every clone)
      lwc_setup qemu_xtensa_hw || return 1
      ;;
    *)
      if declare -F "lwc_setup_$1" >/dev/null; then
        "lwc_setup_$1"
      else
        lwc_log "unknown setup profile $1"; return 1
      fi
      ;;
  esac
}
