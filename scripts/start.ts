/**
 * `npm start`: builds the site when it has never been built (or its sources are newer than
 * the build), then starts the local server on PORT (3000 by default). A `WEB_DIR` of its own
 * (in the environment or the settings file) is a site built elsewhere: it is served as it is,
 * and this repository's dist/web is neither checked nor built.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readSettings } from '../src-server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const builtMarker = path.join(root, 'dist/web/404.html');

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (full.includes(`${path.sep}public${path.sep}img${path.sep}`)) continue;
    newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const defaultWebDir = path.join(root, 'dist/web');
let WEB_DIR: string | undefined;
try {
  ({ WEB_DIR } = readSettings(process.env, process.cwd()).env);
} catch (error) {
  // A settings file that cannot be read as written: one French line, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const servesThisBuild = !WEB_DIR || path.resolve(WEB_DIR) === defaultWebDir;

const stale =
  servesThisBuild &&
  (!existsSync(builtMarker) ||
    statSync(builtMarker).mtimeMs <
      Math.max(
        await newestSource(path.join(root, 'src-web')),
        await newestSource(path.join(root, 'shared')),
      ));

if (stale) {
  console.log('Construction du site (première fois ou sources modifiées)…');
  const { buildSite } = await import('./build.ts');
  // The build's paths are the project's; the server then runs where npm start was given
  // (its .env, DATA_DIR and WEB_DIR are read from there).
  const cwd = process.cwd();
  process.chdir(root);
  try {
    await buildSite();
  } finally {
    process.chdir(cwd);
  }
}

await import('../src-server/server.ts');
