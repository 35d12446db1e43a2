/* Linked into a test executable, makes axi_mem_impolite_wanted() true:
 * the *_impolite tests are the plain ones with the impolite memory. */
const int axi_mem_impolite_build = 1;
