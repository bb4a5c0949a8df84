# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_cortexm   the Cortex-M boards (harness/bench/targets/board.py):
#                       arm-none-eabi-gcc, pyserial (the serial transport),
#                       qemu-system-arm (the emulated board mps2-an385) and
#                       openocd (flashes the STM32 boards)
lwc_setup_cortexm() {
  lwc_need_cmds arm-none-eabi-gcc:gcc-arm-none-eabi qemu-system-arm:qemu-system-arm \
    openocd:openocd || return 1
  lwc_need_python_module serial pyserial python3-serial 3.5
}
