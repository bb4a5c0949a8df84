# Sourced after harness/setup.sh (and harness/platforms/ibex/setup.sh, whose
# functions it uses), from the repository root.
#   lwc_setup_ibex_rv32e   the Verilator model of Ibex's simple_system with
#                          the core built as RV32E (parameter RV32E = 1:
#                          x16-x31 are illegal instructions):
#                          build/tools/ibex-rv32e/Vibex_simple_system
#
# Beside rv32-ibex's model, never instead of it: the same RTL (the wheel
# lwc_setup_ibex unpacks into build/tools/ibex/src, linked here), the same
# configuration, flags, prims and testbench (harness/platforms/ibex/), plus
# -GRV32E=1.  rv32-ibex's model, its stamp and its build functions are
# untouched.  No profile-guided second compile: the training run
# (harness/platforms/ibex/train.py) runs rv32-ibex's RV32IMC firmware, which
# this core refuses; the profile only speeds the simulation (~12%), the
# model counts the same cycles either way.

LWC_IBEXE_DIR=build/tools/ibex-rv32e
LWC_IBEXE_SIM=$LWC_IBEXE_DIR/Vibex_simple_system
LWC_IBEXE_PARAMS="-GRV32E=1"

# What the build depends on: rv32-ibex's stamp (versions, flags, our RTL
# and testbench sources, its build functions), the parameter and ours.
lwc_ibexe_stamp() {
  lwc_ibex_stamp
  echo "$LWC_IBEXE_PARAMS"
  declare -f lwc_ibexe_build | cksum
}

lwc_ibexe_build() {
  # lwc_ibex_sources and lwc_ibex_make read LWC_IBEX_DIR: here, this model's folder
  local LWC_IBEX_DIR=$LWC_IBEXE_DIR
  local obj="$LWC_IBEXE_DIR/obj" t0=$SECONDS
  lwc_log "ibex-rv32e: building the RV32E Verilator model (about a minute)"
  rm -rf "$obj" "$LWC_IBEXE_SIM"
  mkdir -p "$obj"
  ln -sfn ../ibex/src "$LWC_IBEXE_DIR/src"
  lwc_ibex_sources >"$obj/files.f"
  # the flags of lwc_ibex_build (harness/platforms/ibex/setup.sh says why each)
  lwc_verilator --cc --exe --Mdir "$obj" -o Vibex_simple_system --top-module ibex_simple_system \
    -Wno-fatal -Wno-lint -Wno-style -Wno-MULTIDRIVEN $LWC_IBEX_VFLAGS $LWC_IBEX_DEFINES \
    $LWC_IBEXE_PARAMS \
    "+incdir+$LWC_IBEX_DIR/src/rtl" "+incdir+$LWC_IBEX_DIR/src/vendor/lowrisc_ip/ip/prim/rtl" \
    "+incdir+$LWC_IBEX_DIR/src/vendor/lowrisc_ip/dv/sv/dv_utils" \
    -f "$obj/files.f" "$PWD/harness/platforms/ibex/sim_main.cc" >"$obj/verilator.log" 2>&1 || {
      lwc_log "ibex-rv32e: verilator failed, see $obj/verilator.log"
      tail -n 5 "$obj/verilator.log" >&2; return 1; }
  lwc_ibex_make "" || return 1
  cp "$obj/Vibex_simple_system" "$LWC_IBEXE_SIM.tmp" && mv "$LWC_IBEXE_SIM.tmp" "$LWC_IBEXE_SIM"
  lwc_ibexe_stamp >"$LWC_IBEXE_DIR/stamp"
  lwc_log "ibex-rv32e: model built in $((SECONDS - t0)) s: $LWC_IBEXE_SIM"
}

lwc_setup_ibex_rv32e() {
  lwc_setup_ibex || return 1  # the compiler, Verilator, the RTL's tools
  if [ -x "$LWC_IBEXE_SIM" ] && [ -f "$LWC_IBEXE_DIR/stamp" ] &&
     [ "$(cat "$LWC_IBEXE_DIR/stamp")" = "$(lwc_ibexe_stamp)" ]; then
    return 0
  fi
  mkdir -p "$LWC_IBEXE_DIR"
  # the RTL: lwc_setup_ibex unpacks it when it builds; a model restored
  # from the tools cache comes without it
  [ -f "$LWC_IBEX_DIR/src/rtl/ibex_top.sv" ] || lwc_ibex_fetch || return 1
  lwc_ibex_patch || return 1
  lwc_ibexe_build
}
