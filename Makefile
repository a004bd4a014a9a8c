# attackbench: GNU Make build.  `make help` lists the targets.

# gcc unless the caller names another compiler (make CC=clang).
ifeq ($(origin CC),default)
CC = gcc
endif
CFLAGS ?= -O2 -march=native
WARNINGS = -Wall -Wextra
ALL_CFLAGS = -std=c17 $(WARNINGS) -Iinclude $(CFLAGS) -pthread -MMD -MP
# The flags are recorded in every result row.
BUILD_INFO = -DATTACKBENCH_CFLAGS='"$(CFLAGS)"'
LDLIBS = -lm -pthread

BUILD ?= build
PROGRAM ?= attackbench

DRIVER_SOURCES = $(filter-out src/main.c,$(wildcard src/*.c))
BACKEND_SOURCES = $(wildcard src/backends/*.c)
LIBRARY_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(DRIVER_SOURCES) $(BACKEND_SOURCES))
MAIN_OBJECT = $(BUILD)/src/main.o
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all test bench clean help
all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/unit_tests: $(UNIT_TEST_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(MAIN_OBJECT): src/main.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(BUILD_INFO) -c -o $@ $<

## test: unit tests, exhaustive verification of every backend, CLI tests
test: $(PROGRAM) $(BUILD)/unit_tests
	@bash tests/run.sh ./$(PROGRAM) $(BUILD)/unit_tests

## bench: the default benchmark over data/positions.fen
bench: $(PROGRAM)
	./$(PROGRAM) data/positions.fen

## clean: remove build products
clean:
	rm -rf build $(PROGRAM)

## help: this list
help:
	@grep -h '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
