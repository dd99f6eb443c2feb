/**
 * `npm run bench:web`: builds the site, serves it with the real server, then prints
 * - the bytes of /pageAccueil's HTML and headers, against what a new connection delivers in
 *   its first round trip;
 * - the JS and CSS bytes (gzip) that /pageAccueil loads, and the JS the contact form adds
 *   when the visitor reaches it;
 * - the median of RUNS Lighthouse mobile runs per public route (each French page followed by
 *   its Arabic twin, /ar/…), measured both ways: by
 *   Lighthouse's simulation (a load without throttling, replayed as slow 4G with a 4× slower
 *   CPU) and with that throttling applied while the page loads (DevTools throttling, as a
 *   visitor's phone would get it): the four scores, FCP, LCP, TBT and CLS, and FCP and LCP as
 *   a ratio to a bare page (one heading, one paragraph) served by the same server and
 *   measured the same way in the same run;
 * - the machine's load average before and after, since other work on it skews the figures.
 * Chromium comes from CHROMIUM_PATH or /usr/bin/chromium. Options (environment):
 * BENCH_RUNS (3), BENCH_ROUTES (some public routes, comma-separated: all by default),
 * BENCH_METHODS (simulate,devtools by default),
 * BENCH_REPORTS (a folder where each Lighthouse report is written as JSON, to read what
 * delays the first paint), BENCH_SKIP_BUILD (measure dist/web as it is).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { localizedPath, PUBLIC_ROUTES } from '../shared/domain/routes.ts';
import { loadLighthouse } from './bench-tools.ts';
import { buildSite } from './build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const { lighthouse, launchChrome } = await loadLighthouse();

const PORT = Number(process.env.BENCH_PORT ?? 4599);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASE = `http://127.0.0.1:${PORT}`;
// Each public page, then its Arabic twin beside it.
const ALL_PAGES = PUBLIC_ROUTES.flatMap((route) => [route, localizedPath(route, 'ar')]);
const ROUTES = process.env.BENCH_ROUTES
  ? ALL_PAGES.filter((route) => process.env.BENCH_ROUTES?.split(',').includes(route))
  : ALL_PAGES;
const REPORTS_DIR = process.env.BENCH_REPORTS;
/** Lighthouse's two ways of slowing a page down, both with its slow 4G and 4× CPU settings. */
const METHODS = (process.env.BENCH_METHODS ?? 'simulate,devtools')
  .split(',')
  .filter((method): method is ThrottlingMethod => method === 'simulate' || method === 'devtools');
type ThrottlingMethod = 'simulate' | 'devtools';
const METHOD_NAMES: Record<ThrottlingMethod, string> = {
  simulate: 'simulé',
  devtools: 'appliqué',
};
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const BUDGET = { jsKb: 80, cssKb: 30, score: 98, lcpRatio: 1.6, tbtMs: 100, cls: 0.02 };
/**
 * What a new connection delivers in its first round trip: TCP's initial window of 10
 * segments of 1,460 bytes (as Lighthouse simulates it). What passes it arrives one round
 * trip later (150 ms on a slow 4G link); the head, and the banner it asks for, come first.
 */
const FIRST_WINDOW_BYTES = 10 * 1460;

const webDir = path.resolve(import.meta.dirname, '../dist/web');
const BARE_FILE = 'bench-bare.html';
const BARE_PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Page nue servie par le même serveur, pour comparer." />
    <title>Page nue</title>
  </head>
  <body>
    <h1>Une page nue</h1>
    <p>Un titre et un paragraphe, servis comme les pages du site : la limite physique du réseau.</p>
  </body>
