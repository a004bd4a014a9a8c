/* Trains the weights of the binary-neural-network backend
 * (src/backends/binary_neural_network.c) and writes them as a C header.
 *
 * The network (the idea of Daniel Infuehr's binary neural network for
 * sliding attacks, talkchess 2022; this architecture, trainer and weights
 * are ours): for a slider on a square, the n relevant occupancy bits
 * (n <= 12), packed to the low end in square order as PEXT packs them, are
 * the input x.  Each bit of the attack set on an empty board (in square
 * order, as PDEP deposits them) has a network of its own: 32 hidden binary
 * neurons, neuron j reading byte j & 1 of x (bits 0-7 or bits 8-15), with
 * 8 binary weights w_j and a threshold t_j (0..9): it fires when
 * popcount(byte AND w_j) < t_j.  The output bit is set when more than 16 of
 * the 32 fire (a majority vote).  An output bit is "every square between
 * the slider and the target is empty", so one neuron per byte with the
 * between-squares as weights and threshold 1 would compute it; the trainer
 * does not plant that: it starts from random weights and thresholds and
 * searches.
 *
 * Training is exhaustive: every one of the 2^n inputs is a training case,
 * the error is how far each case's vote count is from its side of 16.5,
 * summed, and a walk (simulated annealing, the temperature falling linearly)
 * flips one weight bit or moves one threshold by one, keeping the change
 * unless it raises the error (or, now and then, by the annealing rule).
 * A network is finished when its error is 0, i.e. exact on every input,
 * which the trainer then checks again from scratch; a network not exact
 * within the move budget restarts from new random weights, and after
 * MAX_ATTEMPTS restarts would take the one-neuron construction above
 * (counted in the header; with the default budget no network needs it).
 * Deterministic: fixed seed, one random stream per network.
 *
 * Build and run: scripts/generators/generate.sh binary-neural-network (make generate);
 * by hand:
 *   cc -O2 -std=c17 -o build/bnn-train scripts/generators/bnn-train.c -lm
 *   nice -n 10 build/bnn-train src/generated/binary_neural_network_weights.h
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    SQUARES = 64,
    NEURONS = 32,
    MAJORITY = 17, /* votes at or above this set the output bit */
    MAX_INPUTS = 4096,
    MAX_ATTEMPTS = 8,
    MOVES_PER_ATTEMPT = 200000
};

static const uint64_t MASTER_SEED = 0x424E4E2D74726169ULL; /* "BNN-trai" */

enum slider { ROOK, BISHOP };

static const int DIRECTIONS[2][4][2] = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
    {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}},
};

/* ---- Board geometry. */

/* The squares a slider on `square` reaches on an empty board (`with_edge`)
 * or without each ray's last square (the relevant occupancy mask). */
static uint64_t ray_squares(enum slider piece, int square, int with_edge)
{
    uint64_t result = 0;
    for (int d = 0; d < 4; d++) {
        int file = square & 7, rank = square >> 3;
        for (;;) {
            file += DIRECTIONS[piece][d][0];
            rank += DIRECTIONS[piece][d][1];
            if (file < 0 || file > 7 || rank < 0 || rank > 7)
                break;
            int next_file = file + DIRECTIONS[piece][d][0], next_rank = rank + DIRECTIONS[piece][d][1];
            int last = next_file < 0 || next_file > 7 || next_rank < 0 || next_rank > 7;
            if (with_edge || !last)
                result |= 1ULL << (rank * 8 + file);
        }
    }
    return result;
}

/* The slider's attack set: along each ray up to and including the first
 * occupied square. */
static uint64_t attacks(enum slider piece, int square, uint64_t occupied)
{
    uint64_t result = 0;
    for (int d = 0; d < 4; d++) {
        int file = square & 7, rank = square >> 3;
        for (;;) {
            file += DIRECTIONS[piece][d][0];
            rank += DIRECTIONS[piece][d][1];
            if (file < 0 || file > 7 || rank < 0 || rank > 7)
                break;
            uint64_t bit = 1ULL << (rank * 8 + file);
            result |= bit;
            if (occupied & bit)
                break;
        }
    }
    return result;
}

/* The low bits of `value` spread onto the set bits of `mask`, lowest first
 * (what PDEP computes). */
static uint64_t deposit(uint64_t value, uint64_t mask)
{
    uint64_t result = 0;
    for (uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1)
        if (value & bit)
            result |= mask & -mask;
    return result;
}

/* ---- Random numbers: xorshift64*, one stream per network. */

static uint64_t random_state;

static uint64_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 0x2545F4914F6CDD1DULL;
}

static int random_below(int limit)
{
    return (int)((next_random() >> 33) % (uint64_t)limit);
}

static double random_unit(void)
{
    return (double)(next_random() >> 11) / 9007199254740992.0;
}

/* ---- One output bit's training problem and network. */

struct network {
    uint8_t weights[NEURONS];
    uint8_t thresholds[NEURONS];
};

struct problem {
    int input_bits;
    uint8_t lane_bits[2];       /* the input bits byte 0 and byte 1 carry */
    uint8_t target[MAX_INPUTS]; /* the output bit for each input */
};

