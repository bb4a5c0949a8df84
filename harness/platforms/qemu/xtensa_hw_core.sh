#!/bin/sh
# Add the Xtensa core "lwc_esp32hw" to a QEMU source tree (7.2): dc233c
# (the windowed core xtensa-esp32-qemu runs on) with the ESP32's unaligned
# access configuration, loads and stores of unaligned words done in
# hardware (XCHAL_UNALIGNED_{LOAD,STORE}_HW 1, XCHAL_UNALIGNED_*_EXCEPTION 0,
# as ESP-IDF's core-isa.h for the ESP32 sets them).  QEMU's
# target/xtensa/overlay_tool.h turns XCHAL_UNALIGNED_LOAD_HW into
# XTENSA_OPTION_HW_ALIGNMENT and XCHAL_UNALIGNED_LOAD_EXCEPTION into
# XTENSA_OPTION_UNALIGNED_EXCEPTION; translate.c's
# gen_load_store_alignment() then emits word loads and stores without
# MO_ALIGN.  Everything else is dc233c's: the new file includes dc233c's
# configuration header, instruction tables and gdb register map.
#
# usage: xtensa_hw_core.sh QEMU_SOURCE_DIR [--only]
#   --only: build no other core than dc233c and lwc_esp32hw (cores.list),
#           which shortens the build by the other cores' instruction tables
set -eu
src=${1:?usage: xtensa_hw_core.sh QEMU_SOURCE_DIR [--only]}
dir=$src/target/xtensa
core=lwc_esp32hw
test -f "$dir/core-dc233c.c" -a -f "$dir/cores.list" -a -f "$dir/overlay_tool.h" || {
    echo "xtensa_hw_core.sh: $dir has no dc233c core, cores.list or overlay_tool.h" >&2
    exit 1
}
cat > "$dir/core-$core.c" <<EOC
/* lwc: dc233c with unaligned loads and stores in hardware (an ESP32's setting);
 * written by harness/platforms/qemu/xtensa_hw_core.sh */
#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/gdbstub.h"
#include "qemu/host-utils.h"

#include "core-dc233c/core-isa.h"
#undef XCHAL_UNALIGNED_LOAD_EXCEPTION
#undef XCHAL_UNALIGNED_STORE_EXCEPTION
#undef XCHAL_UNALIGNED_LOAD_HW
#undef XCHAL_UNALIGNED_STORE_HW
#define XCHAL_UNALIGNED_LOAD_EXCEPTION  0
#define XCHAL_UNALIGNED_STORE_EXCEPTION 0
#define XCHAL_UNALIGNED_LOAD_HW         1
#define XCHAL_UNALIGNED_STORE_HW        1
#include "overlay_tool.h"

#define xtensa_modules xtensa_modules_$core
#include "core-dc233c/xtensa-modules.c.inc"

static XtensaConfig $core __attribute__((unused)) = {
    .name = "$core",
    .gdb_regmap = {
        .reg = {
#include "core-dc233c/gdb-config.c.inc"
        }
    },
    .isa_internal = &xtensa_modules,
    .clock_freq_khz = 10000,
    DEFAULT_SECTIONS
};

REGISTER_CORE($core)
EOC
if [ "${2:-}" = --only ]; then
    printf 'core-dc233c.c\ncore-%s.c\n' "$core" > "$dir/cores.list"
elif ! grep -qx "core-$core.c" "$dir/cores.list"; then
    printf 'core-%s.c\n' "$core" >> "$dir/cores.list"
fi
