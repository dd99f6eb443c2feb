/**
 * The benchmark tools, from bench/: their own package.json, installed by
 * `node scripts/setup.mjs --bench` on a benchmark's first run rather than by every `npm ci`
 * (they are 170 packages, Lighthouse's alone about 125 MB, that neither the product nor its
 * tests use). They are loaded from there by path, and typed here by the part the benchmarks
 * use, so that the benchmarks type-check without them installed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const benchRequire = createRequire(path.resolve(import.meta.dirname, '../bench/package.json'));

async function loadModule(name: string): Promise<unknown> {
  let file: string;
  try {
    file = benchRequire.resolve(name);
  } catch {
    throw new Error(
      `${name} manque dans bench/ : lancez le banc d’essai par npm run (bench:web, bench:server), qui l’installe.`,
    );
  }
  return import(pathToFileURL(file).href);
}

/** What a Lighthouse run reports, as far as bench-web reads it. */
export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
  };
}

export type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error' | 'silent';
    throttlingMethod?: 'simulate' | 'devtools';
    onlyCategories: string[];
  },
) => Promise<LighthouseResult | undefined>;

export interface LaunchedChrome {
  port: number;
  kill(): void;
}

export type LaunchChrome = (options: {
  chromePath: string;
  chromeFlags: string[];
}) => Promise<LaunchedChrome>;

export async function loadLighthouse(): Promise<{
  lighthouse: Lighthouse;
  launchChrome: LaunchChrome;
}> {
  const lighthouseModule = (await loadModule('lighthouse')) as { default: Lighthouse };
  const launcher = (await loadModule('chrome-launcher')) as { launch: LaunchChrome };
  return { lighthouse: lighthouseModule.default, launchChrome: launcher.launch };
}

/** What autocannon reports, as far as bench-server reads it. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export type Autocannon = (options: {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

export async function loadAutocannon(): Promise<Autocannon> {
  const autocannonModule = (await loadModule('autocannon')) as { default: Autocannon };
  return autocannonModule.default;
}
