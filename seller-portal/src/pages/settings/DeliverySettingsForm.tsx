import { MAX_SLOT_CAPACITY, MESSAGES, MIN_SLOT_CAPACITY } from '@larder/shared-domain';
import { useGetDeliverySettingsQuery, useUpdateDeliverySettingsMutation } from '@larder/shared-state';
import { WholeNumberSettingCard } from './WholeNumberSettingCard';

/** How many orders each delivery slot takes, prefilled from the server (GET/POST /api/settings/delivery). */
export function DeliverySettingsForm() {
  const { data, isLoading, isError, refetch } = useGetDeliverySettingsQuery();
  const [save] = useUpdateDeliverySettingsMutation();
  return (
    <WholeNumberSettingCard
      headingId="delivery-settings-heading"
      title="Delivery slots"
      description="How many orders each one-hour slot takes. Lowering it keeps the orders already booked."
      label="Orders per slot"
      name="slotCapacity"
      min={MIN_SLOT_CAPACITY}
      max={MAX_SLOT_CAPACITY}
      current={data?.slotCapacity}
      loading={isLoading}
      loadError={isError && !data ? MESSAGES.slotCapacityLoadFailed : undefined}
      onRetry={() => refetch()}
      save={(slotCapacity) => save({ updateDeliverySettingsDto: { slotCapacity } }).unwrap()}
      invalidMessage={MESSAGES.invalidSlotCapacity}
      savedMessage={MESSAGES.deliverySettingsUpdated}
      failedMessage={MESSAGES.slotCapacitySaveFailed}
    />
  );
}
