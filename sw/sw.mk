# sw: the trnlite command-line tool (and, later, the driver).
TRNLITE_BIN := $(BUILD)/bin/trnlite
TRNLITE_SRCS := $(wildcard sw/cli/*.c)

$(TRNLITE_BIN): $(TRNLITE_SRCS) $(wildcard sw/cli/*.h) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isw/cli $(TRNLITE_SRCS) $(CMODEL_LIB) -lm -o $@

.PHONY: trnlite
trnlite: $(TRNLITE_BIN)
