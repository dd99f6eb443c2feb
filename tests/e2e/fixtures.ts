import { expect, type Page } from '@playwright/test';
import type { ContactService } from '../../shared/domain/contact.ts';

/** The owner's account the e2e server is started with (playwright.config.ts). */
export const E2E_ADMIN = {
  email: 'proprietaire@agence.test',
  password: 'mot-de-passe-de-test-e2e',
};

export interface TestMessage {
  fullName: string;
  service: ContactService;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

let counter = 0;
/** A message unique to this test run, so that parallel tests never confuse theirs. */
export function uniqueMessage(label: string): TestMessage {
  counter += 1;
  const tag = `${label}-${process.pid}-${Date.now()}-${counter}`;
  return {
    fullName: `Entreprise ${tag}`,
    service: 'Design',
    email: `contact+${counter}@exemple.dz`,
    phone: '0550123456',
    subject: `Sujet ${tag}`,
    message: `Bonjour, message de test ${tag}.`,
  };
}

export async function fillContactForm(page: Page, message: TestMessage) {
  await page.getByPlaceholder('Nom complet').fill(message.fullName);
  await page.getByPlaceholder('E-mail').fill(message.email);
  await page.getByPlaceholder('Numéro de téléphone').fill(message.phone);
  await page.getByLabel(/^Service/).selectOption(message.service);
  await page.getByPlaceholder('Sujet').fill(message.subject);
  await page.getByPlaceholder('Message').fill(message.message);
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
  await expect(page.getByRole('heading', { name: 'Dashboard - Messages Reçus' })).toBeVisible({
    timeout: 10_000,
  });
}

/** The SweetAlert2 popup. */
export function popup(page: Page) {
  return page.locator('.swal2-popup');
}
