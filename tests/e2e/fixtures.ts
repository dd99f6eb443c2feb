import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { MIN_FILL_TIME_MS } from '../../shared/domain/contact.ts';
import { aContactInput, type TypedContactInput } from '../fixtures/messages.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import type { SettingsInput } from '../../shared/domain/settings/settings.ts';

/** The owner's account the e2e server is started with (playwright.config.ts). */
export const E2E_ADMIN = {
  email: 'proprietaire@agence.test',
  password: 'mot-de-passe-de-test-e2e',
};

/**
 * The settings every server the e2e tests start shares: the shared one (playwright.config.ts)
 * and a test's own (own-server.ts). Each adds its port and data folder.
 */
export const E2E_SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Tests send many messages from one address, with the same phone.
  CONTACT_RATE_LIMIT: '1000',
  CONTACT_SENDER_LIMIT: '1000',
  // A run crossing 08:00 in Algiers would get one more e-mail, the digest: tests count mails.
  DIGEST_TIME: 'off',
  // Almost every test signs in, and a test run starts dozens of servers: the production cost
  // (128 MiB, about 0.3 s a hash, a few at a time) queued sign-ins for seconds on a loaded
  // machine. The configuration refuses it without the tests' switch (src-server/config.ts).
  PASSWORD_HASH_COST: '10',
  TEST_CHEAP_PASSWORD_HASHING: 'true',
};

/** What a visitor sends, as the form or the API takes it (tests/fixtures/messages.ts). */
export type TestMessage = TypedContactInput;

let counter = 0;
/**
 * A message unique to this test run, so that parallel tests never confuse theirs: the message
 * factory's (aContactInput), with a name, an address, a subject and a text of its own, and
 * what the test overrides.
 */
export function uniqueMessage(label: string, overrides: Partial<TestMessage> = {}): TestMessage {
  counter += 1;
  const tag = `${label}-${process.pid}-${Date.now()}-${counter}`;
  return aContactInput({
    fullName: `Entreprise ${tag}`,
    email: `contact+${counter}@exemple.dz`,
    // The number the e2e tests read back: « 0550 12 34 56 », tel:+213550123456.
    phone: '0550123456',
    subject: `Sujet ${tag}`,
    message: `Bonjour, message de test ${tag}.`,
    ...overrides,
  });
}

/**
 * Sends a message as a visitor would, without going through the form (faster); its id.
 * `origin` is the server's address when a test starts its own.
 */
