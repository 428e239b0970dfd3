package org.cgsuite.core.misere.solver;

/** Thrown by the solver when its thread is interrupted; never here (no time limit). */
class TimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;
}
