/* Run metadata (see src/results/run_metadata.h). */
#define _POSIX_C_SOURCE 200809L
#include "run_metadata.h"

#include <time.h>
#include <unistd.h>

#include "platform/build_info.h"
#include "platform/cpu.h"
#include "platform/engine.h"
#include "csv_field.h"

const char run_metadata_csv_header[] =
    "timestamp,host,version,commit,cpu,cpu_vendor,cpu_family,cpu_model,compiler,flags";

void run_metadata_capture(struct run_metadata *metadata)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(metadata->timestamp, sizeof metadata->timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    if (platform_host_name(metadata->host, sizeof metadata->host) != 0)
        snprintf(metadata->host, sizeof metadata->host, "unknown");
    metadata->host[sizeof metadata->host - 1] = '\0';
    metadata->cpu = cpu_model_name();
    metadata->compiler = attackbench_compiler;
    metadata->flags = attackbench_flags;
    metadata->version = attackbench_version;
    metadata->commit = attackbench_commit;
    const struct cpu_identity *identity = cpu_identity();
    snprintf(metadata->cpu_vendor, sizeof metadata->cpu_vendor, "%s", identity->vendor);
    snprintf(metadata->cpu_family, sizeof metadata->cpu_family, "%u", identity->family);
    snprintf(metadata->cpu_model, sizeof metadata->cpu_model, "%u", identity->model);
}

void run_metadata_write_fields(FILE *out, const struct run_metadata *metadata)
{
    const char *fields[] = {metadata->timestamp, metadata->host,       metadata->version,    metadata->commit,
                            metadata->cpu,       metadata->cpu_vendor, metadata->cpu_family, metadata->cpu_model,
                            metadata->compiler,  metadata->flags};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        write_csv_field(out, fields[i]);
        fputc(',', out);
    }
}
