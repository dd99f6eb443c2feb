import type { FastifyBaseLogger } from 'fastify';
import type { ContactInbox } from './contact-inbox.ts';

/**
 * Deletes the spam past its retention (SPAM_RETENTION_DAYS) at start, then every
 * `intervalMs`; a failed round (a busy or read-only disk) is logged and the next one tries
 * again.
 */
export class SpamPurge {
  readonly #inbox: ContactInbox;
  readonly #log: FastifyBaseLogger;
  readonly #intervalMs: number;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(inbox: ContactInbox, log: FastifyBaseLogger, intervalMs: number) {
    this.#inbox = inbox;
    this.#log = log;
    this.#intervalMs = intervalMs;
  }

  /** Purges now, then every `intervalMs` (the timer keeps no process alive). */
  start(): void {
    this.#purge();
    this.#timer ??= setInterval(() => this.#purge(), this.#intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #purge(): void {
    try {
      const purged = this.#inbox.purgeSpam();
      if (purged > 0) this.#log.info({ purged }, 'spam past its retention deleted');
    } catch (error) {
      // A busy or read-only disk: the next round tries again.
      this.#log.warn(
        { err: error },
        'La suppression des indésirables de plus de 30 jours a échoué',
      );
    }
  }
}
