import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MAX_SLOT_CAPACITY, MESSAGES, MIN_SLOT_CAPACITY } from '@larder/shared-domain';
import {
  useGetDeliverySettingsQuery,
  useUpdateDeliverySettingsMutation,
  errorMessage,
  successMessage,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';

/** A whole number within the slot-capacity range, or undefined. */
function parseCapacity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_SLOT_CAPACITY && value <= MAX_SLOT_CAPACITY ? value : undefined;
}

/** How many orders each delivery slot takes, prefilled from the server (GET/POST /api/settings/delivery). */
export function DeliverySettingsForm() {
  const { data, isLoading, isError, refetch } = useGetDeliverySettingsQuery();
  const [save, { isLoading: saving }] = useUpdateDeliverySettingsMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (data && !dirty) setValue(String(data.slotCapacity));
  }, [data, dirty]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const slotCapacity = parseCapacity(value);
    if (slotCapacity === undefined) {
      setError(MESSAGES.invalidSlotCapacity);
      (event.currentTarget.elements.namedItem('slotCapacity') as HTMLInputElement | null)?.focus();
      return;
    }
    try {
      const result = await save({ updateDeliverySettingsDto: { slotCapacity } }).unwrap();
      toast.success(successMessage(result, 'Delivery settings updated'));
      setDirty(false);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not save the slot capacity. Please try again.'));
    }
  };

  return (
    <section
      aria-labelledby="delivery-settings-heading"
      className="rounded-xl border border-gray-200 p-4 md:p-6"
    >
      <h2 id="delivery-settings-heading" className="text-lg font-semibold text-gray-900">
        Delivery slots
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        How many orders each one-hour slot takes. Lowering it keeps the orders already booked.
      </p>
      {isLoading ? (
        <div className="mt-4 flex items-end gap-4" aria-hidden="true">
          <Skeleton className="h-16 flex-1" />
          <Skeleton className="h-11 w-24" />
        </div>
      ) : isError && !data ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-danger">The slot capacity could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextInput
            label="Orders per slot"
            name="slotCapacity"
            type="number"
            inputMode="numeric"
            min={MIN_SLOT_CAPACITY}
            max={MAX_SLOT_CAPACITY}
            step={1}
            required
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
              setDirty(true);
            }}
            error={error}
          />
          <Button type="submit" loading={saving} className="sm:mt-6">
            Save
          </Button>
        </form>
      )}
    </section>
  );
}
