/**
 * The owner's notifications in the browser, against a server of this spec's own (the shared
 * one has no SMTP server): the e-mail health banner and « Envoyer un e-mail de test » with a
 * real SMTP server that is down, then up; the dashboard as an installable app; the push that
 * the server sends to a local push service, decrypted, then fed to the service worker through
 * the DevTools protocol: the notification it shows, and its click opening the message.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  browserKeys,
  decryptPushBody,
  pushService,
  type BrowserKeys,
} from '../fixtures/push-endpoint.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { E2E_ADMIN, signIn, uniqueMessage } from './fixtures.ts';
import { startOwnServerProcess, type Cleanup, type OwnServer } from './own-server.ts';
import { aMessage } from '../fixtures/messages.ts';

const cleanups: Cleanup[] = [];
let server: OwnServer;
let smtp: SmtpStandIn;
let push: Awaited<ReturnType<typeof pushService>>;

test.describe.configure({ mode: 'serial' });

/** The width does not matter here: the laptop's is enough. */
const DESKTOP = { tag: '@desktop' };

test.beforeAll(async () => {
  smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup)); // down until started
  push = await pushService((cleanup) => cleanups.push(cleanup));
  // A process of its own: Node reads NODE_EXTRA_CA_CERTS only when it starts, so a server built
  // in this worker would not trust the local push service and no push would leave.
  server = await startOwnServerProcess(
    (cleanup) => cleanups.push(cleanup),
    (dataDir) => {
      // The server trusts the local push service's certificate, as it trusts a real one's.
      const pushCa = path.join(dataDir, 'push-service.pem');
      writeFileSync(pushCa, push.cert);
      return {
        NODE_EXTRA_CA_CERTS: pushCa,
        // The local push service listens on 127.0.0.1: allowed for this test only.
        TEST_LOOPBACK_ENDPOINTS: 'true',
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      };
    },
  );
});

