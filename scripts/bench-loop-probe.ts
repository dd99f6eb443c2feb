/**
 * Loaded into the server by `npm run bench:server` (`node --import ./scripts/bench-loop-probe.ts
 * src-server/server.ts`, with an IPC channel): it watches the server's own event loop from its
 * first instant and, asked `'read'`, answers the longest block since the last reading
 * (perf_hooks.monitorEventLoopDelay), each block over BLOCK_MS with when it ended (ms since the
 * process began), and the process's RSS. Never part of the server itself.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const TICK_MS = 10;
const BLOCK_MS = 50;

export interface LoopReading {
  maxMs: number;
  blocks: { endedAtMs: number; ms: number }[];
  rssKiB: number;
}

const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
histogram.enable();
let blocks: LoopReading['blocks'] = [];
let last = performance.now();
// monitorEventLoopDelay gives the longest delay; this says when each long one happened.
setInterval(() => {
  const now = performance.now();
  const late = now - last - TICK_MS;
  if (late > BLOCK_MS) blocks.push({ endedAtMs: Math.round(now), ms: Math.round(late) });
  last = now;
}, TICK_MS).unref();

process.on('message', (message) => {
  if (message !== 'read') return;
  const reading: LoopReading = {
    // The histogram samples from its first tick; the interval saw the blocks before it too.
    maxMs: Math.max(histogram.max / 1e6 - TICK_MS, ...blocks.map((block) => block.ms), 0),
    blocks,
    rssKiB: Math.round(process.memoryUsage.rss() / 1024),
  };
  blocks = [];
  histogram.reset();
  process.send?.(reading);
});
process.channel?.unref();
