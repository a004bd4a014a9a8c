/* Formulations: the choice follows the measured ratio (with made-up
 * timings: no test here is timed), ties and --formulation=fixed keep the
 * default, formulations this CPU cannot run are skipped with their
 * reason, and the registry puts the chosen one in place under the
 * technique's name. */
#include <string.h>

#include "measure/formulation_choice.h"
#include "registry/registry.h"
#include "unit.h"

/* A technique of three formulations: the default, another, and one this
 * CPU cannot run (the timing must never be asked about it). */
static const struct backend first = {.name = "made-up:first"};
static const struct backend second = {.name = "made-up:second"};
static const struct backend missing = {.name = "made-up:missing", .unavailable_here = "not on this test's CPU"};
static const struct backend *const made_up_formulations[] = {&first, &missing, &second, NULL};
static const struct backend made_up = {.name = "made-up", .formulations = made_up_formulations};

/* The stub timer: ns per query of each formulation, round by round. */
struct stub_timings {
    double first[FORMULATION_ROUNDS], second[FORMULATION_ROUNDS];
    int first_calls, second_calls, missing_calls;
};

static double stub_timing(const struct backend *formulation, void *data)
{
    struct stub_timings *timings = data;
    if (formulation == &first)
        return timings->first[timings->first_calls++ % FORMULATION_ROUNDS];
    if (formulation == &second)
        return timings->second[timings->second_calls++ % FORMULATION_ROUNDS];
    timings->missing_calls++;
    return 0;
}

static void fill(double *rounds, double value)
{
    for (int i = 0; i < FORMULATION_ROUNDS; i++)
        rounds[i] = value;
}

TEST(the_faster_formulation_is_chosen_and_the_ratio_said)
{
    struct stub_timings timings = {0};
    fill(timings.first, 10.0);
    fill(timings.second, 4.0);
    struct formulation_choice choice;
    CHECK(choose_formulation(&made_up, stub_timing, &timings, &choice) == 0);
    CHECK(choice.chosen == &second);
    CHECK(choice.runner_up == &first);
    CHECK(choice.measured == 1);
    CHECK(choice.chosen_ns == 4.0 && choice.runner_up_ns == 10.0);
    CHECK(timings.first_calls == FORMULATION_ROUNDS && timings.second_calls == FORMULATION_ROUNDS);
    CHECK(timings.missing_calls == 0);
    CHECK(strstr(choice.skipped, "missing: not on this test's CPU") != NULL);
    char text[512];
    describe_formulation_choice(&choice, text, sizeof text);
    CHECK(strncmp(text, "second (first 2.50x slower;", 27) == 0);
}

TEST(a_choice_measured_on_threads_says_how_many)
{
    struct stub_timings timings = {0};
    fill(timings.first, 10.0);
    fill(timings.second, 4.0);
    struct formulation_choice choice;
    CHECK(choose_formulation(&made_up, stub_timing, &timings, &choice) == 0);
    CHECK(choice.threads == 0); /* calibrate_formulation() sets it */
    char text[512];
    describe_formulation_choice(&choice, text, sizeof text);
    CHECK(strstr(text, "ns/queen)") != NULL && strstr(text, "thread") == NULL);
    choice.threads = 1;
    describe_formulation_choice(&choice, text, sizeof text);
    CHECK(strstr(text, "thread") == NULL);
    choice.threads = 16;
    describe_formulation_choice(&choice, text, sizeof text);
    CHECK(strstr(text, "measured 4.00 against 10.00 ns/queen on 16 threads)") != NULL);
}

TEST(the_figure_of_a_pass_on_threads_is_their_median)
{
    const double one[] = {3.5};
    CHECK(calibration_figure(one, 1) == 3.5);
    const double three[] = {9.0, 2.0, 4.0}; /* one thread disturbed: the median ignores it */
    CHECK(calibration_figure(three, 3) == 4.0);
    const double four[] = {5.0, 1.0, 3.0, 8.0};
    CHECK(calibration_figure(four, 4) == 4.0);
}

