/* The one --method parser, as the benchmark and perft use it. */
#include <stdio.h>
#include <string.h>

#include "selection.h"
#include "unit.h"

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
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    CHECK(select_backends("reference,nosuch", &rules, selected, 8) == -1);
    CHECK(select_backends("reference,", &rules, selected, 8) == -1);
    CHECK(select_backends("", &rules, selected, 8) == -1);
    CHECK(select_backends("null", &rules, selected, 8) == -1);
    fclose(stderr);
    stderr = saved;
}
