/**
 * Where the lead pipeline lives in Firestore (firestore-leads.ts), without the SDK: the Cloud
 * Functions (functions/src/remind-owner.ts, remove-lead.ts) read it with firebase-admin.
 * `leads/{messageId}` holds the status, its date, the next action (`nextActionAt`, a
 * Timestamp) and the value; `leads/{messageId}/timeline/{eventId}` its history.
 */
export const LEADS_COLLECTION = 'leads';
export const TIMELINE_COLLECTION = 'timeline';
