import { expect, test } from '@playwright/test';
import { localizedPath, ROUTES } from '../../shared/domain/routes.ts';
import {
  atAPersonsPace,
  fillContactForm,
  installClock,
  popup,
  sendMessage,
  signIn,
  uniqueMessage,
} from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

/**
 * A message sent in Arabic (through the API, as the /ar form sends it: `language: 'ar'`)
 * appears in the dashboard marked « AR », and the language filter shows only it among a
 * French one sent alongside. Both widths: the table on a laptop, the list on a phone.
 */
test('a message sent in Arabic is marked « AR » and the language filter shows only it @desktop', async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueMessage('lng').fullName;
  const arabic = uniqueMessage('lng', { fullName: `${tag} عربي`, language: 'ar' });
  const french = uniqueMessage('lng', { fullName: `${tag} français`, language: 'fr' });
  const arabicId = await sendMessage(request, arabic);
  const frenchId = await sendMessage(request, french);

  await signIn(page);
  // Only this test's two messages: others run alongside on the same inbox.
  await page.getByLabel('Rechercher', { exact: true }).fill(tag);
  const item = (id: string) => page.locator(`[data-message-id="${id}"]`);
  await expect(item(arabicId).getByRole('img', { name: 'Message en arabe' })).toHaveText('AR');
  await expect(item(frenchId).getByRole('img', { name: 'Message en français' })).toHaveText('FR');

  const toggle = page.getByRole('button', { name: /^Filtres/ });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByLabel('Langue', { exact: true }).selectOption({ label: 'Arabe' });
  await expect(page).toHaveURL(/[?&]langue=ar\b/);
  await expect(item(frenchId)).toHaveCount(0);
  await expect(item(arabicId)).toBeVisible();
  await screenshotIfAsked(page, { path: testInfo.outputPath('dashboard-langue.png') });

  // The filter is kept in the address: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Langue', { exact: true })).toHaveValue('ar');
});

/**
 * A message sent from the Arabic contact form, and one from the French form, each answered
 * from the dashboard: the reply shortcuts start in the language the visitor wrote in (the
 * subject, the greeting, the agency's name), read back from the links' addresses.
 */
test('the reply shortcuts of a message sent from /ar/pageContact are in Arabic, a French one’s in French @desktop', async ({
  page,
}, testInfo) => {
  const tag = uniqueMessage('rep').fullName;
  const arabic = uniqueMessage('rep', {
    fullName: `مخبزة ${tag}`,
    subject: `شعار لمتجري ${tag}`,
    email: 'amina+reponse@example.dz',
    message: 'أرغب في تصميم شعار جديد لمتجري في وهران.',
  });
  await installClock(page);
  await page.goto(localizedPath(ROUTES.contact, 'ar'));
  const form = page.getByRole('form', { name: 'استمارة الاتصال' });
  await form.getByLabel(/^الاسم الكامل/u).fill(arabic.fullName);
  await form.getByLabel(/^الخدمة/u).selectOption({ label: 'التصميم' });
  await form.getByLabel(/^البريد الإلكتروني/u).fill(arabic.email);
  await form.getByLabel(/^رقم الهاتف/u).fill(arabic.phone);
  await form.getByLabel(/^الموضوع/u).fill(arabic.subject);
  await form.getByLabel(/^الرسالة/u).fill(arabic.message);
  await atAPersonsPace(page);
  await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
  await expect(popup(page)).toContainText('تم الإرسال!');

  const french = uniqueMessage('rep', { fullName: `Boulangerie ${tag}`, subject: `Logo ${tag}` });
  await page.goto(ROUTES.contact);
  await fillContactForm(page, french);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(popup(page)).toContainText('Envoyé !');

  await signIn(page);
  await page.getByLabel('Rechercher', { exact: true }).fill(tag);
  const item = (name: string) => page.locator('[data-message-id]').filter({ hasText: name });
  await expect(item(arabic.fullName).getByRole('img', { name: 'Message en arabe' })).toHaveText(
    'AR',
  );
  await screenshotIfAsked(page, { path: testInfo.outputPath('dashboard-message-arabe.png') });

  /** Opens the message and reads its e-mail and WhatsApp shortcuts as a mail program would. */
  const replies = async (name: string, subject: string) => {
    await item(name).getByRole('button', { name }).click();
    const panel = page.getByRole('dialog', { name: subject });
    const group = panel.getByRole('group', { name: 'Répondre' });
    const mail = new URL(
      (await group.getByRole('link', { name: 'Répondre par e-mail' }).getAttribute('href')) ?? '',
    );
    const chat = new URL(
      (await group.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '',
    );
    return {
      panel,
      to: decodeURIComponent(mail.pathname),
      subject: mail.searchParams.get('subject'),
      body: mail.searchParams.get('body'),
      chat: `${chat.origin}${chat.pathname}`,
      text: chat.searchParams.get('text'),
    };
  };

  const ar = await replies(arabic.fullName, arabic.subject);
  await screenshotIfAsked(ar.panel, { path: testInfo.outputPath('reponse-arabe.png') });
  const opening = `السلام عليكم ${arabic.fullName}،`;
  const thanks = `نشكركم على رسالتكم إلى أوريزون نوميريك بخصوص « ${arabic.subject} ».`;
  expect(ar).toMatchObject({
    to: arabic.email,
    subject: `رد: ${arabic.subject}`,
    body: `${opening}\r\n\r\n${thanks}\r\n\r\n`,
    chat: 'https://wa.me/213550123456',
    text: `${opening}\n${thanks}`,
  });
  await ar.panel.getByRole('button', { name: 'Fermer le message' }).click();

  const fr = await replies(french.fullName, french.subject);
  expect(fr).toMatchObject({
    to: french.email,
    subject: `Re: ${french.subject}`,
    body: null,
    chat: 'https://wa.me/213550123456',
    text: null,
  });
});
