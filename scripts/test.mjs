// `npm test`: every check, one phase after another, the first that fails stopping the run; at
// the end, whether it passed or not, each phase's time and the machine's load (docs/testing.md,
// « Durée »). Phases: the dependencies (scripts/setup.mjs), lint, types and build side by side
// (run-p), Vitest, Playwright. Arguments are none: for one part, use its own npm script.
//
// Plain JavaScript with no dependency, like scripts/setup.mjs, which it runs first.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const PHASES = [
  ['dépendances', process.execPath, ['scripts/setup.mjs', '--functions']],
  [
    'lint, types et construction',
    bin('run-p'),
    ['--aggregate-output', '--print-label', 'lint', 'typecheck', 'build:all'],
  ],
  ['Vitest', bin('vitest'), ['run']],
  ['Playwright', bin('playwright'), ['test']],
];

const load = () => loadavg()[0].toFixed(1);

/** « 3 min 07 s » */
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const rows = [];
// .ci/run says how long preparing the machine took (Node, Chromium, LibreOffice…).
const preparation = Number(process.env.CI_PREPARATION_SECONDS);
if (Number.isFinite(preparation) && process.env.CI_PREPARATION_SECONDS) {
  rows.push({ name: 'préparation de la machine (.ci/run)', ms: preparation * 1000, note: '' });
}
let status = 0;
const started = Date.now();
for (const [name, command, args] of PHASES) {
  const loadBefore = load();
  const phaseStart = Date.now();
  status = await run(command, args);
  rows.push({
    name,
    ms: Date.now() - phaseStart,
    note: `charge ${loadBefore} → ${load()}${status === 0 ? '' : ', en échec'}`,
  });
  if (status !== 0) break;
}
console.log(`\nDurée de npm test${status === 0 ? '' : ' (arrêté à la première étape en échec)'} :`);
for (const { name, ms, note } of rows) {
  console.log(`  ${name.padEnd(38)} ${duration(ms).padStart(10)}${note ? `  (${note})` : ''}`);
}
console.log(`  ${'total'.padEnd(38)} ${duration(Date.now() - started).padStart(10)}`);
process.exitCode = status;
