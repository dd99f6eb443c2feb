import type { ContactLanguage } from '../../../../shared/domain/contact.ts';
import { DEFAULT_LANGUAGE } from '../../../../shared/domain/routes.ts';

/** How the dashboard names each language: the mark's letters and its accessible name. */
export const LANGUAGE_LABELS: Record<
  ContactLanguage,
  { mark: string; name: string; filter: string }
> = {
  fr: { mark: 'FR', name: 'Message en français', filter: 'Français' },
  ar: { mark: 'AR', name: 'Message en arabe', filter: 'Arabe' },
};

/** The small « AR » / « FR » mark of the language a message was sent in. */
export function LanguageMark({ language }: { language: ContactLanguage }) {
  const { mark, name } = LANGUAGE_LABELS[language];
  return (
    <span
      role="img"
      aria-label={name}
      // The site's first language is the usual case: any other stands out.
      className={`language-mark badge rounded-pill ${language === DEFAULT_LANGUAGE ? 'text-bg-light border' : 'text-bg-primary'}`}
    >
      {mark}
    </span>
  );
}
