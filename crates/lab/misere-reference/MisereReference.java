package org.cgsuite.core.misere.solver;

/**
 * Runs the reference misère solver on heaps 1 to N of an octal game and prints the order
 * of the quotient after each heap and the final order and P-portion size, in the words
 * grundy's --json uses: {@code java MisereReference 0.77 200}. The solver's own command
 * line stops at the first proved period; this one goes to N like grundy misere-quotient.
 */
public final class MisereReference {
    private MisereReference() {}

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: MisereReference CODE HEAPS");
            System.exit(2);
        }
        HeapRuleset rules = new HeapRuleset(args[0]);
        int heaps = Integer.parseInt(args[1]);
        MisereSolver solver = new MisereSolver(rules);
        StringBuilder orders = new StringBuilder("1");
        while (solver.p.prefn.size() <= heaps) {
            solver.next();
            orders.append(' ').append(solver.p.quotient.monoid.size());
        }
        System.out.println("order " + solver.p.quotient.monoid.size()
            + " p_portion " + solver.p.quotient.pPortionSize());
        System.out.println("orders " + orders);
    }
}
