import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading.tsx';

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
  level,
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
        {children}
      </div>
    </section>
  );
}
