import type { SessionService } from '../auth/session-service.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { TrustedDevices } from '../auth/trusted-devices.ts';
import type { Clock } from '../clock.ts';
import type { ContactInbox } from '../contacts/contact-inbox.ts';
import type { ContactsRepository } from '../db/contacts-repository.ts';
import type { SessionRecord } from '../db/sessions-repository.ts';
import type { EventBroadcaster } from '../realtime/broadcaster.ts';
import type { FixedWindowCounter } from '../security/fixed-window.ts';

/** What the API routes work with, built once by app.ts. */
export interface ApiContext {
  contacts: ContactsRepository;
  inbox: ContactInbox;
  clock: Clock;
  sessions: SessionService;
  signInThrottle: SignInThrottle;
  trustedDevices: TrustedDevices;
  contactRateLimit: { counter: FixedWindowCounter; limit: number };
  broadcaster: EventBroadcaster;
  cookieSecure: boolean;
}

export const SESSION_COOKIE = 'sid';
/** Marks a browser or console the owner signed in from (see TrustedDevices). */
export const DEVICE_COOKIE = 'device';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session, set by the `requireAdmin` pre-handler. */
    adminSession: SessionRecord | null;
  }
}
