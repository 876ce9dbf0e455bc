import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { useListUserOrdersQuery, useLiveOrders, type OrderView, errorMessage } from '@larder/shared-state';
import {
  Button,
  buttonClasses,
  EmptyState,
  Modal,
  Skeleton,
  SkeletonText,
  useDocumentTitle,
} from '@larder/shared-ui';
import { SignInGate } from '../../components/SignInGate';
import { useNow } from '../../components/useNow';
import { OrderCard } from './OrderCard';

const TITLE = 'My Orders';

/**
 * /my-orders: the signed-in customer's orders, newest first, with cancellation within the first hour; statuses
 * follow the order event stream without a reload.
 */
export default function MyOrdersPage() {
  useDocumentTitle(TITLE);
  return (
    <SignInGate title={TITLE} loading={<OrdersSkeleton />}>
      {() => <OrdersList />}
    </SignInGate>
  );
}

function OrdersList() {
  // Status changes arrive over the order event stream; while it is down the list is polled instead.
  const { pollingInterval } = useLiveOrders('customer');
  const { data, isLoading, isError, error, refetch } = useListUserOrdersQuery(undefined, { pollingInterval });
  const now = useNow(30_000);
  const [failure, setFailure] = useState<string | null>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  const orders = useMemo<OrderView[]>(
    () => [...(data?.orders ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
    [data],
  );

  if (isLoading) return <OrdersSkeleton />;

  return (
    <section className="mx-auto max-w-4xl py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      {isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{errorMessage(error, MESSAGES.myOrdersLoadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          title="No orders yet"
          message="When you place an order it will appear here, with its delivery slot and status."
          action={
            <Link to="/products" className={buttonClasses()}>
              Start shopping
            </Link>
          }
        />
      ) : (
        <ul className="mt-6 flex flex-col gap-6" aria-label="Orders">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} now={now} onCancelFailed={setFailure} />
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={failure ?? MESSAGES.cancelOrderFailed}
        role="alertdialog"
        size="sm"
        showCloseButton={false}
        initialFocusRef={okRef}
      >
        <div className="flex justify-end">
          <Button ref={okRef} onClick={() => setFailure(null)}>
            OK
          </Button>
        </div>
      </Modal>
    </section>
  );
}

/** The orders while they load: the page's heading, and two order cards' outlines where the orders will be. */
export function OrdersSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto max-w-4xl py-8 md:py-12">
      <span className="sr-only">Loading your orders</span>
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      {[0, 1].map((key) => (
        <div key={key} aria-hidden="true" className="mt-6 rounded-lg border border-gray-200 p-4 md:p-6">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-20" />
          </div>
          <div className="mt-4 flex gap-3">
            <Skeleton className="h-16 w-16" />
            <SkeletonText lines={2} className="flex-1" />
          </div>
          <SkeletonText lines={3} className="mt-4" />
        </div>
      ))}
    </div>
  );
}
