import type { FormEvent } from 'react';
import { MAX_MAX_OPEN_ORDERS, MESSAGES, MIN_MAX_OPEN_ORDERS } from '@larder/shared-domain';
import {
  useGetOrderSettingsQuery,
  useUpdateOrderSettingsMutation,
  errorMessage,
  successMessage,
  type GetOrderSettingsApiResponse,
  toast,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

/** A whole number within the open-orders range, or undefined. */
function parseMaxOpenOrders(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_MAX_OPEN_ORDERS && value <= MAX_MAX_OPEN_ORDERS ? value : undefined;
}

const EMPTY = { maxOpenOrders: '' };

const fromSettings = (settings: GetOrderSettingsApiResponse) => ({
  maxOpenOrders: String(settings.maxOpenOrders),
});

/**
 * How many of one customer's orders may wait for delivery at once, prefilled from the server
 * (GET/POST /api/settings/orders).
 */
export function OrderSettingsForm() {
  const { data, isLoading, isError, refetch } = useGetOrderSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateOrderSettingsMutation();
  const { values, errors, setErrors, change, saved } = useSettingsForm(data, fromSettings, EMPTY);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const maxOpenOrders = parseMaxOpenOrders(values.maxOpenOrders);
    if (maxOpenOrders === undefined) {
      setErrors({ maxOpenOrders: MESSAGES.invalidMaxOpenOrders });
      focusControl(event, 'maxOpenOrders');
      return;
    }
    try {
      const result = await save({ updateOrderSettingsDto: { maxOpenOrders } }).unwrap();
      toast.success(successMessage(result, MESSAGES.orderSettingsUpdated));
      saved();
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.orderSettingsSaveFailed);
      setErrors({ maxOpenOrders: message });
      toast.error(message);
    }
  };

  return (
    <SettingsCard
      headingId="order-settings-heading"
      title="Open orders per customer"
      description="How many of one customer's orders may wait for delivery at once. They can place another once one is delivered or cancelled."
      loading={isLoading}
      skeleton={
        <div className="mt-4 flex items-end gap-4" aria-hidden="true">
          <Skeleton className="h-16 flex-1" />
          <Skeleton className="h-11 w-24" />
        </div>
      }
      loadError={isError && !data ? 'The order settings could not be loaded.' : undefined}
      onRetry={() => refetch()}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <TextInput
        label="Open orders per customer"
        name="maxOpenOrders"
        type="number"
        inputMode="numeric"
        min={MIN_MAX_OPEN_ORDERS}
        max={MAX_MAX_OPEN_ORDERS}
        step={1}
        required
        value={values.maxOpenOrders}
        onChange={(event) => change('maxOpenOrders', event.target.value)}
        error={errors.maxOpenOrders}
      />
      <Button type="submit" loading={saving} className="sm:mt-6">
        Save
      </Button>
    </SettingsCard>
  );
}
