# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_msp430   clang-14 (its MSP430 back end), ld.lld, llvm-size-14,
#                      the simulator build/tools/msp430/lwc-msp430sim, and
#                      mspdebug (the test suite's cross-check)
#
# Debian has no MSP430 gcc or binutils.  clang's MSP430 driver always runs
# a linker named msp430-elf-ld: build/tools/msp430/bin/msp430-elf-ld is a
# link to ld.lld, found through clang's -B option (harness/bench/targets/
# msp430.py).  lwc-msp430sim (msp430sim.c) is rebuilt when missing or older
# than its source.

LWC_MSP430_DIR=build/tools/msp430
LWC_MSP430_SIM=$LWC_MSP430_DIR/lwc-msp430sim

lwc_setup_msp430() {
  local src=harness/platforms/msp430/msp430sim.c lld
  lwc_need_cmds clang-14:clang-14 llvm-size-14:llvm-14 gcc:gcc mspdebug:mspdebug || return 1
  if ! command -v ld.lld >/dev/null 2>&1 && ! command -v ld.lld-14 >/dev/null 2>&1; then
    lwc_apt_install lld-14 || return 1
  fi
  lld=$(command -v ld.lld || command -v ld.lld-14) || return 1
  if [ "$(readlink "$LWC_MSP430_DIR/bin/msp430-elf-ld" 2>/dev/null)" != "$lld" ]; then
    lwc_log "msp430: linking $LWC_MSP430_DIR/bin/msp430-elf-ld to $lld"
    mkdir -p "$LWC_MSP430_DIR/bin" && ln -sfn "$lld" "$LWC_MSP430_DIR/bin/msp430-elf-ld" ||
      return 1
  fi
  if [ -x "$LWC_MSP430_SIM" ] && [ "$LWC_MSP430_SIM" -nt "$src" ]; then
    return 0
  fi
  lwc_log "msp430: building the simulator $LWC_MSP430_SIM"
  gcc -O2 -Wall -Wextra -o "$LWC_MSP430_SIM.tmp" "$src" >&2 || return 1
  mv "$LWC_MSP430_SIM.tmp" "$LWC_MSP430_SIM"
}
