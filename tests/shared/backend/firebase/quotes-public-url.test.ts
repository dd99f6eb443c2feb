import { describe, expect, it } from 'vitest';
import { quotesPublicUrl } from '../../../../shared/backend/firebase/firestore-quotes.ts';
import { quoteLink } from '../../../../shared/domain/quotes/record.ts';

/**
 * The client's link that the owner sees after « Envoyer au client », in Firebase mode: in the
 * desktop console's main process there is no page, and the link was « /pageDevis#… », a
 * relative address the owner could not pass on.
 */
describe('the site a Firebase-mode quote link opens', () => {
  it('is the one given, then the page’s own site', () => {
    expect(quotesPublicUrl('https://agence.test', 'agence-demo', 'https://x.test')).toBe(
      'https://agence.test',
    );
    expect(quotesPublicUrl(undefined, 'agence-demo', 'https://horizon-numerique.dz')).toBe(
      'https://horizon-numerique.dz',
    );
  });

  it('is the project’s Hosting address where there is no page (the console), never relative', () => {
    const site = quotesPublicUrl(undefined, 'agence-demo', undefined);
    expect(site).toBe('https://agence-demo.web.app');
    expect(new URL(quoteLink(site, 'abc')).href).toBe('https://agence-demo.web.app/pageDevis#abc');
  });
});