/* The state of a walk: the network and, for each value of each input
 * byte, how many neurons reading that byte fire. */
struct walk {
    struct network network;
    int votes[2][256];
};

static int neuron_fires(const struct network *network, int neuron, int byte)
{
    return __builtin_popcount((unsigned)(byte & network->weights[neuron])) < network->thresholds[neuron];
}

static void count_votes(struct walk *walk, const struct problem *problem)
{
    memset(walk->votes, 0, sizeof walk->votes);
    for (int neuron = 0; neuron < NEURONS; neuron++)
        for (int byte = 0; byte <= problem->lane_bits[neuron & 1]; byte++)
            walk->votes[neuron & 1][byte] += neuron_fires(&walk->network, neuron, byte);
}

/* How far the vote count is on the wrong side of the majority line. */
static int case_error(int votes, int target)
{
    if (target)
        return votes >= MAJORITY ? 0 : MAJORITY - votes;
    return votes < MAJORITY ? 0 : votes - MAJORITY + 1;
}

static long total_error(const struct walk *walk, const struct problem *problem)
{
    long error = 0;
    for (int high = 0; high <= problem->lane_bits[1]; high++)
        for (int low = 0; low <= problem->lane_bits[0]; low++)
            error += case_error(walk->votes[0][low] + walk->votes[1][high], problem->target[high << 8 | low]);
    return error;
}

static void random_network(struct network *network, const struct problem *problem)
{
    for (int neuron = 0; neuron < NEURONS; neuron++) {
        network->weights[neuron] = (uint8_t)(next_random() & problem->lane_bits[neuron & 1]);
        network->thresholds[neuron] = (uint8_t)random_below(10);
    }
}

/* One random change to one neuron: a weight bit flipped (when its byte
 * carries input bits) or its threshold moved by one within 0..9. */
static void random_change(struct network *network, const struct problem *problem)
{
    int neuron = random_below(NEURONS);
    int lane_bits = problem->lane_bits[neuron & 1];
    if (lane_bits != 0 && random_below(4) != 0) {
        int width = 32 - __builtin_clz((unsigned)lane_bits);
        network->weights[neuron] ^= (uint8_t)(1u << random_below(width));
    } else if (network->thresholds[neuron] == 0 || (network->thresholds[neuron] < 9 && random_below(2))) {
        network->thresholds[neuron]++;
    } else {
        network->thresholds[neuron]--;
    }
}

/* One attempt from random weights; returns the number of moves it took
 * to reach error 0, or -1. */
static long anneal(struct walk *walk, const struct problem *problem)
{
    random_network(&walk->network, problem);
    count_votes(walk, problem);
    long error = total_error(walk, problem);
    for (long move = 0; move < MOVES_PER_ATTEMPT; move++) {
        if (error == 0)
            return move;
        double temperature = 2.0 * (1.0 - (double)move / MOVES_PER_ATTEMPT) + 0.05;
        struct walk candidate = *walk;
        random_change(&candidate.network, problem);
        count_votes(&candidate, problem);
        long candidate_error = total_error(&candidate, problem);
        long rise = candidate_error - error;
        if (rise <= 0 || random_unit() < exp(-(double)rise / temperature)) {
            *walk = candidate;
            error = candidate_error;
        }
    }
    return error == 0 ? MOVES_PER_ATTEMPT : -1;
}

/* The network's output on input x, computed neuron by neuron. */
static int network_output(const struct network *network, int x)
{
    int votes = 0;
    for (int neuron = 0; neuron < NEURONS; neuron++)
        votes += neuron_fires(network, neuron, (x >> (8 * (neuron & 1))) & 0xFF);
    return votes >= MAJORITY;
}

static int network_is_exact(const struct network *network, const struct problem *problem)
{
    for (int x = 0; x < 1 << problem->input_bits; x++)
        if (network_output(network, x) != problem->target[x])
            return 0;
    return 1;
}

/* The fallback: in each byte, weights on the between-squares' input bits
 * and threshold 1, so every neuron of a byte fires exactly when that
 * byte's between-squares are empty (32 votes when all are, at most 16
 * otherwise). */
static void construct_network(struct network *network, int between_bits)
{
    for (int neuron = 0; neuron < NEURONS; neuron++) {
        network->weights[neuron] = (uint8_t)(between_bits >> (8 * (neuron & 1)));
        network->thresholds[neuron] = 1;
    }
}

/* ---- The whole board. */

struct statistics {
    long networks, trained, constructed, attempts, moves;
};

static void build_problem(struct problem *problem, enum slider piece, int square, uint64_t gather, uint64_t target_bit)
{
    problem->input_bits = __builtin_popcountll(gather);
    int low = problem->input_bits < 8 ? problem->input_bits : 8;
    problem->lane_bits[0] = (uint8_t)((1u << low) - 1);
    problem->lane_bits[1] = (uint8_t)((1u << (problem->input_bits - low)) - 1);
    for (int x = 0; x < 1 << problem->input_bits; x++)
        problem->target[x] = (attacks(piece, square, deposit((uint64_t)x, gather)) & target_bit) != 0;
}

