/**
 * What `zod` is in the browser's and the console's builds (the alias in vite.config.ts and
 * electron.vite.config.ts): zod itself, told first to build every schema in jitless mode.
 * zod compiles its object parsers with `new Function` unless told not to, and probes for it
 * even then; our Content Security Policies forbid eval and report the probe. A side-effect
 * import in each entry is not enough once the app is split into parts loaded on demand: the
 * bundler runs the chunks a part needs (zod, schemas) before the entry's own modules. Through
 * this alias, every module that imports zod runs after the setting, whatever the chunks.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
