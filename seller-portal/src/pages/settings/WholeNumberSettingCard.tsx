import { useState, type FormEvent } from 'react';
import { errorMessage, successMessage, toast } from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

/** A whole number from min to max typed as text, or undefined. */
export function parseWholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

interface WholeNumberSettingCardProps {
  headingId: string;
  title: string;
  description: string;
  /** The field's label and form name. */
  label: string;
  name: string;
  min: number;
  max: number;
  /** The setting as the server has it (undefined while loading or when it could not be read). */
  current: number | undefined;
  loading: boolean;
  /** Shown with "Try again" when the setting could not be loaded at all. */
  loadError?: string;
  onRetry: () => void;
  /** Saves the value; resolves to the server's answer (its message is shown), rejects with the failure. */
  save: (value: number) => Promise<unknown>;
  /** Said when the value typed is not a whole number in range (nothing is sent). */
  invalidMessage: string;
  /** Said after saving when the server's answer has no message. */
  savedMessage: string;
  /** Said when saving fails and the server gave no message. */
  failedMessage: string;
}

type Field = 'value';
const EMPTY: Record<Field, string> = { value: '' };
const fromCurrent = (current: number): Record<Field, string> => ({ value: String(current) });

/**
 * A settings section of one whole number (orders per slot, open orders per customer): prefilled from the
 * server, checked before it is sent, saved with the server's message in a toast, and its refusal kept under
 * the field.
 */
export function WholeNumberSettingCard(props: WholeNumberSettingCardProps) {
  const { current, min, max, save } = props;
  const [saving, setSaving] = useState(false);
  const { values, errors, setErrors, change, saved } = useSettingsForm(current, fromCurrent, EMPTY);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = parseWholeNumber(values.value, min, max);
    if (value === undefined) {
      setErrors({ value: props.invalidMessage });
      focusControl(event, props.name);
      return;
    }
    setSaving(true);
    try {
      toast.success(successMessage(await save(value), props.savedMessage));
      saved();
    } catch (failure) {
      const message = errorMessage(failure, props.failedMessage);
      setErrors({ value: message });
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      headingId={props.headingId}
      title={props.title}
      description={props.description}
      loading={props.loading}
      skeleton={
        <div className="mt-4 flex items-end gap-4" aria-hidden="true">
          <Skeleton className="h-16 flex-1" />
          <Skeleton className="h-11 w-24" />
        </div>
      }
      loadError={props.loadError}
      onRetry={props.onRetry}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <TextInput
        label={props.label}
        name={props.name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        value={values.value}
        onChange={(event) => change('value', event.target.value)}
        error={errors.value}
      />
      <Button type="submit" loading={saving} className="sm:mt-6">
        Save
      </Button>
    </SettingsCard>
  );
}
