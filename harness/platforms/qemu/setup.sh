# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_qemu   cross compilers (the aarch64 one with its C library),
#                    qemu-user, the instruction-counting
#                    plugin build/tools/qemu/libinsn_count.so, the
#                    Cortex-M3 cycle model build/tools/qemu/libcm3_cycles.so,
#                    the Cortex-M0/M0+ one build/tools/qemu/libm0_cycles.so
#                    and the constant-time tracer build/tools/qemu/libct_trace.so
#
# The plugin needs QEMU's plugin header, which no Debian 12 binary package
# ships: it comes from Debian's qemu source package (the orig tarball of
# the installed 7.2 release), fetched with a private apt configuration
# (its own sources list, lists and cache under build/tools/qemu/apt) so
# the system's apt set-up is left as it is; the mirror is the one the
# machine's apt sources name (lwc_qemu_src_lines).

LWC_QEMU_DIR=build/tools/qemu
LWC_QEMU_PLUGIN=$LWC_QEMU_DIR/libinsn_count.so
LWC_QEMU_HEADER=$LWC_QEMU_DIR/include/qemu-plugin.h

# The machine's apt sources, one "URI SUITE [COMPONENT...]" line per enabled
# binary (deb) entry and suite, from $1 (default /etc/apt): sources.list and
# sources.list.d/*.list (one-line format), sources.list.d/*.sources (deb822).
# Also used by tools/fresh_root.sh.
lwc_apt_sources() {
  local etc=${1:-/etc/apt} f
  for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" |
      awk '$1 == "deb" && NF >= 3 { line = $2 " " $3
                                    for (i = 4; i <= NF; i++) line = line " " $i
                                    print line }'
  done
  for f in "$etc"/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush(  n, m, i, j, U, S) {
        if (f["types"] ~ /(^| )deb( |$)/ && tolower(f["enabled"]) !~ /^(no|false|0)$/) {
          n = split(f["uris"], U, " "); m = split(f["suites"], S, " ")
          for (i = 1; i <= n; i++) for (j = 1; j <= m; j++)
            print U[i] " " S[j] (f["components"] == "" ? "" : " " f["components"])
        }
        split("", f); key = ""
      }
      /^#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { if (key != "") { v = $0; gsub(/^[ \t]+|[ \t]+$/, "", v); f[key] = f[key] " " v }
                 next }
      { i = index($0, ":"); if (i == 0) next
        key = tolower(substr($0, 1, i - 1)); v = substr($0, i + 1)
        gsub(/^[ \t]+|[ \t]+$/, "", v); f[key] = v }
      END { flush() }' "$f"
  done
}

