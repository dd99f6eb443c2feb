/** Milliseconds since the epoch; injectable so that tests can move time forward. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
