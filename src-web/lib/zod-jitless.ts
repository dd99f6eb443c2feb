import { z } from 'zod';

/**
 * Imported first by every module that builds schemas in the browser or the desktop console:
 * zod compiles its object parsers with `new Function` unless told not to, and probes for it
 * even then. Our CSPs forbid eval (and report the probe), so every schema is built in
 * jitless mode. Must run before any schema is created.
 */
z.config({ jitless: true });
