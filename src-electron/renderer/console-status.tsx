import type { ConsoleAppCheckOutcome } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import type { SettingsView } from '../../shared/ipc/contract.ts';

const FUNCTION = 'issueConsoleAppCheckToken';

/** What the last request for an App Check token says, and whether it is a warning. */
const APP_CHECK_TEXT: Record<ConsoleAppCheckOutcome | 'not-yet', { text: string; warn: boolean }> =
  {
    'not-yet': {
      text: `la console demandera son jeton à la fonction ${FUNCTION} une fois connectée.`,
      warn: false,
    },
    'signed-out': {
      text: `pas de jeton tant que personne n’est connecté (la fonction ${FUNCTION} ne le donne qu’au propriétaire).`,
      warn: false,
    },
    active: {
      text: `jeton obtenu de la fonction ${FUNCTION} : la console fonctionne avec App Check imposé sur Cloud Firestore.`,
      warn: false,
    },
    refused: {
      text: `la fonction ${FUNCTION} a refusé ce compte (sans le droit admin) : pas de jeton.`,
      warn: true,
    },
    unavailable: {
      text: `la fonction ${FUNCTION} ne répond pas (elle n’est peut-être pas déployée). Si App Check est imposé sur Cloud Firestore, la console ne recevra aucun message : déployez-la (docs/firebase.md, section 4).`,
      warn: true,
    },
  };

/**
 * What the console is on and whether it will stay signed in, said before it matters: a
 * console started with the computer on a system without a keyring waits on the login screen.
 */
export function ConsoleStatus({ view }: { view: SettingsView }) {
  const { backend } = view.settings;
  return (
    <section aria-labelledby="console-status-title" className="mb-4">
      <h2 id="console-status-title" className="h6 mb-2">
        État de la console
      </h2>
      <dl className="mb-0 small">
        <dt>Messages</dt>
        <dd>
          {backend.kind === 'server' ? (
            <>
              sur le serveur de l’agence, à l’adresse <code>{backend.url}</code>.
            </>
          ) : (
            <>
              sur Firebase (Firestore), projet <code>{backend.config.projectId}</code>.
            </>
          )}
        </dd>
        <dt>Connexion</dt>
        <dd className={view.keepsSession ? undefined : 'text-danger-emphasis'}>
          {view.keepsSession
            ? 'gardée d’un lancement à l’autre, chiffrée par le trousseau du système : la console lancée à l’ouverture de session reçoit les messages sans attendre.'
            : 'non gardée : ce système n’offre pas de trousseau sécurisé (sous Linux, GNOME Keyring ou KWallet). Il faudra vous reconnecter à chaque lancement, et la console lancée à l’ouverture de session ne notifiera rien avant.'}
        </dd>
        {backend.kind === 'firebase' && <AppCheckStatus outcome={view.appCheck} />}
      </dl>
    </section>
  );
}

function AppCheckStatus({ outcome }: { outcome: ConsoleAppCheckOutcome | null }) {
  const { text, warn } = APP_CHECK_TEXT[outcome ?? 'not-yet'];
  return (
    <>
      <dt>App Check</dt>
      <dd className={warn ? 'text-danger-emphasis' : undefined}>{text}</dd>
      <dd className="text-danger-emphasis">
        N’imposez pas App Check sur Authentication : la console n’a son jeton qu’une fois connectée,
        elle ne pourrait plus se connecter.
      </dd>
    </>
  );
}
