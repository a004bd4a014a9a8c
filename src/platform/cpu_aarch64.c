/* CPU features, name and identity on aarch64: the kernel's hardware
 * capabilities (getauxval) for the features, and the Main ID Register
 * (MIDR_EL1, which Linux lets user space read when HWCAP_CPUID is set) for
 * the implementer and part.  qemu-user's CPUs report implementer 0, which
 * Arm reserves for software: that is how an emulator is recognised. */
#if defined(__aarch64__)
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>

#include "cpu.h"

/* Linux's arch/arm64/include/uapi/asm/hwcap.h. */
enum {
    HWCAP_CPUID_BIT = 1 << 11,
    HWCAP2_SVE2_BIT = 1 << 1,
    HWCAP2_SVEBITPERM_BIT = 1 << 4,
};

unsigned cpu_detected_features(void)
{
    unsigned long hwcap2 = getauxval(AT_HWCAP2);
    unsigned features = 0;
    if (hwcap2 & HWCAP2_SVE2_BIT)
        features |= ATTACKBENCH_FEATURE_SVE2;
    if ((hwcap2 & HWCAP2_SVE2_BIT) && (hwcap2 & HWCAP2_SVEBITPERM_BIT))
        features |= ATTACKBENCH_FEATURE_SVE2_BITPERM;
    return features;
}

/* MIDR_EL1, or 0 when the kernel does not offer it. */
static uint64_t main_id_register(void)
{
    if (!(getauxval(AT_HWCAP) & HWCAP_CPUID_BIT))
        return 0;
    uint64_t midr;
    __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
    return midr;
}

static const char *implementer_name(unsigned implementer)
{
    static const struct {
        unsigned code;
        const char *name;
    } implementers[] = {{0x00, "emulator"}, {0x41, "Arm"},       {0x42, "Broadcom"},
                        {0x43, "Cavium"},   {0x48, "HiSilicon"}, {0x4E, "NVIDIA"},
                        {0x51, "Qualcomm"}, {0x61, "Apple"},     {0xC0, "Ampere"}};
    for (size_t i = 0; i < sizeof implementers / sizeof implementers[0]; i++)
        if (implementers[i].code == implementer)
            return implementers[i].name;
    return "unknown";
}

const struct cpu_identity *cpu_identity(void)
{
    static struct cpu_identity identity;
    if (identity.vendor[0])
        return &identity;
    uint64_t midr = main_id_register();
    unsigned implementer = (unsigned)(midr >> 24) & 0xFF;
    snprintf(identity.vendor, sizeof identity.vendor, "%s", midr ? implementer_name(implementer) : "unknown");
    identity.family = implementer;
    identity.model = (unsigned)(midr >> 4) & 0xFFF; /* the part number */
    return &identity;
}

const char *cpu_model_name(void)
{
    static char name[64];
    if (name[0])
        return name;
    const struct cpu_identity *identity = cpu_identity();
    if (cpu_is_emulated())
        snprintf(name, sizeof name, "aarch64 emulator (qemu-user)");
    else
        snprintf(name, sizeof name, "%s aarch64 part 0x%03x", identity->vendor, identity->model);
    return name;
}

int cpu_is_emulated(void)
{
    uint64_t midr = main_id_register();
    return midr != 0 && ((midr >> 24) & 0xFF) == 0x00;
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int cpu_aarch64_unused;
#endif
