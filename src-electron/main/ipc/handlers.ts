import { newDeviceLinkRequestSchema, signInSchema } from '../../../shared/domain/admin.ts';
import { fieldErrors } from '../../../shared/domain/field-errors.ts';
import {
  estimatedValueBodySchema,
  nextActionBodySchemaAt,
  noteBodySchema,
  replyBodySchema,
  statusChangeSchemaAt,
} from '../../../shared/domain/leads/pipeline.ts';
import {
  newContactSchemaAt,
  type NewContactValues,
} from '../../../shared/domain/leads/new-contact.ts';
import type {
  CreditNoteInput,
  InvoiceFromQuoteInput,
  PaymentInput,
} from '../../../shared/domain/invoices/invoice.ts';
import {
  parseCreditNote,
  parseInvoiceFromQuote,
  parsePayment,
} from '../../../shared/domain/invoices/rules.ts';
import { FAILURES } from '../../../shared/domain/messages.ts';
import { quoteDraftSchemaFor } from '../../../shared/domain/quotes/quote.ts';
import {
  quoteFieldErrors,
  quoteSendBodySchema,
  type QuoteDraftFields,
  type QuoteSendOptions,
} from '../../../shared/domain/quotes/record.ts';
import { todayInAlgiers } from '../../../shared/domain/quotes/validity.ts';
import { settingsFieldErrors, settingsSchema } from '../../../shared/domain/settings/settings.ts';
import { whatsappTapsQuerySchema } from '../../../shared/domain/whatsapp-tap-schema.ts';
import type {
  DesktopSettings,
  IpcResult,
  PdfSaveOutcome,
  SettingsView,
  ViewReport,
} from '../../../shared/ipc/contract.ts';
import type { ConsoleService } from '../console-service.ts';
import { PDF_FILE_NAME } from '../quote-pdf.ts';
import { parseSettings } from '../settings.ts';
import type { InvokeHandlers, SendHandlers } from './register-ipc.ts';

const MAX_ROUTE = 200;
const MAX_MESSAGE_ID = 100;
const MAX_REMOVED = 100_000;

function isMessageId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_MESSAGE_ID;
}

export function isMessageIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length <= MAX_REMOVED && value.every(isMessageId);
}

function invalid<T>(fields: Record<string, string>): IpcResult<T> {
  return {
    ok: false,
    error: { code: 'invalid-input', message: FAILURES['invalid-input'], fields },
  };
}

export function isViewReport(value: unknown): value is ViewReport {
  if (typeof value !== 'object' || value === null) return false;
  const { route, visible } = value as Record<string, unknown>;
  return typeof route === 'string' && route.length <= MAX_ROUTE && typeof visible === 'boolean';
}

/**
 * A draft as the editor sends it, checked as the backends check it (quoteDraftSchemaFor, its
 * French refusals keyed by the field’s whole path), before it reaches the
 * backend; the draft goes on as typed, and the backend checks it again.
 */
function checkDraft(
  draft: unknown,
): { ok: true; draft: QuoteDraftFields } | { ok: false; fields: Record<string, string> } {
  if (typeof draft !== 'object' || draft === null || Array.isArray(draft)) {
    return { ok: false, fields: { _: 'Devis invalide.' } };
  }
  // The régime du réel's rates, all of them: the backend checks the line's rate against the
  // regime of « Réglages » (an IFU agency's 19 % is refused there, in the same words).
  const parsed = quoteDraftSchemaFor({ kind: 'reel' }).safeParse({
    ...draft,
    issueDate: todayInAlgiers(),
  });
  if (!parsed.success) return { ok: false, fields: quoteFieldErrors(parsed.error.issues) };
  return { ok: true, draft: draft as QuoteDraftFields };
}

/** « Envoyer au client »: no options, or the address to e-mail the link to. */
function checkSendOptions(
  options: unknown,
): { ok: true; options: QuoteSendOptions } | { ok: false; fields: Record<string, string> } {
  const parsed = quoteSendBodySchema.safeParse(options ?? {});
  if (!parsed.success) return { ok: false, fields: quoteFieldErrors(parsed.error.issues) };
  return { ok: true, options: parsed.data };
}

export interface SettingsController {
  view(): SettingsView;
  /** Saves validated settings and applies them (backend, start at login). */
  save(settings: DesktopSettings): Promise<IpcResult<SettingsView>>;
}

export interface HandlerDeps {
  service: ConsoleService;
  settings: SettingsController;
  onView: (view: ViewReport) => void;
  /** « Enregistrer en PDF » of the window's page (quote-pdf.ts). */
  savePdf: (fileName: string) => Promise<PdfSaveOutcome>;
}

