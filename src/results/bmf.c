/* Bencher Metric Format JSON (see bmf.h). */
#include "bmf.h"

#include <math.h>

void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

void bmf_begin(struct bmf_writer *writer, FILE *out)
{
    writer->out = out;
    writer->entries = 0;
    fputc('{', out);
}

void bmf_entry(struct bmf_writer *writer, const char *name, const char *measure, double value, double lower,
               double upper)
{
    if (!isfinite(value))
        return;
    FILE *out = writer->out;
    fputs(writer->entries++ ? ",\n  " : "\n  ", out);
    write_json_string(out, name);
    fputs(": {", out);
    write_json_string(out, measure);
    fprintf(out, ": {\"value\": %.9g", value);
    if (isfinite(lower) && isfinite(upper))
        fprintf(out, ", \"lower_value\": %.9g, \"upper_value\": %.9g", lower, upper);
    fputs("}}", out);
}

void bmf_end(struct bmf_writer *writer)
{
    fputs(writer->entries ? "\n}\n" : "}\n", writer->out);
}
