// lwcbench: the technology-independent primitives Ibex and simple_system
// instantiate by their abstract names (prim_buf, prim_flop, ...).  In
// lowRISC's flow fusesoc's primgen generates these wrappers; here each one
// simply instantiates the generic (simulation) model from the vendored
// lowrisc_ip/ip/prim_generic, so Verilator can be given a plain file list.

module prim_buf #(parameter int Width = 1) (
  input [Width-1:0] in_i, output logic [Width-1:0] out_o);
  prim_generic_buf #(.Width(Width)) u_impl_generic (.*);
endmodule

module prim_and2 #(parameter int Width = 1) (
  input [Width-1:0] in0_i, input [Width-1:0] in1_i, output logic [Width-1:0] out_o);
  prim_generic_and2 #(.Width(Width)) u_impl_generic (.*);
endmodule

module prim_flop #(parameter int Width = 1, parameter logic [Width-1:0] ResetValue = 0) (
  input clk_i, input rst_ni, input [Width-1:0] d_i, output logic [Width-1:0] q_o);
  prim_generic_flop #(.Width(Width), .ResetValue(ResetValue)) u_impl_generic (.*);
endmodule

module prim_clock_gating #(parameter bit NoFpgaGate = 1'b0, parameter bit FpgaBufGlobal = 1'b1) (
  input clk_i, input en_i, input test_en_i, output logic clk_o);
  prim_generic_clock_gating #(.NoFpgaGate(NoFpgaGate), .FpgaBufGlobal(FpgaBufGlobal))
    u_impl_generic (.*);
endmodule

module prim_clock_mux2 #(parameter bit NoFpgaBufG = 1'b0) (
  input clk0_i, input clk1_i, input sel_i, output logic clk_o);
  prim_generic_clock_mux2 #(.NoFpgaBufG(NoFpgaBufG)) u_impl_generic (.*);
endmodule

// simple_system's 1 MiB RAM (ram_2p) sits on this one; the testbench loads
// the program through the DPI functions of the generic model
// (prim_util_memload.svh), scope ...u_ram.u_ram.u_impl_generic.
module prim_ram_2p import prim_ram_2p_pkg::*; #(
  parameter int Width = 32, parameter int Depth = 128, parameter int DataBitsPerMask = 1,
  parameter MemInitFile = "", localparam int Aw = $clog2(Depth)
) (
  input clk_a_i, input clk_b_i,
  input a_req_i, input a_write_i, input [Aw-1:0] a_addr_i, input [Width-1:0] a_wdata_i,
  input logic [Width-1:0] a_wmask_i, output logic [Width-1:0] a_rdata_o,
  input b_req_i, input b_write_i, input [Aw-1:0] b_addr_i, input [Width-1:0] b_wdata_i,
  input logic [Width-1:0] b_wmask_i, output logic [Width-1:0] b_rdata_o,
  input ram_2p_cfg_t cfg_i
);
  prim_generic_ram_2p #(.Width(Width), .Depth(Depth), .DataBitsPerMask(DataBitsPerMask),
                        .MemInitFile(MemInitFile)) u_impl_generic (.*);
endmodule
