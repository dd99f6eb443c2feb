import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContactsRoutes } from './contacts-routes.ts';
import { adminLeadsRoutes } from './leads-routes.ts';
import { adminInvoicesRoutes } from './invoices-routes.ts';
import { adminInvoiceLinksRoutes } from './invoice-links-routes.ts';
import { adminQuotesRoutes } from './quotes-routes.ts';
import { SESSION_COOKIE, type ApiContext } from './context.ts';
import { ApiError, MESSAGES } from './errors.ts';
import { combinedEventStreamRoute } from './event-stream-route.ts';
import { adminNotificationsRoutes } from './notifications-routes.ts';
import { adminSessionRoutes } from './session-routes.ts';
import { adminSettingsRoutes } from './settings-routes.ts';
import { adminWhatsappTapsRoutes } from './whatsapp-taps-routes.ts';

/**
 * Every route that needs the owner's session, behind one hook. It runs before the body is
 * read: without a session, nothing about the request is looked at.
 */
export const adminScope: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', async (request) => {
    const session = context.sessions.authenticate(request.cookies[SESSION_COOKIE]);
    if (!session) throw new ApiError(401, MESSAGES.unauthorized);
    request.adminSession = session;
  });
  // Both change logs in one stream: what the dashboards open (one connection per browser).
  combinedEventStreamRoute(app, '/events', context.events);
  await app.register(adminContactsRoutes, { context });
  await app.register(adminLeadsRoutes, { context });
  await app.register(adminQuotesRoutes, { context });
  await app.register(adminInvoicesRoutes, { context });
  await app.register(adminInvoiceLinksRoutes, { context });
  await app.register(adminSessionRoutes, { context });
  await app.register(adminNotificationsRoutes, { context });
  await app.register(adminSettingsRoutes, { context });
  await app.register(adminWhatsappTapsRoutes, { context });
};
