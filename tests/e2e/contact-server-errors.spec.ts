import { expect, test, type Page } from '@playwright/test';
import { localizedPath, ROUTES, type Language } from '../../shared/domain/routes.ts';
import { popup, uniqueMessage } from './fixtures.ts';
import { screenshotIfAsked } from './screenshots.ts';

/**
 * A field the server refuses though the form had let it pass (a page older than the server,
 * say): the form shows, next to that field, the schema's own sentence for the rule the server
 * applied, in the page's language; not one general sentence. The request the form sends is
 * changed on its way to the real server, which then refuses it as it would any client.
 */

const FORMS: Record<
  Language,
  {
    name: string;
    send: string;
    labels: Record<'fullName' | 'email' | 'phone' | 'service' | 'subject' | 'message', RegExp>;
    service: string;
    subjectTooShort: string;
    invalidPhone: string;
    failure: string;
  }
> = {
  fr: {
    name: 'Formulaire de contact',
    send: 'Envoyer le message',
    labels: {
      fullName: /^Nom complet/,
      email: /^E-mail/,
      phone: /^Numéro de téléphone/,
      service: /^Service/,
      subject: /^Sujet/,
      message: /^Message/,
    },
    service: 'Design',
    subjectTooShort: 'Le sujet doit contenir au moins 2 caractères.',
    invalidPhone:
      'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
    failure: 'certains champs sont invalides, corrigez-les puis réessayez.',
  },
  ar: {
    name: 'استمارة الاتصال',
    send: 'إرسال الرسالة',
    labels: {
      fullName: /^الاسم الكامل/u,
      email: /^البريد الإلكتروني/u,
      phone: /^رقم الهاتف/u,
      service: /^الخدمة/u,
      subject: /^الموضوع/u,
      message: /^الرسالة/u,
    },
    service: 'التصميم',
    subjectTooShort: 'يجب أن يتكوّن الموضوع من حرفين على الأقل.',
    invalidPhone: 'أدخلوا رقم هاتف صالحًا، مثل ‎0550 12 34 56، أو ‎+33 6 12 34 56 78 من الخارج.',
    failure: 'بعض الحقول غير صالحة، صحّحوها ثم أعيدوا المحاولة.',
  },
};

/** Lets the form's post through to the server with a one-letter subject and no valid phone. */
async function spoilTheSubjectAndPhone(page: Page) {
  await page.route('**/api/contacts', async (route) => {
    const sent = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...sent, subject: 'x', phone: '123' }) });
  });
}

for (const language of ['ar', 'fr'] as const) {
  test(`a field the server refuses is explained next to it, in the form’s language (${language})`, async ({
    page,
  }, testInfo) => {
    const words = FORMS[language];
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/contacts')) answers.push(response.status());
    });
    await spoilTheSubjectAndPhone(page);
    await page.goto(localizedPath(ROUTES.contact, language));
    const form = page.getByRole('form', { name: words.name });
    const field = (name: keyof typeof words.labels) => form.getByLabel(words.labels[name]);
    const message = uniqueMessage('refus');
    await field('fullName').fill(message.fullName);
    await field('email').fill(message.email);
    await field('phone').fill('0550 12 34 56');
    await field('service').selectOption({ label: words.service });
    await field('subject').fill(message.subject);
    await field('message').fill(message.message);
    await form.getByRole('button', { name: words.send }).click();

    await expect(popup(page)).toContainText(words.failure);
    expect(answers).toEqual([400]);
    // The popup hides the page from assistive technology while it is open.
    await popup(page).getByRole('button').first().click();
    await expect(popup(page)).toBeHidden();
    await expect(field('subject')).toHaveAccessibleDescription(words.subjectTooShort);
    await expect(field('phone')).toHaveAccessibleDescription(words.invalidPhone);
    // The example numbers read left to right, their digit groups in order, even in Arabic.
    const groups = await field('phone').evaluate((input) => {
      const errorId = input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
      const error = document.getElementById(errorId);
      const walker = document.createTreeWalker(error ?? document.body, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent?.includes('0550')) node = walker.nextNode();
      const text = node?.textContent ?? '';
      const box = (part: string, from = 0) => {
        const range = document.createRange();
        const start = text.indexOf(part, from);
        range.setStart(node as Text, start);
        range.setEnd(node as Text, start + part.length);
        return range.getBoundingClientRect();
      };
      // Read in order: on a later line (the sentence may wrap inside a number, depending on
      // the width and on whether the web font has arrived), or on the same line to the right.
      // (Digits and Arabic letters come from fonts of different heights: a line is where the
      // middle of one box falls, not an equal top.)
      const readAfter = (first: DOMRect, then: DOMRect) => {
        const middle = (then.top + then.bottom) / 2;
        if (middle > first.bottom) return true;
        return middle > first.top && first.left < then.left;
      };
      const local = text.indexOf('0550');
      const abroad = text.indexOf('+33');
      return [readAfter(box('0550'), box('56', local)), readAfter(box('+33'), box('78', abroad))];
    });
    expect(groups).toEqual([true, true]);
    await expect(field('subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(field('email')).not.toHaveAttribute('aria-invalid', 'true');
    // What the visitor typed is kept, to be corrected.
    await expect(field('subject')).toHaveValue(message.subject);
    await field('subject').scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, { path: testInfo.outputPath(`erreur-serveur-${language}.png`) });
  });
}
