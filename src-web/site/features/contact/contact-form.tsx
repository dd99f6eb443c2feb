import '../../../lib/zod-jitless.ts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_LIMITS,
  CONTACT_SERVICES,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  contactFieldErrorIn,
  contactInputSchema,
  contactInputSchemaWith,
  type ContactFormValues,
  type ContactInput,
  type ContactService,
} from '../../../../shared/domain/contact.ts';
import { useBackendLoader } from '../../../backend/backend-context.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { loadPopups, showContactFailure, showContactSuccess } from '../../../lib/popups.ts';
import { textsLanguage, type Language } from '../../../../shared/domain/routes.ts';
import { keptArrival, type ProvenanceField } from '../../../../shared/domain/provenance-fields.ts';
import { CONTACT_FORM_TEXT, type ContactFormText } from './contact-form-text.ts';
import { sendContactMessage, type SendResult } from './send-contact-message.ts';

const EMPTY: ContactFormValues = {
  fullName: '',
  service: '' as ContactService,
  email: '',
  phone: '',
  subject: '',
  message: '',
  [HONEYPOT_FIELD]: '',
};

type TextField = Exclude<
  FieldPath<ContactFormValues>,
  | 'service'
  | 'message'
  | 'language'
  | ProvenanceField
  | typeof HONEYPOT_FIELD
  | typeof FILL_TIME_FIELD
>;

const TEXT_FIELDS: readonly {
  name: TextField;
  type: string;
  autoComplete: string;
  inputMode?: 'tel' | 'email';
  maxLength: number;
  col: string;
}[] = [
  {
    name: 'fullName',
    type: 'text',
    autoComplete: 'name',
    maxLength: CONTACT_LIMITS.fullName.max,
    col: 'col-md-6',
  },
  {
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: CONTACT_LIMITS.email.max,
    col: 'col-md-6',
  },
  {
    name: 'phone',
    type: 'tel',
    autoComplete: 'tel-national',
    // The telephone keypad: digits, and the « + » of an international number.
    inputMode: 'tel',
    maxLength: CONTACT_LIMITS.phone.max,
    col: 'col-md-6',
  },
  {
    name: 'subject',
    type: 'text',
    autoComplete: 'off',
    maxLength: CONTACT_LIMITS.subject.max,
    col: 'col-12',
  },
];

function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span className="required-mark" aria-hidden="true">
        {' '}
        *
      </span>
    </>
  );
}

export interface ContactFormProps {
  /**
   * The visitor tapped « Envoyer » before this code arrived (contact-form-loader.ts already
   * shows the button sending): validate and send as soon as the form is hydrated.
   */
  submitOnStart?: boolean;
  /** The page's language: the form's words, its checks' messages and its popups. */
  language?: Language;
}

/** The French schema is the server's; another language gets the same rules in its words. */
function schemaFor(text: ContactFormText) {
  return text === CONTACT_FORM_TEXT.fr ? contactInputSchema : contactInputSchemaWith(text.schema);
}

/**
 * The contact form: all six fields required, checked with the same schema as the server;
 * sent only when valid; the button is disabled while sending; success resets it, failure
 * keeps what the visitor typed. The answer's popup opens once the button is back to
 * « Envoyer le message ». Prerendered on its own and hydrated by contact-form-island.tsx.
 */
