/* The exact misère search of a sum of heaps of an octal game, written plainly in C: the
 * baseline of benches/misere_heap_search.rs. The same algorithm as grundy's
 * misere_play::heap_search: every position reachable from the sum valued once, memoised on
 * its heaps sorted (heaps without a move dropped), each with whether the player to move
 * wins under misère play and its remoteness (the winner wins as fast as possible, the loser
 * lasts as long as possible; a position without a move is won by the player to move, in 0).
 * The options of each heap size are listed once into a flat table. The memo is an
 * open-addressing hash table of fixed-size keys (up to MAX_HEAPS heaps of at most 255
 * tokens, one byte each); the search is a depth-first recursion.
 *
 * Usage: misere_heaps CODE REPS HEAP...   (CODE: an octal code like 0.137)
 * Runs the search REPS times from nothing known and prints one line:
 *   WINS REMOTENESS POSITIONS NANOSECONDS
 * (WINS 1 or 0 for the player to move; NANOSECONDS the wall-clock time of all REPS searches, as criterion measures,
 * the table of options included). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_HEAPS 40
#define MAX_SIZE 255

typedef struct {
    uint8_t n;
    uint8_t h[MAX_HEAPS];
} Key;

typedef struct {
    Key key;
    uint8_t used;
    uint8_t wins;
    uint32_t remoteness;
} Slot;

/* opt_left[h][o]: the heaps option o of heap h leaves (0 for none), larger first. */
static uint8_t opt_left[MAX_SIZE + 1][MAX_SIZE * 3][2];
static uint16_t opt_total[MAX_SIZE + 1];
static uint8_t has_move[MAX_SIZE + 1];

static Slot *table;
static size_t capacity, filled;

static uint64_t hash_key(const Key *k) {
    uint64_t h = 1469598103934665603ULL;
    h = (h ^ k->n) * 1099511628211ULL;
    for (int i = 0; i < k->n; i++) h = (h ^ k->h[i]) * 1099511628211ULL;
    return h;
}

static int same_key(const Key *a, const Key *b) {
    return a->n == b->n && memcmp(a->h, b->h, a->n) == 0;
}

static Slot *find_slot(const Key *k) {
    size_t mask = capacity - 1;
    size_t i = hash_key(k) & mask;
    while (table[i].used && !same_key(&table[i].key, k)) i = (i + 1) & mask;
    return &table[i];
}

static void grow(void) {
    Slot *old = table;
    size_t old_capacity = capacity;
    capacity *= 2;
    table = calloc(capacity, sizeof(Slot));
    if (!table) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].used) *find_slot(&old[i].key) = old[i];
    free(old);
}

/* Inserts heap value v into sorted key k (dropping heaps without a move). */
static void insert_heap(Key *k, uint8_t v) {
    if (!has_move[v]) return;
    int i = k->n;
    while (i > 0 && k->h[i - 1] > v) {
        k->h[i] = k->h[i - 1];
        i--;
    }
    k->h[i] = v;
    k->n++;
}

static void search(const Key *k, uint8_t *wins, uint32_t *remoteness) {
    Slot *slot = find_slot(k);
    if (slot->used) {
        *wins = slot->wins;
        *remoteness = slot->remoteness;
        return;
    }
    if (k->n + 1 > MAX_HEAPS) {
        fprintf(stderr, "too many heaps\n");
        exit(2);
    }
    int any_move = 0, win = 0;
    uint32_t fastest = UINT32_MAX, slowest = 0;
    for (int i = 0; i < k->n; i++) {
        if (i > 0 && k->h[i] == k->h[i - 1]) continue; /* the same heap size: the same moves */
        uint8_t heap = k->h[i];
        for (int o = 0; o < opt_total[heap]; o++) {
            Key next;
            next.n = 0;
            for (int j = 0; j < k->n; j++)
                if (j != i) next.h[next.n++] = k->h[j];
            uint8_t a = opt_left[heap][o][0], b = opt_left[heap][o][1];
            if (a) insert_heap(&next, a);
            if (b) insert_heap(&next, b);
            uint8_t after_wins;
            uint32_t after;
            search(&next, &after_wins, &after);
            any_move = 1;
            if (!after_wins) {
                win = 1;
                if (after < fastest) fastest = after;
            } else if (after > slowest) {
                slowest = after;
            }
        }
    }
    uint8_t w;
    uint32_t r;
    if (!any_move) {
        w = 1;
        r = 0;
    } else if (win) {
        w = 1;
        r = fastest + 1;
    } else {
        w = 0;
        r = slowest + 1;
    }
    if ((filled + 1) * 4 > capacity * 3) {
        grow();
    }
    slot = find_slot(k);
    slot->key = *k;
    slot->used = 1;
    slot->wins = w;
    slot->remoteness = r;
    filled++;
    *wins = w;
    *remoteness = r;
}

