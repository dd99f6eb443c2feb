import { frenchPath, localizedPath } from '../../../shared/domain/routes.ts';
import { catalogues } from '../../content/ar.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';

/**
 * The link to the same page in the other language, named in that language (and marked so,
 * for screen readers and search engines). The address decides the language: no redirection
 * by the browser's preferences.
 */
export function LanguageSwitch({
  currentPath,
  className,
}: {
  currentPath: string;
  className?: string;
}) {
  const { language } = useCatalogue();
  const other = language === 'ar' ? 'fr' : 'ar';
  return (
    <a
      href={localizedPath(frenchPath(currentPath), other)}
      hrefLang={other}
      lang={other}
      className={className}
      data-language-switch=""
    >
      {catalogues[other].ui.languageName}
    </a>
  );
}
