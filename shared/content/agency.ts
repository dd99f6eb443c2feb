import type { Language } from '../domain/routes.ts';

/**
 * The agency's identity, which every part of the product shows: its name as each language of
 * the site writes it, and its logo. The public pages' catalogues (src-web/content/words.ts)
 * take the name from here, and so do the dashboard's replies and the notification e-mails,
 * which both backends compose (the embedded server and the Cloud Function cannot import
 * src-web). Every other fact of the agency is in src-web/content/facts.ts.
 */
export const AGENCY_NAMES: Record<Language, string> = {
  fr: 'Horizon Numérique',
  ar: 'أوريزون نوميريك',
};

/**
 * The logo as mail programs show it: a PNG (most do not show SVG) that the build renders from
 * src-web/public/logo.svg (scripts/images.ts), on the site's public address.
 */
export const AGENCY_EMAIL_LOGO_PATH = '/img/icon-192.png';

/**
 * The agency's WhatsApp number, in E.164: the chat the public pages' WhatsApp button opens
 * (shared/domain/whatsapp-taps.ts). Here rather than in src-web/content/facts.ts (which
 * re-exports it) because the redirect that counts each tap runs on both backends.
 */
export const AGENCY_WHATSAPP_E164 = '+213550123456';
