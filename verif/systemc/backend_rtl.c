/* test_systemc on the Verilated RTL in SystemC. */
const char *sc_backend = "systemc-rtl";
