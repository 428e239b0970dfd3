/* Retrograde analysis of an explicit graph with cycles, written plainly in C: the baseline
 * of benches/loopy.rs. The same algorithm as grundy's loopy::retrograde::solve, on the same
 * graph:
 *
 * - the graph is generated here as the bench generates it: N positions; for position u,
 *   r = next(); it has no move when r % ONE_IN == 0, else 1 + (r / ONE_IN) % MAX_MOVES
 *   moves, each to position next() % N, in that order, with next() the splitmix64 sequence
 *   from SEED; it is held in compressed sparse rows (offsets and targets, 32 bits each);
 * - one run (what is timed, REPS times): the predecessors laid out the same way (counted,
 *   summed, filled), a counter of unsettled moves per position beside its result
 *   (remoteness, or 0xffffffff for a draw), a queue of settled positions, and the results
 *   copied out at the end; positions without a move
 *   are lost in 0 (normal play); a lost position makes its unsettled predecessors won in
 *   one more, a won one takes one off their counters and a counter at zero makes its
 *   position lost in one more.
 *
 * Usage: loopy_retrograde N SEED ONE_IN MAX_MOVES REPS
 * Prints one line: HASH WINS LOSSES DRAWS NANOSECONDS, HASH the FNV-1a 64 of the results
 * (each as four little-endian bytes, as bench_support::Fnv), NANOSECONDS the wall-clock time
 * of all REPS runs (allocations included, generation not). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DRAW 0xffffffffu

static uint64_t state;

static uint64_t next(void) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void *allocate(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

/* One retrograde analysis of the graph (n positions, offsets, targets) into result. Each
 * position's result and its count of unsettled moves sit side by side, as in grundy. */
typedef struct {
    uint32_t result;
    uint32_t unsettled;
} Slot;

static void solve(uint32_t n, const uint32_t *offsets, const uint32_t *targets, uint32_t *result) {
    uint32_t moves = offsets[n];
    uint32_t *roffsets = calloc((size_t)n + 1, sizeof(uint32_t));
    uint32_t *sources = allocate((size_t)moves * sizeof(uint32_t));
    Slot *slots = allocate((size_t)n * sizeof(Slot));
    uint32_t *queue = allocate((size_t)n * sizeof(uint32_t));
    if (!roffsets) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (uint32_t e = 0; e < moves; e++) roffsets[targets[e] + 1]++;
    for (uint32_t u = 1; u <= n; u++) roffsets[u] += roffsets[u - 1];
    for (uint32_t u = 0; u < n; u++)
        for (uint32_t e = offsets[u]; e < offsets[u + 1]; e++) sources[roffsets[targets[e]]++] = u;
    for (uint32_t u = n; u > 0; u--) roffsets[u] = roffsets[u - 1];
    roffsets[0] = 0;
    uint32_t tail = 0;
    for (uint32_t u = 0; u < n; u++) {
        slots[u].unsettled = offsets[u + 1] - offsets[u];
        if (slots[u].unsettled == 0) {
            slots[u].result = 0;
            queue[tail++] = u;
        } else {
            slots[u].result = DRAW;
        }
    }
    for (uint32_t head = 0; head < tail; head++) {
        uint32_t v = queue[head];
        uint32_t after = slots[v].result;
        int lost = (after & 1) == 0;
        for (uint32_t e = roffsets[v]; e < roffsets[v + 1]; e++) {
            Slot *p = &slots[sources[e]];
            if (p->result != DRAW) continue;
            if (!lost && --p->unsettled != 0) continue;
            p->result = after + 1;
            queue[tail++] = sources[e];
        }
    }
    for (uint32_t u = 0; u < n; u++) result[u] = slots[u].result;
    free(roffsets);
    free(sources);
    free(slots);
    free(queue);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s N SEED ONE_IN MAX_MOVES REPS\n", argv[0]);
        return 2;
    }
    uint32_t n = (uint32_t)strtoul(argv[1], NULL, 10);
    state = strtoull(argv[2], NULL, 10);
    uint64_t one_in = strtoull(argv[3], NULL, 10);
    uint64_t max_moves = strtoull(argv[4], NULL, 10);
    long reps = atol(argv[5]);
    if (one_in == 0 || max_moves == 0) {
        fprintf(stderr, "ONE_IN and MAX_MOVES are at least 1\n");
        return 2;
    }
    uint32_t *offsets = allocate(((size_t)n + 1) * sizeof(uint32_t));
    size_t capacity = (size_t)n * 2 + 16, moves = 0;
    uint32_t *targets = allocate(capacity * sizeof(uint32_t));
    offsets[0] = 0;
    for (uint32_t u = 0; u < n; u++) {
        uint64_t r = next();
        uint64_t count = r % one_in == 0 ? 0 : 1 + (r / one_in) % max_moves;
        for (uint64_t k = 0; k < count; k++) {
            if (moves == capacity) {
                capacity *= 2;
                targets = realloc(targets, capacity * sizeof(uint32_t));
                if (!targets) {
                    fprintf(stderr, "out of memory\n");
                    return 1;
                }
            }
            targets[moves++] = (uint32_t)(next() % n);
        }
        offsets[u + 1] = (uint32_t)moves;
    }
    uint32_t *result = allocate((size_t)n * sizeof(uint32_t));
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long rep = 0; rep < reps; rep++) solve(n, offsets, targets, result);
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    uint64_t hash = 0xcbf29ce484222325ULL;
    size_t wins = 0, losses = 0, draws = 0;
    for (uint32_t u = 0; u < n; u++) {
        uint32_t r = result[u];
        for (int b = 0; b < 4; b++) {
            hash ^= (r >> (8 * b)) & 0xff;
            hash *= 0x100000001b3ULL;
        }
        if (r == DRAW) draws++;
        else if (r & 1) wins++;
        else losses++;
    }
    printf("%016llx %zu %zu %zu %lld\n", (unsigned long long)hash, wins, losses, draws, ns);
    free(offsets);
    free(targets);
    free(result);
    return 0;
}