# The deb-src lines of bookworm, bookworm-updates and bookworm-security (the
# qemu source package): from LWC_DEBIAN_MIRROR when set (a mirror's base URL,
# e.g. http://deb.debian.org), else from the machine's own apt sources (its
# release's entries and their -updates / -security suites, the release's name
# replaced by bookworm), else, if none can be read, from deb.debian.org.
lwc_qemu_src_lines() {
  local keys=$1 mirror=${LWC_DEBIAN_MIRROR:-} codename lines
  if [ -z "$mirror" ]; then
    codename=$( (. /etc/os-release && echo "${VERSION_CODENAME:-}") 2>/dev/null)
    if [ -n "$codename" ]; then
      lines=$(lwc_apt_sources | awk -v c="$codename" -v k="$keys" '
        $2 == c || $2 == c "-updates" || $2 == c "-security" {
          s = "bookworm" substr($2, length(c) + 1)
          if (!seen[$1 " " s]++) print "deb-src [signed-by=" k "] " $1 " " s " main" }')
      if [ -n "$lines" ]; then printf '%s\n' "$lines"; return 0; fi
    fi
    mirror=http://deb.debian.org
    lwc_log "qemu: no Debian entry found in the machine's apt sources, using $mirror"
  fi
  printf 'deb-src [signed-by=%s] %s\n' \
    "$keys" "$mirror/debian bookworm main" \
    "$keys" "$mirror/debian bookworm-updates main" \
    "$keys" "$mirror/debian-security bookworm-security main"
}

# Download the orig tarball of Debian's qemu source package (the installed
# 7.2 release's, else any 7.2 release's: they share it) into
# $LWC_QEMU_DIR/apt/src and print its path; apt checks it against the
# signed source index.  The caller removes $LWC_QEMU_DIR/apt.
lwc_qemu_fetch_orig() {
  local apt="$LWC_QEMU_DIR/apt"
  local keys=/usr/share/keyrings/debian-archive-keyring.gpg opts version tarball
  rm -rf "$apt"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src" "$LWC_QEMU_DIR/include"
  lwc_qemu_src_lines "$keys" >"$apt/sources.list" || return 1
  opts=(-q -o "Dir::Etc::SourceList=$PWD/$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$PWD/$apt/lists" -o "Dir::Cache=$PWD/$apt/cache")
  # root's apt downloads as the _apt user, which may not write here
  if [ "$(id -u)" -eq 0 ]; then opts+=(-o APT::Sandbox::User=root); fi
  apt-get "${opts[@]}" -qq update >/dev/null || return 1
  # the installed release if Debian still has it, else any 7.2 release
  # (they share the upstream tarball, so the same header)
  version=$(dpkg-query -W -f '${source:Version}' qemu-user 2>/dev/null)
  ( cd "$apt/src" &&
    { apt-get "${opts[@]}" source --download-only "qemu=$version" >/dev/null 2>&1 ||
      apt-get "${opts[@]}" source --download-only qemu >/dev/null; } ) || return 1
  tarball=$(ls "$apt"/src/qemu_*.orig.tar.xz 2>/dev/null | head -n 1)
  [ -n "$tarball" ] || { lwc_log "qemu: no orig tarball downloaded"; return 1; }
  printf '%s\n' "$tarball"
}

lwc_qemu_fetch_header() {
  local apt="$LWC_QEMU_DIR/apt" tarball
  lwc_log "qemu: fetching qemu-plugin.h from Debian's qemu source package"
  tarball=$(lwc_qemu_fetch_orig) || return 1
  tar -xJOf "$tarball" --wildcards '*/include/qemu/qemu-plugin.h' >"$LWC_QEMU_HEADER.tmp" &&
    grep -q 'QEMU_PLUGIN_VERSION' "$LWC_QEMU_HEADER.tmp" || {
      lwc_log "qemu: qemu-plugin.h not found in $tarball"; rm -f "$LWC_QEMU_HEADER.tmp"; return 1; }
  mv "$LWC_QEMU_HEADER.tmp" "$LWC_QEMU_HEADER"
  rm -rf "$apt" # ~45 MB of lists and tarballs: only the header is kept
}

# Build a plugin from its source when missing or older than it (extra
# compiler flags in $3: a variant of one source, e.g. -DLWC_CM4).
lwc_qemu_plugin() {
  local src=$1 so=$2 extra=${3:-}
  if [ -s "$so" ] && [ "$so" -nt "$src" ]; then
    return 0
  fi
  [ -s "$LWC_QEMU_HEADER" ] || lwc_qemu_fetch_header || return 1
  lwc_log "qemu: building the plugin $so"
  gcc -O2 -Wall -Wextra -shared -fPIC -I"$LWC_QEMU_DIR/include" $extra \
    -o "$so.tmp" "$src" >&2 || return 1
  mv "$so.tmp" "$so"
}

lwc_setup_qemu() {
  lwc_need_cmds qemu-riscv32:qemu-user qemu-riscv64:qemu-user qemu-arm:qemu-user \
    qemu-xtensa:qemu-user riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf \
    arm-none-eabi-gcc:gcc-arm-none-eabi xtensa-lx106-elf-gcc:gcc-xtensa-lx106 \
    qemu-aarch64:qemu-user aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu \
    gcc:gcc xz:xz-utils || return 1
  # the aarch64 build (harness.build --variant aarch64, static) needs the C
  # library's headers and archives, which gcc-aarch64-linux-gnu only
  # recommends (absent after --no-install-recommends)
  if [ ! -f /usr/aarch64-linux-gnu/include/stdio.h ]; then
    lwc_apt_install libc6-dev-arm64-cross || return 1
  fi
  mkdir -p "$LWC_QEMU_DIR"
  lwc_qemu_plugin harness/platforms/qemu/insn_count.c "$LWC_QEMU_PLUGIN" || return 1
  # the Cortex-M3 cycle model (cortex-m3-qemu: modelled cycles)
  lwc_qemu_plugin harness/platforms/qemu/cm3_cycles.c "$LWC_QEMU_DIR/libcm3_cycles.so" || return 1
  # the Cortex-M4's: the same source, its multiplies (cortex-m4-qemu)
  lwc_qemu_plugin harness/platforms/qemu/cm3_cycles.c "$LWC_QEMU_DIR/libcm4_cycles.so" \
    -DLWC_CM4 || return 1
  # the Cortex-M0 / M0+ cycle model (cortex-m0-qemu, cortex-m0plus)
  lwc_qemu_plugin harness/platforms/qemu/m0_cycles.c "$LWC_QEMU_DIR/libm0_cycles.so" || return 1
  # the constant-time tracer (./lwcbench ct)
  lwc_qemu_plugin harness/platforms/qemu/ct_trace.c "$LWC_QEMU_DIR/libct_trace.so"
}

#   lwc_setup_qemu_xtensa_hw   (not part of lwc_setup qemu: a QEMU build)
#                    qemu-xtensa with the core lwc_esp32hw, dc233c with the
#                    ESP32's unaligned loads and stores in hardware, for the
#                    target xtensa-esp32-hw-qemu: QEMU 7.2 (Debian's orig
#                    tarball, fetched as lwc_qemu_fetch_header does), the
#                    core added by harness/platforms/qemu/xtensa_hw_core.sh,
#                    only xtensa-linux-user with TCG plugins and only the
#                    cores dc233c and lwc_esp32hw built, into
#                    build/tools/qemu-xtensa-hw/qemu-xtensa (about 1.5
#                    minutes on 2 cores, kept in lwc_tools_cache for other
#                    clones)
LWC_QEMU_HW_DIR=build/tools/qemu-xtensa-hw
LWC_QEMU_HW_BIN=$LWC_QEMU_HW_DIR/qemu-xtensa
LWC_QEMU_HW_CONFIGURE=(--target-list=xtensa-linux-user --enable-plugins --disable-system
  --disable-docs --disable-tools --disable-werror --disable-capstone --disable-slirp
  --disable-fdt --disable-guest-agent --disable-gnutls --disable-nettle --disable-gcrypt
  --disable-zstd --disable-bzip2 --disable-lzo --disable-snappy --disable-curl
  --disable-libssh --disable-linux-io-uring --disable-libudev --disable-vhost-user
  --disable-install-blobs)

# What the binary is built from: the core's script, the configure options
# and the QEMU release (a change of any rebuilds it)
lwc_qemu_hw_stamp() {
  { echo "qemu 7.2+dfsg orig"; printf '%s\n' "${LWC_QEMU_HW_CONFIGURE[@]}"
    cat harness/platforms/qemu/xtensa_hw_core.sh; } | sha256sum | cut -d ' ' -f 1
}

# Does the qemu-xtensa at $1 have the core lwc_esp32hw?  qemu-user lists
# its cores and exits 1, which under `set -o pipefail` (./run-tests) made
# `qemu-xtensa -cpu help | grep -q` fail whatever it printed: the list is
# read first, its status ignored.
lwc_qemu_hw_has_core() {
  local cpus
  cpus=$("$1" -cpu help 2>/dev/null || true)  # qemu-user lists them and exits 1
  case " $(printf '%s' "$cpus" | tr '\n' ' ') " in *" lwc_esp32hw "*) return 0 ;; esac
  return 1
}

