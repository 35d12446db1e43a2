/* test_systemc on the loosely-timed model. */
const char *sc_backend = "systemc-lt";
