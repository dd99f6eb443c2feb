/**
 * The whole Firebase mode, end to end: the site built in Firebase mode (a fake web config, App
 * Check off) into a folder of its own, pointed at the Firestore emulator (Google Cloud CLI's)
 * and firebase-tools' Auth emulator, served by firebase-tools' Hosting emulator with the
 * project's firebase.json. A visitor sends the form; the owner, granted with
 * `npm run admin:grant`, signs in, sees the message arrive live, marks it read, deletes it; an
 * account without the grant sees nothing and is told so.
 *
 * The emulators and the build start once for the file (serial, at the laptop width only; the
 * screenshots are taken at both widths), and stop after it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
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
  fillContactForm,
  installClock,
  popup,
  type TestMessage,
  uniqueMessage,
} from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

const run = promisify(execFile);

/** The emulators answer slower than the embedded server, more so on a loaded machine. */
const EMULATOR_WAIT = 20_000;

const OWNER = { email: 'proprietaire@agence-firebase.test', password: 'un mot de passe solide' };
const STRANGER = { email: 'curieux@agence-firebase.test', password: 'un autre mot de passe' };

test.describe('Firebase mode on the emulators', { tag: '@desktop' }, () => {
  test.describe.configure({ mode: 'serial' });
  // As in Vitest's global setup: skipped only when asked, else a missing emulator fails the run
  // with the one line saying what to install.
  test.skip(process.env.FIREBASE_TESTS === 'skip', 'FIREBASE_TESTS=skip demande de les ignorer');

  const projectId = `${DEMO_PROJECT}-e2e`;
  let firestore: FirestoreEmulator | undefined;
  let tools: ToolsEmulators | undefined;
  let admin: App | undefined;
  let previousAuthHost: string | undefined;
  let site = '';
  let siteDir = '';

  test.beforeAll(async () => {
    // Starting two emulators and building the site take minutes on a loaded machine.
    test.setTimeout(600_000);
    const missing = emulatorsMissing();
    if (missing) throw new Error(missing);
    firestore = await startFirestoreEmulator();
    await loadRules(firestore.host, projectId);
    const auth = `127.0.0.1:${await freePort()}`;
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'agence-firebase-site-'));
    // The emulators' addresses are part of the bundle: the site is built for them.
    await run(process.execPath, [path.join(ROOT, 'scripts/build.ts'), siteDir], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...firebaseModeBuildEnv({ projectId, auth, firestore: firestore.host }),
      },
    });
    // Hosting serves a folder named relative to its firebase.json.
    tools = await startToolsEmulators(['auth', 'hosting'], {
      projectId,
      ports: { auth: Number(auth.split(':')[1]) },
      config: {
        hosting: await hostingForEmulators('site', [`http://${auth}`, `http://${firestore.host}`]),
      },
      prepare: (dir) => symlink(siteDir, path.join(dir, 'site'), 'dir'),
    });
    site = `http://${tools.hosts.hosting}`;

    // The Admin SDK finds the Auth emulator through this variable; restored after the file.
    previousAuthHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = auth;
    admin = initializeApp({ projectId }, `firebase-e2e-${Date.now()}`);
    for (const account of [OWNER, STRANGER]) await getAuth(admin).createUser(account);
  });

  test.afterAll(async () => {
    if (admin) await deleteApp(admin);
    if (previousAuthHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousAuthHost;
    await tools?.stop();
    await firestore?.stop();
    await rm(siteDir, { recursive: true, force: true });
  });

  /** The `read` field of a message as the Firestore emulator stores it (read as its owner). */
  function storedContact(id: string): Promise<Response> {
    return fetch(
      `http://${firestore?.host}/v1/projects/${projectId}/databases/(default)/documents/contacts/${id}`,
      { headers: { Authorization: 'Bearer owner' } },
    );
  }

  async function storedReadFlag(id: string): Promise<unknown> {
    const body = (await (await storedContact(id)).json()) as {
      fields?: { read?: { booleanValue?: boolean } };
    };
    return body.fields?.read?.booleanValue;
  }

  async function sendAsVisitor(page: Page, message: TestMessage, arrival = '', referer = '') {
    await installClock(page);
    await page.goto(`${site}/pageContact${arrival}`, referer ? { referer } : {});
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(popup(page).locator('.swal2-title')).toHaveText('Envoyé !', {
      timeout: EMULATOR_WAIT,
    });
    await popup(page).getByRole('button', { name: "D'accord !" }).click();
  }

  async function signInAs(page: Page, account: { email: string; password: string }) {
    await page.goto(`${site}/pageLogin`);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  /**
   * Gives the owner's account the `admin` grant with `npm run admin:grant`, as the guide says;
   * each test asks for it, so that it stands alone (giving it twice is harmless).
   */
  function grantOwner() {
    return run('npm', ['run', '--silent', 'admin:grant', '--', OWNER.email], {
      cwd: ROOT,
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: tools?.hosts.auth ?? '',
        FIREBASE_PROJECT_ID: projectId,
      },
    });
  }

  /** The owner, granted, signs in and reaches the dashboard. */
  async function signInAsOwner(page: Page) {
    await grantOwner();
    await signInAs(page, OWNER);
    await expect(page).toHaveURL(/\/pageDashboard$/, { timeout: EMULATOR_WAIT });
  }

  /** A message's row in the dashboard's table (wide screens). */
  function rowOf(page: Page, message: TestMessage) {
    return page.locator('tbody tr[data-message-id]').filter({ hasText: message.fullName });
  }

  /** Opens a message's panel from its row, and gives one of its regions (« Suivi », « Devis »). */
  async function openRegion(page: Page, message: TestMessage, region: string) {
    await rowOf(page, message).getByRole('button', { name: message.fullName }).click();
    return page
      .getByRole('dialog', { name: message.subject })
      .getByRole('region', { name: region });
  }

  test('a visitor’s message reaches the owner live; read, then deleted', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const first = uniqueMessage('firebase-avant');
    await sendAsVisitor(page, first);

    const granted = await grantOwner();
    expect(granted.stdout).toContain(`Le compte ${OWNER.email}`);

    await signInAs(page, OWNER);
    await expect(popup(page).locator('.swal2-title')).toHaveText('Login Successful!', {
      timeout: EMULATOR_WAIT,
    });
    await expect(page).toHaveURL(/\/pageDashboard$/, { timeout: EMULATOR_WAIT });
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible();
    await expect(rowOf(page, first)).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(page.getByTestId('inbox-status')).toHaveText('En direct', {
      timeout: EMULATOR_WAIT,
    });

    // Another visitor, in a browser of their own, while the dashboard is open: arrived from an
    // Instagram campaign, which the message records in Firestore (« Provenance »).
    const visitorContext = await browser.newContext();
    const second = uniqueMessage('firebase-direct');
    await sendAsVisitor(
      await visitorContext.newPage(),
      second,
      '?utm_source=instagram&utm_campaign=soldes',
      'https://www.instagram.com/',
    );
    await visitorContext.close();
    const row = rowOf(page, second);
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(row).toHaveClass(/message-unread/);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`firebase-dashboard-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: second.fullName }).click();
    const panel = page.getByRole('dialog', { name: second.subject });
    await expect(panel).toContainText(second.message);
    await expect(panel.getByRole('region', { name: 'Provenance' }).locator('dd')).toHaveText([
      '/pageContact (en français)',
      'www.instagram.com',
      'instagram',
      'soldes',
    ]);
    await expect(row).toHaveClass(/message-read/);
    // Stored, not only shown (Firestore shows a write before the server has it): the
    // emulator has it, and a reload reads it back.
    const id = (await row.getAttribute('data-message-id')) ?? '';
    await expect.poll(() => storedReadFlag(id), { timeout: EMULATOR_WAIT }).toBe(true);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(rowOf(page, second)).toHaveClass(/message-read/);

    await rowOf(page, second).getByRole('button', { name: second.fullName }).click();
    const reopened = page.getByRole('dialog', { name: second.subject });
    await reopened.getByRole('button', { name: 'Supprimer' }).click();
    await popup(page).getByRole('button', { name: 'Supprimer' }).click();
    // Firestore shows the deletion before the server has it (the row and the panel go at
    // once); a reload before then would drop the pending write. Wait for the emulator.
    await expect(reopened).toBeHidden();
    await expect(rowOf(page, second)).toHaveCount(0);
    await expect
      .poll(async () => (await storedContact(id)).status, { timeout: EMULATOR_WAIT })
      .toBe(404);
    await page.reload();
    await expect(rowOf(page, first)).toHaveCount(1);
    await expect(rowOf(page, second)).toHaveCount(0);
  });

  test('« Suivi »: a status, a note and a value go to Firestore and come back after a reload', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lead = uniqueMessage('firebase-suivi');
    await sendAsVisitor(page, lead);
    await signInAsOwner(page);
    const row = rowOf(page, lead);
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    const open = () => openRegion(page, lead, 'Suivi');

    const suivi = await open();
    await suivi.getByLabel('Statut').selectOption('devis-envoye');
    await expect(suivi.getByRole('status')).toHaveText('Statut enregistré : Devis envoyé.', {
      timeout: EMULATOR_WAIT,
    });
    // « Relancer le » in five days, proposed by the pipeline.
    await expect(suivi.getByLabel('Relancer le')).not.toHaveValue('');
    await suivi.getByLabel('Ajouter une note').fill('Devis n° 12 envoyé par e-mail.');
    await suivi.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(suivi.getByRole('status')).toHaveText('Note ajoutée.', { timeout: EMULATOR_WAIT });
    await suivi.getByLabel('Valeur estimée (DZD)').fill('1500,5');
    await suivi.getByRole('button', { name: 'Enregistrer la valeur' }).click();
    await expect(suivi.getByRole('alert')).toHaveText(
      'La valeur estimée doit être un nombre entier de dinars (DZD), sans centimes.',
    );
    await suivi.getByLabel('Valeur estimée (DZD)').fill('80000');
    await suivi.getByRole('button', { name: 'Enregistrer la valeur' }).click();
    await expect(suivi.getByRole('status')).toHaveText(
      /^Valeur estimée enregistrée : 80\s000 DZD\.$/,
      { timeout: EMULATOR_WAIT },
    );
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page
        .locator('.message-panel-body')
        .evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`firebase-suivi-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Stored in Firestore, not only shown: a reload reads it back.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    const again = await open();
    await expect(again.getByLabel('Statut')).toHaveValue('devis-envoye', {
      timeout: EMULATOR_WAIT,
    });
    await expect(again.getByLabel('Valeur estimée (DZD)')).toHaveValue(/^80\s000$/);
    const items = again.getByRole('list', { name: 'Historique' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Devis n° 12 envoyé par e-mail.');
    await expect(items.nth(1)).toContainText('Statut : Devis envoyé');
  });

  test('« Nouveau contact »: the owner types in a lead received on WhatsApp; in Firestore, with its source, « Contacté », after a reload', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await run('npm', ['run', '--silent', 'admin:grant', '--', OWNER.email], {
      cwd: ROOT,
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: tools?.hosts.auth ?? '',
        FIREBASE_PROJECT_ID: projectId,
      },
    });
    await signInAs(page, OWNER);
    await expect(page).toHaveURL(/\/pageDashboard$/, { timeout: EMULATOR_WAIT });
    const name = `Transport Oran Sud ${Date.now()}`;
    await page.getByRole('button', { name: 'Nouveau contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
    await dialog.getByLabel('Nom complet').fill(name);
    await dialog.getByRole('radio', { name: 'WhatsApp' }).check();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('contact@transport-oran-sud.dz');
    await dialog.getByLabel('Sujet').fill('Application de suivi des colis');
    await dialog.getByRole('button', { name: 'Enregistrer le contact' }).click();
    await expect(dialog).toBeHidden({ timeout: EMULATOR_WAIT });
    // Opened once Firestore delivers it: read, its source, « Contacté ».
    const panel = page.getByRole('dialog', { name: 'Application de suivi des colis' });
    await expect(panel.locator('.message-details')).toContainText('SourceWhatsApp', {
      timeout: EMULATOR_WAIT,
    });
    await expect(panel.getByLabel('Statut', { exact: true })).toHaveValue('contacte', {
      timeout: EMULATOR_WAIT,
    });
    await expect(panel.getByLabel('Relancer le')).not.toHaveValue('');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await screenshotIfAsked(page, {
      path: test.info().outputPath('firebase-nouveau-contact-1280.png'),
    });

    // Stored in Firestore, not only shown: a reload reads it back, read, with its source.
    await page.keyboard.press('Escape');
    await page.reload();
    const row = page.locator('tbody tr[data-message-id]').filter({ hasText: name });
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(row).toContainText('Source : WhatsApp');
    await expect(row).toContainText('Contacté');
    await expect(row).not.toHaveClass(/message-unread/);
    const id = await row.getAttribute('data-message-id');
    expect(await storedReadFlag(id ?? '')).toBe(true);
  });

  test('« Créer un devis »: the editor saves a draft to Firestore, whole, and it comes back after a reload', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lead = { ...uniqueMessage('firebase-devis'), subject: 'Site statique — 28 000 DZD' };
    await sendAsVisitor(page, lead);
    await signInAsOwner(page);
    const row = rowOf(page, lead);
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    const leadId = (await row.getAttribute('data-message-id')) ?? '';
    const open = () => openRegion(page, lead, 'Devis');
    /** The quotes of this lead as the Firestore emulator stores them (read as its owner). */
    const storedQuotes = async () => {
      const response = await fetch(
        `http://${firestore?.host}/v1/projects/${projectId}/databases/(default)/documents/quotes?pageSize=300`,
        { headers: { Authorization: 'Bearer owner' } },
      );
      const body = (await response.json()) as {
        documents?: { fields: { leadId?: { stringValue?: string } } }[];
      };
      return (body.documents ?? []).filter(
        (document) => document.fields.leadId?.stringValue === leadId,
      );
    };

    const quotes = await open();
    await expect(quotes).toContainText('Aucun devis pour ce contact.', { timeout: EMULATOR_WAIT });
    await quotes.getByRole('button', { name: 'Créer un devis' }).click();
    const editor = page.getByRole('dialog', { name: 'Nouveau devis' });
    await expect(editor.getByLabel('Désignation')).toHaveValue('Site statique');
    await expect(editor.getByLabel('Prix unitaire HT (DA)')).toHaveValue('28000');

    // Refused in French under the field, and nothing reaches Firestore.
    await editor.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expect(editor.getByLabel('Adresse')).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(await storedQuotes()).toEqual([]);

    await editor.getByLabel('Adresse').fill('Cité En-Nasr, Oran');
    await editor.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expect(editor).toBeHidden({ timeout: EMULATOR_WAIT });
    await expect(quotes.getByRole('status').first()).toHaveText('Brouillon enregistré.');
    await expect(quotes.getByTestId('lead-quote')).toContainText(/Brouillon.*33\s320,00 DA/u);
    await expect
      .poll(async () => (await storedQuotes()).length, { timeout: EMULATOR_WAIT })
      .toBe(1);

    // A reload reads it back from Firestore, and the editor opens it as it was saved.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: EMULATOR_WAIT });
    const again = await open();
    await expect(again.getByTestId('lead-quote')).toContainText(/33\s320,00 DA/u, {
      timeout: EMULATOR_WAIT,
    });
    await again.getByRole('button', { name: 'Modifier' }).click();
    const draft = page.getByRole('dialog', { name: 'Brouillon de devis' });
    await expect(draft.getByLabel('Adresse')).toHaveValue('Cité En-Nasr, Oran');
    await expect(draft.getByLabel('Prix unitaire HT (DA)')).toHaveValue('28000');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`firebase-devis-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('a phone card changes its lead’s status in Firestore; the status filter is in the URL', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lead = uniqueMessage('firebase-carte');
    await sendAsVisitor(page, lead);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwner(page);
    const cards = page.locator('.message-list li[data-message-id]');
    const card = cards.filter({ hasText: lead.fullName });
    await expect(card).toHaveCount(1, { timeout: EMULATOR_WAIT });
    const status = card.getByLabel(`Statut de ${lead.fullName}`);
    await expect(status).toHaveValue('nouveau', { timeout: EMULATOR_WAIT });

    // « Perdu » asks its reason; cancelled, nothing changes.
    await status.selectOption('perdu');
    await expect(card.getByLabel('Raison de la perte')).toBeVisible();
    await card.getByRole('button', { name: 'Annuler' }).click();
    await expect(status).toHaveValue('nouveau');
    await expect(status).toBeFocused();

    // One choice: « Gagné », in Firestore.
    await status.selectOption('gagne');
    await expect(page.getByRole('status').filter({ hasText: 'statut enregistré' })).toHaveText(
      `${lead.fullName} : statut enregistré, Gagné.`,
      { timeout: EMULATOR_WAIT },
    );
    const summary = page.getByRole('region', { name: 'Suivi des contacts' });
    await expect(summary.getByRole('button', { name: /^Gagné / })).toContainText('1 contact');
    const audit = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);
    await screenshotIfAsked(page, {
      path: test.info().outputPath('firebase-cartes-390.png'),
      fullPage: true,
    });

    // The status filter, from the URL: only this lead is « Gagné », after a reload too.
    await page.goto(`${site}/pageDashboard?statut=gagne`);
    await expect(cards).toHaveCount(1, { timeout: EMULATOR_WAIT });
    await expect(card.getByLabel(`Statut de ${lead.fullName}`)).toHaveValue('gagne');
    await expect(summary.getByRole('button', { name: /^Gagné / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.locator('tbody tr[data-message-id]')).toHaveCount(1);
    await screenshotIfAsked(page, {
      path: test.info().outputPath('firebase-filtre-gagne-1366.png'),
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('an account without the grant signs in, sees nothing, and is told why in French', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, STRANGER);
    await expect(popup(page).locator('.swal2-title')).toHaveText('Accès refusé', {
      timeout: EMULATOR_WAIT,
    });
    await screenshotIfAsked(page, {
      path: test.info().outputPath('firebase-not-admin-390.png'),
      animations: 'disabled',
    });
    // Readable at both widths (axe's WCAG 2 A and AA rules, its colour contrast among them).
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      const audit = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        audit.violations.map((violation) => violation.id),
        `à ${width} px`,
      ).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(popup(page).locator('.swal2-html-container')).toHaveText(
      `Le compte ${STRANGER.email} n’a pas accès au tableau de bord : il est réservé à ` +
        'l’administrateur de l’agence. Connectez-vous avec le compte administrateur, ou ' +
        'demandez-lui de vous donner l’accès.',
    );
    await popup(page).getByRole('button').click();
    await expect(page).toHaveURL(/\/pageLogin$/);
    await page.goto(`${site}/pageDashboard`);
    await expect(page).toHaveURL(/\/pageLogin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toHaveCount(0);
  });

  test('wrong credentials still show the spec’s « Invalid Credentials »', async ({ page }) => {
    await signInAs(page, { email: OWNER.email, password: 'pas le bon mot de passe' });
    await expect(popup(page).locator('.swal2-title')).toHaveText('Invalid Credentials', {
      timeout: EMULATOR_WAIT,
    });
    await expect(page).toHaveURL(/\/pageLogin$/);
  });

  test('screenshots of the login page', async ({ page }) => {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto(`${site}/pageLogin`);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await screenshotIfAsked(page, {
        path: test.info().outputPath(`firebase-login-${width}.png`),
      });
    }
  });
});
