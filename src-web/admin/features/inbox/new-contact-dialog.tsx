import '../../../lib/zod-jitless.ts';
import { useId, useMemo, useState } from 'react';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  failureText,
  isBackendError,
  type LeadPipeline,
} from '../../../../shared/backend/ports.ts';
import { CONTACT_SERVICES } from '../../../../shared/domain/contact.ts';
import {
  MANUAL_LEAD_SOURCES,
  NEW_CONTACT_STATUSES,
  newContactSchemaAt,
  type NewContactValues,
} from '../../../../shared/domain/leads/new-contact.ts';
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  defaultNextAction,
} from '../../../../shared/domain/leads/pipeline.ts';
import { fromAgencyInput, toAgencyInput } from '../../../../shared/domain/leads/agency-clock.ts';
import { FormField } from '../../../components/form-field.tsx';
import { DraftNotice } from '../../components/draft-notice.tsx';
import { useFormDraft, useKeepFormDraft } from '../../hooks/use-draft.ts';
import { Icon } from '../../../components/icon.tsx';
import './new-contact-dialog.css';

/** What the form holds: every field as typed (the date as `datetime-local` text). */
interface NewContactFormValues {
  fullName: string;
  source: string;
  phone: string;
  email: string;
  service: string;
  subject: string;
  message: string;
  language: string;
  status: string;
  nextActionAt: string;
}

type FieldName = keyof NewContactFormValues;

/** An instant as a `datetime-local` value, in Algiers time (as « Suivi » enters it). */
function toLocalInput(instant: number | undefined): string {
  return instant === undefined ? '' : toAgencyInput(instant);
}

/** What goes to the port: the form's text as the schema reads it (empty fields left out). */
function portValues(values: NewContactFormValues): NewContactValues {
  const text = values.nextActionAt.trim();
  return {
    fullName: values.fullName,
    source: values.source as NewContactValues['source'],
    phone: values.phone,
    email: values.email,
    service: values.service as NewContactValues['service'],
    subject: values.subject,
    message: values.message,
    language: values.language as NewContactValues['language'],
    status: values.status as NewContactValues['status'],
    ...(text === '' ? {} : { nextActionAt: fromAgencyInput(text) }),
  };
}

/**
 * Checked by the domain's schema (newContactSchemaAt, the one both backends apply), each
 * refusal in French under its field; what goes to the port is what the owner typed.
 */
const resolver: Resolver<NewContactFormValues, unknown, NewContactValues> = (values) => {
  const input = portValues(values);
  const parsed = newContactSchemaAt(Date.now()).safeParse(input);
  if (parsed.success) return { values: input, errors: {} };
  const errors: FieldErrors<NewContactFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'fullName') as FieldName;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const LANGUAGE_NAMES = { fr: 'Français', ar: 'Arabe' } as const;

/** The key of « Nouveau contact »'s draft (there is one form, for no lead yet). */
const NEW_CONTACT_DRAFT = 'nouveau-contact';

export interface NewContactDialogProps {
  pipeline: Required<Pick<LeadPipeline, 'addContact'>>;
  /** Added: the new lead's id (the inbox opens it). */
  onAdded: (id: string) => void;
  onClose: () => void;
}

/**
 * « Nouveau contact » (docs/inbox.md): a lead the owner received by phone, WhatsApp or at the
 * office, typed in with the form's fields, only a name and a phone or an e-mail required; it
 * starts « Contacté » with its « Relancer le » two days on (the owner has talked to them), or
 * « Nouveau ». A modal dialog: focus stays inside, Escape closes it, focus goes back to what
 * opened it; a refusal is said under its field, and the first such field takes the focus.
 */
