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

lwc_qemu_fetch_header() {
  local apt="$LWC_QEMU_DIR/apt"
  local keys=/usr/share/keyrings/debian-archive-keyring.gpg opts version tarball
  lwc_log "qemu: fetching qemu-plugin.h from Debian's qemu source package"
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
