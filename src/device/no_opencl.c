/* The device layer of a build without OpenCL (the plain make): every
 * entry says that this build has none and how to get one. */
#include "device.h"

/* `option`: what was asked, --device or --list-devices. */
static int not_built(const char *option)
{
    fprintf(stderr,
            "attackbench: %s: this build has no OpenCL device layer; build it with make opencl "
            "(build/opencl/attackbench)\n",
            option);
    return 2;
}

int device_layer_built(void)
{
    return 0;
}

int device_list(FILE *out)
{
    (void)out;
    return not_built("--list-devices");
}

int device_open(int index, struct device **device, struct device_facts *facts)
{
    (void)index, (void)device, (void)facts;
    return not_built("--device");
}

void device_close(struct device *device)
{
    (void)device;
}

const char *device_bit_reversal(const struct device *device)
{
    (void)device;
    return "none";
}

int device_program_build(struct device *device, const struct device_technique *technique, enum device_table_space space,
                         struct device_program **program)
{
    (void)device, (void)technique, (void)space, (void)program;
    return not_built("--device");
}

void device_program_free(struct device_program *program)
{
    (void)program;
}

int device_formulation_fits(const struct device *device, const struct device_technique *technique,
                            enum device_table_space space)
{
    (void)device, (void)technique, (void)space;
    return 0;
}

int device_attacks(struct device_program *program, int piece, const uint8_t *squares, const uint64_t *occupied,
                   size_t count, uint64_t *attacks)
{
    (void)program, (void)piece, (void)squares, (void)occupied, (void)count, (void)attacks;
    return not_built("--device");
}

int device_stream_upload(struct device *device, const uint8_t *squares, const uint64_t *occupied, size_t count,
                         struct device_stream **stream)
{
    (void)device, (void)squares, (void)occupied, (void)count, (void)stream;
    return not_built("--device");
}

void device_stream_free(struct device_stream *stream)
{
    (void)stream;
}

int device_time_queens(struct device_program *program, const struct device_stream *stream, uint32_t passes,
                       size_t threads, int mixed, double *seconds, uint64_t *sum)
{
    (void)program, (void)stream, (void)passes, (void)threads, (void)mixed, (void)seconds, (void)sum;
    return not_built("--device");
}
