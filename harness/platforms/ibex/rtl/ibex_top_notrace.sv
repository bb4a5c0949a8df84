// lwcbench: a stand-in for lowRISC's ibex_top_tracing, used by
// examples/simple_system.  The original wraps ibex_top with the RVFI port
// and the instruction tracer, which roughly halve the Verilator model's
// speed; this one has the same name, parameters and ports and connects
// ibex_top directly (RVFI left undefined), so the simple_system SoC is used
// unchanged.  The instance keeps the name u_ibex_top: simple_system's
// mhpmcounter DPI functions reach into it by that path.
//
// It also holds the hook of `./lwcbench ct`'s tracer (sim_main.cc
// --ct-trace=PATH), below ibex_top: without that option the testbench
// answers 0 to lwc_ct_enabled() and the hook never runs.
module ibex_top_tracing import ibex_pkg::*; #(
  parameter bit          PMPEnable        = 1'b0,
  parameter int unsigned PMPGranularity   = 0,
  parameter int unsigned PMPNumRegions    = 4,
  parameter int unsigned MHPMCounterNum   = 0,
  parameter int unsigned MHPMCounterWidth = 40,
  parameter bit          RV32E            = 1'b0,
  parameter rv32m_e      RV32M            = RV32MFast,
  parameter rv32b_e      RV32B            = RV32BNone,
  parameter regfile_e    RegFile          = RegFileFF,
  parameter bit          BranchTargetALU  = 1'b0,
  parameter bit          WritebackStage   = 1'b0,
  parameter bit          ICache           = 1'b0,
  parameter bit          ICacheECC        = 1'b0,
  parameter bit          BranchPredictor  = 1'b0,
  parameter bit          DbgTriggerEn     = 1'b0,
  parameter int unsigned DbgHwBreakNum    = 1,
  parameter bit          SecureIbex       = 1'b0,
  parameter bit          ICacheScramble   = 1'b0,
  parameter lfsr_seed_t  RndCnstLfsrSeed  = RndCnstLfsrSeedDefault,
  parameter lfsr_perm_t  RndCnstLfsrPerm  = RndCnstLfsrPermDefault,
  parameter int unsigned DmBaseAddr       = 32'h1A110000,
  parameter int unsigned DmAddrMask       = 32'h00000FFF,
  parameter int unsigned DmHaltAddr       = 32'h1A110800,
  parameter int unsigned DmExceptionAddr  = 32'h1A110808
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         test_en_i,
  input  logic                         scan_rst_ni,
  input  prim_ram_1p_pkg::ram_1p_cfg_t ram_cfg_i,
  input  logic [31:0]                  hart_id_i,
  input  logic [31:0]                  boot_addr_i,
  // instruction fetch port
  output logic                         instr_req_o,
  input  logic                         instr_gnt_i,
  input  logic                         instr_rvalid_i,
  output logic [31:0]                  instr_addr_o,
  input  logic [31:0]                  instr_rdata_i,
  input  logic [6:0]                   instr_rdata_intg_i,
  input  logic                         instr_err_i,
  // load/store port
  output logic                         data_req_o,
  input  logic                         data_gnt_i,
  input  logic                         data_rvalid_i,
  output logic                         data_we_o,
  output logic [3:0]                   data_be_o,
  output logic [31:0]                  data_addr_o,
  output logic [31:0]                  data_wdata_o,
  output logic [6:0]                   data_wdata_intg_o,
  input  logic [31:0]                  data_rdata_i,
  input  logic [6:0]                   data_rdata_intg_i,
  input  logic                         data_err_i,
  // interrupts
  input  logic                         irq_software_i,
  input  logic                         irq_timer_i,
  input  logic                         irq_external_i,
  input  logic [14:0]                  irq_fast_i,
  input  logic                         irq_nm_i,
  // instruction-cache scrambling (unused: no ICache)
  input  logic                         scramble_key_valid_i,
  input  logic [SCRAMBLE_KEY_W-1:0]    scramble_key_i,
  input  logic [SCRAMBLE_NONCE_W-1:0]  scramble_nonce_i,
  output logic                         scramble_req_o,
  // debug and status
  input  logic                         debug_req_i,
  output crash_dump_t                  crash_dump_o,
  output logic                         double_fault_seen_o,
  input  ibex_mubi_t                   fetch_enable_i,
  output logic                         alert_minor_o,
  output logic                         alert_major_internal_o,
  output logic                         alert_major_bus_o,
  output logic                         core_sleep_o
);

  ibex_top #(
    .PMPEnable(PMPEnable), .PMPGranularity(PMPGranularity), .PMPNumRegions(PMPNumRegions),
    .MHPMCounterNum(MHPMCounterNum), .MHPMCounterWidth(MHPMCounterWidth),
    .RV32E(RV32E), .RV32M(RV32M), .RV32B(RV32B), .RegFile(RegFile),
    .BranchTargetALU(BranchTargetALU), .WritebackStage(WritebackStage),
    .ICache(ICache), .ICacheECC(ICacheECC), .BranchPredictor(BranchPredictor),
    .DbgTriggerEn(DbgTriggerEn), .DbgHwBreakNum(DbgHwBreakNum),
    .SecureIbex(SecureIbex), .ICacheScramble(ICacheScramble),
    .RndCnstLfsrSeed(RndCnstLfsrSeed), .RndCnstLfsrPerm(RndCnstLfsrPerm),
    .DmBaseAddr(DmBaseAddr), .DmAddrMask(DmAddrMask),
    .DmHaltAddr(DmHaltAddr), .DmExceptionAddr(DmExceptionAddr)
  ) u_ibex_top (.*);  // every port has the same name on both sides

  // ---- constant-time trace hook (sim_main.cc --ct-trace=PATH) -------------
  // At every rising clock edge, with the values of the cycle that edge ends
  // (always_ff reads them before any flop updates), the testbench gets:
  //  - id_done, pc_id: the instruction in the ID/EX stage completes this
  //    cycle (config small has no writeback stage: it retires), at pc_id.
  //    instr_id_done is high for one cycle per instruction, in program
  //    order;
  //  - the data-bus request accepted this cycle (req and gnt), if any: the
  //    load/store unit issues a load's or store's request(s) while that
  //    instruction is in ID/EX, before it completes (a misaligned access
  //    takes two requests, each word-aligned with its byte enables).
  // Only the RTL's existing signals are read: the core runs exactly as it
  // does without the hook (same cycles, same instructions).  lwc_ct_on is
  // set once, at time 0: without --ct-trace the hook costs one untaken
  // branch per cycle and calls nothing.
  import "DPI-C" function bit lwc_ct_enabled();
  import "DPI-C" function void lwc_ct_cycle(input bit id_done, input int unsigned pc_id,
                                            input bit data_req, input bit data_we,
                                            input int unsigned data_addr,
                                            input int unsigned data_be,
                                            input int unsigned data_wdata);
  bit lwc_ct_on;
  initial lwc_ct_on = lwc_ct_enabled();
  always_ff @(posedge clk_i) begin
    if (lwc_ct_on) begin
      lwc_ct_cycle(u_ibex_top.u_ibex_core.instr_id_done, u_ibex_top.u_ibex_core.pc_id,
                   data_req_o & data_gnt_i, data_we_o, data_addr_o, {28'b0, data_be_o},
                   data_wdata_o);
    end
  end

  // ---- leakage hook (sim_main.cc --leak=PATH, `./lwcbench leak`) ---------
  // The values a power model sees change, at every rising edge, read
  // before any flop updates (the values of the cycle that edge ends):
  //  - the register-file write port: write enable, address, data
  //    (rf_*_wb; config small has no writeback stage: the write of the
  //    instruction completing now);
  //  - the ALU's operand buses and the EX block's result bus (the ALU's or
  //    the multiplier/divider's result: what the write port takes);
  //  - the data bus: a request accepted this cycle (address and store data)
  //    and a response (load data, valid with rvalid);
  //  - the PC of the instruction in ID/EX, to name where a sample is.
  // As with the ct hook, only existing signals are read, and without
  // --leak the hook never runs.
  import "DPI-C" function bit lwc_leak_enabled();
  import "DPI-C" function void lwc_leak_cycle(input int unsigned pc_id,
                                              input bit rf_we, input int unsigned rf_waddr,
                                              input int unsigned rf_wdata,
                                              input int unsigned alu_a, input int unsigned alu_b,
                                              input int unsigned result,
                                              input bit data_req, input bit data_we,
                                              input int unsigned data_addr,
                                              input int unsigned data_wdata,
                                              input bit data_rvalid,
                                              input int unsigned data_rdata);
  bit lwc_leak_on;
  initial lwc_leak_on = lwc_leak_enabled();
  always_ff @(posedge clk_i) begin
    if (lwc_leak_on) begin
      lwc_leak_cycle(u_ibex_top.u_ibex_core.pc_id,
                     u_ibex_top.u_ibex_core.rf_we_wb, {27'b0, u_ibex_top.u_ibex_core.rf_waddr_wb},
                     u_ibex_top.u_ibex_core.rf_wdata_wb,
                     u_ibex_top.u_ibex_core.alu_operand_a_ex,
                     u_ibex_top.u_ibex_core.alu_operand_b_ex,
                     u_ibex_top.u_ibex_core.result_ex,
                     data_req_o & data_gnt_i, data_we_o, data_addr_o, data_wdata_o,
                     data_rvalid_i, data_rdata_i);
    end
  end

endmodule
