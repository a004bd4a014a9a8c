/* Checking a plugin's file before dlopen (plugin_file.h).  The file is
 * read into memory, not mapped, so that a file cut short or changed while
 * it is read cannot fault here either.  Every offset and size of the ELF
 * header, the program headers, the section headers and the dynamic
 * symbol table is checked against the file's length before it is used.
 * Source: the System V ABI's ELF chapter (<elf.h>). */
/* WebAssembly (WASI) loads no plugins (plugins.c refuses them first):
 * nothing here is built for it. */
#if !defined(__wasi__)
#define _POSIX_C_SOURCE 200809L
#include "plugin_file.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if UINTPTR_MAX > 0xFFFFFFFFu
typedef Elf64_Ehdr elf_header;
typedef Elf64_Phdr elf_segment;
typedef Elf64_Shdr elf_section;
typedef Elf64_Sym elf_symbol;
enum { HOST_CLASS = ELFCLASS64 };
#define SYMBOL_TYPE ELF64_ST_TYPE
#define SYMBOL_BINDING ELF64_ST_BIND
#define SYMBOL_VISIBILITY ELF64_ST_VISIBILITY
#else
typedef Elf32_Ehdr elf_header;
typedef Elf32_Phdr elf_segment;
typedef Elf32_Shdr elf_section;
typedef Elf32_Sym elf_symbol;
enum { HOST_CLASS = ELFCLASS32 };
#define SYMBOL_TYPE ELF32_ST_TYPE
#define SYMBOL_BINDING ELF32_ST_BIND
#define SYMBOL_VISIBILITY ELF32_ST_VISIBILITY
#endif

#if defined(__x86_64__)
enum { HOST_MACHINE = EM_X86_64 };
#elif defined(__aarch64__)
enum { HOST_MACHINE = EM_AARCH64 };
#elif defined(__i386__)
enum { HOST_MACHINE = EM_386 };
#else
enum { HOST_MACHINE = EM_NONE }; /* not checked */
#endif

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
enum { HOST_DATA = ELFDATA2LSB };
#else
enum { HOST_DATA = ELFDATA2MSB };
#endif

enum { FILE_BYTES_MAX = 1 << 30 };

struct image {
    const unsigned char *bytes;
    size_t size;
};

/* Whether [offset, offset + count * entry) lies inside the file. */
static int inside(const struct image *image, uint64_t offset, uint64_t count, uint64_t entry)
{
    if (offset > image->size)
        return 0;
    return entry == 0 || count <= (image->size - offset) / entry;
}

static int read_whole(const char *path, struct image *image, char *error, size_t error_size)
{
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat status;
    if (descriptor < 0 || fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        snprintf(error, error_size, "cannot be read (%s)", strerror(descriptor < 0 ? errno : EINVAL));
        if (descriptor >= 0)
            close(descriptor);
        return -1;
    }
    if (status.st_size > FILE_BYTES_MAX) {
        snprintf(error, error_size, "is larger than %d bytes: not a plugin", FILE_BYTES_MAX);
        close(descriptor);
        return -1;
    }
    unsigned char *bytes = malloc((size_t)status.st_size + 1);
    size_t size = 0;
    ssize_t got = 1;
    while (bytes && size < (size_t)status.st_size &&
           (got = read(descriptor, bytes + size, (size_t)status.st_size - size)) > 0)
        size += (size_t)got;
    close(descriptor);
    if (bytes == NULL || got < 0) {
        snprintf(error, error_size, "cannot be read (%s)", bytes ? strerror(errno) : "out of memory");
        free(bytes);
        return -1;
    }
    image->bytes = bytes;
    image->size = size;
    return 0;
}

static int check_header(const struct image *image, char *error, size_t error_size)
{
    const elf_header *header = (const elf_header *)image->bytes;
    if (image->size < sizeof *header || memcmp(header->e_ident, ELFMAG, SELFMAG) != 0) {
        snprintf(error, error_size, "not a shared object (no ELF header)");
        return -1;
    }
    if (header->e_ident[EI_CLASS] != HOST_CLASS || header->e_ident[EI_DATA] != HOST_DATA ||
        (HOST_MACHINE != EM_NONE && header->e_machine != HOST_MACHINE)) {
        snprintf(error, error_size,
                 "not a shared object this system can load (built for another machine: ELF machine %u)",
                 header->e_machine);
        return -1;
    }
    if (header->e_type != ET_DYN) {
        snprintf(error, error_size, "not a shared object (ELF type %u; build it with -shared -fPIC)", header->e_type);
        return -1;
    }
    return 0;
}

