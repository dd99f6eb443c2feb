import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type {
  BackendSettings,
  DesktopApi,
  DesktopSettings,
  SettingsView,
} from '../../shared/ipc/contract.ts';
import { FAILURES } from '../../shared/domain/messages.ts';
import { FormField } from '../../src-web/components/form-field.tsx';
import { AdminShell } from '../../src-web/admin/features/auth/admin-shell.tsx';
import { ConsoleStatus } from './console-status.tsx';

type Outcome = { kind: 'success' | 'error'; text: string } | null;
type FirebaseConfig = Extract<BackendSettings, { kind: 'firebase' }>['config'];
type Kind = BackendSettings['kind'];

const EMPTY_FIREBASE: FirebaseConfig = { apiKey: '', authDomain: '', projectId: '', appId: '' };

const FIREBASE_FIELDS: { key: keyof FirebaseConfig; label: string }[] = [
  { key: 'apiKey', label: 'Clé d’API (apiKey)' },
  { key: 'authDomain', label: 'Domaine d’authentification (authDomain)' },
  { key: 'projectId', label: 'Identifiant du projet (projectId)' },
  { key: 'appId', label: 'Identifiant de l’application (appId)' },
];

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  help?: string;
  disabled: boolean;
  type?: 'text' | 'url';
  onChange: (value: string) => void;
}

function TextField({
  id,
  label,
  value,
  error,
  help,
  disabled,
  type = 'text',
  onChange,
}: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} help={help} required className="mb-3">
      {(field) => (
        <input
          {...field.props}
          type={type}
          inputMode={type === 'url' ? 'url' : undefined}
          spellCheck={false}
          className={field.className('form-control')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        />
      )}
    </FormField>
  );
}

/**
 * The console's settings: where the backend is (the agency's server, or Firebase), and
 * whether to start at login. The main process validates and keeps them; pointing to another
 * backend signs the owner out of the previous one.
 */
export function SettingsPage({ api }: { api: DesktopApi }) {
  const id = useId();
  const navigate = useNavigate();
  const [view, setView] = useState<SettingsView | null>(null);
  const [kind, setKind] = useState<Kind>('server');
  const [url, setUrl] = useState('');
  const [firebase, setFirebase] = useState<FirebaseConfig>(EMPTY_FIREBASE);
  const [openAtLogin, setOpenAtLogin] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);

  const show = (loaded: SettingsView) => {
    setView(loaded);
    const { backend } = loaded.settings;
    setKind(backend.kind);
    if (backend.kind === 'server') setUrl(backend.url);
    else setFirebase(backend.config);
    setOpenAtLogin(loaded.settings.openAtLogin);
  };

  useEffect(() => {
    document.title = 'Réglages | Console';
    let active = true;
    void api.settings.get().then((loaded) => {
      if (active) show(loaded);
    });
    return () => {
      active = false;
    };
  }, [api]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    const settings: DesktopSettings = {
      backend: kind === 'server' ? { kind, url } : { kind, config: firebase },
      openAtLogin,
    };
    try {
      const result = await api.settings.save(settings);
      if (result.ok) {
        show(result.value);
        setErrors({});
        setOutcome({ kind: 'success', text: 'Réglages enregistrés.' });
      } else {
        setErrors(result.error.fields ?? {});
        setOutcome({ kind: 'error', text: `Réglages non enregistrés : ${result.error.message}` });
      }
    } catch {
      setOutcome({ kind: 'error', text: `Réglages non enregistrés : ${FAILURES.unknown}` });
    } finally {
      setSaving(false);
    }
  };

  const disabled = !view || saving;
  const offersFirebase = view?.availableBackends.includes('firebase') ?? false;
  return (
    <AdminShell
      actions={
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => void navigate(-1)}
        >
          Retour
        </button>
      }
    >
      <div className="container py-5">
        <div className="card border-0 shadow-sm mx-auto p-4 p-md-5 desktop-settings-card">
          <h1 className="h3 mb-1">Réglages de la console</h1>
          <p className="text-body-secondary mb-4">
            La console reçoit les messages en direct, même fenêtre fermée.
          </p>
          {view && <ConsoleStatus view={view} />}
          <form noValidate onSubmit={(event) => void submit(event)} aria-busy={disabled}>
            {offersFirebase && (
              <fieldset className="mb-3">
                <legend className="form-label fs-6">Messages enregistrés sur</legend>
                {(
                  [
                    ['server', 'le serveur de l’agence'],
                    ['firebase', 'Firebase (Firestore)'],
                  ] as const
                ).map(([value, label]) => (
                  <div className="form-check form-check-inline" key={value}>
                    <input
                      id={`${id}-kind-${value}`}
                      type="radio"
                      name="backend-kind"
                      className="form-check-input"
                      checked={kind === value}
                      onChange={() => setKind(value)}
                      disabled={disabled}
                    />
                    <label htmlFor={`${id}-kind-${value}`} className="form-check-label">
                      {label}
                    </label>
                  </div>
                ))}
              </fieldset>
            )}
            {kind === 'server' ? (
              <TextField
                id={`${id}-url`}
                label="Adresse du serveur"
                type="url"
                value={url}
                error={errors['backend.url'] ?? errors['backend']}
                help="Par exemple http://127.0.0.1:3000 pour le serveur lancé sur cet ordinateur ; https:// obligatoire pour un serveur ailleurs."
                disabled={disabled}
                onChange={setUrl}
              />
            ) : (
              FIREBASE_FIELDS.map(({ key, label }) => (
                <TextField
                  key={key}
                  id={`${id}-${key}`}
                  label={label}
                  value={firebase[key]}
                  error={errors[`backend.config.${key}`]}
                  disabled={disabled}
                  onChange={(value) => setFirebase((current) => ({ ...current, [key]: value }))}
                />
              ))
            )}
            <div className="form-check mb-4">
              <input
                id={`${id}-login`}
                type="checkbox"
                className="form-check-input"
                checked={openAtLogin}
                onChange={(event) => setOpenAtLogin(event.target.checked)}
                disabled={disabled || !view?.canOpenAtLogin}
              />
              <label htmlFor={`${id}-login`} className="form-check-label">
                Lancer la console à l’ouverture de session, dans la zone de notification
              </label>
              {view && !view.canOpenAtLogin && (
                <div className="form-text">Indisponible sur ce système ou en développement.</div>
              )}
            </div>
            <button type="submit" className="btn btn-primary" disabled={disabled}>
              Enregistrer
            </button>
          </form>
          {outcome && (
            <div
              className={`alert mt-4 mb-0 ${outcome.kind === 'success' ? 'alert-success' : 'alert-danger'}`}
              role={outcome.kind === 'success' ? 'status' : 'alert'}
            >
              {outcome.text}
            </div>
          )}
        </div>
      </div>
    </AdminShell>
  );
}
