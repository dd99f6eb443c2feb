import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';
import { sitePlugin } from './site.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server as one Fastify instance, testable with `inject` (server.ts listens). */
export async function buildApp({ config, logger = false }: AppOptions) {
  const app = Fastify({ logger, trustProxy: false });
  await app.register(sitePlugin, { webDir: config.WEB_DIR });
  return app;
}
