import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  MESSAGES,
  REGULARS_MESSAGES,
  formatDeliveryDate,
  formatPence,
  followingStandingDelivery,
  standingOrderSchedule,
} from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useDeleteStandingOrderMutation,
  useListStandingOrdersQuery,
  useUpdateStandingOrderMutation,
  type StandingOrderView,
  type UpdateStandingOrderDto,
} from '@larder/shared-state';
import {
  Badge,
  Button,
  EmptyState,
  QuantityStepper,
  Skeleton,
  buttonClasses,
  useConfirm,
  useDocumentTitle,
} from '@larder/shared-ui';
import { ScheduleFields } from '../../components/MakeRegularDelivery';
import { SignInGate } from '../../components/SignInGate';
import { toPence } from '../../lib/api-values';

const TITLE = 'Regular deliveries';

/**
 * /regular-deliveries (My account): the customer's standing orders with their next date and what they hold;
 * skip the next delivery, pause, resume, change and cancel. Nothing is charged for a plan: each delivery is an
 * order paid on delivery.
 */
export default function RegularDeliveriesPage() {
  useDocumentTitle(TITLE);
  return (
    <SignInGate title={TITLE} loading={<PlansLoading />}>
      {() => <Plans />}
    </SignInGate>
  );
}

function Plans() {
  const { data, isLoading, isError, refetch } = useListStandingOrdersQuery();
  if (isLoading) return <PlansLoading />;
  const plans = data?.standingOrders ?? [];
  return (
    <section className="mx-auto max-w-4xl py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-gray-600">
        Each delivery&apos;s order is placed for you two days before, at 15:00, and paid on delivery. You can
        change it in{' '}
        <Link to="/my-orders" className="text-primary underline">
          My Orders
        </Link>{' '}
        until the cut-off.
      </p>
      {isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{MESSAGES.somethingWentWrong}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : plans.length === 0 ? (
        <EmptyState
          title={REGULARS_MESSAGES.noStandingOrders}
          message="Make one from a past order in My Orders, or from your basket."
          action={
            <Link to="/my-orders" className={buttonClasses({ variant: 'secondary' })}>
              My Orders
            </Link>
          }
        />
      ) : (
        <div className="mt-6 space-y-4">
          {plans.map((plan) => (
            <PlanCard key={plan._id} plan={plan} />
          ))}
        </div>
      )}
    </section>
  );
}

function nextDeliveryText(plan: StandingOrderView): string {
  if (!plan.active || !plan.nextDelivery) return 'Paused';
  if (plan.skipping) {
    const after = followingStandingDelivery(plan.nextDelivery, plan.every);
    return `Skipping ${formatDeliveryDate(plan.nextDelivery)}; next delivery ${formatDeliveryDate(after)}`;
  }
  return `Next delivery: ${formatDeliveryDate(plan.nextDelivery)}`;
}

