package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of a heap under an octal take-and-break code such as 0.77 (Kayles) or 0.137
 * (Dawson's chess): the one tie of the reference misère solver to the rest of its program,
 * written again for the timing harness (crates/lab/scripts/misere-reference.sh).
 *
 * Digit k of the code says what removing k tokens may leave: bit 1 nothing, bit 2 one
 * heap, bit 4 two nonempty heaps.
 */
public final class HeapRuleset {
    private final String code;
    /** digits[k]: the digit of removing k tokens (digits[0] unused). */
    private final int[] digits;

    public HeapRuleset(String code) {
        if (!code.startsWith("0.")) {
            throw new IllegalArgumentException("an octal code 0.ddd is expected: " + code);
        }
        this.code = code;
        String tail = code.substring(2);
        digits = new int[tail.length() + 1];
        for (int k = 1; k <= tail.length(); k++) {
            digits[k] = Character.digit(tail.charAt(k - 1), 8);
            if (digits[k] < 0) {
                throw new IllegalArgumentException("not an octal digit in " + code);
            }
        }
    }

    /** Every option of a heap of {@code heap} tokens, as the heaps it leaves. */
    public List<int[]> options(int heap) {
        List<int[]> options = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= heap; k++) {
            int rest = heap - k;
            if ((digits[k] & 1) != 0 && rest == 0) {
                options.add(new int[0]);
            }
            if ((digits[k] & 2) != 0 && rest > 0) {
                options.add(new int[] {rest});
            }
            if ((digits[k] & 4) != 0) {
                for (int a = 1; 2 * a <= rest; a++) {
                    options.add(new int[] {a, rest - a});
                }
            }
        }
        return options;
    }

    @Override
    public String toString() {
        return code;
    }
}
