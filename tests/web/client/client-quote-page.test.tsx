// @vitest-environment jsdom
/**
 * Before the quote is read, its language is not known: the client's page says that it is
 * loading, or why it failed, in each language of the site (LANGUAGES), each in its own
 * direction — not in two languages written into the page.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackendError } from '../../../shared/backend/ports.ts';
import { QUOTE_MESSAGES } from '../../../shared/domain/quotes/record.ts';
import { LANGUAGES, localeOf } from '../../../shared/domain/routes.ts';
import { ClientQuotePage, type QuoteLinks } from '../../../src-web/client/client-quote-page.tsx';
import { CLIENT_QUOTE_TEXT } from '../../../src-web/client/client-quote-text.ts';

const never = () => new Promise<QuoteLinks>(() => undefined);

describe('the client’s quote page before its quote is known', () => {
  it('says it is loading in each language of the site, each in its direction', () => {
    render(<ClientQuotePage token="t" loadLinks={never} />);
    const status = screen.getByRole('status');
    for (const language of LANGUAGES) {
      const said = status.querySelector(`[lang="${language}"]`);
      expect(said?.textContent).toBe(CLIENT_QUOTE_TEXT[language].loading);
      expect(said?.getAttribute('dir')).toBe(localeOf(language).direction);
    }
  });

  it('says why it failed in each language, one alert for them all', async () => {
    const links: QuoteLinks = {
      readByToken: () =>
        Promise.reject(new BackendError('not-found', { message: QUOTE_MESSAGES.linkDead })),
      answer: () => Promise.reject(new Error('pas de réponse ici')),
    };
    render(<ClientQuotePage token="t" loadLinks={() => Promise.resolve(links)} />);
    const alert = await screen.findByRole('alert');
    const failure = alert.parentElement;
    for (const language of LANGUAGES) {
      const said = failure?.querySelector(`[lang="${language}"]`);
      expect(said?.textContent).toBe(
        CLIENT_QUOTE_TEXT[language].loadFailure(QUOTE_MESSAGES.linkDead),
      );
      expect(said?.getAttribute('dir')).toBe(localeOf(language).direction);
    }
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