function PlanCard({ plan }: { plan: StandingOrderView }) {
  const headingId = useId();
  const confirm = useConfirm();
  const [update, updating] = useUpdateStandingOrderMutation();
  const [remove, removing] = useDeleteStandingOrderMutation();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const schedule = standingOrderSchedule(plan.weekday, plan.every);

  async function change(body: UpdateStandingOrderDto, done: string): Promise<boolean> {
    setError(null);
    try {
      await update({ id: plan._id, updateStandingOrderDto: body }).unwrap();
      toast.success(done, { id: `plan-${plan._id}` });
      return true;
    } catch (err) {
      setError(errorMessage(err, MESSAGES.somethingWentWrong));
      return false;
    }
  }

  async function cancel() {
    const confirmed = await confirm({
      title: 'Cancel this regular delivery?',
      message: `${schedule}: no more orders will be placed. Orders already placed stay as they are.`,
      confirmLabel: 'Yes, cancel it',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove({ id: plan._id }).unwrap();
      toast.success(REGULARS_MESSAGES.standingOrderCancelled);
    } catch (err) {
      setError(errorMessage(err, MESSAGES.somethingWentWrong));
    }
  }

  const busy = updating.isLoading || removing.isLoading;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 md:p-6"
      data-testid="standing-order"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-200 pb-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            {schedule}, {plan.time}
          </h2>
          <p className="text-sm text-gray-600">{plan.deliveryAddress}</p>
        </div>
        <Badge tone={plan.active ? (plan.skipping ? 'warning' : 'success') : 'neutral'}>
          {plan.active ? (plan.skipping ? 'Skipping next' : 'Active') : 'Paused'}
        </Badge>
        <p className="w-full text-sm font-medium text-gray-900" data-testid="next-delivery">
          {nextDeliveryText(plan)}
        </p>
      </header>

      {editing ? (
        <PlanEditor
          plan={plan}
          busy={updating.isLoading}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            if (await change(body, REGULARS_MESSAGES.standingOrderUpdated)) setEditing(false);
          }}
        />
      ) : (
        <ul className="mt-3 space-y-1 text-sm text-gray-800">
          {plan.items.map((line) => (
            <li key={line.product} className="flex justify-between gap-3">
              <span>
                {line.quantity} x {line.item.name}
                {!line.item.inStock && <span className="text-danger"> (out of stock now)</span>}
              </span>
              <span className="text-gray-600">
                {formatPence(toPence(line.item.offerPriceWithVat) * line.quantity)}
              </span>
            </li>
          ))}
        </ul>
      )}

      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}

      {!editing && (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 pt-4">
          {plan.active && (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() =>
                void change(
                  { skipNext: !plan.skipping },
                  plan.skipping ? 'The next delivery is back on' : 'The next delivery is skipped',
                )
              }
            >
              {plan.skipping ? 'Undo skip' : 'Skip next delivery'}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void change(
                { active: !plan.active },
                plan.active ? 'Regular delivery paused' : 'Regular delivery resumed',
              )
            }
          >
            {plan.active ? 'Pause' : 'Resume'}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setEditing(true)}>
            Change
          </Button>
          <Button variant="danger" size="sm" disabled={busy} onClick={() => void cancel()}>
            Cancel regular delivery
          </Button>
        </div>
      )}
    </article>
  );
}

function PlanEditor({
  plan,
  busy,
  onSave,
  onCancel,
}: {
  plan: StandingOrderView;
  busy: boolean;
  onSave: (body: UpdateStandingOrderDto) => void;
  onCancel: () => void;
}) {
  const [weekday, setWeekday] = useState(plan.weekday);
  const [every, setEvery] = useState(plan.every);
  const [time, setTime] = useState<string>(plan.time);
  const [quantities, setQuantities] = useState(() =>
    Object.fromEntries(plan.items.map((line) => [line.product, line.quantity])),
  );
  const kept = plan.items.filter((line) => (quantities[line.product] ?? 0) > 0);
  return (
    <div className="mt-4 space-y-4">
      <ScheduleFields
        weekday={weekday}
        every={every}
        time={time}
        onChange={(next) => {
          if (next.weekday !== undefined) setWeekday(next.weekday);
          if (next.every !== undefined) setEvery(next.every);
          if (next.time !== undefined) setTime(next.time);
        }}
      />
      <ul className="space-y-2">
        {plan.items.map((line) => (
          <li key={line.product} className="flex items-center justify-between gap-3 text-sm text-gray-800">
            <span>{line.item.name}</span>
            <QuantityStepper
              value={quantities[line.product] ?? 0}
              min={0}
              size="sm"
              itemLabel={line.item.name}
              onChange={(quantity) => setQuantities((q) => ({ ...q, [line.product]: quantity }))}
            />
          </li>
        ))}
      </ul>
      {kept.length === 0 && (
        <p className="text-sm text-danger">Keep at least one item, or cancel the regular delivery.</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="sm"
          loading={busy}
          disabled={kept.length === 0}
          onClick={() =>
            onSave({
              weekday,
              every,
              time,
              items: kept.map((line) => ({
                product: line.product,
                quantity: quantities[line.product],
                allowSubstitutes: line.allowSubstitutes,
              })),
            })
          }
        >
          Save changes
        </Button>
      </div>
    </div>
  );
}

function PlansLoading() {
  return (
    <div className="mx-auto max-w-4xl py-8 md:py-12" aria-busy="true">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p role="status" className="sr-only">
        Loading your regular deliveries
      </p>
      <div aria-hidden="true" className="mt-6 space-y-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
