import { useId } from 'react';
import { Icon } from '../../../components/icon.tsx';
import type { ApplePushHelp } from './apple-push.ts';

export interface ApplePushHelpBoxProps {
  help: ApplePushHelp;
  /** Each new message is e-mailed to the owner; null when not known yet (Firebase). */
  emailOn: boolean | null;
}

/**
 * On an iPhone or iPad where this page cannot receive push notifications: why, and what to do
 * (add the inbox to the home screen, from iOS 16.4 on), or that it cannot be done.
 */
export function ApplePushHelpBox({ help, emailOn }: ApplePushHelpBoxProps) {
  const titleId = useId();
  const meanwhile =
    emailOn === true
      ? 'D’ici là, chaque nouveau message vous est aussi envoyé par e-mail.'
      : emailOn === false
        ? 'D’ici là, seules les notifications par e-mail peuvent vous prévenir des nouveaux messages : elles demandent SMTP_URL sur le serveur.'
        : 'D’ici là, seules les notifications par e-mail peuvent vous prévenir des nouveaux messages.';

  return (
    <section className="bg-white rounded-3 shadow-sm p-3 mt-3" aria-labelledby={titleId}>
      <h2 className="h6 d-flex align-items-center gap-2 mb-2" id={titleId}>
        <Icon name="phone" />
        Notifications sur iPhone et iPad
      </h2>
      {help.kind === 'add-to-home-screen' ? (
        <>
          <p className="mb-2">
            Apple n’autorise les notifications d’un site que s’il a été ajouté à l’écran d’accueil
            (iOS 16.4 et plus récent) : ouverte dans Safari, la boîte de réception ne peut pas vous
            en envoyer. Ajoutez-la une fois, elle s’ouvrira ensuite comme une application.
          </p>
          <ol className="mb-2">
            <li>
              Dans Safari, touchez le bouton Partager <Icon name="box-arrow-up" /> (en bas de
              l’écran sur iPhone, en haut sur iPad).
            </li>
            <li>
              Choisissez <Icon name="plus-square" /> « Sur l’écran d’accueil », puis « Ajouter ».
            </li>
            <li>
              Ouvrez la boîte de réception depuis sa nouvelle icône et connectez-vous (l’icône garde
              sa propre connexion, distincte de celle de Safari).
            </li>
            <li>Touchez « Recevoir les notifications sur cet appareil », puis « Autoriser ».</li>
          </ol>
          <p className="mb-0">{meanwhile}</p>
        </>
      ) : (
        <p className="mb-0">
          Cet appareil est en iOS {help.version} : Apple n’y permet pas les notifications des sites,
          même ajoutés à l’écran d’accueil. Il faut iOS 16.4 ou plus récent (Réglages → Général →
          Mise à jour logicielle). {meanwhile}
        </p>
      )}
    </section>
  );
}