export async function sendMessage(request: APIRequestContext, message: TestMessage, origin = '') {
  const response = await request.post(`${origin}/api/contacts`, { data: message });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The browser contexts put on Playwright's clock (installClock). */
const clocked = new WeakSet<BrowserContext>();

/**
 * Puts the page's browser context on Playwright's clock, before the page opens: the time then
 * flows as usual, and `atAPersonsPace` can let the time a person takes pass at once. Once per
 * context (its later pages share the clock).
 */
export async function installClock(page: Page) {
  if (clocked.has(page.context())) return;
  clocked.add(page.context());
  await page.clock.install();
}

/**
 * Fills the form as a person would, no sooner than a person could: a form sent within
 * MIN_FILL_TIME_MS of its page's start is kept as spam (« envoi trop rapide »), and Playwright
 * types far faster than anyone. The page must have been opened after `installClock`.
 */
export async function fillContactForm(page: Page, message: TestMessage) {
  await page.getByPlaceholder('Nom complet').fill(message.fullName);
  await page.getByPlaceholder('E-mail').fill(message.email);
  await page.getByPlaceholder('Numéro de téléphone').fill(message.phone);
  await page.getByLabel(/^Service/).selectOption(message.service);
  await page.getByPlaceholder('Sujet').fill(message.subject);
  await page.getByPlaceholder('Message').fill(message.message);
  await atAPersonsPace(page);
}

/**
 * Lets the time a person takes to fill a form pass (MIN_FILL_TIME_MS), at once: the page's
 * clock moves on by that much, and the form then reports at least that long since its page
 * began to load (its `performance.now()`). Real waiting cost 3 s a form; what the server does
 * with a hasty form is tested by spam.spec.ts, the form's own report of it there too.
 */
export async function atAPersonsPace(page: Page) {
  if (!clocked.has(page.context())) {
    throw new Error('atAPersonsPace: call installClock(page) before the form’s page opens');
  }
  await page.clock.fastForward(MIN_FILL_TIME_MS);
}

/**
 * Opens the dashboard signed in as the owner. The session is asked of the API, as the login
 * page does: the login screen itself has its own tests (inbox.spec.ts), and skipping it here
 * saves each dashboard test a page load and the 700 ms success popup. `origin` is the
 * server's address when a test starts its own.
 */
export async function signIn(page: Page, origin = '') {
  const response = await page.request.post(`${origin}/api/session`, { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(`${origin}/pageDashboard`);
  // The owner's app, its backend and the first list: on a loaded machine (CI at load 15, or
  // several test servers at once) this took more than 10 s; the wait ends when it shows.
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * « Réglages » filled with the agency's (invented) legal mentions over the API, as the owner
 * does once (tests/e2e/settings.spec.ts does it on the screen): a quote is sent only then
 * (issue 49).
 */
export async function fillSettings(request: APIRequestContext, origin = '') {
  const session = await request.post(`${origin}/api/session`, { data: E2E_ADMIN });
  expect(session.status(), await session.text()).toBe(200);
  const current = await request.get(`${origin}/api/settings`);
  expect(current.status(), await current.text()).toBe(200);
  const { settings } = (await current.json()) as { settings: SettingsInput };
  const saved = await request.put(`${origin}/api/settings`, {
    data: { settings: aFilledSettings(settings) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The ids of the messages a list or table of the inbox shows, top to bottom. */
export function shownMessageIds(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-message-id') ?? ''),
  );
}

/**
 * Once the inbox is live, sends one message, waits until `rows` show it, and returns the ids
 * they show then: what a message arriving next must sit above (`expectAboveEarlierMessages`).
 */
export async function shownWhileLive(
  page: Page,
  request: APIRequestContext,
  rows: Locator,
): Promise<string[]> {
  await expect(page.getByTestId('inbox-status')).toHaveText('En direct');
  const before = await sendMessage(request, uniqueMessage('avant'));
  await expect(rows.and(page.locator(`[data-message-id="${before}"]`))).toBeVisible();
  return shownMessageIds(rows);
}

/**
 * Waits until the message that has just arrived shows above every message the inbox showed
 * before it (`earlier`, from `shownMessageIds`): the newest comes first. Other tests share the
 * server and may send theirs at the same moment, so it need not be the very first row.
 */
export async function expectAboveEarlierMessages(rows: Locator, id: string, earlier: string[]) {
  await expect
    .poll(
      async () => {
        const ids = await shownMessageIds(rows);
        const at = ids.indexOf(id);
        return at >= 0 && earlier.every((other) => !ids.includes(other) || ids.indexOf(other) > at);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** The SweetAlert2 popup. */
export function popup(page: Page) {
  return page.locator('.swal2-popup');
}

/**
 * The fonts the browser drew the text of the first element matching `selector` with, as its
 * developer tools show them (the text of its own, not of its children). Text below the first
 * screen is drawn only once it comes near (`content-visibility: auto`): selecting it, as a
 * visitor may, has the browser draw it where it is, without scrolling the page; the fonts are
 * read once it has been drawn.
 */
export async function drawnFonts(page: Page, selector: string): Promise<string[]> {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      element.ownerDocument.getSelection()?.selectAllChildren(element);
    });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    let families: string[] = [];
    await expect
      .poll(async () => {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        families = fonts.map((font) => font.familyName);
        return families.length;
      })
      .toBeGreaterThan(0);
    return families;
  } finally {
    await cdp.detach();
    await page
      .locator('html')
      .evaluate((root) => root.ownerDocument.getSelection()?.removeAllRanges());
  }
}

/**
 * Whether `lower` is a line under `upper`: it begins below the middle of `upper` (an inline
 * box may reach into the next line, by its font's ascent and descent, without being seen to).
 */
export async function isBelow(lower: Locator, upper: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([lower.boundingBox(), upper.boundingBox()]);
  return Boolean(a && b && a.y > b.y + b.height / 2);
}
