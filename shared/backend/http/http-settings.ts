import type { z } from 'zod';
import { settingsAnswerSchema, settingsHistorySchema } from '../../domain/settings/record.ts';
import { BackendError, type SettingsStore } from '../ports.ts';
import type { HttpClient } from './http-client.ts';

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new BackendError('unknown', { cause: result.error });
  return result.data;
}

/** « Réglages » over src-server: /api/settings (session cookie). */
export function createHttpSettings(client: HttpClient): SettingsStore {
  return {
    async get() {
      return parsed(settingsAnswerSchema, (await client.send('/api/settings', 'admin')).body);
    },
    async save(settings) {
      const answer = await client.send('/api/settings', 'admin', {
        method: 'PUT',
        json: { settings },
      });
      return parsed(settingsAnswerSchema, answer.body);
    },
    async history() {
      return parsed(
        settingsHistorySchema,
        (await client.send('/api/settings/history', 'admin')).body,
      );
    },
  };
}
