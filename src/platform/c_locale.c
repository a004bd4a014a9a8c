/* The C locale for the thread that writes (c_locale.h). */
#define _POSIX_C_SOURCE 200809L
#include "c_locale.h"

#include <locale.h>

int keep_c_locale_in_this_thread(void)
{
    /* Never freed: it stays the thread's locale until the process ends. */
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c == (locale_t)0)
        return -1;
    uselocale(c);
    return 0;
}