/* The input bits of the squares strictly between the slider and the
 * target (those whose occupancy hides it). */
static int between_bits(enum slider piece, int square, uint64_t gather, uint64_t target_bit)
{
    int bits = 0;
    for (int x = 0; x < __builtin_popcountll(gather); x++) {
        uint64_t one_blocker = deposit(1ULL << x, gather);
        if (!(attacks(piece, square, one_blocker) & target_bit))
            bits |= 1 << x;
    }
    return bits;
}

static void train_output(struct network *network, enum slider piece, int square, uint64_t gather, uint64_t target_bit,
                         struct statistics *statistics)
{
    static struct problem problem;
    static struct walk walk;
    build_problem(&problem, piece, square, gather, target_bit);
    random_state = MASTER_SEED ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(statistics->networks + 1));
    statistics->networks++;
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        statistics->attempts++;
        long moves = anneal(&walk, &problem);
        statistics->moves += moves < 0 ? MOVES_PER_ATTEMPT : moves;
        if (moves >= 0 && network_is_exact(&walk.network, &problem)) {
            *network = walk.network;
            statistics->trained++;
            return;
        }
    }
    construct_network(network, between_bits(piece, square, gather, target_bit));
    statistics->constructed++;
    if (!network_is_exact(network, &problem)) {
        fprintf(stderr, "bnn-train: the construction is not exact (square %d)\n", square);
        exit(1);
    }
}

static uint64_t pack_bytes(const uint8_t *bytes)
{
    uint64_t word = 0;
    for (int i = 7; i >= 0; i--)
        word = word << 8 | bytes[i];
    return word;
}

static void write_network(FILE *out, const struct network *network, int output)
{
    fprintf(out, "    /* output %2d */", output);
    for (int i = 0; i < NEURONS; i += 8)
        fprintf(out, " 0x%016llxULL,", (unsigned long long)pack_bytes(&network->weights[i]));
    fprintf(out, "\n                   ");
    for (int i = 0; i < NEURONS; i += 8)
        fprintf(out, " 0x%016llxULL,", (unsigned long long)pack_bytes(&network->thresholds[i]));
    fprintf(out, "\n");
}

static void train_slider(FILE *out, enum slider piece, struct statistics *statistics)
{
    static const char *names[2] = {"rook", "bishop"};
    long outputs = 0;
    for (int square = 0; square < SQUARES; square++)
        outputs += __builtin_popcountll(ray_squares(piece, square, 1));
    fprintf(out, "static alignas(32) const uint64_t bnn_%s_parameters[%ld * 8] = {\n", names[piece], outputs);
    for (int square = 0; square < SQUARES; square++) {
        uint64_t gather = ray_squares(piece, square, 0), scatter = ray_squares(piece, square, 1);
        fprintf(out, "    /* %c%d: %d inputs */\n", 'a' + (square & 7), 1 + (square >> 3),
                __builtin_popcountll(gather));
        int output = 0;
        for (uint64_t rest = scatter; rest != 0; rest &= rest - 1, output++) {
            struct network network;
            train_output(&network, piece, square, gather, rest & -rest, statistics);
            write_network(out, &network, output);
        }
        fprintf(stderr, "\r%s %2d/64", names[piece], square + 1);
    }
    fprintf(out, "};\n\n");
    fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
    FILE *body = tmpfile();
    if (argc > 2 || body == NULL) {
        fprintf(stderr, "usage: bnn-train [output header, default standard output]\n");
        return 2;
    }
    clock_t start = clock();
    struct statistics statistics = {0};
    train_slider(body, ROOK, &statistics);
    train_slider(body, BISHOP, &statistics);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;

    FILE *out = argc == 2 ? fopen(argv[1], "w") : stdout;
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out,
            "/* Generated by scripts/generators/bnn-train.c (scripts/generators/generate.sh binary-neural-network,\n"
            " * make generate); do not edit.\n"
            " * The weights and thresholds of the binary-neural-network backend, one\n"
            " * network per output bit: 4 words of weights then 4 words of thresholds,\n"
            " * byte i of word k belonging to neuron 8k + i (which reads input byte\n"
            " * i & 1).  Rooks then bishops, squares a1..h8, each square's output bits\n"
            " * in square order.  Seed 0x%016llx; %ld networks, %ld exact by training\n"
            " * (%ld attempts, %ld moves), %ld by the one-neuron construction; every\n"
            " * network checked on all its inputs.\n"
            " */\n\n",
            (unsigned long long)MASTER_SEED, statistics.networks, statistics.trained, statistics.attempts,
            statistics.moves, statistics.constructed);
    rewind(body);
    int c;
    while ((c = fgetc(body)) != EOF)
        fputc(c, out);
    fprintf(stderr, "%ld networks: %ld trained (%ld attempts, %ld moves), %ld constructed; %.1f s\n",
            statistics.networks, statistics.trained, statistics.attempts, statistics.moves, statistics.constructed,
            seconds);
    return out == stdout || fclose(out) == 0 ? 0 : 1;
}
