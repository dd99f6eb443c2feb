import { notificationStatusSchema } from '../../notifications/status.ts';
import { BackendError, type OwnerNotifications } from '../ports.ts';
import type { HttpClient } from './http-client.ts';

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
      if (answer.status === 502) {
        // The server says why the SMTP server refused, in French: that is the message.
        const reason =
          typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
        if (typeof reason === 'string') throw new BackendError('unavailable', { message: reason });
      }
      if (!answer.ok) throw client.failure(answer, 'admin');
      const sentTo =
        typeof body === 'object' && body !== null && 'sentTo' in body ? body.sentTo : null;
      if (typeof sentTo !== 'string') throw new BackendError('unknown');
      return sentTo;
    },

    async addPushSubscription(subscription) {
      await client.send('/api/notifications/push-subscriptions', 'admin', {
        method: 'PUT',
        json: subscription,
      });
    },

    async removePushSubscription(endpoint) {
      await client.send('/api/notifications/push-subscriptions/delete', 'admin', {
        method: 'POST',
        json: { endpoint },
      });
    },
  };
}
