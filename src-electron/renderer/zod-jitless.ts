import { z } from 'zod';

/**
 * Imported first: zod compiles its object parsers with `new Function` unless told not to,
 * and probes for it even then. The console's CSP forbids eval (and reports the probe), so
 * every schema is built in jitless mode. Must run before any schema is created.
 */
z.config({ jitless: true });
