import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@larder/shared-ui';

interface SettingsCardProps {
  /** The id of the heading, which names the section. */
  headingId: string;
  title: string;
  description: string;
  /** Whether the settings are still loading the first time. */
  loading: boolean;
  /** Stands in for the form while loading. */
  skeleton: ReactNode;
  /** Shown with "Try again" when the settings could not be loaded at all. */
  loadError?: string;
  onRetry: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formClassName: string;
  children: ReactNode;
}

/** A settings section of the product list: a heading, what it does, and its form once the settings load. */
export function SettingsCard({
  headingId,
  title,
  description,
  loading,
  skeleton,
  loadError,
  onRetry,
  onSubmit,
  formClassName,
  children,
}: SettingsCardProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4 md:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{description}</p>
      {loading ? (
        skeleton
      ) : loadError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-danger">{loadError}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className={formClassName}>
          {children}
        </form>
      )}
    </section>
  );
}

/**
 * The text of a settings form, prefilled from the server's settings (and refilled whenever they reload) until the
 * seller types. `saved()` keeps what was saved on screen and lets the next load refill it, so the field never
 * shows the old value while the settings are read again. `fromSettings` must be defined once, outside the
 * component.
 */
export function useSettingsForm<S, F extends string>(
  settings: S | undefined,
  fromSettings: (settings: S) => Record<F, string>,
  empty: Record<F, string>,
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  // Whether the seller has typed since the settings were last shown or saved (read only when settings change).
  const dirty = useRef(false);

  useEffect(() => {
    if (settings !== undefined && !dirty.current) setValues(fromSettings(settings));
  }, [settings, fromSettings]);

  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    dirty.current = true;
  };

  const saved = () => {
    dirty.current = false;
  };

  return { values, errors, setErrors, change, saved };
}

/** Moves focus to the named control of the submitted form. */
export function focusControl(event: FormEvent<HTMLFormElement>, name: string) {
  (event.currentTarget.elements.namedItem(name) as HTMLInputElement | null)?.focus();
}
