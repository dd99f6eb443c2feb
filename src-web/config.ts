import { z } from 'zod';

/**
 * The browser build's settings: Vite's `VITE_*` variables, fixed at build time and
 * validated here, once. `.env.example` documents each. Only public values belong here: they
 * end up in the bundle.
 */
const webEnvSchema = z.object({
  /** Origin of the local server's API; empty means the site's own origin. */
  VITE_API_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
});

export type WebConfig = z.infer<typeof webEnvSchema>;

export function parseWebConfig(env: Record<string, unknown>): WebConfig {
  const parsed = webEnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration du site invalide : ${details.join(' ; ')}`);
  }
  return parsed.data;
}

export const webConfig: WebConfig = parseWebConfig(import.meta.env);
