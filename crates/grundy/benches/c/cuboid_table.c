/*
 * The cuboid Grundy table in plain C: the baseline of `cargo bench -p grundy --bench
 * cuboid_c`. One thread, the recurrence g(x, y, z) = mex of the XOR of the eight pieces'
 * values over every unit cube, with the obvious optimisations: only sorted cuboids
 * a <= b <= c are computed (rotations give the same game), only cuts in the lower half of
 * each side are examined (mirror cuts give the same pieces), the four rows of values along
 * the third side are found once per (i, j), and the options are marked with a stamp per
 * cuboid so the marks are never cleared.
 *
 * Usage: cuboid_table N (1 <= N <= 128). Prints the FNV-1a 64-bit hash of the values of the
 * sorted cuboids 1 <= x <= y <= z <= N in lexicographic order, each as 4 little-endian
 * bytes, so the caller can check the values equal grundy's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MARKS (1u << 16)

int main(int argc, char **argv) {
    int n = argc == 2 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 128) {
        fprintf(stderr, "usage: cuboid_table N (1 to 128)\n");
        return 2;
    }
    size_t s = (size_t)n + 1;
    uint32_t *g = calloc(s * s * s, sizeof *g);
    uint32_t *stamp = calloc(MARKS, sizeof *stamp);
    if (!g || !stamp) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    uint32_t now = 0;
    for (int a = 1; a <= n; a++) {
        for (int b = a; b <= n; b++) {
            for (int c = b; c <= n; c++) {
                now++;
                for (int i = 0; i < (a + 1) / 2; i++) {
                    int i2 = a - 1 - i;
                    for (int j = 0; j < (b + 1) / 2; j++) {
                        int j2 = b - 1 - j;
                        const uint32_t *p00 = g + ((size_t)i * s + j) * s;
                        const uint32_t *p01 = g + ((size_t)i * s + j2) * s;
                        const uint32_t *p10 = g + ((size_t)i2 * s + j) * s;
                        const uint32_t *p11 = g + ((size_t)i2 * s + j2) * s;
                        for (int k = 0; k < (c + 1) / 2; k++) {
                            int k2 = c - 1 - k;
                            uint32_t v = p00[k] ^ p00[k2] ^ p01[k] ^ p01[k2] ^ p10[k] ^
                                         p10[k2] ^ p11[k] ^ p11[k2];
                            if (v >= MARKS) {
                                fprintf(stderr, "value %u beyond the marks\n", v);
                                return 1;
                            }
                            stamp[v] = now;
                        }
                    }
                }
                uint32_t m = 0;
                while (m < MARKS && stamp[m] == now)
                    m++;
                size_t x = a, y = b, z = c;
                g[(x * s + y) * s + z] = m;
                g[(x * s + z) * s + y] = m;
                g[(y * s + x) * s + z] = m;
                g[(y * s + z) * s + x] = m;
                g[(z * s + x) * s + y] = m;
                g[(z * s + y) * s + x] = m;
            }
        }
    }
    uint64_t hash = 0xcbf29ce484222325ull;
    for (size_t x = 1; x <= (size_t)n; x++)
        for (size_t y = x; y <= (size_t)n; y++)
            for (size_t z = y; z <= (size_t)n; z++) {
                uint32_t v = g[(x * s + y) * s + z];
                for (int byte = 0; byte < 4; byte++) {
                    hash ^= (v >> (8 * byte)) & 0xff;
                    hash *= 0x100000001b3ull;
                }
            }
    printf("%016llx\n", (unsigned long long)hash);
    free(g);
    free(stamp);
    return 0;
}
