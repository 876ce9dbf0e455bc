import { useId } from 'react';
import { MESSAGES } from '@larder/shared-domain';

interface AgeConfirmationProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Set once the shopper tried to go on without the tick: the box then says what is missing. */
  missing: boolean;
}

/** The customer's "I confirm I am 18 or over" for an order holding an 18+ product (checkout and order changes). */
export function AgeConfirmation({ checked, onChange, missing }: AgeConfirmationProps) {
  const errorId = useId();
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          aria-required="true"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? errorId : undefined}
          className="mt-0.5 h-4 w-4 accent-primary"
        />
        <span>{MESSAGES.ageConfirmLabel}</span>
      </label>
      {missing && (
        <p id={errorId} className="mt-1 pl-6 text-sm text-danger">
          {MESSAGES.ageConfirmationRequired}
        </p>
      )}
    </div>
  );
}
