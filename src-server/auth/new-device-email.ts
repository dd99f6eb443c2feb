import { ROUTES } from '../../shared/domain/routes.ts';
import { escapeHtml, WRAP } from '../../shared/notifications/new-message.ts';

/** How long the e-mailed link works, and how often one may be sent to the account. */
export const NEW_DEVICE_LINK = { lifetimeMs: 15 * 60_000, emailIntervalMs: 10 * 60_000 };

/**
 * The address of the link: the sign-in page, the token in the fragment. A fragment never
 * reaches a server (no log keeps it), and the page sends it with a POST: a mail program or a
 * virus scanner that opens every link of an e-mail to look at it cannot use the link up.
 */
export function newDeviceLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.login}#appareil=${token}`;
}

const minutes = NEW_DEVICE_LINK.lifetimeMs / 60_000;

/** The e-mail with the link, in French: what it is for, and what to do if it was not you. */
export function composeNewDeviceEmail(link: string): {
  subject: string;
  text: string;
  html: string;
} {
  const lines = [
    'Quelqu’un vient de saisir le bon mot de passe de votre tableau de bord depuis un navigateur (ou une console) que le site ne connaît pas encore, alors que le compte subit une série de tentatives de connexion.',
    `Si c’est vous, ouvrez ce lien dans ce même navigateur, dans les ${minutes} minutes : il vous connecte et le navigateur sera reconnu à l’avenir. Il ne sert qu’une fois.`,
    'Dans la console de bureau, ou si le lien s’ouvre dans un autre navigateur, copiez-le et collez-le sous le formulaire de connexion, là où vous avez saisi le mot de passe.',
    'Si ce n’est pas vous, n’ouvrez pas ce lien et ne le transmettez à personne : quelqu’un d’autre connaît votre mot de passe. Changez-le au plus vite (ADMIN_PASSWORD au prochain démarrage du serveur, voir .env.example).',
  ];
  const text = [lines[0], '', lines[1], '', link, '', lines[2], '', lines[3], ''].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Connexion depuis un nouvel appareil</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430;${WRAP}">
<p style="margin-top:0">${escapeHtml(lines[0] ?? '')}</p>
<p>${escapeHtml(lines[1] ?? '')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#0e4c92;color:#fff;text-decoration:none;border-radius:6px">Me connecter depuis ce navigateur</a></p>
<p style="color:#555;font-size:13px;${WRAP}">${escapeHtml(link)}</p>
<p>${escapeHtml(lines[2] ?? '')}</p>
<p>${escapeHtml(lines[3] ?? '')}</p>
</body>
</html>
`;
  return { subject: 'Connexion depuis un nouvel appareil : votre lien', text, html };
}
