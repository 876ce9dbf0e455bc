import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  collectedDifferenceText,
  collectedText,
  DELIVERY_FAILURE_LABELS,
  type DeliveryFailureReason,
  formatAddress,
  formatDeliveryDate,
  formatOrderTime,
  formatPounds,
  MESSAGES,
  ORDER_STATUSES,
  orderReference,
  poundsToPence,
  statusChangeEffects,
  statusChangeRefusal,
  type OrderStatus,
} from '@larder/shared-domain';
import {
  api,
  useAppDispatch,
  useListSellerOrdersQuery,
  useLiveOrders,
  useUpdateOrderStatusMutation,
  type ListSellerOrdersApiArg,
  type ListSellerOrdersApiResponse,
  type SellerOrderView,
  errorMessage,
  toast,
} from '@larder/shared-state';
import {
  Badge,
  Button,
  EmptyState,
  OrderStatusBadge,
  ProductImage,
  Select,
  Skeleton,
  useDocumentTitle,
} from '@larder/shared-ui';
import { OrdersIcon } from '../../components/icons';
import { useSellerPath } from '../../layout/SellerBase';
import { pageArg, Pagination } from '../../components/Pagination';
import { groupOrdersByCustomer } from './group-orders';

type SellerOrder = ListSellerOrdersApiResponse['orders'][number];
type SellerOrderItem = SellerOrder['items'][number];

/**
 * What picking and delivery made of a line: units found of those ordered, what was sent instead (at the price
 * charged, before VAT as the seller's screens show prices), and a refusal at the door. Nothing before picking.
 */
function PickOutcome({ item }: { item: SellerOrderItem }) {
  if (item.picked === null && !item.substitute && !item.refused) return null;
  const found = item.picked ?? item.quantity;
  const missing = item.quantity - found;
  return (
    <ul className="mt-0.5 text-xs" aria-label={`What was picked of ${item.name}`}>
      <li className={missing > 0 ? 'text-warning' : 'text-gray-700'}>
        Picked {found} of {item.quantity}
        {missing > 0 && <> ({missing} missing)</>}
      </li>
      {item.substitute && (
        <li className="text-gray-700">
          Substitute: {item.substitute.quantity} × {item.substitute.name} at{' '}
          {formatPounds(item.substitute.price)} each
        </li>
      )}
      {item.refused && <li className="font-medium text-danger">Refused at the door</li>}
    </ul>
  );
}

/** The three statuses, those the order may not move to disabled. */
function statusOptions(order: SellerOrder) {
  return ORDER_STATUSES.map((status) => ({
    value: status,
    label: status,
    disabled: statusChangeRefusal(order, status) !== undefined,
  }));
}

function addressLine(order: SellerOrder): string {
  if (order.customer?.address) return order.customer.address;
  return order.address ? formatAddress(order.address) : 'No address on record';
}

