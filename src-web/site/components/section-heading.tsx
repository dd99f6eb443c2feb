import type { ReactNode } from 'react';

interface SectionHeadingProps {
  kicker: string;
  title: string;
  id?: string;
  /** Heading level: pages use h1 for their own title, sections h2. */
  level?: 1 | 2;
  children?: ReactNode;
}

export function SectionHeading({ kicker, title, id, level = 2, children }: SectionHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="text-center mx-auto mb-5" style={{ maxWidth: '42rem' }}>
      <p className="section-kicker">{kicker}</p>
      <Heading id={id} className="display-6">
        {title}
      </Heading>
      {children && <div className="text-body-secondary mt-3">{children}</div>}
    </div>
  );
}