lwc_qemu_hw_build() {
  local work="$LWC_QEMU_HW_DIR/work" apt="$LWC_QEMU_DIR/apt" tarball src jobs t0=$SECONDS
  rm -rf "$work" && mkdir -p "$work/obj" "$LWC_QEMU_DIR" || return 1
  lwc_log "qemu: building qemu-xtensa with the core lwc_esp32hw (QEMU 7.2 from Debian's source package)"
  tarball=$(lwc_qemu_fetch_orig) || return 1
  tar -xJf "$tarball" -C "$work" || return 1
  rm -rf "$apt"
  src=$(ls -d "$work"/qemu-7.2* 2>/dev/null | head -n 1)
  [ -n "$src" ] && [ -x "$src/configure" ] || { lwc_log "qemu: no QEMU source in $tarball"; return 1; }
  sh harness/platforms/qemu/xtensa_hw_core.sh "$src" --only || return 1
  # Debian's tarball has no Meson of its own: Debian's meson, and Debian's
  # python3 for it (a pyenv python3 earlier on PATH lacks Meson's modules)
  jobs=$(nproc 2>/dev/null || echo 1); [ "$jobs" -gt 2 ] && jobs=2
  ( cd "$work/obj" && PATH=/usr/bin:$PATH nice -n 19 "$PWD/../${src##*/}/configure" \
      --meson=/usr/bin/meson "${LWC_QEMU_HW_CONFIGURE[@]}" >configure.log 2>&1 &&
    PATH=/usr/bin:$PATH nice -n 19 ninja -j "$jobs" qemu-xtensa >build.log 2>&1 ) || {
    lwc_log "qemu: the build failed, see $work/obj/configure.log and build.log"
    tail -n 5 "$work"/obj/build.log "$work"/obj/configure.log 2>/dev/null >&2; return 1; }
  lwc_qemu_hw_has_core "$work/obj/qemu-xtensa" || {
    lwc_log "qemu: the built qemu-xtensa has no core lwc_esp32hw"; return 1; }
  cp "$work/obj/qemu-xtensa" "$LWC_QEMU_HW_BIN.tmp" && mv "$LWC_QEMU_HW_BIN.tmp" "$LWC_QEMU_HW_BIN" ||
    return 1
  rm -rf "$work"  # ~400 MB of source and objects: only the binary is kept
  lwc_log "qemu: qemu-xtensa with lwc_esp32hw built in $((SECONDS - t0)) s: $LWC_QEMU_HW_BIN"
}

