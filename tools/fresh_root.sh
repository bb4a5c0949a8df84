#!/usr/bin/env bash
# ./run-tests --fresh-root: the README's set-up, proved on a fresh Debian root.
#
# CI's machine already has every package, so it cannot see a missing or
# misordered install step.  This script can: it builds a minimal Debian root
# of this machine's release (debootstrap --variant=minbase, from the mirror
# of this machine's apt sources, with the same Debian suites), puts a clean
# clone of the commit under test in it (committed work only), and there, as
# root, runs the README's main job on one implementation over every default
# target (host, the QEMU targets, the Ibex RTL model, AVR, MSP430: what the
# first `./lwcbench run` on a bare machine must measure) and checks that every
# one was measured and passed its KAT; then the test suite's
# set-up (lwc_setup all), the build of every variant of harness/build.py and
# a pytest subset on what was built (the aarch64 cross build; the Python
# package built by the root's pip from the tree and installed in a fresh
# virtual environment of Debian's python3, every KAT file through it; the
# PSA headers from g++ and the results cache's commit from git, tools the
# suite's set-up installs and the main job does not).
# Every run starts from a copy of the
# pristine root, never from one already set up.
#
# Caches, outside the checkout: ${LWC_FRESH_ROOT_CACHE:-/var/cache/lwc/fresh-root}
# holds the pristine root (a tarball named by release, architecture and a
# checksum of the packages debootstrap installs), every .deb the root's apt
# downloads (debs/, bind-mounted on the root's /var/cache/apt/archives and
# pruned to what the last run installed: a warm run downloads no .deb), pip's
# cache (pip/, the root's ~/.cache/pip: the PyPI wheels, where the index's
# responses may be cached) and the last run's logs (logs/).  The root itself
# is built in ${LWC_FRESH_ROOT_WORK:-/var/tmp}/lwc-fresh-root, on a tmpfs
# when the machine has the memory (LWC_FRESH_ROOT_TMPFS), and removed
# afterwards (LWC_FRESH_ROOT_KEEP=1 keeps it, on disk; its mounts go anyway).
# Time on a 2-core machine: 7 to 9 minutes with warm caches, about 10 cold.
#
# Mounts are made in a private mount namespace (unshare), so they vanish
# with this process; nothing is deleted while findmnt shows a mount under it.
# A machine that cannot unshare, mount or chroot prints
# "fresh-root: SKIPPED: <reason>" and exits 0; any other failure exits 1,
# naming the phase and showing the end of its log.
#
# LWC_FRESH_ROOT_COMMIT=REV tests another commit of this repository (default
# HEAD); LWC_FRESH_ROOT_VERBOSE=1 also shows every phase's output.
#
# LWC_FRESH_ROOT_FULL=1: a newcomer's first hour, timed -- the README's two
# commands exactly as written, on the fresh root: `./lwcbench run` (every
# default target, every default implementation, its set-up included; a job
# that does not fit the device is reported, not failed) and then
# `./run-tests` (the whole suite, its set-up and cold compiler caches
# included), each phase's wall time printed as the budgets of issue 45 count
# them (20 and 15 minutes on a 2-core machine).  About 30 minutes; on disk
# unless LWC_FRESH_ROOT_TMPFS=1 (the suite's builds outgrow the tmpfs).
set -uo pipefail

REPO=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
CACHE=${LWC_FRESH_ROOT_CACHE:-/var/cache/lwc/fresh-root}
WORK=${LWC_FRESH_ROOT_WORK:-/var/tmp}/lwc-fresh-root
ROOT=$WORK/root
LOGS=$CACHE/logs
CLONE=/root/lwc  # the clone's path inside the root
# The main job's selection: every default target (as the README's first
# command, no --target) on an implementation they all build that is quick on
# the Ibex RTL model (./lwcbench list).
SCHEME=ascon-aead128
IMPL=bi32
# (and a test of each that needs a tool the suite's set-up installs beyond the
# main job's: g++ for the PSA headers, git for the results cache's commit,
# Ninja for the toolchain files' builds; an id with [...] quoted: the list is
# one command line of the root's shell, where it would be a glob)
PYTEST_SUBSET=(tests/lib/test_aarch64.py tests/lib/test_python.py::test_pip_install_in_a_fresh_venv
               tests/lib/test_psa.py::test_the_headers_compile_as_cxx_and_pedantic_c
               tests/bench/test_cache.py::test_an_unchanged_job_is_answered_from_the_cache
               "'tests/lib/test_cmake.py::test_every_toolchain_builds_the_default_library[rv32i]'"
               -x)

