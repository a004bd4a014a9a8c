#define _POSIX_C_SOURCE 200809L
/* The table of CPUs that implement PEXT and PDEP in microcode: AMD family
 * 23 and Hygon family 24 do; later AMD families, Intel and other vendors
 * do not; the warning names only the instructions a backend relies on. */
#include <stdlib.h>
#include <string.h>

#include "platform/slow_instructions.h"
#include "unit.h"

static struct cpu_identity identity(const char *vendor, unsigned family, unsigned model)
{
    struct cpu_identity cpu = {.family = family, .model = model};
    strcpy(cpu.vendor, vendor);
    return cpu;
}

TEST(slow_instructions_zen_1_and_2_microcode_pext_and_pdep)
{
    struct cpu_identity zen1 = identity("AuthenticAMD", 23, 1), zen2 = identity("AuthenticAMD", 23, 49);
    struct cpu_identity dhyana = identity("HygonGenuine", 24, 0);
    CHECK(slow_instructions_of(&zen1) == (INSTRUCTION_PEXT | INSTRUCTION_PDEP));
    CHECK(slow_instructions_of(&zen2) == (INSTRUCTION_PEXT | INSTRUCTION_PDEP));
    CHECK(slow_instructions_of(&dhyana) == (INSTRUCTION_PEXT | INSTRUCTION_PDEP));
}

TEST(slow_instructions_later_amd_and_intel_have_none)
{
    struct cpu_identity zen3 = identity("AuthenticAMD", 25, 1), zen5 = identity("AuthenticAMD", 26, 2);
    struct cpu_identity xeon = identity("GenuineIntel", 6, 143), family_23_elsewhere = identity("GenuineIntel", 23, 1);
    CHECK(slow_instructions_of(&zen3) == 0);
    CHECK(slow_instructions_of(&zen5) == 0);
    CHECK(slow_instructions_of(&xeon) == 0);
    CHECK(slow_instructions_of(&family_23_elsewhere) == 0);
}

TEST(slow_instructions_warning_names_only_what_the_backend_uses)
{
    char buffer[160];
    setenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU", "AuthenticAMD 23 1", 1);
    const char *pext = slow_instruction_warning(INSTRUCTION_PEXT, buffer, sizeof buffer);
    CHECK(pext != NULL && strncmp(pext, "PEXT is microcoded", 18) == 0);
    const char *both = slow_instruction_warning(INSTRUCTION_PEXT | INSTRUCTION_PDEP, buffer, sizeof buffer);
    CHECK(both != NULL && strncmp(both, "PEXT and PDEP are microcoded", 28) == 0);
    CHECK(slow_instruction_warning(0, buffer, sizeof buffer) == NULL);
    setenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU", "AuthenticAMD 25 17", 1);
    CHECK(slow_instruction_warning(INSTRUCTION_PEXT, buffer, sizeof buffer) == NULL);
    unsetenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU");
}

TEST(slow_instructions_environment_refuses_what_it_cannot_read)
{
    static const char *const refused[] = {"AuthenticAMD 23",     "AuthenticAMD 0x17 1", "AuthenticAMD -23 1",
                                          "AuthenticAMD 23 1 x", "AuthenticAMDxx 23 1", "zen1"};
    static const char *const read[] = {"", "AuthenticAMD 23 1", " AuthenticAMD\t23  1 "};
    char message[200];
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        setenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU", refused[i], 1);
        message[0] = '\0';
        CHECK(slow_instructions_check_environment(message, sizeof message) == -1);
        CHECK(strncmp(message, "ATTACKBENCH_SLOW_INSTRUCTIONS_CPU=", 34) == 0);
    }
    for (size_t i = 0; i < sizeof read / sizeof read[0]; i++) {
        setenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU", read[i], 1);
        CHECK(slow_instructions_check_environment(message, sizeof message) == 0);
    }
    unsetenv("ATTACKBENCH_SLOW_INSTRUCTIONS_CPU");
    CHECK(slow_instructions_check_environment(message, sizeof message) == 0);
}
