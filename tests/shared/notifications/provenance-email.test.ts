import { describe, expect, it } from 'vitest';
import { composeNotificationEmail } from '../../../shared/notifications/new-message.ts';
import { aMessage } from '../../fixtures/messages.ts';

const OPTIONS = { publicUrl: 'https://agence.test' };

describe('where a message comes from, in the owner’s e-mail', () => {
  it('lists the page, the referring site and the campaign, each value isolated', () => {
    const email = composeNotificationEmail(
      aMessage({
        pagePath: '/pageServices',
        referrer: 'www.google.com',
        utmCampaign: 'رمضان <2026>',
      }),
      OPTIONS,
    );
    expect(email.text).toContain('Page : \u2068/pageServices (en français)\u2069');
    expect(email.text).toContain('Site référent : \u2068www.google.com\u2069');
    expect(email.text).toContain('Campagne (utm_campaign) : \u2068رمضان <2026>\u2069');
    expect(email.text).not.toContain('utm_source');
    // The visitor's words are escaped in the HTML part.
    expect(email.html).toContain('<bdi>رمضان &lt;2026&gt;</bdi>');
  });

  it('says nothing of it for a message that has none (received before, or from the API)', () => {
    const email = composeNotificationEmail(aMessage(), OPTIONS);
    expect(email.text).not.toContain('Page :');
    expect(email.text).not.toContain('Site référent');
  });
});