say() { printf 'fresh-root: %s\n' "$*"; }
skip() {  # $1: why, on one line
  say "SKIPPED: this machine cannot build and enter a root: $1"
  exit 0
}
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

case "$CACHE/$WORK" in /*//*) ;; *)
  echo "LWC_FRESH_ROOT_CACHE and LWC_FRESH_ROOT_WORK must be absolute paths" >&2; exit 2 ;;
esac
if [ $# -ne 0 ]; then
  echo "usage: ./run-tests --fresh-root (no further arguments; see tools/fresh_root.sh)" >&2
  exit 2
fi

# --- in this machine's mount namespace: can we, at all? --------------------
if [ -z "${LWC_FRESH_ROOT_NS:-}" ]; then
  [ "$(id -u)" -eq 0 ] || skip "not run as root (debootstrap, mount and chroot need root)"
  command -v unshare >/dev/null && command -v findmnt >/dev/null && command -v chroot >/dev/null ||
    skip "unshare, findmnt or chroot (util-linux, coreutils) missing"
  err=$(unshare --mount --propagation private true 2>&1) ||
    skip "unshare --mount failed: ${err//$'\n'/ }"
  # everything else runs in a private mount namespace: its mounts vanish
  # with it, whatever happens to this script
  LWC_FRESH_ROOT_NS=1 LWC_FRESH_ROOT_T0=$(date +%s) \
    exec unshare --mount --propagation private -- bash "$0"
fi

# --- inside the private mount namespace ------------------------------------
T0=${LWC_FRESH_ROOT_T0:-$(date +%s)}
probe=$(mktemp -d) || exit 1
if ! err=$(mount -t tmpfs lwc-probe "$probe" 2>&1); then
  rmdir "$probe"; skip "mount fails in a private mount namespace: ${err//$'\n'/ }"
fi
umount "$probe"; rmdir "$probe"
err=$(chroot / true 2>&1) || skip "chroot fails: ${err//$'\n'/ }"

COMMIT=$(git -C "$REPO" rev-parse --verify --quiet "${LWC_FRESH_ROOT_COMMIT:-HEAD}^{commit}") || {
  say "no commit ${LWC_FRESH_ROOT_COMMIT:-HEAD} in $REPO"; exit 1; }
CODENAME=$( (. /etc/os-release && echo "${VERSION_CODENAME:-}") 2>/dev/null)
ARCH=$(dpkg --print-architecture 2>/dev/null)
[ -n "$CODENAME" ] && [ -n "$ARCH" ] || {
  say "cannot tell this machine's Debian release (/etc/os-release) or architecture (dpkg)"; exit 1; }

mkdir -p "$CACHE/debs/partial" "$CACHE/pip" "$CACHE/roots" || exit 1
exec 9>"$CACHE/lock"
if ! flock -n 9; then
  say "waiting for another fresh-root run (lock $CACHE/lock)"
  flock 9
fi
rm -rf "$LOGS" && mkdir -p "$LOGS" || exit 1

# The paths mounted at or under $1 in this namespace, deepest first.
mounts_under() {
  findmnt -rn -o TARGET | awk -v d="$1" '$0 == d || index($0, d "/") == 1' | sort -r
}
unmount_under() {
  local m
  for m in $(mounts_under "$1"); do
    umount "$m" 2>/dev/null || umount -l "$m" || return 1
  done
}
# rm -rf of a root, only when nothing is mounted under it.
remove_tree() {
  local dir=$1 left
  [ -e "$dir" ] || return 0
  case "$dir" in /?*/?*) ;; *) say "refusing to remove $dir (too short a path)"; return 1 ;; esac
  left=$(mounts_under "$dir")
  if [ -n "$left" ]; then
    say "refusing to remove $dir: still mounted under it: ${left//$'\n'/ }"
    return 1
  fi
  rm -rf --one-file-system -- "$dir"
}