TEST(fixed_records_no_calibration_threads)
{
    struct formulation_choice choice;
    CHECK(calibrate_formulation(&made_up, NULL, &choice) == 0);
    CHECK(choice.chosen == &first && choice.measured == 0 && choice.threads == 0);
}

TEST(the_choice_follows_the_ratio_either_way)
{
    struct stub_timings timings = {0};
    fill(timings.first, 3.0);
    fill(timings.second, 3.3);
    struct formulation_choice choice;
    CHECK(choose_formulation(&made_up, stub_timing, &timings, &choice) == 0);
    CHECK(choice.chosen == &first && choice.runner_up == &second);
}

TEST(each_formulation_is_judged_by_its_best_round)
{
    /* One disturbed round of the faster (a preemption) does not hand the
     * choice to the slower. */
    struct stub_timings timings = {0};
    fill(timings.first, 5.0);
    fill(timings.second, 6.0);
    timings.first[2] = 50.0;
    struct formulation_choice choice;
    CHECK(choose_formulation(&made_up, stub_timing, &timings, &choice) == 0);
    CHECK(choice.chosen == &first && choice.chosen_ns == 5.0);
}

TEST(a_tie_keeps_the_default)
{
    struct stub_timings timings = {0};
    fill(timings.first, 7.0);
    fill(timings.second, 7.0);
    struct formulation_choice choice;
    CHECK(choose_formulation(&made_up, stub_timing, &timings, &choice) == 0);
    CHECK(choice.chosen == &first);
}

TEST(fixed_runs_the_first_formulation_this_cpu_runs_untimed)
{
    static const struct backend *const list[] = {&missing, &second, &first, NULL};
    static const struct backend technique = {.name = "made-up", .formulations = list};
    struct formulation_choice choice;
    CHECK(choose_formulation(&technique, NULL, NULL, &choice) == 0);
    CHECK(choice.chosen == &second && choice.measured == 0 && choice.runner_up == NULL);
    char text[512];
    describe_formulation_choice(&choice, text, sizeof text);
    CHECK(strncmp(text, "second (fixed: the default); skipped missing: not on this test's CPU", 69) == 0);
}

TEST(a_technique_with_no_formulation_this_cpu_runs_has_no_choice)
{
    static const struct backend *const list[] = {&missing, NULL};
    static const struct backend technique = {.name = "made-up", .formulations = list};
    struct formulation_choice choice;
    CHECK(choose_formulation(&technique, NULL, NULL, &choice) == -1);
    CHECK(choose_formulation(&first, NULL, NULL, &choice) == -1); /* no formulations at all */
}

TEST(the_registry_runs_the_chosen_formulation_under_the_technique_name)
{
    const struct backend *technique = find_backend("kogge-stone");
    const struct backend *scalar = find_backend("kogge-stone:scalar");
    const struct backend *lanes = find_backend("kogge-stone:lanes");
    CHECK(technique != NULL && scalar != NULL && lanes != NULL);
    if (technique == NULL || scalar == NULL || lanes == NULL)
        return;
    CHECK(registry_default_formulation(technique) == lanes);
    CHECK(strcmp(backend_formulation(technique), "lanes") == 0);
    CHECK(registry_use_formulation(technique, scalar) == 0);
    CHECK(find_backend("kogge-stone") == technique); /* the same entry, now running the scalar code */
    CHECK(strcmp(technique->name, "kogge-stone") == 0);
    CHECK(technique->queen_loop == scalar->queen_loop && technique->rook == scalar->rook);
    CHECK(strcmp(backend_formulation(technique), "scalar") == 0);
    CHECK(strcmp(backend_formulation(scalar), "scalar") == 0);
    CHECK(registry_use_formulation(technique, &first) == -1); /* not one of its own */
    CHECK(registry_use_formulation(technique, lanes) == 0);
    CHECK(technique->queen_loop == lanes->queen_loop);
    CHECK(backend_formulation(find_backend("reference")) == NULL);
}
