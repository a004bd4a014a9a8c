/* Run metadata (see include/run_metadata.h). */
#define _POSIX_C_SOURCE 200809L
#include "run_metadata.h"

#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "cpu.h"
#include "output.h"

const char run_metadata_csv_header[] = "timestamp,host,cpu,compiler,flags";

void run_metadata_capture(struct run_metadata *metadata)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(metadata->timestamp, sizeof metadata->timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    if (gethostname(metadata->host, sizeof metadata->host) != 0)
        snprintf(metadata->host, sizeof metadata->host, "unknown");
    metadata->host[sizeof metadata->host - 1] = '\0';
    metadata->cpu = cpu_model_name();
    metadata->compiler = attackbench_compiler;
    metadata->flags = attackbench_flags;
}

void run_metadata_write_fields(FILE *out, const struct run_metadata *metadata)
{
    const char *fields[] = {metadata->timestamp, metadata->host, metadata->cpu, metadata->compiler,
                            metadata->flags};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        write_csv_field(out, fields[i]);
        fputc(',', out);
    }
}
