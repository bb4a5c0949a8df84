# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_avr   avr-gcc, avr-libc (start-up object and register headers),
#                   libsimavr and the simulator build/tools/avr/lwc-simavr;
#                   avrdude and pyserial for the Arduino Mega 2560 board
#                   (harness/bench/targets/board.py)
#
# lwc-simavr (harness/platforms/avr/lwc_simavr.c) is a small program on
# Debian's libsimavr: the firmware's UART0 on stdin/stdout and a cycle
# counter the firmware reads.  Rebuilt when missing or older than its source.

LWC_AVR_DIR=build/tools/avr
LWC_AVR_SIM=$LWC_AVR_DIR/lwc-simavr

lwc_setup_avr() {
  local src=harness/platforms/avr/lwc_simavr.c
  lwc_need_cmds avr-gcc:gcc-avr avr-size:binutils-avr gcc:gcc pkg-config:pkg-config \
    avrdude:avrdude || return 1
  lwc_need_python_module serial pyserial python3-serial 3.5 || return 1
  # avr-libc is only "recommended" by gcc-avr
  if ! echo '#include <avr/io.h>' | avr-gcc -mmcu=atmega128 -E - >/dev/null 2>&1; then
    lwc_apt_install avr-libc || return 1
  fi
  if ! pkg-config --exists simavr 2>/dev/null; then
    lwc_apt_install libsimavr-dev libelf-dev || return 1
  fi
  if [ -x "$LWC_AVR_SIM" ] && [ "$LWC_AVR_SIM" -nt "$src" ]; then
    return 0
  fi
  lwc_log "avr: building the simulator $LWC_AVR_SIM (libsimavr)"
  mkdir -p "$LWC_AVR_DIR"
  # shellcheck disable=SC2046  # pkg-config's flags are separate words
  gcc -O2 -Wall -Wextra -o "$LWC_AVR_SIM.tmp" "$src" $(pkg-config --cflags --libs simavr) >&2 ||
    return 1
  mv "$LWC_AVR_SIM.tmp" "$LWC_AVR_SIM"
}