/* The options of an octal game: digit k's bit 1 removes k tokens leaving nothing (the heap
 * is exactly k), bit 2 leaves one heap, bit 4 two heaps (both non-empty). An option is kept
 * with its two heaps (0 for none), sorted, each distinct option once. */
static void list_options(const char *code, int largest) {
    const char *point = strchr(code, '.');
    if (!point) {
        fprintf(stderr, "not an octal code: %s\n", code);
        exit(2);
    }
    for (int heap = 0; heap <= largest; heap++) {
        opt_total[heap] = 0;
        for (int k = 1; point[k]; k++) {
            int d = point[k] - '0';
            if (heap < k) break;
            int rest = heap - k;
            int found[MAX_SIZE + 1][2];
            int nfound = 0;
            if ((d & 1) && rest == 0) {
                found[nfound][0] = 0;
                found[nfound][1] = 0;
                nfound++;
            }
            if ((d & 2) && rest > 0) {
                found[nfound][0] = rest;
                found[nfound][1] = 0;
                nfound++;
            }
            if (d & 4)
                for (int a = 1; a <= rest / 2; a++) {
                    found[nfound][0] = rest - a;
                    found[nfound][1] = a;
                    nfound++;
                }
            for (int f = 0; f < nfound; f++) {
                int dup = 0;
                for (int o = 0; o < opt_total[heap]; o++)
                    if (opt_left[heap][o][0] == found[f][0] && opt_left[heap][o][1] == found[f][1])
                        dup = 1;
                if (dup) continue;
                opt_left[heap][opt_total[heap]][0] = (uint8_t)found[f][0];
                opt_left[heap][opt_total[heap]][1] = (uint8_t)found[f][1];
                opt_total[heap]++;
            }
        }
        has_move[heap] = opt_total[heap] > 0;
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s CODE REPS HEAP...\n", argv[0]);
        return 2;
    }
    long reps = atol(argv[2]);
    int nheaps = argc - 3;
    if (nheaps > MAX_HEAPS / 2) {
        fprintf(stderr, "at most %d heaps\n", MAX_HEAPS / 2);
        return 2;
    }
    int heaps[MAX_HEAPS], largest = 0;
    for (int i = 0; i < nheaps; i++) {
        heaps[i] = atoi(argv[3 + i]);
        if (heaps[i] < 0 || heaps[i] > MAX_SIZE) {
            fprintf(stderr, "heaps are 0 to %d\n", MAX_SIZE);
            return 2;
        }
        if (heaps[i] > largest) largest = heaps[i];
    }
    uint8_t wins = 0;
    uint32_t remoteness = 0;
    size_t positions = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long rep = 0; rep < reps; rep++) {
        list_options(argv[1], largest);
        capacity = 1 << 16;
        filled = 0;
        table = calloc(capacity, sizeof(Slot));
        Key root;
        root.n = 0;
        for (int i = 0; i < nheaps; i++) insert_heap(&root, (uint8_t)heaps[i]);
        search(&root, &wins, &remoteness);
        positions = filled;
        free(table);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    printf("%d %u %zu %lld\n", wins, remoteness, positions, ns);
    return 0;
}
