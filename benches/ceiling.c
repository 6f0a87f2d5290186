/*
 * What two cores of this machine give two streams of plain arithmetic, with no program of
 * ours in the way: the ceiling that arbiter's two jobs are measured against (the performance
 * page, "Where two jobs stop").
 *
 *   ceiling chains N   eight independent chains of additions, N steps: as much arithmetic
 *                      at once as a core can do (like Cheesy Chess's rows of bits)
 *   ceiling chain N    one chain of multiplications, N steps: each waits on the one before,
 *                      so a core's units are mostly idle
 *
 * Whole against two halves at once, in turn:
 *
 *   cc -O2 benches/ceiling.c -o /tmp/ceiling
 *   python3 benches/in_turn.py 61 "/tmp/ceiling chains 20000000" \
 *       "/tmp/ceiling chains 10000000 & /tmp/ceiling chains 10000000" \
 *       "/tmp/ceiling chain 20000000" "/tmp/ceiling chain 10000000 & /tmp/ceiling chain 10000000"
 *
 * On two cores that share nothing both pairs run about twice as fast as the whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long chains(long steps) {
    unsigned long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
    for (long i = 0; i < steps; i++) {
        a += b ^ i; b += c ^ a; c += d ^ i; d += e ^ c;
        e += f ^ i; f += g ^ e; g += h ^ i; h += a ^ g;
        /* Keeps the compiler from folding the loop away. */
        __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
    }
    return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
}

static unsigned long chain(long steps) {
    unsigned long x = 1;
    for (long i = 0; i < steps; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        x ^= x >> 17;
    }
    return x;
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "chains") != 0 && strcmp(argv[1], "chain") != 0)) {
        fprintf(stderr, "usage: ceiling chains|chain STEPS\n");
        return 2;
    }
    long steps = atol(argv[2]);
    unsigned long result = strcmp(argv[1], "chains") == 0 ? chains(steps) : chain(steps);
    /* One bit of the result, so that the work is needed. */
    printf("%lu\n", result & 1);
    return 0;
}
