/**
 * The webhook channel: each new message POSTed as JSON, signed with HMAC-SHA256 with its time, to a real
 * local HTTPS endpoint (the tests' push service, which records every request and answers
 * 201), through the same durable outbox and health as e-mail and push.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NotificationStatus } from '../../../shared/notifications/status.ts';
import {
  documentedFirstDelivery,
  documentedWebhookCheck,
} from '../../fixtures/documented-webhook-check.ts';
import { pushService } from '../../fixtures/push-endpoint.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { build, postContact, signIn, VALID_CONTACT, type TestApp } from '../helpers.ts';
import { waitForValue } from '../../wait.ts';

const SECRET = 'un secret partagé de test, assez long';

async function status(app: TestApp): Promise<NotificationStatus> {
  const cookie = await signIn(app);
  return (await app.inject({ url: '/api/notifications', headers: { cookie } })).json();
}

function webhookEnv(url: string) {
  return {
    WEBHOOK_URL: url,
    WEBHOOK_SECRET: SECRET,
    PUBLIC_URL: 'https://www.agence.test',
    TEST_LOOPBACK_ENDPOINTS: 'true',
  };
}

describe('webhook notifications', () => {
  it('posts each new message as JSON signed with its time, which the documented check needs fresh', async () => {
    const receiver = await pushService(onTestFinished);
    const { app } = await build({
      env: webhookEnv(receiver.endpoint('/hook?token=abc')),
      notifications: { webhookAgent: receiver.agent },
    });
    const { id } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();

    const [request] = await receiver.waitForPushes(1);
    if (!request) throw new Error('nothing posted');
    expect(request.path).toBe('/hook?token=abc');
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request.headers['x-webhook-id']).toBe(id);
    expect(request.headers['x-webhook-event']).toBe('contact.created');
    // Signed with its time: the HMAC of « timestamp.raw body », with the shared secret.
    const sentAt = Number(request.headers['x-webhook-timestamp']);
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(120);
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${sentAt}.`).update(request.body).digest('hex')}`;
    expect(request.headers['x-webhook-signature']).toBe(expected);
    // The receiver's check that docs/inbox.md gives takes it now, and refuses it replayed
    // later, with its own time or a fresher one forged.
    const check = await documentedWebhookCheck();
    expect(check(request.body, request.headers, SECRET)).toBe(true);
    expect(check(request.body, request.headers, 'un autre secret, assez long')).toBe(false);
    const later = (sentAt + 5 * 60 + 1) * 1000;
    expect(check(request.body, request.headers, SECRET, later)).toBe(false);
    const forged = { ...request.headers, 'x-webhook-timestamp': String(sentAt + 200) };
    expect(check(request.body, forged, SECRET, later)).toBe(false);
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({
      event: 'contact.created',
      id,
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      fullName: VALID_CONTACT.fullName,
      service: VALID_CONTACT.service,
      email: VALID_CONTACT.email,
      phone: expect.stringMatching(/^\+213/),
      subject: VALID_CONTACT.subject,
      message: VALID_CONTACT.message,
      // Where it comes from: sent without, so not known.
      pagePath: null,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      url: `https://www.agence.test/pageDashboard?message=${id}`,
      deliveryId: id,
    });

    const health = await waitForValue(async () => {
      const current = await status(app);
      return current.webhook.lastSuccessAt ? current : undefined;
    }, 'the success to be recorded');
    expect(health.webhook).toMatchObject({
      enabled: true,
      host: new URL(receiver.endpoint('/')).host,
      pending: 0,
      lastError: null,
    });
  });

  it('signs the delivery’s id: a post replayed within 5 minutes under a new X-Webhook-Id is a duplicate for the documented checks (issue 47, finding 6)', async () => {
    const receiver = await pushService(onTestFinished);
    const { app } = await build({
      env: webhookEnv(receiver.endpoint('/hook')),
      notifications: { webhookAgent: receiver.agent },
    });
    const { id } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();
    const [request] = await receiver.waitForPushes(1);
    if (!request) throw new Error('nothing posted');
    const valid = await documentedWebhookCheck();
    const firstTime = await documentedFirstDelivery();
    const seen = new Set<string>();
    expect(valid(request.body, request.headers, SECRET)).toBe(true);
    expect(firstTime(request.body, seen)).toBe(true);
    // Whoever saw it pass posts it again at once, under another id and another event: the
    // headers are not signed, so the signature still holds…
    const replayed = {
      ...request.headers,
      'x-webhook-id': 'un-autre-identifiant',
      'x-webhook-event': 'quote.answered',
    };
    expect(valid(request.body, replayed, SECRET)).toBe(true);
    // … but the receiver that follows the page reads the id and the event in the signed body.
    expect(firstTime(request.body, seen)).toBe(false);
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    expect(body).toMatchObject({ deliveryId: id, event: 'contact.created' });
  });

  it('keeps a message whose post failed, says why in French, and posts it once the receiver is back', async () => {
    const down = await pushService(onTestFinished);
    down.markGone('/hook');
    const first = await build({
      env: webhookEnv(down.endpoint('/hook')),
      notifications: { webhookAgent: down.agent },
    });
    const { id } = (await postContact(first.app, VALID_CONTACT)).json<{ id: string }>();
    const failing = await waitForValue(async () => {
      const current = await status(first.app);
      return current.webhook.lastError ? current : undefined;
    }, 'the failure to be recorded');
    expect(failing.webhook.lastError).toBe(
      `le webhook ${new URL(down.endpoint('/')).host} a répondu 410 : nouvel essai plus tard.`,
    );
    expect(failing.webhook.pending).toBe(1);
    await first.app.close();

    // Restarted with a receiver that answers: the pending post goes out.
    const up = await pushService(onTestFinished);
    const { app } = await build({
      dataDir: first.dataDir,
      env: webhookEnv(up.endpoint('/hook')),
      notifications: { webhookAgent: up.agent },
    });
    const [request] = await up.waitForPushes(1);
    expect(request?.headers['x-webhook-id']).toBe(id);
    const health = await waitForValue(async () => {
      const current = await status(app);
      return current.webhook.pending === 0 ? current : undefined;
    }, 'the pending post to be delivered');
    expect(health.webhook.lastSuccessAt).not.toBeNull();
  });

  it('e-mails the owner while the webhook receiver hangs without answering', async () => {
    const receiver = await pushService(onTestFinished);
    receiver.hold('/hook');
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app } = await build({
      env: {
        ...webhookEnv(receiver.endpoint('/hook')),
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'proprietaire@agence.test',
      },
      notifications: { webhookAgent: receiver.agent },
    });
    await postContact(app, VALID_CONTACT);

    await receiver.waitForPushes(1);
    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toContain(VALID_CONTACT.subject);
    // The post is still unanswered: the e-mail did not wait for it.
    expect((await status(app)).webhook).toMatchObject({ pending: 1, lastSuccessAt: null });
    receiver.release();
    await waitForValue(async () => {
      const current = await status(app);
      return current.webhook.pending === 0 ? current : undefined;
    }, 'the held post to be recorded');
  });

  it('never posts to this machine or a private network outside the tests', async () => {
    const receiver = await pushService(onTestFinished);
    const { app } = await build({
      env: { WEBHOOK_URL: receiver.endpoint('/hook'), WEBHOOK_SECRET: SECRET },
      notifications: { webhookAgent: receiver.agent },
    });
    await postContact(app, VALID_CONTACT);
    const health = await waitForValue(async () => {
      const current = await status(app);
      return current.webhook.lastError ? current : undefined;
    }, 'the refusal to be recorded');
    expect(health.webhook.lastError).toMatch(
      /^l’adresse 127\.0\.0\.1 mène à cette machine ou à un réseau privé/,
    );
    expect(receiver.received).toHaveLength(0);
  });
});
