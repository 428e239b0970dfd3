/* The plain mex loop for the nim sequence of an octal game or Grundy's game, the baseline of
 * benches/takebreak.rs: the same loop as grundy's games::takebreak::sequence::plain_values
 * (every option of every heap visited, values marked with a stamp).
 *
 * Usage: takebreak_plain CODE N   (CODE: an octal code like 0.161, or "grundy")
 * Prints the FNV-1a 64 hash of G(0..N-1), each value as four little-endian bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s CODE N\n", argv[0]);
        return 2;
    }
    const char *code = argv[1];
    long n = atol(argv[2]);
    int whole[64], single[64], pair[64];
    int nwhole = 0, nsingle = 0, npair = 0, unequal = 0;
    if (strcmp(code, "grundy") == 0) {
        pair[npair++] = 0;
        unequal = 1;
    } else {
        const char *point = strchr(code, '.');
        if (!point) return 2;
        int d0 = point > code ? point[-1] - '0' : 0;
        if (d0 & 4) pair[npair++] = 0;
        for (int k = 1; point[k] && k < 64; k++) {
            int d = point[k] - '0';
            if (d & 1) whole[nwhole++] = k;
            if (d & 2) single[nsingle++] = k;
            if (d & 4) pair[npair++] = k;
        }
    }
    uint32_t *g = malloc(sizeof(uint32_t) * (size_t)n);
    size_t cap = 1 << 16;
    uint32_t *stamps = calloc(cap, sizeof(uint32_t));
    uint32_t stamp = 0;
    for (long heap = 0; heap < n; heap++) {
        stamp++;
        for (int i = 0; i < nwhole; i++)
            if (heap == whole[i]) stamps[0] = stamp;
        for (int i = 0; i < nsingle; i++)
            if (heap > single[i]) stamps[g[heap - single[i]]] = stamp;
        for (int i = 0; i < npair; i++) {
            long take = pair[i];
            if (heap < take + 2) continue;
            long sum = heap - take;
            long last = unequal ? (sum - 1) / 2 : sum / 2;
            for (long a = 1; a <= last; a++) stamps[g[a] ^ g[sum - a]] = stamp;
        }
        uint32_t v = 0;
        while (stamps[v] == stamp) v++;
        g[heap] = v;
    }
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (long i = 0; i < n; i++)
        for (int b = 0; b < 4; b++) {
            hash ^= (g[i] >> (8 * b)) & 0xff;
            hash *= 0x00000100000001b3ULL;
        }
    printf("%016llx\n", (unsigned long long)hash);
    free(g);
    free(stamps);
    return 0;
}