test.afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function send(page: Page, label: string): Promise<ContactMessage> {
  const message = uniqueMessage(label);
  const response = await page.request.post(`${server.url}/api/contacts`, {
    data: message,
    headers: { Origin: server.url },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return aMessage({ ...message, id, receivedAt: Date.now() });
}

test(
  'e-mail health: the failure in plain French, then the test e-mail, and the backlog delivered',
  DESKTOP,
  async ({ page }) => {
    await signIn(page, server.url);
    const waiting = await send(page, 'panne-smtp');

    // The SMTP server is down: the dashboard says so, and why (it reads the health again on
    // load).
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${server.url}/api/notifications`);
          const status = (await answer.json()) as { email: { lastError: string | null } };
          return status.email.lastError;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();
    await page.reload();
    await expect(page.getByRole('alert')).toContainText(
      'Les e-mails de notification ne partent plus.',
    );
    await expect(page.getByRole('alert')).toContainText('refuse la connexion');

    await smtp.start();
    await page.getByRole('button', { name: 'Envoyer un e-mail de test' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'E-mail de test envoyé' }),
    ).toContainText('E-mail de test envoyé à patron@agence.test');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The message that waited is delivered too, now that the server answers.
    const mails = await smtp.waitForMails(2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        'E-mail de test des notifications',
        `Nouveau message de ${waiting.fullName} : ${waiting.subject}`,
      ].sort(),
    );
    await expect(
      page.getByText('Chaque message est envoyé par e-mail à patron@agence.test.'),
    ).toBeVisible();
  },
);

test(
  'the e-mail’s link opens that message in the dashboard, through the sign-in if need be',
  DESKTOP,
  async ({ page }) => {
    const message = await send(page, 'lien-e-mail');
    // Signed out: the sign-in comes first, and the message still opens after it.
    await page.goto(`${server.url}/pageDashboard?message=${message.id}`);
    await expect(page).toHaveURL(`${server.url}/pageLogin?message=${message.id}`, {
      timeout: 10_000,
    });
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // The panel is the dialog named by the subject (the sign-in's popup is a dialog too).
    const dialog = page.getByRole('dialog', { name: message.subject });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toContainText(message.message);
    await expect(page).toHaveURL(`${server.url}/pageDashboard`);

    // Signed in: straight to the message.
    const another = await send(page, 'lien-e-mail-2');
    await page.goto(`${server.url}/pageDashboard?message=${another.id}`);
    await expect(page.getByRole('dialog', { name: another.subject })).toContainText(
      another.message,
    );
    await expect(page).toHaveURL(`${server.url}/pageDashboard`);
  },
);

test(
  'the private screens are an installable app; public pages are not one',
  DESKTOP,
  async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${server.url}/pageLogin`);
    const login = (await cdp.send('Page.getAppManifest')) as { url: string; data?: string };
    expect(login.url).toBe(`${server.url}/admin.webmanifest`);
    expect(JSON.parse(login.data ?? '{}')).toMatchObject({
      start_url: '/pageDashboard',
      display: 'standalone',
    });
    await page.goto(`${server.url}/pageAccueil`);
    const home = (await cdp.send('Page.getAppManifest')) as { url: string };
    expect(home.url).toBe('');
  },
);

/** The dashboard's service worker registration, as the DevTools protocol numbers it. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (!registration.isDeleted)
        registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.get(`${server.url}/pageDashboard`), { timeout: 10_000 })
    .toBeDefined();
  return { cdp, id: registrations.get(`${server.url}/pageDashboard`) ?? '' };
}

/**
 * Chromium subscribes through Google's push service, which this machine cannot reach: the
 * subscription it would return is made here, pointing at the local push service, with keys
 * the test holds so that it can decrypt what the server pushes. The rest is the browser's.
 */
async function standInForBrowserPushService(page: Page, endpoint: string, keys: BrowserKeys) {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      let subscribed = false;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          subscribed = false;
          return Promise.resolve(true);
        },
      };
      PushManager.prototype.subscribe = function subscribe() {
        subscribed = true;
        return Promise.resolve(subscription as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(subscribed ? (subscription as unknown as PushSubscription) : null);
      };
    },
    { endpoint, keys: keys.json },
  );
}

test(
  'a push shows the notification, and clicking it opens the message',
  DESKTOP,
  async ({ page, context }) => {
    const browser = browserKeys();
    await standInForBrowserPushService(page, push.endpoint('/proprietaire'), browser);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await signIn(page, server.url);
    await page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).click();
    await expect(
      page.getByRole('button', { name: 'Ne plus recevoir les notifications sur cet appareil' }),
    ).toBeVisible({ timeout: 15_000 });
    const status = await page.request.get(`${server.url}/api/notifications`);
    expect(((await status.json()) as { push: { subscriptions: number } }).push.subscriptions).toBe(
      1,
    );

    // The server pushes the new message; what reaches the browser is what it encrypted.
    const message = await send(page, 'push');
    const [pushed] = await push.waitForPushes(1);
    if (!pushed) throw new Error('no push');
    const { cdp, id } = await registrationId(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: decryptPushBody(pushed.body, browser),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/pageDashboard');
        const notifications = (await registration?.getNotifications()) ?? [];
        return notifications.map(({ title, body, tag }) => ({ title, body, tag }));
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: `Nouveau message de ${message.fullName}`,
        body: `FR · Design · ${message.subject}`,
        tag: message.id,
      },
    ]);

    // The DevTools protocol has no notification click: the worker gets the event it would get.
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async () => {
      // The worker's globals, which the page's DOM types do not describe.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      if (notification) {
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      }
    });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(message.subject);
    await expect.poll(shown).toEqual([]);

    // Public pages are outside the worker's scope: they load as before, uncontrolled.
    await page.goto(`${server.url}/pageAccueil`);
    expect(
      await page.evaluate(async () => ({
        controlled: navigator.serviceWorker.controller !== null,
        registration: (await navigator.serviceWorker.getRegistration()) !== undefined,
      })),
    ).toEqual({ controlled: false, registration: false });
  },
);
