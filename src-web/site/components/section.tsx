import { createContext, useContext, type ReactNode } from 'react';
import { SectionHeading } from './section-heading.tsx';

/** The level of the heading of the section being rendered (2 outside any). */
const SectionLevel = createContext<1 | 2>(2);

/**
 * The tag for the title of an item in the current section's content (a card, say): one level
 * under the section's own heading, so that headings never skip a level.
 */
export function useItemHeading(): 'h2' | 'h3' {
  return useContext(SectionLevel) === 1 ? 'h2' : 'h3';
}

interface SectionProps {
  /** Id of the heading, which labels the section. */
  id: string;
  kicker: string;
  title: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** Pages use 1 for their own title, sections 2. */
  level?: 1 | 2;
  /** On the light tinted background. */
  soft?: boolean;
  className?: string;
  containerClassName?: string;
  children: ReactNode;
}

/** A section of a page: its labelled heading, then its content, in the site's container. */
export function Section({
  id,
  kicker,
  title,
  intro,
  level = 2,
  soft = false,
  className,
  containerClassName,
  children,
}: SectionProps) {
  return (
    <section
      className={['section', soft && 'bg-soft', className].filter(Boolean).join(' ')}
      aria-labelledby={id}
    >
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        <SectionHeading kicker={kicker} title={title} id={id} level={level}>
          {intro}
        </SectionHeading>
        <SectionLevel value={level}>{children}</SectionLevel>
      </div>
    </section>
  );
}