/** `listPage`: the page of the order list on screen, whose copy of the list shows a change at once. */
function OrderCard({ order, listPage }: { order: SellerOrder; listPage: ListSellerOrdersApiArg }) {
  const [updateStatus, { isLoading }] = useUpdateOrderStatusMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const dispatch = useAppDispatch();
  const status = pending ?? order.status;
  const paid = order.isPaid || status === 'Completed';
  const reference = orderReference(order._id);
  const sellerPath = useSellerPath();
  // A Completed or Cancelled order never changes again: its select only shows the status.
  const finished = order.status !== 'Pending';

  const change = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as OrderStatus;
    if (next === order.status) return;
    setPending(next);
    try {
      await updateStatus({ id: order._id, updateOrderStatusDto: { status: next } }).unwrap();
      // Shown at once, before the list reloads; Completed also means paid.
      dispatch(
        api.util.updateQueryData('listSellerOrders', listPage, (draft) => {
          const updated = draft.orders.find((candidate) => candidate._id === order._id);
          if (!updated) return;
          Object.assign(updated, statusChangeEffects(updated, next), { status: next });
        }),
      );
      toast.success(MESSAGES.orderUpdated);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.orderUpdateFailed));
    } finally {
      setPending(null);
    }
  };

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <article
        aria-labelledby={`order-${order._id}`}
        className="grid gap-4 md:grid-cols-[2fr_2fr_1.3fr] md:gap-6"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`order-${order._id}`} className="font-semibold text-gray-900">
              Order #{reference}
            </h3>
            <OrderStatusBadge status={status} />
            {order.refundDue && <Badge tone="warning">Refund due</Badge>}
          </div>
          {order.refundDue && (
            <p className="mt-1 text-sm text-gray-700">
              {status === 'Cancelled' ? 'Paid, then cancelled' : 'Paid for more than goes to the door'}:
              refund {formatPounds(order.refundDueAmount)} to the customer.
            </p>
          )}
          <ul className="mt-3 flex flex-col gap-2" aria-label={`Items in order #${reference}`}>
            {order.items.map((item, index) => (
              <li key={`${item.productId}-${index}`} className="flex items-start gap-3">
                <div className="h-10 w-10 shrink-0 overflow-hidden rounded border border-gray-200 bg-white p-0.5">
                  <ProductImage
                    src={item.image ?? undefined}
                    alt=""
                    width={40}
                    height={40}
                    className="h-full w-full"
                  />
                </div>
                <div className="min-w-0 text-sm text-gray-800">
                  {item.name}{' '}
                  <span className="font-semibold whitespace-nowrap text-primary">x {item.quantity}</span>
                  <PickOutcome item={item} />
                </div>
              </li>
            ))}
          </ul>
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-gray-600">Deliver to</dt>
          <dd className="text-gray-900">{addressLine(order)}</dd>
          <dt className="text-gray-600">Delivery</dt>
          <dd className="text-gray-900">
            {formatDeliveryDate(order.deliverySlot.date)},{' '}
            <span className="whitespace-nowrap">{order.deliverySlot.time}</span>
          </dd>
          <dt className="text-gray-600">Ordered</dt>
          <dd className="text-gray-900">
            <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
          </dd>
          <dt className="text-gray-600">Payment</dt>
          <dd className="flex flex-wrap items-center gap-2 text-gray-900">
            {order.paymentType}
            <Badge tone={paid ? 'success' : 'warning'}>{paid ? 'Paid' : 'Unpaid'}</Badge>
          </dd>
          {order.ageCheckRequired && (
            <>
              <dt className="text-gray-600">Age check</dt>
              <dd className="font-medium text-gray-900">{MESSAGES.ageCheckAtDoor}</dd>
            </>
          )}
        </dl>

        <div className="flex flex-col gap-3 md:items-end">
          <p className="text-lg font-semibold text-gray-900">
            <span className="sr-only">Amount </span>
            {formatPounds(order.amount)}
          </p>
          <DoorOutcome order={order} />
          {status === 'Completed' && (
            <Link
              to={sellerPath(`receipt/${order._id}`)}
              className="text-sm text-primary underline"
              aria-label={`Receipt: order #${reference}`}
            >
              Receipt
            </Link>
          )}
          <Select
            label={
              <>
                Status<span className="sr-only"> of order #{reference}</span>
              </>
            }
            options={statusOptions(order)}
            value={status}
            onChange={change}
            disabled={isLoading || finished}
            aria-busy={isLoading || undefined}
            fieldClassName="w-full md:w-44"
          />
        </div>
      </article>
    </li>
  );
}