# Ends what still runs inside the root (a phase interrupted, a daemon left
# behind): the processes whose root directory is $ROOT, all started here.
kill_root_processes() {
  local p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$ROOT" ] && kill -KILL "${p#/proc/}" 2>/dev/null
  done
  return 0
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ -n "${PHASE_PID:-}" ]; then kill -TERM "$PHASE_PID" 2>/dev/null; fi
  kill_root_processes
  sleep 0.2
  local t0
  t0=$(date +%s)
  unmount_under "$WORK" || say "could not unmount everything under $WORK"
  if [ -n "${LWC_FRESH_ROOT_KEEP:-}" ]; then
    [ -d "$ROOT" ] && say "kept the root $ROOT (LWC_FRESH_ROOT_KEEP; its mounts are gone)"
  elif [ -d "$WORK" ]; then
    remove_tree "$WORK" || rc=1
    say "removed the root in $(mmss $(($(date +%s) - t0)))"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'say "interrupted"; exit 130' INT
trap 'say "terminated"; exit 143' TERM

# --- phases ----------------------------------------------------------------
PHASES=()
print_times() {
  local p
  say "phase times (wall):"
  for p in "${PHASES[@]}"; do printf '  %-16s %s\n' "${p% *}" "$(mmss "${p##* }")"; done
  printf '  %-16s %s\n' total "$(mmss $(($(date +%s) - T0)))"
}
# phase NAME FUNCTION: runs FUNCTION with set -e in a subshell, its output in
# $LOGS/NAME.log (also on the terminal with LWC_FRESH_ROOT_VERBOSE=1).
phase() {
  local name=$1 t0 rc log=$LOGS/$1.log
  shift
  t0=$(date +%s)
  say "[$name] ..."
  if [ -n "${LWC_FRESH_ROOT_VERBOSE:-}" ]; then
    (set -e; "$@") > >(tee "$log") 2>&1 &
  else
    (set -e; "$@") >"$log" 2>&1 &
  fi
  PHASE_PID=$!
  wait "$PHASE_PID"
  rc=$?
  PHASE_PID=
  PHASES+=("$name $(($(date +%s) - t0))")
  if [ $rc -ne 0 ]; then
    say "FAILED in phase $name (exit status $rc); its log: $log"
    say "lines of its log that name an error or a failure (each once, the first 20):"
    grep -n -i -E '(^|[^a-z-])(error|fatal)|fail|cannot|can.t|unable|not found|no such|traceback|NOT OK' "$log" |
      grep -v -E '^[0-9]+:(Get:|Selecting|Preparing|Unpacking|Setting up)' |
      awk '{ k = $0; sub(/^[0-9]+:/, "", k) } !seen[k]++' | head -n 20 | sed 's/^/  | /'
    say "the last lines of the log:"
    tail -n 25 "$log" | sed 's/^/  | /'
    print_times
    say "FAILED: $name (commit $COMMIT)"
    exit 1
  fi
  say "[$name] ok in $(mmss "${PHASES[-1]##* }")"
}

# A command line run as root inside the root, in the clone, with a clean
# environment.  PIP_CERT: the CAs this machine trusts (a TLS-intercepting
# proxy's included), as a site's own machine would have them.
in_root() {
  local env=(HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 TERM=dumb
             PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
  local v
  [ -f "$ROOT/etc/lwc-fresh-root/host-ca.crt" ] && env+=(PIP_CERT=/etc/lwc-fresh-root/host-ca.crt)
  for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    [ -n "${!v:-}" ] && env+=("$v=${!v}")
  done
  chroot "$ROOT" /usr/bin/env -i "${env[@]}" /bin/bash -c "cd $CLONE && $1"
}

# This machine's Debian entries ("URI SUITE COMPONENT..."): its release and
# the release's -updates, -security, ... suites (no third-party sources).
debian_sources() {
  # lwc_apt_sources: the parser the qemu set-up uses for the same purpose
  (lwc_log() { :; }; . "$REPO/harness/platforms/qemu/setup.sh" && lwc_apt_sources) |
    awk -v c="$CODENAME" '$2 == c || index($2, c "-") == 1'
}
mirror() { debian_sources | awk -v c="$CODENAME" '$2 == c { print $1; exit }'; }

do_host_tools() {
  if command -v debootstrap >/dev/null && [ -f /usr/share/keyrings/debian-archive-keyring.gpg ]; then
    echo "debootstrap $(dpkg-query -W -f '${Version}' debootstrap) is installed"
    return 0
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    debootstrap debian-archive-keyring
}

# The pristine root: $CACHE/roots/RELEASE-ARCH-minbase-SUM.tar, SUM a
# checksum of the packages debootstrap installs (--print-debs).
do_pristine() {
  local m tmp debs key tar
  m=$(mirror)
  [ -n "$m" ] || { echo "no $CODENAME entry in this machine's apt sources"; return 1; }
  echo "mirror (from this machine's apt sources): $m"
  tmp=$WORK/print-debs
  rm -rf "$tmp" && mkdir -p "$tmp"
  debs=$(debootstrap --variant=minbase --arch="$ARCH" --print-debs "$CODENAME" "$tmp" "$m" |
         tr ' ' '\n' | sed '/^$/d' | sort)
  rm -rf "$tmp"
  [ -n "$debs" ] || { echo "debootstrap --print-debs listed nothing"; return 1; }
  key="$CODENAME-$ARCH-minbase-$(printf '%s\n' "$debs" | sha256sum | cut -c1-12)"
  tar=$CACHE/roots/$key.tar
  echo "$key" >"$WORK/key"
  if [ -f "$tar" ]; then
    echo "pristine root $tar is cached ($(printf '%s\n' "$debs" | wc -l) packages)"
    return 0
  fi
  echo "building the pristine root $key: $(printf '%s\n' "$debs" | wc -l) packages"
  local build=$WORK/pristine
  remove_tree "$build"
  debootstrap --variant=minbase --arch="$ARCH" --cache-dir="$CACHE/debs" \
    "$CODENAME" "$build" "$m"
  unmount_under "$build"
  # per run, not in the pristine root: the package lists, the sources
  rm -rf "$build"/var/lib/apt/lists/* "$build"/var/cache/apt/archives/*.deb
  tar --numeric-owner --xattrs -C "$build" -cf "$tar.tmp" .
  printf '%s\n' "$debs" >"$CACHE/roots/$key.packages"
  mv "$tar.tmp" "$tar"
  remove_tree "$build"
  # roots of other releases or package sets are not needed any more
  find "$CACHE/roots" -maxdepth 1 -type f ! -name "$key.*" -delete
  echo "pristine root: $tar ($(du -h "$tar" | cut -f1))"
}

do_new_root() {
  local key line uri suite comps keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  key=$(cat "$WORK/key")
  mkdir -p "$ROOT"
  tar --numeric-owner --xattrs -C "$ROOT" -xpf "$CACHE/roots/$key.tar"
  echo "root $ROOT from $key"
  # apt: this machine's Debian entries; downloaded .debs kept (the cache)
  rm -f "$ROOT/etc/apt/sources.list" "$ROOT/etc/apt/apt.conf.d/docker-clean"
  : >"$ROOT/etc/apt/sources.list.d/debian.sources"
  while read -r uri suite comps; do
    {
      printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: %s\n' "$uri" "$suite" "${comps:-main}"
      [ -f "$ROOT$keyring" ] && printf 'Signed-By: %s\n' "$keyring"
      echo
    } >>"$ROOT/etc/apt/sources.list.d/debian.sources"
  done < <(debian_sources)
  cat "$ROOT/etc/apt/sources.list.d/debian.sources"
  cat >"$ROOT/etc/apt/apt.conf.d/99lwc-fresh-root" <<'EOF'
// tools/fresh_root.sh: the .debs stay in /var/cache/apt/archives (a cache
// outside this throw-away root)
APT::Keep-Downloaded-Packages "true";
Binary::apt::APT::Keep-Downloaded-Packages "true";
EOF
  # a throw-away root: dpkg need not sync every file it unpacks
  echo force-unsafe-io >"$ROOT/etc/dpkg/dpkg.cfg.d/lwc-fresh-root"
  cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
  mkdir -p "$ROOT/etc/lwc-fresh-root"
  [ -f /etc/ssl/certs/ca-certificates.crt ] &&
    cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/lwc-fresh-root/host-ca.crt"
  # the clone of the commit under test
  git clone -q --no-hardlinks --no-checkout "$REPO" "$ROOT$CLONE"
  git -C "$ROOT$CLONE" -c advice.detachedHead=false checkout -q --detach "$COMMIT"
  echo "cloned $(git -C "$ROOT$CLONE" log -1 --format='%h %s' | cut -c1-100)"
  # the mounts (this namespace only)
  mount -t proc proc "$ROOT/proc"
  mount -t sysfs -o ro,nosuid,nodev,noexec sysfs "$ROOT/sys" || echo "note: no /sys in the root"
  mount -t tmpfs -o mode=755,nosuid lwc-dev "$ROOT/dev"
  local n
  for n in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
    IFS=: read -r name major minor <<<"$n"
    if ! mknod -m 666 "$ROOT/dev/$name" c "$major" "$minor" 2>/dev/null; then
      touch "$ROOT/dev/$name" && mount --bind "/dev/$name" "$ROOT/dev/$name"
    fi
  done
  ln -s /proc/self/fd "$ROOT/dev/fd"
  ln -s /proc/self/fd/0 "$ROOT/dev/stdin"
  ln -s /proc/self/fd/1 "$ROOT/dev/stdout"
  ln -s /proc/self/fd/2 "$ROOT/dev/stderr"
  mkdir -p "$ROOT/dev/pts" "$ROOT/dev/shm"
  if mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$ROOT/dev/pts"; then
    ln -s pts/ptmx "$ROOT/dev/ptmx"
  else
    echo "note: no /dev/pts in the root"
  fi
  mount -t tmpfs -o mode=1777,nosuid,nodev lwc-shm "$ROOT/dev/shm"
  mkdir -p "$ROOT/var/cache/apt/archives" "$ROOT/root/.cache/pip"
  mount --bind "$CACHE/debs" "$ROOT/var/cache/apt/archives"
  mount --bind "$CACHE/pip" "$ROOT/root/.cache/pip"
  # apt downloads as _apt
  chroot "$ROOT" chown _apt:root /var/cache/apt/archives/partial
  echo "cache: $(find "$CACHE/debs" -name '*.deb' | wc -l) .debs, pip $(du -sh "$CACHE/pip" | cut -f1)"
  findmnt -rn -o TARGET,FSTYPE | awk -v d="$ROOT" 'index($1, d) == 1'
}

FULL=${LWC_FRESH_ROOT_FULL:-}
do_main_job() {
  if [ -n "$FULL" ]; then
    in_root "./lwcbench run --json /tmp/r.json"  # the README's first command, as written
  else
    in_root "./lwcbench run --scheme $SCHEME --impl $IMPL --suite thesis --json /tmp/r.json"
  fi
}

# Every default target measured (not skipped) and its KAT passed.
do_check_results() {
  in_root "LWC_FRESH_ROOT_FULL=$FULL python3 - /tmp/r.json" <<'EOF'
import json, os, sys
from harness.bench.targets import measured_by_default
# the whole default run reports what does not fit the device; it is no failure
allowed = {"ok", "does-not-fit"} if os.environ.get("LWC_FRESH_ROOT_FULL") else {"ok"}
data = json.load(open(sys.argv[1]))
env = data.get("environment", {}).get("targets", {})
bad = []
default = measured_by_default()
print(f"default targets: {len(default)}")
for t in default:
    e = env.get(t)
    if not isinstance(e, dict):
        bad.append(f"{t}: not in environment.targets")
    elif "skipped" in e:
        bad.append(f"{t}: skipped: {e['skipped']}")
    recs = [r for r in data.get("results", []) if r.get("target") == t]
    if not recs:
        bad.append(f"{t}: no result")
    for r in recs:
        if r.get("status") not in allowed or (r.get("status") == "ok" and r.get("kat") != "pass"):
            bad.append(f"{t}: {r.get('scheme')}/{r.get('impl')} {r.get('op')} mlen {r.get('mlen')}: "
                       f"kat {r.get('kat')!r}, status {r.get('status')!r}")
    if recs:
        fit = sum(r.get("status") == "does-not-fit" for r in recs)
        print(f"{t}: {len(recs)} results, KAT passed" + (f" ({fit} do not fit)" if fit else ""))
print(f"wall time of the run (its own record): {data['environment'].get('wall_seconds')} s")
for f in data.get("failures", []):
    bad.append(f"failure: {json.dumps(f)[:300]}")
for b in bad:
    print("NOT OK:", b)
sys.exit(1 if bad else 0)
EOF
}

do_suite_setup() { in_root "bash -c '. harness/setup.sh && lwc_setup all'"; }

# Every variant of harness/build.py (the suite compiles each of them).
do_build_variants() {
  in_root 'set -e
    variants=$(python3 -c "from harness.build import VARIANTS; print(*VARIANTS)")
    echo "variants: $variants"
    for v in $variants; do
      s=$SECONDS
      python3 -m harness.build --quiet --variant "$v"
      echo "built $v in $((SECONDS - s)) s"
    done'
}

do_pytest() { in_root "python3 -m pytest -q ${PYTEST_SUBSET[*]}"; }
# The README's second command, as written; each test's time kept beside the
# logs (pytest reads PYTEST_ADDOPTS: logs/whole-suite.xml, JUnit XML).
do_whole_suite() {
  local rc=0
  in_root "PYTEST_ADDOPTS=--junitxml=/root/whole-suite.xml ./run-tests" || rc=$?
  cp "$ROOT/root/whole-suite.xml" "$LOGS/" 2>/dev/null &&
    echo "each test's time: $LOGS/whole-suite.xml"
  return $rc
}

# The debs cache keeps what this run's root has installed, nothing older.
do_prune_cache() {
  local keep=$WORK/installed n=0 f base
  chroot "$ROOT" dpkg-query -W -f '${Package}_${Version}_${Architecture}.deb\n' |
    sed 's/:/%3a/g' | sort >"$keep"
  for f in "$CACHE"/debs/*.deb; do
    [ -e "$f" ] || continue
    base=${f##*/}
    if ! grep -qxF "$base" "$keep"; then rm -f "$f"; n=$((n + 1)); fi
  done
  echo "downloaded by this run: $(find "$CACHE/debs" -name '*.deb' -newer "$WORK/started" | wc -l) .debs"
  echo "removed $n .debs no package of this run's root came from"
  echo "cache $CACHE: $(du -sh "$CACHE" | cut -f1)"
  echo "the root's size: $(du -sh --one-file-system "$ROOT" | cut -f1)"
}

do_remove_root() {
  if [ -n "${LWC_FRESH_ROOT_KEEP:-}" ]; then echo "kept (LWC_FRESH_ROOT_KEEP)"; return 0; fi
  kill_root_processes
  unmount_under "$WORK"
  remove_tree "$WORK"
}

# The root in memory (a tmpfs) when the machine has room for it: on a busy
# disk, dpkg's unpacking and the removal of the root's ~100k files cost
# minutes; in memory, nothing (the tmpfs goes with a umount).
# LWC_FRESH_ROOT_TMPFS=auto (default: when MemAvailable >= TMPFS_NEED), 1, 0.
TMPFS_NEED_GB=10  # the set-up root peaks at about 4 GB (prune-cache's log says)
TMPFS_SIZE_GB=8
use_tmpfs() {
  local avail_kb
  case "${LWC_FRESH_ROOT_TMPFS:-auto}" in
    0|no|off) return 1 ;;
    1|yes|on) return 0 ;;
  esac
  [ -z "${LWC_FRESH_ROOT_KEEP:-}" ] || return 1  # a kept root must outlive this process
  [ -z "$FULL" ] || return 1  # the whole suite's builds outgrow TMPFS_SIZE_GB
  avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
  [ "${avail_kb:-0}" -ge $((TMPFS_NEED_GB * 1024 * 1024)) ]
}

dirty=$(git -C "$REPO" status --porcelain --untracked-files=no | wc -l)
say "testing commit $(git -C "$REPO" log -1 --format='%h (%s)' "$COMMIT" | cut -c1-90)"
say "only committed work is tested (a clone of the commit)$([ "$dirty" -gt 0 ] &&
  echo "; $dirty changed file(s) in $REPO are not part of it")"
say "root: Debian $CODENAME/$ARCH minbase in $ROOT; cache $CACHE; logs $LOGS"
remove_tree "$WORK" || exit 1  # a previous run's leftovers (we hold the lock)
mkdir -p "$WORK" || exit 1
if use_tmpfs; then
  mount -t tmpfs -o mode=755,size=${TMPFS_SIZE_GB}g lwc-fresh-root "$WORK" || exit 1
  say "the root is built in memory (a tmpfs of at most ${TMPFS_SIZE_GB} GB; LWC_FRESH_ROOT_TMPFS=0: on disk)"
fi

touch "$WORK/started"
phase host-tools do_host_tools
phase pristine-root do_pristine
phase new-root do_new_root
phase main-job do_main_job
phase check-results do_check_results
if [ -n "$FULL" ]; then
  phase whole-suite do_whole_suite  # its own set-up and builds, cold
else
  phase suite-setup do_suite_setup
  phase build-variants do_build_variants
  phase pytest-subset do_pytest
fi
phase prune-cache do_prune_cache
phase remove-root do_remove_root
print_times
say "PASSED: commit $COMMIT on a fresh Debian $CODENAME root in $(mmss $(($(date +%s) - T0))) wall"
