/* The one --method parser, as the benchmark and perft use it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "cli/selection.h"
#include "unit.h"
#include "registry/registry.h"

TEST(selection_keeps_order_and_drops_duplicates)
{
    const struct backend *selected[8];
    const struct selection_rules rules = {.prefix = "test"};
    CHECK(select_backends("null,reference,null", &rules, selected, 8) == 2);
    CHECK(selected[0] == find_backend("null") && selected[1] == find_backend("reference"));
}

TEST(selection_all_without_baseline)
{
    const struct backend *selected[256];
    const struct selection_rules with = {.prefix = "test", .quiet = 1};
    const struct selection_rules without = {.prefix = "test", .quiet = 1, .without_baseline = 1};
    int all = select_backends("all", &with, selected, 256);
    int some = select_backends("all", &without, selected, 256);
    CHECK(all == some + 1);
    for (int i = 0; i < some; i++)
        CHECK(!selected[i]->baseline);
}

TEST(selection_refuses_bad_lists)
{
    const struct backend *selected[8];
    const struct selection_rules rules = {.prefix = "test", .without_baseline = 1};
    FILE *saved = unit_stderr_to(fopen("/dev/null", "w"));
    CHECK(select_backends("reference,nosuch", &rules, selected, 8) == -1);
    CHECK(select_backends("reference,", &rules, selected, 8) == -1);
    CHECK(select_backends("", &rules, selected, 8) == -1);
    CHECK(select_backends("null", &rules, selected, 8) == -1);
    unit_stderr_back(saved);
}

static int selected_index(const struct backend **selected, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (selected[i] == find_backend(name))
            return i;
    return -1;
}

TEST(selection_all_minus_one_and_all_with_a_repeat)
{
    const struct backend *selected[256];
    const struct selection_rules rules = {.prefix = "test", .quiet = 1};
    int all = select_backends("all", &rules, selected, 256);
    int without = select_backends("all,-reference", &rules, selected, 256);
    CHECK(without == all - 1);
    CHECK(selected_index(selected, without, "reference") == -1);
    CHECK(select_backends("-reference,-null", &rules, selected, 256) == all - 2);
    CHECK(select_backends("all,reference", &rules, selected, 256) == all);
}

TEST(selection_globs_and_case)
{
    const struct backend *selected[256];
    const struct selection_rules rules = {.prefix = "test", .quiet = 1};
    int count = select_backends("KINDERGARTEN*", &rules, selected, 256);
    CHECK(count >= 2);
    for (int i = 0; i < count; i++)
        CHECK(strncmp(selected[i]->name, "kindergarten", 12) == 0);
    CHECK(select_backends("Reference", &rules, selected, 256) == 1 && selected[0] == find_backend("reference"));
    count = select_backends("magic-*,-magic-plain", &rules, selected, 256);
    CHECK(count >= 1 && selected_index(selected, count, "magic-plain") == -1);
}

TEST(selection_suggests_a_near_name)
{
    const struct backend *selected[8];
    const struct selection_rules rules = {.prefix = "test"};
    char message[4096] = "";
#if defined(__wasi__)
    unit_skip("it reads the messages from a swapped stderr, which WASI cannot swap (tests/cli checks them there)");
    return;
#endif
    FILE *saved = unit_stderr_to(fmemopen(message, sizeof message - 1, "w"));
    CHECK(select_backends("sherwn", &rules, selected, 8) == -1);
    CHECK(select_backends("zzzzzzzzzz", &rules, selected, 8) == -1);
    CHECK(select_backends("nosuch*", &rules, selected, 8) == -1);
    unit_stderr_back(saved);
    CHECK(strstr(message, "unknown method 'sherwn'; did you mean 'sherwin'?") != NULL);
    CHECK(strstr(message,
                 "unknown method 'zzzzzzzzzz' (a plugin's method needs --plugin=FILE; --list names the others)\n") !=
          NULL);
    CHECK(strstr(message, "unknown method 'nosuch*'") != NULL);
}

/* The whole list is counted, its -NAME applied, before the capacity cuts
 * it: a capacity of 3 once kept the first three kindergartens, then
 * removed two of them, and 'all,-reference' came back as a full buffer. */
TEST(selection_counts_the_whole_list_before_cutting)
{
    const struct backend *selected[4];
    const struct selection_rules rules = {.prefix = "test", .keep_unavailable = 1};
    CHECK(select_backends("kindergarten*,-kindergarten,-kindergarten-shared", &rules, selected, 3) == 2);
    CHECK(selected[0] == find_backend("kindergarten-fold32") && selected[1] == find_backend("kindergarten-magic-file"));
    const struct backend *every[256];
    int all = select_backends("all", &rules, every, 256);
    CHECK(all > 4 && select_backends("all,-reference", &rules, selected, 4) == all - 1);
    CHECK(selected[0] == every[1] && selected[3] == every[4]); /* the first four but reference */
}

/* keep_named_unavailable: a glob's match this CPU cannot run is left out,
 * as the benchmark leaves it out; one the list names is kept. */
TEST(selection_keeps_only_named_unavailable)
{
    const struct backend *selected[4];
    const struct selection_rules rules = {.prefix = "test", .quiet = 1, .keep_named_unavailable = 1};
    if (backend_unavailable_reason(find_backend("kogge-stone-simd128")) == NULL ||
        backend_unavailable_reason(find_backend("hyperbola-simd128")) == NULL) {
        unit_skip("the simd128 backends run in this build");
        return;
    }
    CHECK(select_backends("hyperbola,kogge-stone-simd*,hyperbola-rbit", &rules, selected, 4) == 2);
    CHECK(selected[0] == find_backend("hyperbola") && selected[1] == find_backend("hyperbola-rbit"));
    CHECK(select_backends("hyperbola,hyperbola-simd128", &rules, selected, 4) == 2);
    CHECK(selected[1] == find_backend("hyperbola-simd128"));
}
