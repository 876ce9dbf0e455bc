import {
  MAX_MAX_OPEN_ORDERS,
  MAX_PER_ORDER_LIMIT,
  MESSAGES,
  MIN_MAX_OPEN_ORDERS,
  MIN_PER_ORDER_LIMIT,
} from '@larder/shared-domain';
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

/**
 * How many of one product one order may hold when the product has no limit of its own (the same order settings:
 * the open-orders limit is sent back as it is).
 */
export function PerProductLimitForm() {
  const { data, isLoading, isError, refetch } = useGetOrderSettingsQuery();
  const [save] = useUpdateOrderSettingsMutation();
  return (
    <WholeNumberSettingCard
      headingId="per-product-limit-heading"
      title="Limit per product"
      description="The most of one product one order may hold, unless the product has its own limit per order."
      label="Limit per product"
      name="maxPerProduct"
      min={MIN_PER_ORDER_LIMIT}
      max={MAX_PER_ORDER_LIMIT}
      current={data?.maxPerProduct}
      loading={isLoading}
      loadError={isError && !data ? MESSAGES.orderSettingsLoadFailed : undefined}
      onRetry={() => refetch()}
      save={(maxPerProduct) =>
        save({
          updateOrderSettingsDto: { maxOpenOrders: data!.maxOpenOrders, maxPerProduct },
        }).unwrap()
      }
      invalidMessage={MESSAGES.invalidMaxPerProduct}
      savedMessage={MESSAGES.orderSettingsUpdated}
      failedMessage={MESSAGES.orderSettingsSaveFailed}
    />
  );
}
