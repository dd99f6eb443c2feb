import { TEST_EMAIL_INTERVAL_MS } from '../../shared/domain/constants.ts';
import { composeTestEmail } from '../../shared/notifications/new-message.ts';
import {
  createEmailTransport,
  type EmailTransportOptions,
} from '../../shared/node/email-transport.ts';
import type { Clock } from '../clock.ts';

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  to: string;
  /** The site's public address, for the link to the message. */
  publicUrl: string;
}

/** A test e-mail asked for too soon after the last: how long to wait. */
export class TestEmailTooSoonError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      `un e-mail de test vient de partir : attendez ${seconds} seconde${seconds > 1 ? 's' : ''} avant d’en demander un autre.`,
    );
    this.name = 'TestEmailTooSoonError';
    this.retryAfterSeconds = seconds;
  }
}

/** The test e-mail could not be sent (or e-mail is off): the French reason. */
export class TestEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TestEmailError';
  }
}

export interface TestEmailsOptions {
  /** Null without SMTP_URL: every request is refused, saying so. */
  settings: EmailSettings | null;
  clock: Clock;
  smtpTimeouts?: EmailTransportOptions['timeouts'] | undefined;
  /** What the attempt says of the e-mail channel's health (the outbox records it). */
  report(outcome: { succeeded: boolean; lastError: string | null }): void;
}

/**
 * « Envoyer un e-mail de test »: sent now, on a connection of its own (not behind the outbox's
 * backlog), its result reported to the e-mail channel's health that the dashboard shows. One
 * per TEST_EMAIL_INTERVAL_MS (TestEmailTooSoonError).
 */
export class TestEmails {
  readonly #options: TestEmailsOptions;
  /** When the last test e-mail was asked for (ms), or null. */
  #lastAtMs: number | null = null;

  constructor(options: TestEmailsOptions) {
    this.#options = options;
  }

  /** Who receives the e-mails, when e-mail is on. */
  get recipient(): string | null {
    return this.#options.settings?.to ?? null;
  }

  /** Resolves with the recipient; rejects with a TestEmailError in French. */
  async send(): Promise<string> {
    const { settings, clock, smtpTimeouts, report } = this.#options;
    if (!settings) {
      throw new TestEmailError(
        'les e-mails ne sont pas configurés : définissez SMTP_URL (voir .env.example), puis redémarrez le serveur.',
      );
    }
    // Taken before the send, so that requests in parallel are refused too.
    const now = clock();
    if (this.#lastAtMs !== null && now - this.#lastAtMs < TEST_EMAIL_INTERVAL_MS) {
      throw new TestEmailTooSoonError(this.#lastAtMs + TEST_EMAIL_INTERVAL_MS - now);
    }
    this.#lastAtMs = now;
    const sender = createEmailTransport({
      smtpUrl: settings.smtpUrl,
      from: settings.from,
      pooled: false,
      ...(smtpTimeouts ? { timeouts: smtpTimeouts } : {}),
    });
    try {
      await sender.send({ ...composeTestEmail(settings), to: settings.to });
    } catch (error) {
      const reason = sender.describe(error);
      report({ succeeded: false, lastError: reason });
      throw new TestEmailError(reason);
    } finally {
      sender.close();
    }
    report({ succeeded: true, lastError: null });
    return settings.to;
  }
}