/* Every segment the loader maps, and the dynamic section, inside the file. */
static int check_segments(const struct image *image, char *error, size_t error_size)
{
    const elf_header *header = (const elf_header *)image->bytes;
    if (header->e_phentsize != sizeof(elf_segment) || header->e_phnum == 0 ||
        !inside(image, header->e_phoff, header->e_phnum, sizeof(elf_segment))) {
        snprintf(error, error_size,
                 "not a shared object this system can load (its program headers lie outside "
                 "its %zu bytes: cut short?)",
                 image->size);
        return -1;
    }
    int dynamic = 0;
    for (unsigned i = 0; i < header->e_phnum; i++) {
        elf_segment segment;
        memcpy(&segment, image->bytes + header->e_phoff + (size_t)i * sizeof segment, sizeof segment);
        if (segment.p_type != PT_LOAD && segment.p_type != PT_DYNAMIC)
            continue;
        dynamic |= segment.p_type == PT_DYNAMIC;
        if (!inside(image, segment.p_offset, segment.p_filesz, 1)) {
            snprintf(error, error_size,
                     "not a shared object this system can load (cut short: a segment ends at byte %llu, the file "
                     "has %zu)",
                     (unsigned long long)segment.p_offset + (unsigned long long)segment.p_filesz, image->size);
            return -1;
        }
    }
    if (!dynamic) {
        snprintf(error, error_size, "not a shared object this system can load (no dynamic section)");
        return -1;
    }
    return 0;
}

static const elf_section *section_at(const struct image *image, unsigned index)
{
    const elf_header *header = (const elf_header *)image->bytes;
    return (const elf_section *)(const void *)(image->bytes + header->e_shoff + (size_t)index * sizeof(elf_section));
}

/* The section table, when there is one, inside the file too (the loader
 * does not read it; it tells the symbols). */
static int check_sections(const struct image *image, char *error, size_t error_size)
{
    const elf_header *header = (const elf_header *)image->bytes;
    if (header->e_shnum == 0)
        return 0;
    int bad = header->e_shentsize != sizeof(elf_section) || header->e_shoff % sizeof(uint64_t) != 0 ||
              !inside(image, header->e_shoff, header->e_shnum, sizeof(elf_section));
    for (unsigned i = 0; !bad && i < header->e_shnum; i++) {
        const elf_section *section = section_at(image, i);
        bad = section->sh_type != SHT_NOBITS && !inside(image, section->sh_offset, section->sh_size, 1);
        bad = bad || section->sh_link >= header->e_shnum;
    }
    if (bad) {
        snprintf(error, error_size,
                 "not a shared object this system can load (its sections lie outside its %zu "
                 "bytes: cut short?)",
                 image->size);
        return -1;
    }
    return 0;
}

static void note_export(struct plugin_file_facts *facts, const char *name)
{
    size_t used = strlen(facts->exported_names);
    if (facts->exported_functions++ < 3 && used + strlen(name) + 3 < sizeof facts->exported_names)
        snprintf(facts->exported_names + used, sizeof facts->exported_names - used, "%s%s", used ? ", " : "", name);
}

/* What the dynamic symbol table says: the entry's kind, and the global
 * functions exported besides it. */
static void read_symbols(const struct image *image, struct plugin_file_facts *facts)
{
    const elf_header *header = (const elf_header *)image->bytes;
    for (unsigned i = 0; i < header->e_shnum; i++) {
        const elf_section *table = section_at(image, i);
        if (table->sh_type != SHT_DYNSYM || table->sh_entsize != sizeof(elf_symbol))
            continue;
        const elf_section *names = section_at(image, table->sh_link);
        const char *strings = (const char *)image->bytes + names->sh_offset;
        for (size_t k = 1; k < table->sh_size / sizeof(elf_symbol); k++) {
            elf_symbol symbol;
            memcpy(&symbol, image->bytes + table->sh_offset + k * sizeof symbol, sizeof symbol);
            if (symbol.st_name >= names->sh_size ||
                memchr(strings + symbol.st_name, '\0', names->sh_size - symbol.st_name) == NULL)
                continue;
            const char *name = strings + symbol.st_name;
            if (strcmp(name, "attackbench_plugin_entry") == 0)
                facts->entry_is_function = symbol.st_shndx != SHN_UNDEF && SYMBOL_TYPE(symbol.st_info) == STT_FUNC;
            else if (symbol.st_shndx != SHN_UNDEF && SYMBOL_TYPE(symbol.st_info) == STT_FUNC &&
                     SYMBOL_BINDING(symbol.st_info) == STB_GLOBAL &&
                     SYMBOL_VISIBILITY(symbol.st_other) == STV_DEFAULT && strcmp(name, "_init") != 0 &&
                     strcmp(name, "_fini") != 0)
                note_export(facts, name);
        }
    }
}

int plugin_file_check(const char *path, struct plugin_file_facts *facts, char *error, size_t error_size)
{
    memset(facts, 0, sizeof *facts);
    facts->entry_is_function = -1;
    struct image image;
    if (read_whole(path, &image, error, error_size) != 0)
        return -1;
    int status = check_header(&image, error, error_size) == 0 && check_segments(&image, error, error_size) == 0 &&
                         check_sections(&image, error, error_size) == 0
                     ? 0
                     : -1;
    if (status == 0)
        read_symbols(&image, facts);
    free((void *)image.bytes);
    return status;
}
#else
typedef int plugin_file_unused;
#endif
