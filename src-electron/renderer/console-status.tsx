import type { SettingsView } from '../../shared/ipc/contract.ts';

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
      </dl>
    </section>
  );
}
