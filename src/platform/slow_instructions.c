/* CPUs that implement an instruction the backends rely on in microcode.
 * PEXT and PDEP on AMD family 17h (Zen, Zen+, Zen 2) and on Hygon's
 * family 18h (Dhyana, a Zen derivative) decode to many micro-operations
 * in a loop over the mask's set bits: 7 and more than 250 cycles of
 * latency where Intel since Haswell and AMD since Zen 3 take 3 (Agner
 * Fog, "Instruction tables", AMD Zen and Zen 2 sections; uops.info,
 * PEXT R64, R64, R64 on Zen+ and Zen 2). */
#include "slow_instructions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slow_cpu {
    const char *vendor;
    unsigned family;
    unsigned instructions;
    const char *description;
};

static const struct slow_cpu slow_cpus[] = {
    {"AuthenticAMD", 0x17, INSTRUCTION_PEXT | INSTRUCTION_PDEP, "AMD family 23, Zen to Zen 2"},
    {"HygonGenuine", 0x18, INSTRUCTION_PEXT | INSTRUCTION_PDEP, "Hygon family 24, a Zen derivative"},
};
enum { SLOW_CPU_COUNT = sizeof slow_cpus / sizeof slow_cpus[0] };

static const struct slow_cpu *slow_cpu_of(const struct cpu_identity *identity)
{
    for (int i = 0; i < SLOW_CPU_COUNT; i++)
        if (strcmp(identity->vendor, slow_cpus[i].vendor) == 0 && identity->family == slow_cpus[i].family)
            return &slow_cpus[i];
    return NULL;
}

unsigned slow_instructions_of(const struct cpu_identity *identity)
{
    const struct slow_cpu *cpu = slow_cpu_of(identity);
    return cpu ? cpu->instructions : 0;
}

static const char identity_variable[] = "ATTACKBENCH_SLOW_INSTRUCTIONS_CPU";
static const char separators[] = " \t";

/* A number of plain decimal digits at *text, then the separators after it;
 * 0, or -1. */
static int read_number(const char **text, unsigned *number)
{
    size_t digits = strspn(*text, "0123456789");
    if (digits == 0 || digits > 9)
        return -1;
    *number = (unsigned)strtoul(*text, NULL, 10);
    *text += digits;
    *text += strspn(*text, separators);
    return 0;
}

/* "VENDOR FAMILY MODEL", separated by spaces or tabs, into *identity; 0,
 * or -1 when the text does not read so whole. */
static int read_identity(const char *text, struct cpu_identity *identity)
{
    text += strspn(text, separators);
    size_t length = strcspn(text, separators);
    if (length == 0 || length >= sizeof identity->vendor)
        return -1;
    memcpy(identity->vendor, text, length);
    identity->vendor[length] = '\0';
    text += length;
    text += strspn(text, separators);
    if (read_number(&text, &identity->family) != 0 || read_number(&text, &identity->model) != 0)
        return -1;
    return *text == '\0' ? 0 : -1;
}

int slow_instructions_check_environment(char *message, size_t size)
{
    const char *text = getenv(identity_variable);
    struct cpu_identity identity;
    if (text == NULL || text[0] == '\0' || read_identity(text, &identity) == 0)
        return 0;
    snprintf(message, size, "%s=%.64s: expected VENDOR FAMILY MODEL, such as \"AuthenticAMD 23 1\"", identity_variable,
             text);
    return -1;
}

/* The identity the table is asked about: this CPU's, or the one the
 * environment names (a malformed one is refused before any command runs:
 * slow_instructions_check_environment). */
static const struct cpu_identity *identity_asked(void)
{
    static struct cpu_identity pretended;
    const char *text = getenv(identity_variable);
    if (text != NULL && read_identity(text, &pretended) == 0)
        return &pretended;
    return cpu_identity();
}

unsigned cpu_slow_instructions(void)
{
    return slow_instructions_of(identity_asked());
}

const char *slow_instruction_warning(unsigned instructions, char *buffer, size_t size)
{
    const struct slow_cpu *cpu = slow_cpu_of(identity_asked());
    unsigned slow = cpu ? instructions & cpu->instructions : 0;
    if (slow == 0)
        return NULL;
    const char *names = slow == (INSTRUCTION_PEXT | INSTRUCTION_PDEP) ? "PEXT and PDEP are"
                        : slow == INSTRUCTION_PEXT                    ? "PEXT is"
                                                                      : "PDEP is";
    snprintf(buffer, size, "%s microcoded on this CPU (%s: Agner Fog's instruction tables), so slow", names,
             cpu->description);
    return buffer;
}