</html>
`;

/** The median of the runs that gave a figure (a failed Lighthouse audit gives NaN). */
function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** The bare page, with the compressed copies the build writes for every page. */
async function writeBarePage() {
  const file = path.join(webDir, BARE_FILE);
  await writeFile(file, BARE_PAGE);
  await writeFile(`${file}.br`, brotliCompressSync(BARE_PAGE));
  await writeFile(`${file}.gz`, gzipSync(BARE_PAGE, { level: 9 }));
  return () =>
    Promise.all([file, `${file}.br`, `${file}.gz`].map((name) => rm(name, { force: true }))).then(
      () => undefined,
    );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'agence-bench-'));

async function startServer() {
  const server = spawn(process.execPath, ['src-server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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

interface Weight {
  /** The HTML as sent (Brotli) and its response headers. */
  html: number;
  htmlHeaders: number;
  js: number;
  css: number;
  inlineCss: number;
  formJs: number;
  formCss: number;
  files: string[];
}

/**
 * Bytes (gzip) of every script and style sheet the home page loads, of the CSS written in
 * the page itself, then of the scripts that come when the visitor scrolls to the form.
 */
async function homeWeight(): Promise<Weight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const sizes: Weight = {
    html: 0,
    htmlHeaders: 0,
    js: 0,
    css: 0,
    inlineCss: 0,
    formJs: 0,
    formCss: 0,
    files: [],
  };
  let formReached = false;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const gz = gzipSync(body, { level: 9 }).length;
        if (type === 'script' && formReached) sizes.formJs += gz;
        else if (type === 'script') sizes.js += gz;
        else if (formReached) sizes.formCss += gz;
        else sizes.css += gz;
        const name = path.basename(new URL(response.url()).pathname);
        sizes.files.push(
          `${name} ${(gz / 1024).toFixed(1)} kB${formReached ? ' (formulaire)' : ''}`,
        );
      }),
    );
  });
  const home = await page.goto(`${BASE}/pageAccueil`, { waitUntil: 'networkidle' });
  const sent = await home?.request().sizes();
  sizes.html = sent?.responseBodySize ?? Number.NaN;
  sizes.htmlHeaders = sent?.responseHeadersSize ?? Number.NaN;
  await Promise.all(pending);
  const inline = (await page.locator('style').allTextContents()).join('');
  sizes.inlineCss = gzipSync(inline, { level: 9 }).length;
  formReached = true;
  await page.getByPlaceholder('Nom complet').scrollIntoViewIfNeeded();
  await page.getByPlaceholder('Nom complet').focus();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  await browser.close();
  return sizes;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseRun(
  url: string,
  port: number,
  method: ThrottlingMethod,
): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // Lighthouse's default throttling (slow 4G: 150 ms, 1.6 Mbit/s; CPU 4× slower), either
    // simulated after an unthrottled load or applied by DevTools during the load.
    throttlingMethod: method,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse n’a rien rendu pour ${url}`);
  if (REPORTS_DIR) {
    const name = `${path.basename(new URL(url).pathname, '.html')}-${method}-${Date.now()}.json`;
    await mkdir(REPORTS_DIR, { recursive: true });
    await writeFile(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  // A run whose trace failed (NO_NAVSTART on a loaded machine) scores null: it gives no figure
  // rather than a 0 that would drag the median down.
  const score = (id: string) => {
    const value = categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

/** Failed runs (Lighthouse's own advice is to run again), per page, for the summary. */
const failedRuns = new Map<string, number>();

/**
 * The median of RUNS runs that gave their figures. A run whose trace failed is run again, up
 * to RUNS more times: without that, a median of 3 silently became the higher of 2.
 */
async function medianRun(url: string, port: number, method: ThrottlingMethod): Promise<RunFigures> {
  const runs: RunFigures[] = [];
  let failed = 0;
  while (runs.length < RUNS && failed < RUNS) {
    const run = await lighthouseRun(url, port, method);
    if (Object.values(run).some((value) => Number.isNaN(value))) failed += 1;
    else runs.push(run);
  }
  if (failed > 0) failedRuns.set(`${new URL(url).pathname} (${METHOD_NAMES[method]})`, failed);
  const m = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!process.env.BENCH_SKIP_BUILD) await buildSite();
const loadBefore = load();
const removeBarePage = await writeBarePage();
const server = await startServer();
try {
  const weight = await homeWeight();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const htmlBytes = weight.html + weight.htmlHeaders;
  const htmlOk = htmlBytes <= FIRST_WINDOW_BYTES;
  console.log(
    `\n/pageAccueil — HTML ${weight.html} o (Brotli) + en-têtes ${weight.htmlHeaders} o = ${htmlBytes} o : ${htmlOk ? `dans la première fenêtre TCP (${FIRST_WINDOW_BYTES} o)` : `${htmlBytes - FIRST_WINDOW_BYTES} o au-delà de la première fenêtre TCP (${FIRST_WINDOW_BYTES} o), la fin de la page arrive un aller-retour plus tard`}`,
  );
  console.log('/pageAccueil — octets chargés (gzip) :');
  for (const file of weight.files) console.log(`  ${file}`);
  const jsOk = weight.js / 1024 <= BUDGET.jsKb;
  const cssOk = (weight.css + weight.inlineCss) / 1024 <= BUDGET.cssKb;
  console.log(
    `  JS au chargement ${kb(weight.js)} kB (budget ≤ ${BUDGET.jsKb} kB) ${jsOk ? 'OK' : 'DÉPASSÉ'}`,
  );
  console.log(
    `  CSS ${kb(weight.inlineCss)} kB dans la page + ${kb(weight.css)} kB en fichiers (budget ≤ ${BUDGET.cssKb} kB) ${cssOk ? 'OK' : 'DÉPASSÉ'}`,
  );
  console.log(
    `  Quand on atteint le formulaire : JS ${kb(weight.formJs)} kB, CSS ${kb(weight.formCss)} kB`,
  );

  const chrome = await launchChrome({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const rows: string[] = [];
  // The first window is a means, not a goal: it is kept only while what fills it serves the
  // visitor more than the round trip it saves (a menu that opens at the first tap does).
  let allGood = jsOk && cssOk;
  try {
    // Each way of measuring in its own series, the bare page first: its figures are the
    // reference for that way only.
    for (const method of METHODS) {
      const name = METHOD_NAMES[method];
      const bare = await medianRun(`${BASE}/${BARE_FILE}`, chrome.port, method);
      rows.push(
        `| page nue | ${name} | ${bare.performance} | ${bare.accessibility} | ${bare.bestPractices} | ${bare.seo} | ${seconds(bare.fcp)} | ${seconds(bare.lcp)} | 1,00× | ${Math.round(bare.tbt)} ms | ${bare.cls.toFixed(3)} |`,
      );
      for (const route of ROUTES) {
        const figures = await medianRun(`${BASE}${route}`, chrome.port, method);
        const ratio = figures.lcp / bare.lcp;
        const good =
          [figures.performance, figures.accessibility, figures.bestPractices, figures.seo].every(
            (score) => score >= BUDGET.score,
          ) &&
          ratio <= BUDGET.lcpRatio &&
          figures.tbt <= BUDGET.tbtMs &&
          figures.cls <= BUDGET.cls;
        allGood &&= good;
        rows.push(
          `| ${route} | ${name} | ${figures.performance} | ${figures.accessibility} | ${figures.bestPractices} | ${figures.seo} | ${seconds(figures.fcp)} (${(figures.fcp / bare.fcp).toFixed(2)}×) | ${seconds(figures.lcp)} | ${ratio.toFixed(2)}× | ${Math.round(figures.tbt)} ms | ${figures.cls.toFixed(3)} |${good ? '' : ' ✗'}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  console.log(
    `\nLighthouse mobile (4G lente, processeur 4× plus lent), simulé et appliqué, médiane de ${RUNS} passages ; rapports à la page nue mesurée de la même façon (objectifs : scores ≥ ${BUDGET.score}, LCP ≤ ${BUDGET.lcpRatio}×, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}) :\n`,
  );
  console.log(
    '| Page | Ralentissement | Performance | Accessibilité | Bonnes pratiques | SEO | FCP | LCP | LCP / page nue | TBT | CLS |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  for (const [page, failed] of failedRuns) {
    console.log(
      `${page.replace(`/${BARE_FILE}`, 'page nue')} : ${failed} passage${failed > 1 ? 's' : ''} sans mesure (trace ratée), relancé${failed > 1 ? 's' : ''}.`,
    );
  }
  console.log(`\nCharge de la machine (1, 5, 15 min) : ${loadBefore} avant, ${load()} après.`);
  console.log(
    `${allGood ? 'Tous les objectifs sont atteints.' : 'Objectifs non atteints (✗ ci-dessus).'}`,
  );
} finally {
  server.kill();
  await removeBarePage();
  await rm(dataDir, { recursive: true, force: true });
}
