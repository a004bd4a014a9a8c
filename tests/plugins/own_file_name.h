/* The name of the shared object a test plugin was loaded from, without its
 * folder, for the plugins whose behaviour their file's name chooses (built
 * once, copied to each name): faults.c, other_abi.c.  Needs _GNU_SOURCE
 * (dladdr) defined before the first #include. */
#include <dlfcn.h>
#include <string.h>

/* The file holding `symbol`, a function of this plugin; NULL if unknown. */
static const char *own_file_name(void *symbol)
{
    Dl_info self;
    if (dladdr(symbol, &self) == 0 || self.dli_fname == NULL)
        return NULL;
    const char *base = strrchr(self.dli_fname, '/');
    return base ? base + 1 : self.dli_fname;
}
