/**
 * Quotes in Firebase mode, end to end, as the owner and the client live them: the site built
 * for the emulators (Firestore with the project's rules, Auth, and the Functions emulator
 * running functions/: sendQuote, sendQuoteEmail, quoteLink), served by the Hosting emulator
 * with firebase.json. A visitor's lead from the price card; the owner signs in, « Créer un
 * devis », « Enregistrer et envoyer » (numbered and dated by the function); the client's
 * e-mail reaches the local SMTP server with the link; the client opens /pageDevis#<token> in
 * a browser of its own (another context: no session, nothing shared) and accepts, or refuses
 * with a comment; the owner sees « Accepté » or « Refusé » on the lead and in the « Devis »
 * view, and the lead « Gagné » on acceptance.
 *
 * The emulators and the build start once for the file (serial, at the laptop width only), and
 * stop after it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import {
  DEMO_PROJECT,
  ROOT,
  emulatorsMissing,
  firebaseModeBuildEnv,
  freePort,
  hostingForEmulators,
  loadRules,
  startFirestoreEmulator,
  startToolsEmulators,
  type FirestoreEmulator,
  type ToolsEmulators,
} from '../../scripts/firebase-emulators.ts';
import {
  startCallableFunctions,
  TEST_QUOTE_LINK_SECRET,
} from '../../scripts/functions-emulator.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { SETTINGS_PATH } from '../../shared/backend/firebase/settings-documents.ts';
import { defaultSettings } from '../../shared/domain/settings/effective.ts';
import { settingsSchema } from '../../shared/domain/settings/settings.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import {
  fillContactForm,
  installClock,
  popup,
  type TestMessage,
  uniqueMessage,
} from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

const run = promisify(execFile);

/** The emulators answer slower than the embedded server; a function's first call, slower. */
const EMULATOR_WAIT = 30_000;

const OWNER = { email: 'proprietaire@devis-firebase.test', password: 'un mot de passe solide' };
const NUMBER = /DEV-\d{4}-\d{4}/u;