lwc_setup_qemu_xtensa_hw() {
  lwc_setup_qemu || return 1  # the counting plugin, the compiler, the tarball's fetcher
  lwc_need_cmds meson:meson ninja:ninja-build pkg-config:pkg-config make:make || return 1
  pkg-config --exists glib-2.0 2>/dev/null || lwc_apt_install libglib2.0-dev || return 1
  local stamp kept
  stamp=$(lwc_qemu_hw_stamp)
  if [ -x "$LWC_QEMU_HW_BIN" ] && [ "$(cat "$LWC_QEMU_HW_DIR/stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  mkdir -p "$LWC_QEMU_HW_DIR" || return 1
  # the same binary built by another clone (lwc_tools_cache)
  kept=$(lwc_tools_cache)
  [ -n "$kept" ] && kept="$kept/qemu-xtensa-hw-${stamp:0:16}"
  if [ -n "$kept" ] && [ -x "$kept/qemu-xtensa" ] &&
     lwc_qemu_hw_has_core "$kept/qemu-xtensa"; then
    cp "$kept/qemu-xtensa" "$LWC_QEMU_HW_BIN.tmp" && mv "$LWC_QEMU_HW_BIN.tmp" "$LWC_QEMU_HW_BIN" &&
      echo "$stamp" >"$LWC_QEMU_HW_DIR/stamp" && {
        lwc_log "qemu: qemu-xtensa with lwc_esp32hw as built before, from $kept"; return 0; }
  fi
  lwc_qemu_hw_build || return 1
  echo "$stamp" >"$LWC_QEMU_HW_DIR/stamp"
  if [ -n "$kept" ]; then  # kept for the next clone (a failure to keep costs time only)
    mkdir -p "$kept" && cp "$LWC_QEMU_HW_BIN" "$kept/qemu-xtensa.tmp" &&
      mv "$kept/qemu-xtensa.tmp" "$kept/qemu-xtensa" ||
      lwc_log "qemu: could not keep qemu-xtensa in $kept"
  fi
  return 0
}
