import { useId } from 'react';
import { TextInput } from '@larder/shared-ui';

/** The VAT rates a UK shop charges, in percent: zero (most food), reduced and standard. */
export const UK_VAT_RATES = [0, 5, 20] as const;

/**
 * The product's VAT (%) box, offering the UK rates as its choices (the browser lists them under the box); another
 * rate may still be typed.
 */
export function VatInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const ratesId = useId();
  return (
    <>
      <TextInput
        label="VAT (%)"
        name="vat"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={0.01}
        required
        list={ratesId}
        hint="UK rates: 0% (most food), 5% or 20%"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
      <datalist id={ratesId}>
        {UK_VAT_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rate}%
          </option>
        ))}
      </datalist>
    </>
  );
}
