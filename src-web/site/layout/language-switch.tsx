import { LANGUAGES, frenchPath, localeOf, localizedPath } from '../../../shared/domain/routes.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';

/**
 * The links to the same page in each other language of the locale table, each named in its
 * language (and marked so, for screen readers and search engines). The address decides the
 * language: no redirection by the browser's preferences.
 */
export function LanguageSwitch({
  currentPath,
  className,
}: {
  currentPath: string;
  className?: string;
}) {
  const { language } = useCatalogue();
  return LANGUAGES.filter((other) => other !== language).map((other) => (
    <a
      key={other}
      href={localizedPath(frenchPath(currentPath), other)}
      hrefLang={other}
      lang={other}
      className={className}
      data-language-switch=""
    >
      {localeOf(other).name}
    </a>
  ));
}
