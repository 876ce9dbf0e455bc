import type { ReactNode } from 'react';
import { useDocumentTitle } from '@larder/shared-ui';

interface LegalPageProps {
  title: string;
  /** Shown under the heading, e.g. when the text was last revised. */
  updated?: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** Layout of the long text pages (terms, cookies, privacy): one h1, readable measure, numbered sections. */
export function LegalPage({ title, updated, intro, children }: LegalPageProps) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl py-10 text-gray-700 md:py-14">
      <h1 className="text-3xl font-semibold text-gray-900 md:text-4xl">{title}</h1>
      {updated && <p className="mt-2 text-sm text-gray-500">Last updated: {updated}</p>}
      {intro && <div className="mt-6 space-y-3 leading-relaxed">{intro}</div>}
      <div className="mt-8 space-y-8 leading-relaxed">{children}</div>
    </article>
  );
}

interface LegalSectionProps {
  heading: string;
  children: ReactNode;
}

export function LegalSection({ heading, children }: LegalSectionProps) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-gray-900">{heading}</h2>
      {children}
    </section>
  );
}
