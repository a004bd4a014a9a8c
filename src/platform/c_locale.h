/* Numbers are written with a '.' whatever the locale.  attackbench never
 * calls setlocale, but a plugin may: a setlocale(LC_ALL, "de_DE.UTF-8") in
 * its init made the CSV read "46,7325" and the JSON invalid.  main() gives
 * its thread, which writes every table, CSV, JSON and message, the C
 * locale of its own (POSIX uselocale), which a later setlocale does not
 * change. */
#ifndef ATTACKBENCH_C_LOCALE_H
#define ATTACKBENCH_C_LOCALE_H

/* The calling thread keeps the C locale for good; -1 when the locale
 * object cannot be made (out of memory). */
int keep_c_locale_in_this_thread(void);

#endif
