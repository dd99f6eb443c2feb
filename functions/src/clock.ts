/**
 * The functions' time, in milliseconds since 1970: every function takes it from the clock it
 * is given, never from the machine directly, so that a test's entry can give its own (the
 * document `testClock/now`, tests/firebase/functions-with-quote-clock.ts) and the decisions of
 * shared/domain see the same instant throughout a call.
 */
export type FunctionClock = () => Promise<number>;

/** The machine's clock: the one deployed. */
export const systemClock: FunctionClock = () => Promise.resolve(Date.now());
