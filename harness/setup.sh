# Sourced by ./run-tests and ./lwcbench: install what the project needs on a
# Debian machine, idempotently (nothing is installed twice; nothing runs when
# everything is already there).
#   lwc_setup core    compilers and Python test tools

lwc_log() { printf 'setup: %s\n' "$*" >&2; }

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
  if [ -z "${LWC_APT_UPDATED:-}" ]; then
    $sudo apt-get update -qq >&2 || return 1
    export LWC_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}

lwc_need_cmds() {
  # pairs "command:package"; installs the packages whose command is missing
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  lwc_apt_install "${missing[@]}"
}

lwc_need_python_module() {
  # $1 module, $2 PyPI name, $3 Debian package
  python3 -c "import $1" >/dev/null 2>&1 && return 0
  lwc_log "installing Python module $2"
  # a virtualenv / pyenv interpreter takes pip; Debian's own python3 takes apt
  if python3 -c 'import sys; sys.exit(sys.prefix == sys.base_prefix and sys.prefix.startswith("/usr"))' 2>/dev/null; then
    python3 -m pip install -q "$2" >&2 && return 0
  fi
  lwc_apt_install "$3" && python3 -c "import $1" >/dev/null 2>&1 && return 0
  python3 -m pip install -q --break-system-packages "$2" >&2
}

lwc_setup() {
  case "$1" in
    core)
      lwc_need_cmds python3:python3 gcc:gcc clang:clang nm:binutils || return 1
      lwc_need_python_module pytest pytest python3-pytest || return 1
      ;;
    *) lwc_log "unknown setup profile $1"; return 1 ;;
  esac
}