export default function ContactForm({ submitOnStart = false, language = 'fr' }: ContactFormProps) {
  const text = CONTACT_FORM_TEXT[textsLanguage(language)];
  const schema = useMemo(() => schemaFor(text), [text]);
  const id = useId();
  const popupsRequested = useRef(false);
  const loadBackend = useBackendLoader();
  const [startingSubmit, setStartingSubmit] = useState(submitOnStart);
  const startedSubmit = useRef(false);
  const [outcome, setOutcome] = useState<SendResult | null>(null);
  const shownOutcome = useRef<SendResult | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(schema),
    // No default values: the fields start from what the prerendered inputs hold, so that
    // text typed before this code arrived is kept.
    // Checked when the visitor sends, then again as they correct, never when a field is left:
    // a press on « Envoyer » leaves the field typed in, and an error line appearing then
    // would move the button from under the finger and lose the press.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Fetch the popup library as soon as the visitor starts filling in the form, so that the
  // answer shows at once even on a slow connection.
  const warmUpPopups = () => {
    if (popupsRequested.current) return;
    popupsRequested.current = true;
    void loadPopups();
    void loadBackend().catch(() => undefined);
  };

  // Validated by the resolver first; the values are sent as typed, for the backend to check
  // and normalise with the same schema, with the language of the page (French or Arabic).
  const onSubmit = async () => {
    // The time since the page began to load: a robot sends within seconds (MIN_FILL_TIME_MS).
    const fillTimeMs = Math.round(performance.now());
    // Where the visitor comes from: this page, and the arrival the pages' script kept.
    const provenance = { ...keptArrival(() => sessionStorage), pagePath: location.pathname };
    const result = await sendContactMessage(
      loadBackend,
      { ...getValues(), language, ...provenance, [FILL_TIME_FIELD]: fillTimeMs },
      text,
    );
    if (result.ok) {
      reset(EMPTY);
    } else {
      // The backends word a refused field in French: the same rule in the form's language.
      for (const [field, message] of Object.entries(result.fields ?? {})) {
        if (field in EMPTY) {
          setError(field as FieldPath<ContactFormValues>, {
            message:
              contactFieldErrorIn(text.schema, field, message) ?? text.serverFieldError ?? message,
          });
        }
      }
    }
    setOutcome(result);
  };

  const sending = isSubmitting || startingSubmit;

  // The popup opens after the render that ends the sending state, never over « Envoi en
  // cours… ».
  useEffect(() => {
    if (!outcome || sending || shownOutcome.current === outcome) return;
    shownOutcome.current = outcome;
    if (outcome.ok) void showContactSuccess(text.popups.success);
    else void showContactFailure(outcome.detail, text.popups.failure);
  }, [outcome, sending, text]);

  useEffect(() => {
    if (!submitOnStart || startedSubmit.current) return;
    startedSubmit.current = true;
    warmUpPopups();
    void handleSubmit(onSubmit)().finally(() => setStartingSubmit(false));
  });

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      onFocus={warmUpPopups}
      aria-label={text.formLabel}
      aria-busy={sending}
    >
      <p className="small text-body-secondary">
        {text.requiredNote.before}
        <span className="required-mark">*</span>
        {text.requiredNote.after}
      </p>
      <div className="row g-3">
        {TEXT_FIELDS.slice(0, 2).map((field) => renderText(field))}
        {TEXT_FIELDS.slice(2, 3).map((field) => renderText(field))}
        <FormField
          id={`${id}-service`}
          className="col-md-6"
          floating
          required
          label={<RequiredLabel text={text.fields.service} />}
          error={errors.service?.message}
        >
          {(control) => (
            <select
              {...control.props}
              className={control.className('form-select')}
              {...register('service')}
            >
              <option value="">{text.chooseService}</option>
              {CONTACT_SERVICES.map((service) => (
                <option key={service} value={service}>
                  {text.services[service]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {TEXT_FIELDS.slice(3).map((field) => renderText(field))}
        <FormField
          id={`${id}-message`}
          className="col-12"
          floating
          required
          label={<RequiredLabel text={text.fields.message} />}
          error={errors.message?.message}
        >
          {(control) => (
            <textarea
              {...control.props}
              className={control.className('form-control')}
              placeholder={text.fields.message}
              style={{ height: '10rem' }}
              maxLength={CONTACT_LIMITS.message.max}
              {...register('message')}
            />
          )}
        </FormField>
        {/* Left empty by people, filled in by robots: such messages are kept as spam
            (« Indésirables »). Off screen, out of the tab order and of screen readers; its name
            and label match nothing browsers autofill, and the data-* attributes tell 1Password,
            LastPass, Bitwarden and Dashlane to leave it alone. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{text.honeypot}</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
            {...register(HONEYPOT_FIELD)}
          />
        </div>
        <div className="col-12">
          {/* Both looks are always in the markup, so that contact-form-loader.ts can switch to
              « Envoi en cours… » before this code runs, and hydration finds what it renders. */}
          <button
            type="submit"
            className="btn btn-primary btn-lg w-100"
            disabled={sending}
            data-send-button=""
          >
            <span data-send-idle="" hidden={sending}>
              <Icon name="send" className="me-2" />
              {text.send}
            </span>
            <span data-send-busy="" hidden={!sending}>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {text.sending}
            </span>
          </button>
        </div>
      </div>
    </form>
  );

  function renderText(field: (typeof TEXT_FIELDS)[number]) {
    return (
      <FormField
        key={field.name}
        id={`${id}-${field.name}`}
        className={field.col}
        floating
        required
        label={<RequiredLabel text={text.fields[field.name]} />}
        error={errors[field.name]?.message}
      >
        {(control) => (
          <input
            {...control.props}
            type={field.type}
            className={control.className('form-control')}
            placeholder={text.fields[field.name]}
            dir={field.name === 'email' || field.name === 'phone' ? 'ltr' : 'auto'}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            maxLength={field.maxLength}
            {...register(field.name)}
          />
        )}
      </FormField>
    );
  }
}
