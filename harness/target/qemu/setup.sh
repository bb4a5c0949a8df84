# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_qemu   cross compilers, qemu-user, the instruction-counting
#                    plugin build/tools/qemu/libinsn_count.so, the
#                    Cortex-M3 cycle model build/tools/qemu/libcm3_cycles.so
#                    and the constant-time tracer build/tools/qemu/libct_trace.so
#
# The plugin needs QEMU's plugin header, which no Debian 12 binary package
# ships: it comes from Debian's qemu source package (the orig tarball of
# the installed 7.2 release), fetched with a private apt configuration
# (its own sources list, lists and cache under build/tools/qemu/apt) so
# the system's apt set-up is left as it is.

LWC_QEMU_DIR=build/tools/qemu
LWC_QEMU_PLUGIN=$LWC_QEMU_DIR/libinsn_count.so
LWC_QEMU_HEADER=$LWC_QEMU_DIR/include/qemu-plugin.h

lwc_qemu_fetch_header() {
  local apt="$LWC_QEMU_DIR/apt" mirror="${LWC_DEBIAN_MIRROR:-http://deb.debian.org}"
  local keys=/usr/share/keyrings/debian-archive-keyring.gpg opts version tarball
  lwc_log "qemu: fetching qemu-plugin.h from Debian's qemu source package"
  rm -rf "$apt"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src" "$LWC_QEMU_DIR/include"
  cat >"$apt/sources.list" <<EOF
deb-src [signed-by=$keys] $mirror/debian bookworm main
deb-src [signed-by=$keys] $mirror/debian bookworm-updates main
deb-src [signed-by=$keys] $mirror/debian-security bookworm-security main
EOF
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

# Build a plugin from its source when missing or older than it.
lwc_qemu_plugin() {
  local src=$1 so=$2
  if [ -s "$so" ] && [ "$so" -nt "$src" ]; then
    return 0
  fi
  [ -s "$LWC_QEMU_HEADER" ] || lwc_qemu_fetch_header || return 1
  lwc_log "qemu: building the plugin $so"
  gcc -O2 -Wall -Wextra -shared -fPIC -I"$LWC_QEMU_DIR/include" \
    -o "$so.tmp" "$src" >&2 || return 1
  mv "$so.tmp" "$so"
}

lwc_setup_qemu() {
  lwc_need_cmds qemu-riscv32:qemu-user qemu-riscv64:qemu-user qemu-arm:qemu-user \
    qemu-xtensa:qemu-user riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf \
    arm-none-eabi-gcc:gcc-arm-none-eabi xtensa-lx106-elf-gcc:gcc-xtensa-lx106 \
    qemu-aarch64:qemu-user aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu \
    gcc:gcc xz:xz-utils || return 1
  mkdir -p "$LWC_QEMU_DIR"
  lwc_qemu_plugin harness/target/qemu/insn_count.c "$LWC_QEMU_PLUGIN" || return 1
  # the Cortex-M3 cycle model (cortex-m3-qemu: modelled cycles)
  lwc_qemu_plugin harness/target/qemu/cm3_cycles.c "$LWC_QEMU_DIR/libcm3_cycles.so" || return 1
  # the constant-time tracer (./lwcbench ct)
  lwc_qemu_plugin harness/target/qemu/ct_trace.c "$LWC_QEMU_DIR/libct_trace.so"
}