export function NewContactDialog({ pipeline, onAdded, onClose }: NewContactDialogProps) {
  const id = useId();
  const dialog = useModalDialog(onClose, { initialFocus: 'input' });
  const [failure, setFailure] = useState('');
  // The time the dialog opened, for « Relancer le »'s default (+2 days).
  const [openedAt] = useState(() => Date.now());
  const defaultValues = useMemo<NewContactFormValues>(
    () => ({
      fullName: '',
      source: 'telephone',
      phone: '',
      email: '',
      service: '',
      subject: '',
      message: '',
      language: 'fr',
      status: 'contacte',
      nextActionAt: toLocalInput(defaultNextAction('contacte', openedAt)),
    }),
    [openedAt],
  );
  // What is typed and not saved is kept (use-draft.ts): closing the dialog loses nothing.
  const draft = useFormDraft(NEW_CONTACT_DRAFT, defaultValues);
  const [restoredAt, setRestoredAt] = useState(draft.restoredAt);
  const form = useForm<NewContactFormValues, unknown, NewContactValues>({
    resolver,
    defaultValues: draft.defaultValues,
  });
  useKeepFormDraft(NEW_CONTACT_DRAFT, form, defaultValues);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const status = useWatch({ control, name: 'status' });

  const onSubmit = async (input: NewContactValues) => {
    setFailure('');
    try {
      const { id: added } = await pipeline.addContact(input);
      draft.clear();
      onAdded(added);
    } catch (caught) {
      const fields = isBackendError(caught) ? Object.entries(caught.fields ?? {}) : [];
      for (const [field, message] of fields) {
        setError(field as FieldName, { type: 'server', message });
      }
      const [first] = fields;
      if (first) setFocus(first[0] as FieldName);
      setFailure(`Le contact n’est pas enregistré : ${failureText(caught)}`);
    }
  };

  const text = (
    name: 'fullName' | 'phone' | 'email' | 'subject',
    label: string,
    options: {
      required?: boolean;
      type?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email';
      help?: string;
      dir?: 'auto' | 'ltr';
    } = {},
  ) => (
    <FormField
      id={`${id}-${name}`}
      label={label}
      required={options.required}
      help={options.help}
      error={errors[name]?.message}
    >
      {(field) => (
        <input
          {...field.props}
          type={options.type ?? 'text'}
          className={field.className('form-control')}
          autoComplete={options.autoComplete ?? 'off'}
          inputMode={options.inputMode}
          dir={options.dir}
          {...register(name)}
        />
      )}
    </FormField>
  );

  return (
    <dialog ref={dialog} className="new-contact-dialog" aria-labelledby={`${id}-title`}>
      <form
        className="new-contact bg-white shadow"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <div className="new-contact-bar d-flex align-items-center gap-2 border-bottom">
          <h2 id={`${id}-title`} className="h5 mb-0">
            <Icon name="person-plus" className="me-2" />
            Nouveau contact
          </h2>
          <button
            type="button"
            className="btn-close ms-auto"
            onClick={onClose}
            aria-label="Fermer sans enregistrer"
          />
        </div>
        <div className="new-contact-body">
          {restoredAt !== null && (
            <DraftNotice
              at={restoredAt}
              onDiscard={() => {
                draft.clear();
                reset(defaultValues);
                setRestoredAt(null);
              }}
            />
          )}
          <p className="text-body-secondary small">
            Un contact reçu par téléphone, sur WhatsApp ou à l’agence. Seuls le nom et un téléphone
            ou un e-mail sont obligatoires.
          </p>
          <div className="new-contact-grid">
            <div className="new-contact-wide">
              {text('fullName', 'Nom complet', { required: true, dir: 'auto' })}
            </div>
            <fieldset
              className="new-contact-wide"
              aria-describedby={errors.source ? `${id}-source-error` : undefined}
            >
              <legend className="form-label fs-6">
                D’où vient ce contact ?<span className="visually-hidden"> (obligatoire)</span>
              </legend>
              <div className="d-flex flex-wrap gap-3">
                {MANUAL_LEAD_SOURCES.map((source) => (
                  <div className="form-check" key={source}>
                    <input
                      id={`${id}-source-${source}`}
                      type="radio"
                      className="form-check-input"
                      value={source}
                      {...register('source')}
                    />
                    <label className="form-check-label" htmlFor={`${id}-source-${source}`}>
                      {LEAD_SOURCES[source]}
                    </label>
                  </div>
                ))}
              </div>
              {errors.source && (
                <div id={`${id}-source-error`} className="invalid-feedback d-block">
                  {errors.source.message}
                </div>
              )}
            </fieldset>
            {text('phone', 'Téléphone', {
              type: 'tel',
              inputMode: 'tel',
              dir: 'ltr',
              help: 'Un téléphone ou un e-mail au moins.',
            })}
            {text('email', 'E-mail', { type: 'email', inputMode: 'email', dir: 'ltr' })}
            <FormField id={`${id}-service`} label="Service" error={errors.service?.message}>
              {(field) => (
                <select
                  {...field.props}
                  className={field.className('form-select')}
                  {...register('service')}
                >
                  <option value="">Pas encore choisi</option>
                  {CONTACT_SERVICES.map((service) => (
                    <option key={service} value={service}>
                      {service}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id={`${id}-language`}
              label="Langue du contact"
              help="Celle des réponses par e-mail et WhatsApp."
              error={errors.language?.message}
            >
              {(field) => (
                <select
                  {...field.props}
                  className={field.className('form-select')}
                  {...register('language')}
                >
                  {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <div className="new-contact-wide">{text('subject', 'Sujet', { dir: 'auto' })}</div>
            <FormField
              id={`${id}-message`}
              label="Message ou notes de l’échange"
              error={errors.message?.message}
              className="new-contact-wide"
            >
              {(field) => (
                <textarea
                  {...field.props}
                  className={field.className('form-control')}
                  rows={3}
                  dir="auto"
                  {...register('message')}
                />
              )}
            </FormField>
            <fieldset className="new-contact-wide">
              <legend className="form-label fs-6">Statut de départ</legend>
              <div className="d-flex flex-wrap gap-3">
                {NEW_CONTACT_STATUSES.map((option) => (
                  <div className="form-check" key={option}>
                    <input
                      id={`${id}-status-${option}`}
                      type="radio"
                      className="form-check-input"
                      value={option}
                      {...register('status', {
                        // « Contacté » proposes its « Relancer le » (+2 days); « Nouveau », none.
                        onChange: () =>
                          setValue(
                            'nextActionAt',
                            toLocalInput(defaultNextAction(option, Date.now())),
                          ),
                      })}
                    />
                    <label className="form-check-label" htmlFor={`${id}-status-${option}`}>
                      {LEAD_STATUSES[option]}
                      {option === 'contacte' && (
                        <span className="text-body-secondary"> (vous lui avez déjà parlé)</span>
                      )}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
            <FormField
              id={`${id}-nextActionAt`}
              label="Relancer le"
              help={
                status === 'nouveau'
                  ? 'Heure d’Alger. Facultatif.'
                  : 'Heure d’Alger. Dans deux jours, sauf autre choix.'
              }
              error={errors.nextActionAt?.message}
            >
              {(field) => (
                <input
                  {...field.props}
                  type="datetime-local"
                  className={field.className('form-control')}
                  {...register('nextActionAt')}
                />
              )}
            </FormField>
          </div>
          {failure && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {failure}
            </div>
          )}
        </div>
        <div className="new-contact-actions d-flex flex-wrap gap-2 border-top">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            <Icon name="person-plus" className="me-2" />
            Enregistrer le contact
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Annuler
          </button>
        </div>
      </form>
    </dialog>
  );
}
