import { BackendError, type Backend } from '../../shared/backend/ports.ts';
import { CONSOLE_CANNOT_SEND, CONSOLE_NOT_THE_CLIENT } from '../../shared/domain/messages.ts';
import { invoiceFromJson } from '../../shared/domain/invoices/record.ts';
import { quoteFromJson } from '../../shared/domain/quotes/record.ts';
import type { DesktopApi } from '../../shared/ipc/contract.ts';
import { each, relay, unwrap } from './ipc-relay.ts';
import { watchMainInbox, watchMainLeads } from './main-watches.ts';

export { toBackendError } from './ipc-relay.ts';

const refusedToTheConsole = () =>
  Promise.reject(new BackendError('refused', { message: CONSOLE_NOT_THE_CLIENT }));

/**
 * The backend port for src-web's screens inside the desktop console: every call goes to the
 * main process through the preload's API, which owns the real backend, the session and the
 * realtime watch. The renderer holds no credential and opens no connection. Each group's
 * methods are relayed from the channel map (ipc-relay.ts); only what the console does
 * differently is written here.
 */
export function createIpcBackend(api: DesktopApi): Backend {
  const stops = new Set<() => void>();
  const tracked = (stop: () => void) => {
    const once = () => {
      stops.delete(once);
      stop();
    };
    stops.add(once);
    return once;
  };

  return {
    session: {
      ...relay(api, 'session'),
      signIn: async (email, password, options) =>
        unwrap(await api.session.signIn(email, password, options?.remember === true)),
      onChange(listener) {
        let active = true;
        let changed = false;
        const stop = api.session.onChange((admin) => {
          changed = true;
          if (active) listener(admin);
        });
        // The current state first, unless a change already said it.
        void api.session
          .current()
          .then((result) => {
            if (active && !changed && result.ok) listener(result.value);
          })
          .catch(() => undefined);
        return tracked(() => {
          active = false;
          stop();
        });
      },
    },
    messages: {
      ...relay(api, 'inbox', { except: ['snapshot'] }),
      send: () => Promise.reject(new BackendError('refused', { message: CONSOLE_CANNOT_SEND })),
      remove: async (ids) => {
        unwrap(await api.inbox.remove([...ids]));
      },
      watch: (observer) => tracked(watchMainInbox(api, observer)),
    },
    leads: {
      ...relay(api, 'leads', { except: ['snapshot'] }),
      watch: (observer) => tracked(watchMainLeads(api, observer)),
    },
    // The owner's quotes, in their JSON form across IPC (shared/ipc/contract.ts), as `Quote`s
    // here; the client's page and answer are the site's.
    quotes: {
      ...relay(api, 'quotes', {
        except: ['savePdf'],
        decode: {
          list: each(quoteFromJson),
          listByLead: each(quoteFromJson),
          get: quoteFromJson,
          createDraft: quoteFromJson,
          updateDraft: quoteFromJson,
          newVersion: quoteFromJson,
        },
      }),
      send: async (id, options = {}) => {
        const sent = unwrap(await api.quotes.send(id, options));
        return { ...sent, quote: quoteFromJson(sent.quote) };
      },
      resendLink: async (id, options = {}) => unwrap(await api.quotes.resendLink(id, options)),
      link: async (id, via) => unwrap(await api.quotes.link(id, via ?? null)),
      // Not relayed: the main process's backend expires the overdue quotes at each read.
      expireOverdue: () => Promise.reject(new BackendError('refused')),
      readByToken: refusedToTheConsole,
      answer: refusedToTheConsole,
    },
    // The owner's invoices, in their JSON form across IPC, as `Invoice`s here; the client's
    // page is the site's.
    invoices: {
      ...relay(api, 'invoices', {
        decode: {
          list: each(invoiceFromJson),
          listByLead: each(invoiceFromJson),
          get: invoiceFromJson,
          issueFromQuote: invoiceFromJson,
          issueCreditNote: invoiceFromJson,
          recordPayment: invoiceFromJson,
        },
      }),
      emailLink: async (invoiceId, options = {}) =>
        unwrap(await api.invoices.emailLink(invoiceId, options)),
    },
    // « Réglages » of the agency, kept by the main process's backend.
    settings: relay(api, 'agency-settings'),
    // « Sources »'s WhatsApp taps, read by the main process's backend.
    whatsappTaps: relay(api, 'whatsapp-taps'),
    async close() {
      for (const stop of [...stops]) stop();
    },
  };
}
