import { MAX_MAX_OPEN_ORDERS, MESSAGES, MIN_MAX_OPEN_ORDERS } from '@larder/shared-domain';
import { useGetOrderSettingsQuery, useUpdateOrderSettingsMutation } from '@larder/shared-state';
import { WholeNumberSettingCard } from './WholeNumberSettingCard';

/**
 * How many of one customer's orders may wait for delivery at once, prefilled from the server
 * (GET/POST /api/settings/orders).
 */
export function OrderSettingsForm() {
  const { data, isLoading, isError, refetch } = useGetOrderSettingsQuery();
  const [save] = useUpdateOrderSettingsMutation();
  return (
    <WholeNumberSettingCard
      headingId="order-settings-heading"
      title="Open orders per customer"
      description="How many of one customer's orders may wait for delivery at once. They can place another once one is delivered or cancelled."
      label="Open orders per customer"
      name="maxOpenOrders"
      min={MIN_MAX_OPEN_ORDERS}
      max={MAX_MAX_OPEN_ORDERS}
      current={data?.maxOpenOrders}
      loading={isLoading}
      loadError={isError && !data ? MESSAGES.orderSettingsLoadFailed : undefined}
      onRetry={() => refetch()}
      save={(maxOpenOrders) => save({ updateOrderSettingsDto: { maxOpenOrders } }).unwrap()}
      invalidMessage={MESSAGES.invalidMaxOpenOrders}
      savedMessage={MESSAGES.orderSettingsUpdated}
      failedMessage={MESSAGES.orderSettingsSaveFailed}
    />
  );
}