test.describe('Quotes in Firebase mode on the emulators', { tag: '@desktop' }, () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(process.env.FIREBASE_TESTS === 'skip', 'FIREBASE_TESTS=skip demande de les ignorer');

  const projectId = `${DEMO_PROJECT}-e2e-devis`;
  const cleanups: (() => Promise<void> | void)[] = [];
  let firestore: FirestoreEmulator | undefined;
  let functions: { host: string; stop(): Promise<void> } | undefined;
  let tools: ToolsEmulators | undefined;
  let smtp: SmtpStandIn;
  let admin: App | undefined;
  let previousAuthHost: string | undefined;
  let site = '';
  let siteDir = '';

  test.beforeAll(async () => {
    // Three emulators and a build take minutes on a loaded machine.
    test.setTimeout(600_000);
    const missing = emulatorsMissing();
    if (missing) throw new Error(missing);
    firestore = await startFirestoreEmulator();
    await loadRules(firestore.host, projectId);
    const authPort = await freePort();
    const hostingPort = await freePort();
    const auth = `127.0.0.1:${authPort}`;
    site = `http://127.0.0.1:${hostingPort}`;
    smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    await smtp.start();
    // The Admin SDK (here and in the functions, which inherit it) trusts this Auth emulator.
    previousAuthHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = auth;
    functions = await startCallableFunctions({
      projectId,
      firestore: firestore.host,
      params: {
        NOTIFY_EMAIL: OWNER.email,
        PUBLIC_URL: site,
        MAIL_FROM: 'Site de l’agence <site@agence.test>',
      },
      secrets: {
        SMTP_URL: smtp.url(),
        VAPID_PRIVATE_KEY: '',
        WEBHOOK_SECRET: '',
        QUOTE_LINK_SECRET: TEST_QUOTE_LINK_SECRET,
      },
    });
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'agence-firebase-devis-'));
    // The emulators' addresses are part of the bundle: the site is built for them.
    await run(process.execPath, [path.join(ROOT, 'scripts/build.ts'), siteDir], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...firebaseModeBuildEnv({
          projectId,
          auth,
          firestore: firestore.host,
          functions: functions.host,
        }),
      },
    });
    tools = await startToolsEmulators(['auth', 'hosting'], {
      projectId,
      ports: { auth: authPort, hosting: hostingPort },
      config: {
        hosting: await hostingForEmulators('site', [
          `http://${auth}`,
          `http://${firestore.host}`,
          `http://${functions.host}`,
        ]),
      },
      prepare: (dir) => symlink(siteDir, path.join(dir, 'site'), 'dir'),
    });
    admin = initializeApp({ projectId }, `firebase-e2e-devis-${Date.now()}`);
    const owner = await getAuth(admin).createUser(OWNER);
    await getAuth(admin).setCustomUserClaims(owner.uid, { admin: true });
    // « Réglages » as the owner saved them (the agency's legal mentions): sendQuote refuses a
    // quote without them, as the embedded server does.
    const previousFirestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    try {
      await getFirestore(admin)
        .doc(SETTINGS_PATH)
        .set({
          settings: settingsSchema.parse(aFilledSettings(defaultSettings())),
          savedAt: new Date(),
          savedBy: OWNER.email,
          versionId: 'premier',
        });
    } finally {
      if (previousFirestoreHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousFirestoreHost;
    }
  });

  test.afterAll(async () => {
    if (admin) await deleteApp(admin);
    if (previousAuthHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousAuthHost;
    await tools?.stop();
    await functions?.stop();
    await firestore?.stop();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await rm(siteDir, { recursive: true, force: true });
  });

  async function sendAsVisitor(page: Page, message: TestMessage) {
    await installClock(page);
    await page.goto(`${site}/pageContact`);
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !', {
      timeout: EMULATOR_WAIT,
    });
    await popup(page).getByRole('button', { name: "D'accord !" }).click();
  }

  async function signIn(page: Page) {
    await page.goto(`${site}/pageLogin`);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Mot de passe').fill(OWNER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/pageDashboard$/u, { timeout: EMULATOR_WAIT });
  }

  async function openLead(page: Page, lead: TestMessage) {
    const row = page.locator('tbody tr[data-message-id]').filter({ hasText: lead.fullName });
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await row.getByRole('button', { name: lead.fullName }).click();
    const panel = page.getByRole('dialog', { name: lead.subject });
    await expect(panel).toBeVisible();
    return panel;
  }

  /**
   * From a visitor's lead to a quote sent by the owner, its e-mail received: the lead, its
   * panel, and the link as the client's e-mail gives it.
   */
  async function sentQuote(page: Page, label: string) {
    const lead = { ...uniqueMessage(label), subject: 'Site statique — 28 000 DZD' };
    lead.fullName = `Client ${lead.email.replace(/\W/gu, '')}`;
    await sendAsVisitor(page, lead);
    await signIn(page);
    const panel = await openLead(page, lead);
    const quotes = panel.getByRole('region', { name: 'Devis' });
    await expect(quotes).toContainText('Aucun devis pour ce contact.', {
      timeout: EMULATOR_WAIT,
    });
    await quotes.getByRole('button', { name: 'Créer un devis' }).click();
    const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
    await expect(editor.getByLabel('Désignation')).toHaveValue('Site statique');
    await expect(editor.getByLabel('E-mail du client')).toHaveValue(lead.email);
    await editor.getByLabel('Adresse').fill('5 boulevard Zighout Youcef, Constantine');
    const mailsBefore = smtp.mails.length;
    await editor.getByRole('button', { name: 'Enregistrer et envoyer' }).click();
    await expect(editor).toBeHidden({ timeout: EMULATOR_WAIT });

    // Numbered by the function, e-mailed through the other one.
    const notice = quotes.getByRole('status').first();
    await expect(notice).toHaveText(
      new RegExp(
        `^Devis ${NUMBER.source} envoyé à ${lead.email.replace(/[.+]/gu, '\\$&')}\\.`,
        'u',
      ),
      { timeout: EMULATOR_WAIT },
    );
    const number = NUMBER.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    const row = quotes.getByTestId('lead-quote');
    await expect(row).toContainText('Envoyé');
    await expect(row).toContainText(number);
    await expect(panel.getByRole('region', { name: 'Suivi' }).getByLabel('Statut')).toHaveValue(
      'devis-envoye',
      { timeout: EMULATOR_WAIT },
    );
    const shownLink = (await quotes.getByTestId('quote-link').getAttribute('href')) ?? '';

    const mail = (await smtp.waitForMails(mailsBefore + 1, EMULATOR_WAIT))
      .slice(mailsBefore)
      .find((received) => received.to && JSON.stringify(received.to).includes(lead.email));
    expect(mail?.subject).toBe(`Devis ${number} — Horizon Numérique`);
    // Replies go to the address saved in « Réglages » (issue 49), not NOTIFY_EMAIL's.
    expect(mail?.replyTo?.value[0]?.address).toBe(
      aFilledSettings(defaultSettings()).notifications.email,
    );
    const link = new RegExp(`${site}/pageDevis#[\\w-]{43}`, 'u').exec(mail?.text ?? '')?.[0];
    expect(link).toBe(shownLink);
    return { lead, panel, number, link: link ?? '' };
  }

  /** The client's page, in a browser of its own: no session, no storage shared. */
  async function clientPage(browser: Browser, link: string) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    cleanups.push(() => context.close());
    const client = await context.newPage();
    await client.goto(link);
    await expect(client).toHaveTitle(/^Devis DEV-\d{4}-\d{4}$/u, { timeout: EMULATOR_WAIT });
    await expect(client.locator('.quote-document')).toContainText('Site statique');
    return client;
  }

  test('a quote from a lead, sent by e-mail, accepted by the client: « Accepté », the lead « Gagné »', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { lead, panel, number, link } = await sentQuote(page, 'firebase-devis-accepte');

    const client = await clientPage(browser, link);
    await expect(client.locator('.quote-document')).toContainText(number);
    // The agency's details of « Réglages », frozen by sendQuote: no « Modèle ».
    await expect(client.locator('.quote-document')).toContainText('001213012345678');
    await expect(client.locator('.quote-document')).toContainText('Atelier Numérique Tlemcen');
    await expect(client.locator('.quote-document')).not.toContainText('Modèle');
    await expect(client.locator('.quote-document')).not.toContainText(lead.email);
    await client
      .getByLabel('Commentaire (facultatif)')
      .fill('D’accord pour un début le 1er décembre.');
    await client.getByRole('button', { name: 'Accepter le devis' }).click();
    // A confirmation first (issue 44), with the number and the net to pay.
    const confirm = client.getByRole('dialog', {
      name: `Accepter le devis ${number} pour 33\u202f320,00\u00a0DA\u202f?`,
    });
    await confirm.getByRole('button', { name: 'Oui, accepter le devis' }).click();
    await expect(client.getByRole('status')).toContainText(
      /^Accepté en ligne le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}Merci : l’agence est prévenue de votre accord\./u,
      { timeout: EMULATOR_WAIT },
    );
    // The printed quote says it too, in its « Bon pour accord » box.
    await expect(client.locator('.quote-document').getByTestId('quote-answered')).toContainText(
      /^Accepté en ligne le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/u,
    );
    await screenshotIfAsked(client, { path: test.info().outputPath('client-accepte-390.png') });
    await client.reload();
    await expect(client.getByRole('status')).toContainText('Accepté en ligne le', {
      timeout: EMULATOR_WAIT,
    });
    await expect(client.getByRole('button', { name: 'Accepter le devis' })).toHaveCount(0);

    // The lead follows live (the function wrote it); the quote says it, with the comment.
    await expect(panel.getByRole('region', { name: 'Suivi' }).getByLabel('Statut')).toHaveValue(
      'gagne',
      { timeout: EMULATOR_WAIT },
    );
    await panel.getByRole('button', { name: 'Fermer le message' }).click();
    const again = await openLead(page, lead);
    const quote = again.getByRole('region', { name: 'Devis' }).getByTestId('lead-quote');
    await expect(quote).toContainText('Accepté', { timeout: EMULATOR_WAIT });
    await expect(quote).toContainText('D’accord pour un début le 1er décembre.');
    await again.getByRole('button', { name: 'Fermer le message' }).click();

    // « Gagné » counts the accepted quote's net to pay (no estimate was typed: 0 DZD before).
    const won = page
      .getByRole('region', { name: 'Suivi des contacts' })
      .getByRole('button', { name: /^Gagné / });
    await expect(won).toHaveAccessibleName(/^Gagné 1 contact, 33\s320 DZD$/u, {
      timeout: EMULATOR_WAIT,
    });

    await page.getByRole('link', { name: 'Devis' }).click();
    await expect(page).toHaveURL(/\?dossier=devis$/u);
    const inView = page.getByTestId('quote-row').filter({ hasText: number });
    await expect(inView).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(inView).toContainText('Accepté');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`firebase-vue-devis-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // « Réglages » on Firebase: the screen reads the settings document.
    await page.getByRole('link', { name: 'Réglages', exact: true }).click();
    await expect(page).toHaveURL(/\?dossier=reglages$/u);
    await expect(page.getByLabel('NIF', { exact: true })).toHaveValue('001213012345678', {
      timeout: EMULATOR_WAIT,
    });
  });

  test('a quote refused by the client with a comment: « Refusé », the lead stays « Devis envoyé »', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { lead, panel, number, link } = await sentQuote(page, 'firebase-devis-refuse');

    const client = await clientPage(browser, link);
    await client.getByLabel('Commentaire (facultatif)').fill('Trop cher pour nous cette année.');
    await client.getByRole('button', { name: 'Refuser' }).click();
    await client
      .getByRole('dialog', {
        name: `Refuser le devis ${number} pour 33\u202f320,00\u00a0DA\u202f?`,
      })
      .getByRole('button', { name: 'Oui, refuser le devis' })
      .click();
    await expect(client.getByRole('status')).toContainText(
      /^Refusé en ligne le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/u,
      { timeout: EMULATOR_WAIT },
    );
    await expect(client.getByRole('button', { name: 'Accepter le devis' })).toHaveCount(0);

    await panel.getByRole('button', { name: 'Fermer le message' }).click();
    const again = await openLead(page, lead);
    const quote = again.getByRole('region', { name: 'Devis' }).getByTestId('lead-quote');
    await expect(quote).toContainText('Refusé', { timeout: EMULATOR_WAIT });
    await expect(quote).toContainText('Trop cher pour nous cette année.');
    await expect(again.getByRole('region', { name: 'Suivi' }).getByLabel('Statut')).toHaveValue(
      'devis-envoye',
    );
    await again.getByRole('button', { name: 'Fermer le message' }).click();

    await page.getByRole('link', { name: 'Devis' }).click();
    const inView = page.getByTestId('quote-row').filter({ hasText: number });
    await expect(inView).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(inView).toContainText('Refusé');
  });
});
