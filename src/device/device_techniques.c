/* The catalogue of device techniques: slug, kernel source, table. */
#include "device_techniques.h"

#include <string.h>

#include "device_tables.h"

const char *const device_table_space_names[TABLE_SPACE_COUNT] = {"global", "local", "constant"};

const struct device_technique device_techniques[] = {
    {"hyperbola", "hyperbola", device_line_table, NULL},
    {"kogge-stone", "kogge_stone", NULL, NULL},
    {"dumb7fill", "dumb7fill", NULL, NULL},
    {"classical", "classical", device_ray_table, NULL},
    {"obstruction-diff", "obstruction_difference", device_ray_table, NULL},
    {"magic-fancy", "magic_fancy", device_fancy_table, NULL},
    {"magic-plain", "magic_plain", device_plain_table, NULL},
    {"magic-black", "magic_black", device_black_table, NULL},
    {"pext-emulated", "pext_emulated", device_pext_table, NULL},
    {"slide-arithmetic", "slide_arithmetic", device_line_table, NULL},
    {"leorik", "leorik", device_line_table, NULL},
    {"qbb", "qbb", NULL, NULL},
    {"sbamg", "sbamg", device_sbamg_table, NULL},
    {"sissy", "sissy", device_sissy_table, NULL},
    {"genetic-obstruction-diff", "genetic_obstruction_difference", device_line_table, NULL},
    {"bitrotation", "bitrotation", NULL, NULL},
    {"genetic-8-ray", "genetic_8_ray", device_bitray_table, NULL},
    {"bitray", "bitray", device_bitray_rank_table, NULL},
    {"switch-lookup", "switch_lookup", NULL, "switch_lookup_cases"},
    {"dumb7fill-avx2", "dumb7fill_lanes", NULL, NULL},
};

const int device_technique_count = sizeof device_techniques / sizeof device_techniques[0];

const struct device_technique *device_technique_named(const char *slug)
{
    for (int i = 0; i < device_technique_count; i++)
        if (strcmp(device_techniques[i].slug, slug) == 0)
            return &device_techniques[i];
    return NULL;
}

size_t device_table_bytes(const struct device_technique *technique)
{
    return technique->build_table ? technique->build_table(NULL) * sizeof(uint64_t) : 0;
}