/** What each channel does, with its arguments checked (the renderer is not trusted blindly). */
export function createIpcHandlers({ service, settings, onView, savePdf }: HandlerDeps): {
  invoke: InvokeHandlers;
  send: SendHandlers;
} {
  return {
    invoke: {
      'session:sign-in': async ([email, password, remember]) => {
        const parsed = signInSchema.safeParse({ email, password, remember });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.signIn(parsed.data.email, parsed.data.password, {
          remember: parsed.data.remember === true,
        });
      },
      'session:open-new-device-link': async ([token]) => {
        const parsed = newDeviceLinkRequestSchema.safeParse({ token });
        if (!parsed.success) return invalid({ token: 'Lien de connexion invalide.' });
        return service.openNewDeviceLink(parsed.data.token);
      },
      'session:sign-out': () => service.signOut(),
      'session:sign-out-everywhere': () => service.signOutEverywhere(),
      'session:current': () => service.current(),
      'inbox:snapshot': async () => service.snapshot(),
      'inbox:set-read': async ([id, read]) => {
        if (!isMessageId(id) || typeof read !== 'boolean') {
          return invalid({ read: 'Message ou état de lecture invalide.' });
        }
        return service.setRead(id, read);
      },
      'inbox:remove': async ([ids]) => {
        if (!isMessageIdList(ids)) return invalid({ ids: 'Liste de messages invalide.' });
        return service.remove(ids);
      },
      'inbox:list-spam': () => service.listSpam(),
      'inbox:restore-spam': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        return service.restoreSpam(id);
      },
      'inbox:mark-spam': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        return service.markSpam(id);
      },
      // The pipeline: the same checks as the backends', in the same French words.
      'leads:snapshot': async () => service.leadsSnapshot(),
      'leads:set-status': async ([id, change]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        const parsed = statusChangeSchemaAt(Date.now()).safeParse(change);
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.setStatus(id, parsed.data);
      },
      'leads:add-note': async ([id, text]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        const parsed = noteBodySchema.safeParse({ text });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.addNote(id, parsed.data.text);
      },
      'leads:correct-note': async ([id, noteId, text]) => {
        if (!isMessageId(id) || !isMessageId(noteId)) return invalid({ id: 'Note invalide.' });
        const parsed = noteBodySchema.safeParse({ text });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.correctNote(id, noteId, parsed.data.text);
      },
      'leads:set-next-action': async ([id, at]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        const parsed = nextActionBodySchemaAt(Date.now()).safeParse({ nextActionAt: at });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.setNextAction(id, parsed.data.nextActionAt);
      },
      'leads:set-estimated-value': async ([id, value]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        const parsed = estimatedValueBodySchema.safeParse({ estimatedValue: value });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.setEstimatedValue(id, parsed.data.estimatedValue);
      },
      'leads:record-reply': async ([id, channel]) => {
        if (!isMessageId(id)) return invalid({ id: 'Message invalide.' });
        const parsed = replyBodySchema.safeParse({ channel });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.recordReply(id, parsed.data.channel);
      },
      // « Nouveau contact »: checked as the backends check it; the backend checks it again.
      'leads:add-contact': async ([input]) => {
        const parsed = newContactSchemaAt(Date.now()).safeParse(input);
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.leadsPort.addContact(input as NewContactValues);
      },
      // Quotes: the owner's operations only, with the backends' checks and French words.
      'quotes:list': () => service.quotesPort.list(),
      'quotes:list-by-lead': async ([leadId]) => {
        if (!isMessageId(leadId)) return invalid({ leadId: 'Message invalide.' });
        return service.quotesPort.listByLead(leadId);
      },
      'quotes:get': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        return service.quotesPort.get(id);
      },
      'quotes:create-draft': async ([leadId, draft]) => {
        if (!isMessageId(leadId)) return invalid({ leadId: 'Message invalide.' });
        const checked = checkDraft(draft);
        if (!checked.ok) return invalid(checked.fields);
        return service.quotesPort.createDraft(leadId, checked.draft);
      },
      'quotes:update-draft': async ([id, draft]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        const checked = checkDraft(draft);
        if (!checked.ok) return invalid(checked.fields);
        return service.quotesPort.updateDraft(id, checked.draft);
      },
      'quotes:remove-draft': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        return service.quotesPort.removeDraft(id);
      },
      'quotes:send': async ([id, options]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        const checked = checkSendOptions(options);
        if (!checked.ok) return invalid(checked.fields);
        return service.quotesPort.send(id, checked.options);
      },
      'quotes:resend-link': async ([id, options]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        const checked = checkSendOptions(options);
        if (!checked.ok) return invalid(checked.fields);
        return service.quotesPort.resendLink(id, checked.options);
      },
      'quotes:link': async ([id, via]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        if (via !== null && via !== 'whatsapp' && via !== 'lien') {
          return invalid({ via: 'Voie inconnue.' });
        }
        return service.quotesPort.link(id, via);
      },
      'quotes:new-version': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Devis invalide.' });
        return service.quotesPort.newVersion(id);
      },
      // A file name only: the owner chooses the folder in the system's dialog.
      'quotes:save-pdf': async ([fileName]) => {
        if (typeof fileName !== 'string' || !PDF_FILE_NAME.test(fileName)) {
          return invalid({ fileName: 'Nom de fichier invalide.' });
        }
        return { ok: true, value: await savePdf(fileName) };
      },
      // Invoices: each input checked with the domain's parse, as the backends check it (the
      // same French refusals, under the same fields), then sent on as typed: the backend
      // checks it again, numbers and dates it on its own clock.
      'invoices:list': () => service.invoicesPort.list(),
      'invoices:list-by-lead': async ([leadId]) => {
        if (!isMessageId(leadId)) return invalid({ leadId: 'Message invalide.' });
        return service.invoicesPort.listByLead(leadId);
      },
      'invoices:get': async ([id]) => {
        if (!isMessageId(id)) return invalid({ id: 'Facture invalide.' });
        return service.invoicesPort.get(id);
      },
      'invoices:issue-from-quote': async ([quoteId, input]) => {
        if (!isMessageId(quoteId)) return invalid({ quoteId: 'Devis invalide.' });
        const parsed = parseInvoiceFromQuote(input);
        if (!parsed.ok) return invalid(parsed.fields ?? {});
        return service.invoicesPort.issueFromQuote(quoteId, input as InvoiceFromQuoteInput);
      },
      'invoices:issue-credit-note': async ([invoiceId, input]) => {
        if (!isMessageId(invoiceId)) return invalid({ id: 'Facture invalide.' });
        const parsed = parseCreditNote(input);
        if (!parsed.ok) return invalid(parsed.fields ?? {});
        return service.invoicesPort.issueCreditNote(invoiceId, input as CreditNoteInput);
      },
      'invoices:record-payment': async ([invoiceId, input]) => {
        if (!isMessageId(invoiceId)) return invalid({ id: 'Facture invalide.' });
        const parsed = parsePayment(input);
        if (!parsed.ok) return invalid(parsed.fields ?? {});
        return service.invoicesPort.recordPayment(invoiceId, input as PaymentInput);
      },
      'invoices:link': async ([invoiceId]) => {
        if (!isMessageId(invoiceId)) return invalid({ id: 'Facture invalide.' });
        return service.invoicesPort.link(invoiceId);
      },
      'invoices:email-link': async ([invoiceId, options]) => {
        if (!isMessageId(invoiceId)) return invalid({ id: 'Facture invalide.' });
        const checked = checkSendOptions(options);
        if (!checked.ok) return invalid(checked.fields);
        return service.invoicesPort.emailLink(invoiceId, checked.options);
      },
      // « Réglages » of the agency: checked with the domain's schema, as the backends do, and
      // sent on as typed (the backend checks it again and keeps it).
      'agency-settings:get': () => service.settingsPort.get(),
      'agency-settings:save': async ([input]) => {
        const parsed = settingsSchema.safeParse(input);
        if (!parsed.success) return invalid(settingsFieldErrors(parsed.error.issues));
        return service.settingsPort.save(parsed.data);
      },
      'agency-settings:history': () => service.settingsPort.history(),
      // « Sources »: the instant checked as the server checks `GET /api/whatsapp-taps?since=`.
      'whatsapp-taps:since': async ([sinceMs]) => {
        const parsed = whatsappTapsQuerySchema.safeParse({ since: sinceMs });
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        return service.whatsappTapsPort.since(parsed.data.since);
      },
      'settings:get': async () => settings.view(),
      'settings:save': ([input]) => {
        const parsed = parseSettings(input);
        if (!parsed.ok) return Promise.resolve(invalid<SettingsView>(parsed.fields));
        return settings.save(parsed.settings);
      },
    },
    send: {
      'inbox:report-view': (payload) => {
        if (isViewReport(payload)) onView(payload);
      },
    },
  };
}
