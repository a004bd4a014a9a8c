/* Sizes on the command line (parse_size, parse_pressure): the limits of
 * the build they run in, named in the message, whatever the width of
 * size_t (wasm32's is 32 bits, where 4G once wrapped to 0). */
#include <stdint.h>
#include <string.h>

#include "cli/options.h"
#include "unit.h"

TEST(size_beyond_size_t_is_refused)
{
    size_t size = 1;
    CHECK(parse_size("64M", &size) == 0 && size == (size_t)64 << 20);
    CHECK(parse_size("4G", &size) == (SIZE_MAX > 0xFFFFFFFFu ? 0 : -1));
    CHECK(parse_size("3X", &size) == -1);
}

TEST(pressure_limits_are_the_builds)
{
    char error[300];
    size_t size = 0;
    CHECK(parse_pressure("4K", &size, error, sizeof error) == 0 && size == 4096);
    CHECK(parse_pressure("1G", &size, error, sizeof error) == 0 && size == (size_t)1 << 30);
    CHECK(parse_pressure("3K", &size, error, sizeof error) == -1 && strstr(error, "power of two from 4K to"));
    CHECK(parse_pressure("1Z", &size, error, sizeof error) == -1 && strstr(error, "expected a size"));
    CHECK(parse_pressure("512G", &size, error, sizeof error) == -1);
    int wide = SIZE_MAX > 0xFFFFFFFFu;
    for (const char *const *value = (const char *const[]){"2G", "4G", "256G", NULL}; *value; value++) {
        error[0] = '\0';
        size = 0;
        int status = parse_pressure(*value, &size, error, sizeof error);
        if (wide) {
            CHECK(status == 0 && size != 0);
        } else {
            /* Refused with the WebAssembly limit, never the native one
             * (which 4G and 256G both meet). */
            CHECK(status == -1 && strstr(error, "from 4K to 1G under WebAssembly") && !strstr(error, "to 256G"));
        }
    }
}
