// @vitest-environment jsdom
/**
 * The dashboard's notification warnings come from the channels the status lists: the webhook's
 * by its French name, a channel only a backend registered by a generic one, each with its last
 * error and what waits; nothing for a channel that is off or working.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../../../shared/backend/ports.ts';
import {
  notificationStatusSchema,
  type ChannelHealth,
} from '../../../../shared/notifications/status.ts';
import { OwnerNotifications } from '../../../../src-web/admin/features/notifications/owner-notifications.tsx';

const FAILED_AT = new Date(2026, 10, 25, 20, 0).getTime();

function health(overrides: Partial<ChannelHealth> = {}): ChannelHealth {
  return {
    enabled: true,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    pending: 0,
    failed: 0,
    giveUpAfterMs: 3 * 24 * 3600_000,
    ...overrides,
  };
}

const failing = (error: string, pending: number) =>
  health({ lastFailureAt: FAILED_AT, lastError: error, pending });

function backendWith(status: unknown): Backend {
  const parsed = notificationStatusSchema.parse(status);
  return {
    notifications: {
      status: () => Promise.resolve(parsed),
      addPushSubscription: () => Promise.resolve(),
      removePushSubscription: () => Promise.resolve(),
    },
  } as unknown as Backend;
}

describe('the notification warnings', () => {
  it('warns of each failing channel the status lists, by name', async () => {
    render(
      <OwnerNotifications
        push={false}
        backend={backendWith({
          email: { ...health(), recipient: 'patron@agence.test', digestTime: '08:00' },
          push: { ...health(), publicKey: null, subscriptions: 0 },
          webhook: { ...failing('le webhook hooks.test a répondu 500.', 2), host: 'hooks.test' },
          pigeon: failing('le pigeon est resté au nid.', 1),
          // Off: failing or not, nothing to say.
          fax: { ...failing('plus de papier.', 1), enabled: false },
        })}
      />,
    );
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringMatching(
        /^Le webhook ne reçoit plus les messages\. Dernière erreur \(.+\) : le webhook hooks\.test a répondu 500\. 2 messages attendent : nouvel essai automatique\.$/,
      ),
      expect.stringMatching(
        /^Le canal « pigeon » ne reçoit plus les messages\. Dernière erreur \(.+\) : le pigeon est resté au nid\. 1 message attend : nouvel essai automatique\.$/,
      ),
    ]);
  });

  it('says when the daily digest goes, or that it is off', async () => {
    const quiet = { publicKey: null, subscriptions: 0 };
    const { unmount } = render(
      <OwnerNotifications
        push={false}
        backend={backendWith({
          email: { ...health(), recipient: 'patron@agence.test', digestTime: '07:30' },
          push: { ...health(), ...quiet },
          webhook: { ...health({ enabled: false }), host: null },
        })}
      />,
    );
    expect(
      await screen.findByText(
        /Résumé quotidien à 07:30 \(heure d’Alger\), les jours où il y a quelque chose à faire\./,
      ),
    ).toBeTruthy();
    unmount();
    render(
      <OwnerNotifications
        push={false}
        backend={backendWith({
          email: { ...health(), recipient: 'patron@agence.test', digestTime: null },
          push: { ...health(), ...quiet },
          webhook: { ...health({ enabled: false }), host: null },
        })}
      />,
    );
    expect(await screen.findByText(/Résumé quotidien désactivé\./)).toBeTruthy();
  });
});
