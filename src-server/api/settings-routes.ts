import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  settingsAnswer,
  settingsAnswerSchema,
  settingsHistorySchema,
  settingsSaveBodySchema,
} from '../../shared/domain/settings/record.ts';
import { SettingsInputError } from '../settings/settings-book.ts';
import { adminOf, type ApiContext } from './context.ts';
import { ApiError, ERROR_ANSWERS, MESSAGES } from './errors.ts';

/** « Réglages » (docs/inbox.md), in the admin scope: read, save (a new dated version), history. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { settings } = context;
  const answer = { 200: settingsAnswerSchema, ...ERROR_ANSWERS };

  app.get('/settings', { schema: { response: answer } }, async () =>
    settingsAnswer(settings.current()),
  );

  app.put(
    '/settings',
    { schema: { body: settingsSaveBodySchema, response: answer } },
    async (request) => {
      try {
        return settingsAnswer(settings.save(request.body.settings, adminOf(request).adminEmail));
      } catch (error) {
        if (error instanceof SettingsInputError) {
          throw new ApiError(400, MESSAGES.invalidInput, {}, undefined, error.fields);
        }
        throw error;
      }
    },
  );

  app.get(
    '/settings/history',
    { schema: { response: { 200: settingsHistorySchema, ...ERROR_ANSWERS } } },
    async () => settings.history(),
  );
};
