/**
 * `npm run bench:web`: builds the site, serves it with the real server, then prints
 * - the JS and CSS bytes (gzip) that /pageAccueil loads, against the budgets;
 * - the median of 3 Lighthouse mobile runs per public route (scores, LCP, TBT, CLS).
 * Chromium comes from CHROMIUM_PATH or /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { PUBLIC_ROUTES } from '../shared/domain/routes.ts';
import { buildSite } from './build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4599);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const BUDGET = { jsKb: 100, cssKb: 30, score: 95, cls: 0.02 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startServer() {
  const server = spawn(process.execPath, ['src-server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agence-bench-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/pageAccueil`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('Le serveur ne répond pas.');
}

/** Bytes of every script and style sheet the home page loads, gzip-compressed. */
async function homeWeight() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const sizes = { js: 0, css: 0, files: [] as string[] };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body();
    const gz = gzipSync(body, { level: 9 }).length;
    if (type === 'script') sizes.js += gz;
    else sizes.css += gz;
    sizes.files.push(
      `${path.basename(new URL(response.url()).pathname)} ${(gz / 1024).toFixed(1)} kB`,
    );
  });
  await page.goto(`${BASE}/pageAccueil`, { waitUntil: 'networkidle' });
  await browser.close();
  return sizes;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseRun(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse n’a rien rendu pour ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

await buildSite();
const server = await startServer();
try {
  const weight = await homeWeight();
  const jsKb = weight.js / 1024;
  const cssKb = weight.css / 1024;
  console.log('\n/pageAccueil — octets chargés (gzip) :');
  for (const file of weight.files) console.log(`  ${file}`);
  console.log(
    `  JS  ${jsKb.toFixed(1)} kB (budget ≤ ${BUDGET.jsKb} kB) ${jsKb <= BUDGET.jsKb ? 'OK' : 'DÉPASSÉ'}`,
  );
  console.log(
    `  CSS ${cssKb.toFixed(1)} kB (budget ≤ ${BUDGET.cssKb} kB) ${cssKb <= BUDGET.cssKb ? 'OK' : 'DÉPASSÉ'}`,
  );

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const rows: string[] = [];
  let allGood = jsKb <= BUDGET.jsKb && cssKb <= BUDGET.cssKb;
  try {
    for (const route of PUBLIC_ROUTES) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await lighthouseRun(`${BASE}${route}`, chrome.port));
      const m = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
      const figures = {
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
      };
      const good =
        [figures.performance, figures.accessibility, figures.bestPractices, figures.seo].every(
          (score) => score >= BUDGET.score,
        ) && figures.cls <= BUDGET.cls;
      allGood &&= good;
      rows.push(
        `| ${route} | ${figures.performance} | ${figures.accessibility} | ${figures.bestPractices} | ${figures.seo} | ${(figures.lcp / 1000).toFixed(2)} s | ${Math.round(figures.tbt)} ms | ${figures.cls.toFixed(3)} |${good ? '' : ' ✗'}`,
      );
    }
  } finally {
    chrome.kill();
  }
  console.log(`\nLighthouse mobile, médiane de ${RUNS} passages :\n`);
  console.log('| Route | Performance | Accessibilité | Bonnes pratiques | SEO | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    `\n${allGood ? 'Tous les objectifs sont atteints.' : 'Objectifs non atteints (✗ ci-dessus).'}`,
  );
} finally {
  server.kill();
}
