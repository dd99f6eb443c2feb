import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupStatusSchema } from '../../shared/backup/status.ts';
import { asSentence } from '../../shared/domain/messages.ts';
import {
  notificationStatusSchema,
  pushSubscriptionSchema,
} from '../../shared/notifications/status.ts';
import { SubscriptionRefusedError } from '../notifications/push-subscriptions.ts';
import { TestEmailError, TestEmailTooSoonError } from '../notifications/test-email.ts';
import { adminOf, type ApiContext } from './context.ts';
import { ApiError, ERROR_ANSWERS } from './errors.ts';

const endpointBodySchema = z.strictObject({ endpoint: pushSubscriptionSchema.shape.endpoint });

/**
 * The owner's notifications (admin scope): their health, the test e-mail, and the browsers
 * subscribed to push.
 */
export const adminNotificationsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  // Beside the notifications' health: the other thing the owner must hear of when it stops.
  app.get(
    '/backups',
    { schema: { response: { 200: backupStatusSchema, ...ERROR_ANSWERS } } },
    async () => ({
      lastBackupAt: context.backups.last()?.takenAt ?? null,
      lastError: context.backups.lastError(),
    }),
  );

  app.get(
    '/notifications',
    { schema: { response: { 200: notificationStatusSchema, ...ERROR_ANSWERS } } },
    async (request) => context.outbox.status(adminOf(request).adminId),
  );

  // Sent at once, not through the outbox: the owner waits for the verdict on the settings.
  app.post(
    '/notifications/test-email',
    { schema: { response: { 200: z.object({ sentTo: z.string() }), ...ERROR_ANSWERS } } },
    async () => {
      try {
        return { sentTo: await context.outbox.testEmails.send() };
      } catch (error) {
        if (error instanceof TestEmailError) throw new ApiError(502, asSentence(error.message));
        if (error instanceof TestEmailTooSoonError) {
          throw new ApiError(429, asSentence(error.message), {
            'Retry-After': String(error.retryAfterSeconds),
          });
        }
        throw error;
      }
    },
  );

  // Subscribing again (the same endpoint) refreshes the keys: it is not an error.
  app.put(
    '/notifications/push-subscriptions',
    {
      schema: { body: pushSubscriptionSchema, response: { 204: z.null(), ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      try {
        await context.outbox.pushSubscriptions.subscribe(adminOf(request).adminId, request.body);
      } catch (error) {
        if (error instanceof SubscriptionRefusedError) {
          throw new ApiError(422, asSentence(error.message));
        }
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  // A POST with a body, as for the bulk deletion of messages: some proxies drop a DELETE's.
  app.post(
    '/notifications/push-subscriptions/delete',
    { schema: { body: endpointBodySchema, response: { 204: z.null(), ...ERROR_ANSWERS } } },
    async (request, reply) => {
      context.outbox.pushSubscriptions.unsubscribe(request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
