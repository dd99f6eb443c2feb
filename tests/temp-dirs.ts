/**
 * Temporary folders for unit tests, removed when their test file ends (tests/setup.ts): a run
 * leaves no `agence-*` folder behind, even when a helper makes one outside any test (a fake's
 * default, a `describe` body).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/** A fresh `agence-<prefix>-…` folder in the system's temporary directory. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `agence-${prefix}-`));
  made.add(dir);
  return dir;
}

/** Removes every folder made by makeTempDir so far. */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
