import { backupStatusSchema } from '../../backup/status.ts';
import { notificationStatusSchema } from '../../notifications/status.ts';
import { BackendError, type DatabaseBackups, type OwnerNotifications } from '../ports.ts';
import type { HttpClient } from './http-client.ts';

/** The server's own French sentence in an error answer (`{ error }`), or null. */
function reasonOf(body: unknown): string | null {
  const reason = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  return typeof reason === 'string' ? reason : null;
}

/** The owner's notifications on src-server: /api/notifications (admin scope). */
export function createHttpNotifications(client: HttpClient): OwnerNotifications {
  return {
    async status() {
      const answer = await client.send('/api/notifications', 'admin');
      const parsed = notificationStatusSchema.safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return parsed.data;
    },

    async sendTestEmail() {
      const answer = await client.request('/api/notifications/test-email', { method: 'POST' });
      const { body } = answer;
      if (answer.status === 502 || answer.status === 429) {
        // The server says why the SMTP server refused, or how long to wait before the next
        // test, in French: that is the message.
        const reason = reasonOf(body);
        if (reason) {
          throw new BackendError(answer.status === 429 ? 'rate-limited' : 'unavailable', {
            message: reason,
          });
        }
      }
      if (!answer.ok) throw client.failure(answer, 'admin');
      const sentTo =
        typeof body === 'object' && body !== null && 'sentTo' in body ? body.sentTo : null;
      if (typeof sentTo !== 'string') throw new BackendError('unknown');
      return sentTo;
    },

    async addPushSubscription(subscription) {
      const answer = await client.request('/api/notifications/push-subscriptions', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(subscription),
      });
      // Refused (a push service inside a private network, too many devices): the server's
      // French reason is the message.
      const reason = answer.status === 422 ? reasonOf(answer.body) : null;
      if (reason) throw new BackendError('invalid-input', { message: reason });
      if (!answer.ok) throw client.failure(answer, 'admin');
    },

    async removePushSubscription(endpoint) {
      await client.send('/api/notifications/push-subscriptions/delete', 'admin', {
        method: 'POST',
        json: { endpoint },
      });
    },
  };
}

/** The server's database backups: /api/backups (admin scope). */
export function createHttpBackups(client: HttpClient): DatabaseBackups {
  return {
    async status() {
      const answer = await client.send('/api/backups', 'admin');
      const parsed = backupStatusSchema.safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return parsed.data;
    },
  };
}
