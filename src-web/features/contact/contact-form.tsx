import '../../zod-jitless.ts';
import { useEffect, useId, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import {
  CONTACT_LIMITS,
  CONTACT_SERVICES,
  HONEYPOT_FIELD,
  contactInputSchema,
  type ContactFormValues,
  type ContactInput,
  type ContactService,
} from '../../../shared/domain/contact.ts';
import { useBackendLoader } from '../../backend/backend-context.tsx';
import { useIsClient } from '../../hooks/use-is-client.ts';
import { Icon } from '../../components/icon.tsx';
import { SERVICE_PARAM } from '../../contact-link.ts';
import { loadPopups, showContactFailure, showContactSuccess } from '../../popups.ts';
import { sendContactMessage } from './send-contact-message.ts';

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
  'service' | 'message' | typeof HONEYPOT_FIELD
>;

const TEXT_FIELDS: readonly {
  name: TextField;
  label: string;
  placeholder: string;
  type: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'email';
  maxLength: number;
  col: string;
}[] = [
  {
    name: 'fullName',
    label: 'Nom complet',
    placeholder: 'Nom complet',
    type: 'text',
    autoComplete: 'name',
    maxLength: CONTACT_LIMITS.fullName.max,
    col: 'col-md-6',
  },
  {
    name: 'email',
    label: 'E-mail',
    placeholder: 'E-mail',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: CONTACT_LIMITS.email.max,
    col: 'col-md-6',
  },
  {
    name: 'phone',
    label: 'Numéro de téléphone',
    placeholder: 'Numéro de téléphone',
    type: 'tel',
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    maxLength: CONTACT_LIMITS.phone.max,
    col: 'col-md-6',
  },
  {
    name: 'subject',
    label: 'Sujet',
    placeholder: 'Sujet',
    type: 'text',
    autoComplete: 'off',
    maxLength: CONTACT_LIMITS.subject.max,
    col: 'col-12',
  },
];

function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * The contact form (spec sections 4 and 5): all six fields required, checked with the same
 * schema as the server; sent only when valid; the button is disabled while sending; success
 * resets it, failure keeps what the visitor typed.
 */
export default function ContactForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const popupsRequested = useRef(false);
  const loadBackend = useBackendLoader();
  // False in the prerendered page: the button cannot send before the form's code runs.
  const interactive = useIsClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactInputSchema),
    // No default values: the fields start from what the prerendered inputs hold, so that
    // text typed before this code arrived is kept.
    mode: 'onTouched',
  });

  // An "order" link pre-selects its service; applied after hydration so the prerendered
  // markup and the first client render agree.
  const requestedService = searchParams.get(SERVICE_PARAM);
  useEffect(() => {
    if (requestedService && (CONTACT_SERVICES as readonly string[]).includes(requestedService)) {
      setValue('service', requestedService as ContactService);
    }
  }, [requestedService, setValue]);

  // Fetch the popup library as soon as the visitor starts filling in the form, so that the
  // answer shows at once even on a slow connection.
  const warmUpPopups = () => {
    if (popupsRequested.current) return;
    popupsRequested.current = true;
    void loadPopups();
    void loadBackend().catch(() => undefined);
  };

  // Validated by the resolver first; the values are sent as typed, for the backend to check
  // and normalise with the same schema.
  const onSubmit = async () => {
    const result = await sendContactMessage(loadBackend, getValues());
    if (result.ok) {
      reset(EMPTY);
      await showContactSuccess();
      return;
    }
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      if (field in EMPTY) setError(field as FieldPath<ContactFormValues>, { message });
    }
    await showContactFailure(result.detail);
  };

  const describedBy = (name: string) =>
    errors[name as keyof typeof errors] ? `${id}-${name}-error` : undefined;
  const fieldError = (name: keyof typeof errors) =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]?.message}
      </div>
    ) : null;

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      onFocus={warmUpPopups}
      aria-label="Formulaire de contact"
      aria-busy={isSubmitting}
    >
      <p className="small text-body-secondary">
        Les champs marqués d’un astérisque (<span className="required-mark">*</span>) sont
        obligatoires.
      </p>
      <div className="row g-3">
        {TEXT_FIELDS.slice(0, 2).map((field) => renderText(field))}
        {TEXT_FIELDS.slice(2, 3).map((field) => renderText(field))}
        <div className="col-md-6">
          <div className="form-floating">
            <select
              id={`${id}-service`}
              className={`form-select${errors.service ? ' is-invalid' : ''}`}
              aria-required="true"
              aria-invalid={errors.service ? true : undefined}
              aria-describedby={describedBy('service')}
              {...register('service')}
            >
              <option value="">Choisissez un service</option>
              {CONTACT_SERVICES.map((service) => (
                <option key={service} value={service}>
                  {service}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-service`}>
              Service
              <RequiredMark />
            </label>
          </div>
          {fieldError('service')}
        </div>
        {TEXT_FIELDS.slice(3).map((field) => renderText(field))}
        <div className="col-12">
          <div className="form-floating">
            <textarea
              id={`${id}-message`}
              className={`form-control${errors.message ? ' is-invalid' : ''}`}
              placeholder="Message"
              style={{ height: '10rem' }}
              maxLength={CONTACT_LIMITS.message.max}
              aria-required="true"
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message')}
              {...register('message')}
            />
            <label htmlFor={`${id}-message`}>
              Message
              <RequiredMark />
            </label>
          </div>
          {fieldError('message')}
        </div>
        {/* Left empty by people, filled in by robots: such messages are silently dropped. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Ne pas remplir ce champ</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...register(HONEYPOT_FIELD)}
          />
        </div>
        <div className="col-12">
          <button
            type="submit"
            className="btn btn-primary btn-lg w-100"
            disabled={!interactive || isSubmitting}
          >
            {isSubmitting ? (
              <>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                Envoi en cours…
              </>
            ) : (
              <>
                <Icon name="send" className="me-2" />
                Envoyer le message
              </>
            )}
          </button>
        </div>
      </div>
    </form>
  );

  function renderText(field: (typeof TEXT_FIELDS)[number]) {
    const inputId = `${id}-${field.name}`;
    return (
      <div key={field.name} className={field.col}>
        <div className="form-floating">
          <input
            id={inputId}
            type={field.type}
            className={`form-control${errors[field.name] ? ' is-invalid' : ''}`}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            maxLength={field.maxLength}
            aria-required="true"
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={describedBy(field.name)}
            {...register(field.name)}
          />
          <label htmlFor={inputId}>
            {field.label}
            <RequiredMark />
          </label>
        </div>
        {fieldError(field.name)}
      </div>
    );
  }
}