/** What happened at the door: what was due and collected (and by how much they differ), or why it failed. */
function DoorOutcome({ order }: { order: SellerOrderView }) {
  if (order.failedDelivery) {
    const reason = order.failedDelivery.reason as DeliveryFailureReason;
    return (
      <p className="text-sm text-gray-800 md:text-right">
        <Badge tone="warning">Not delivered</Badge> {DELIVERY_FAILURE_LABELS[reason] ?? reason}
        {order.failedDelivery.note ? `: ${order.failedDelivery.note}` : ''}
      </p>
    );
  }
  if (!order.collected) return null;
  const due = poundsToPence(order.due) ?? 0;
  const collected = {
    cash: poundsToPence(order.collected.cash) ?? 0,
    card: poundsToPence(order.collected.card) ?? 0,
    change: poundsToPence(order.collected.change) ?? 0,
  };
  const difference = collectedDifferenceText(due, poundsToPence(order.collected.kept) ?? 0);
  return (
    <p className="text-sm text-gray-800 md:text-right">
      Due {formatPounds(order.due)}; collected {collectedText(collected)}
      {difference && <span className="block font-medium text-amber-800">{difference}</span>}
    </p>
  );
}

function LoadingOrders() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {Array.from({ length: 2 }, (_, group) => (
        <div key={group} className="rounded-xl border border-gray-200 p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-64" />
          <div className="mt-4 grid gap-3 md:grid-cols-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Every order, one group per customer, with a status dropdown on each order; kept current by the order event stream. */
export default function OrdersPage() {
  useDocumentTitle('Orders');
  const [page, setPage] = useState(1);
  const listPage = pageArg(page);
  // New orders and status changes arrive over the order event stream; while it is down the list is polled.
  const { pollingInterval } = useLiveOrders('seller');
  const { data, isLoading, isFetching, isError, error, refetch } = useListSellerOrdersQuery(listPage, {
    pollingInterval,
  });
  const orders = data?.orders ?? [];
  const groups = groupOrdersByCustomer(orders);

  return (
    <div className="flex max-w-6xl flex-col gap-6" aria-busy={isFetching}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-gray-900">Orders</h1>
        {data && orders.length > 0 && (
          <p className="text-sm text-gray-600">
            {orders.length} {orders.length === 1 ? 'order' : 'orders'} from {groups.length}{' '}
            {groups.length === 1 ? 'customer' : 'customers'}
          </p>
        )}
      </div>

      {isLoading ? (
        <>
          <p role="status" className="sr-only">
            Loading orders
          </p>
          <LoadingOrders />
        </>
      ) : isError && !data ? (
        <div role="alert" className="rounded-xl border border-danger-soft p-4">
          <p className="text-sm text-danger">{errorMessage(error, MESSAGES.ordersLoadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={<OrdersIcon className="h-12 w-12" />}
          title="No orders yet"
          message="Orders that customers place appear here, grouped by customer."
          className="rounded-xl border border-dashed border-gray-300"
        />
      ) : (
        groups.map((group) => {
          const name = group.customer.name?.trim() || MESSAGES.deletedCustomer;
          return (
            <section
              key={group.key}
              // Two customers may share a name: the e-mail keeps each section's name unique.
              aria-label={group.customer.email ? `${name} (${group.customer.email})` : name}
              className="rounded-xl border border-gray-200 bg-gray-50 p-3 md:p-5"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1">
                <h2 className="text-lg font-semibold text-gray-900">{name}</h2>
                <p className="text-sm text-gray-600">
                  {group.orders.length} {group.orders.length === 1 ? 'order' : 'orders'}
                </p>
              </div>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 px-1 text-sm text-gray-700">
                {group.customer.email ? (
                  <a
                    className="break-all text-primary underline-offset-2 hover:underline"
                    href={`mailto:${group.customer.email}`}
                  >
                    {group.customer.email}
                  </a>
                ) : (
                  <span>No email on record</span>
                )}
                {group.customer.phone ? (
                  <a
                    className="text-primary underline-offset-2 hover:underline"
                    href={`tel:${group.customer.phone.replace(/\s+/g, '')}`}
                  >
                    {group.customer.phone}
                  </a>
                ) : (
                  <span>No phone on record</span>
                )}
              </p>
              <ul className="mt-3 flex flex-col gap-3">
                {group.orders.map((order) => (
                  <OrderCard key={order._id} order={order} listPage={listPage} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      {data && (
        <Pagination
          label="Orders"
          page={page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          busy={isFetching}
        />
      )}
    </div>
  );
}
