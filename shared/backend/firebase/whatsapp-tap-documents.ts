/**
 * The collection of the public pages' WhatsApp taps (docs/inbox.md, « Les contacts par
 * WhatsApp »): one document per tap, `{ at, pagePath, language, plan, referrer, utmSource,
 * utmMedium, utmCampaign }` (the shape of `WhatsappTap`), written only by the `whatsappTap`
 * Cloud Function (Admin SDK), read by the owner (firestore.rules). No SDK here: the function
 * and the browser's adapter both read this name.
 */
export const WHATSAPP_TAPS_COLLECTION = 'whatsappTaps';
