import type { HTMLAttributes, ReactNode } from 'react';

type SectionProps = Omit<HTMLAttributes<HTMLElement>, 'id' | 'title' | 'className' | 'children'>;

/** A section named by its second-level heading, whose id it carries. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  children,
  ...section
}: SectionProps & {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} {...section}>
      <h2 className={titleClassName} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
