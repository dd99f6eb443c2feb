/**
 * Bundles the Cloud Functions (functions/src) with the shared code they use into
 * functions/lib/index.js: Firebase deploys the functions folder alone, so nothing there may
 * import from outside it at run time. The packages of functions/package.json stay external
 * (Firebase installs them); everything else (shared/, zod, libphonenumber-js) is bundled.
 */
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Builds into functions/lib, or into `outDir` (the tests build a copy of their own), from
 * functions/src/index.ts or from `entry` (a test's, that registers a channel of its own).
 */
export async function buildFunctions(
  outDir = path.join(root, 'functions/lib'),
  entry = path.join(root, 'functions/src/index.ts'),
): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    ssr: { noExternal: true },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rolldownOptions: {
        external: [
          /^firebase-admin(\/|$)/,
          /^firebase-functions(\/|$)/,
          'nodemailer',
          'web-push',
          /^node:/,
        ],
        // One file: the channels' sending code, loaded on demand in a browser, is bundled in.
        output: { format: 'es', entryFileNames: 'index.js', codeSplitting: false },
      },
    },
  });
  console.log(`Cloud Functions construites dans ${path.relative(root, outDir)}.`);
}

if (import.meta.main) {
  // `node scripts/build-functions.ts [folder [entry]]`: the tests build into a folder of their
  // own, from an entry of their own.
  const [outDir, entry] = process.argv.slice(2);
  await buildFunctions(
    outDir === undefined ? undefined : path.resolve(outDir),
    entry === undefined ? undefined : path.resolve(entry),
  );
}
