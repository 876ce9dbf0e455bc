import { useMemo, useState, type FormEvent } from 'react';
import {
  FOOD_PROMOTION_TEXTS,
  formatPounds,
  londonParts,
  MESSAGES,
  PROMOTION_TEXTS,
  promotionEndsText,
  promotionKind,
  PROMOTION_KIND_RULES,
  type PromotionKind,
} from '@larder/shared-domain';
import {
  errorMessage,
  successMessage,
  toast,
  useCreatePromotionMutation,
  useEndPromotionMutation,
  useListProductsQuery,
  useListSellerPromotionsQuery,
  useUpdatePromotionMutation,
  type PromotionInputDto,
  type SellerPromotionDto,
} from '@larder/shared-state';
import { Badge, Button, Select, Skeleton, TextInput, useConfirm, useDocumentTitle } from '@larder/shared-ui';

const KIND_OPTIONS: { value: PromotionKind; label: string }[] = PROMOTION_KIND_RULES.map((rules) => ({
  value: rules.kind,
  label: rules.form.choice,
}));

const STATE_LABELS: Record<string, string> = { running: 'Running', scheduled: 'Scheduled', ended: 'Ended' };
const STATE_TONES = { running: 'success', scheduled: 'info', ended: 'neutral' } as const;

/** "2026-07-01T00:00:00+01:00" as "1 Jul 2026, 00:00" in London. */
const startText = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** The London date (YYYY-MM-DD) of an instant. */
function londonDate(instant: Date): string {
  const { year, month, day } = londonParts(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A promotion's start or end as its date box shows it: the London date it starts on; for an end, the last day it
 * runs (an end at midnight is the end of the day before).
 */
function dayOf(iso: string, edge: 'start' | 'end'): string {
  const at = new Date(iso);
  const { hour, minute } = londonParts(at);
  return edge === 'end' && hour === 0 && minute === 0
    ? londonDate(new Date(at.getTime() - 1))
    : londonDate(at);
}

interface ProductChoice {
  _id: string;
  name: string;
}

/** The seller's promotions: create one, see running, scheduled and ended ones with what they sold, change or end one. */
export default function PromotionsPage() {
  useDocumentTitle('Promotions');
  const { data, isLoading, isError, refetch } = useListSellerPromotionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const products = useListProductsQuery();
  const names = useMemo(
    () => new Map((products.data?.products ?? []).map((p) => [p._id, p.name])),
    [products.data],
  );
  const listed = useMemo(() => (products.data?.products ?? []).filter((p) => p.listed), [products.data]);

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Promotions</h1>
        <p className="mt-1 text-sm text-gray-600">
          Multi-buys, "3 for 2" and reductions. Prices include VAT, as shoppers pay them; dates are London
          dates.
        </p>
      </div>
      <section aria-labelledby="promotions-heading" className="flex flex-col gap-3">
        <h2 id="promotions-heading" className="text-lg font-semibold text-gray-900">
          Running, scheduled and ended
        </h2>
        {isLoading ? (
          <>
            <p role="status" className="sr-only">
              Loading the promotions
            </p>
            <div className="flex flex-col gap-3" aria-hidden="true">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          </>
        ) : isError || !data ? (
          <div role="alert" className="rounded-xl border border-danger-soft p-4">
            <p className="text-sm text-danger">The promotions could not be loaded.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.promotions.length === 0 ? (
          <p className="text-sm text-gray-600">No promotions yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.promotions.map((promotion) => (
              <PromotionCard
                key={promotion._id}
                promotion={promotion}
                names={names}
                products={listed}
                loading={products.isLoading}
              />
            ))}
          </ul>
        )}
      </section>
      <CreatePromotion products={listed} loading={products.isLoading} />
    </div>
  );
}

function PromotionCard({
  promotion,
  names,
  products,
  loading,
}: {
  promotion: SellerPromotionDto;
  names: ReadonlyMap<string, string>;
  products: readonly ProductChoice[];
  loading: boolean;
}) {
  const [end, { isLoading }] = useEndPromotionMutation();
  const [update] = useUpdatePromotionMutation();
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const headingId = `promotion-${promotion._id}`;
  const endEarly = async () => {
    const running = promotion.state === 'running';
    if (
      !(await confirm({
        title: running ? `End ${promotion.label} now?` : `Remove ${promotion.label}?`,
        message: running
          ? 'Shoppers stop getting the deal at once; orders placed with it keep their saving.'
          : 'It will not start.',
        confirmLabel: running ? 'End now' : 'Remove',
        danger: true,
      }))
    )
      return;
    try {
      toast.success(
        successMessage(await end({ id: promotion._id }).unwrap(), PROMOTION_TEXTS.promotionEnded),
      );
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.somethingWentWrong));
    }
  };
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <article aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={headingId} className="font-semibold text-gray-900">
            {promotion.label}
          </h3>
          <Badge tone={STATE_TONES[promotion.state as keyof typeof STATE_TONES] ?? 'neutral'}>
            {STATE_LABELS[promotion.state] ?? promotion.state}
          </Badge>
        </div>
        <p className="text-sm text-gray-700">
          {promotion.products.map((id) => names.get(id) ?? 'A deleted product').join(', ')}
        </p>
        <p className="text-sm text-gray-600">
          From {startText(promotion.startsAt)} · {promotionEndsText(promotion.endsAt)}
        </p>
        {promotion.notApplied.length > 0 && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {`${FOOD_PROMOTION_TEXTS.notApplied} ${promotion.notApplied.join(', ')}`}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
          <dt>Units sold in its deals</dt>
          <dd className="font-medium text-gray-900">{promotion.unitsSold}</dd>
          <dt>Saving given</dt>
          <dd className="font-medium text-gray-900">{formatPounds(promotion.saving)}</dd>
        </dl>
        {promotion.state !== 'ended' && !editing && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Change
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void endEarly()} loading={isLoading}>
              {promotion.state === 'running' ? 'End now' : 'Remove'}
            </Button>
          </div>
        )}
        {editing && (
          <section
            aria-label={`Change ${promotion.label}`}
            className="mt-2 rounded-md border border-gray-200 bg-gray-50 p-4"
          >
            <PromotionForm
              // The products it covers stay choosable even when no longer listed.
              products={[
                ...promotion.products
                  .filter((id) => !products.some((p) => p._id === id))
                  .map((id) => ({ _id: id, name: names.get(id) ?? 'A deleted product' })),
                ...products,
              ]}
              loading={loading}
              initial={promotion}
              submitLabel="Save changes"
              onCancel={() => setEditing(false)}
              onSubmit={async (input) => {
                const result = await update({ id: promotion._id, promotionInputDto: input }).unwrap();
                toast.success(successMessage(result, PROMOTION_TEXTS.promotionUpdated));
                setEditing(false);
              }}
            />
          </section>
        )}
      </article>
    </li>
  );
}

function CreatePromotion({ products, loading }: { products: readonly ProductChoice[]; loading: boolean }) {
  const [create] = useCreatePromotionMutation();
  return (
    <section
      aria-labelledby="create-promotion-heading"
      className="rounded-xl border border-gray-200 p-4 md:p-6"
    >
      <h2 id="create-promotion-heading" className="text-lg font-semibold text-gray-900">
        Create a promotion
      </h2>
      <div className="mt-4">
        <PromotionForm
          products={products}
          loading={loading}
          submitLabel="Create promotion"
          onSubmit={async (input) => {
            const result = await create({ promotionInputDto: input }).unwrap();
            toast.success(successMessage(result, PROMOTION_TEXTS.promotionCreated));
          }}
        />
      </div>
    </section>
  );
}

/**
 * The terms of a promotion: a new one, or (`initial`) one not yet ended, whose kind stays as it is. A start or end
 * at a time other than midnight is sent as it was unless its day is changed. The API's refusal is shown as it
 * says it (a reduction's "was" price not charged for 28 days, a product in another promotion, ...).
 */
function PromotionForm({
  products,
  loading,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  products: readonly ProductChoice[];
  loading: boolean;
  initial?: SellerPromotionDto;
  submitLabel: string;
  onSubmit: (input: PromotionInputDto) => Promise<void>;
  onCancel?: () => void;
}) {
  const initialDays = initial && {
    startsAt: dayOf(initial.startsAt, 'start'),
    endsAt: dayOf(initial.endsAt, 'end'),
  };
  const [kind, setKind] = useState<PromotionKind>((initial?.kind as PromotionKind | undefined) ?? 'multibuy');
  const [chosen, setChosen] = useState<string[]>(initial?.products ?? []);
  const initialForm = initial && promotionKind(initial.kind as PromotionKind).form;
  const [quantity, setQuantity] = useState(
    String(initial && initialForm?.quantityLabel ? initial.quantity : 3),
  );
  const [free, setFree] = useState(String(initial && initialForm?.free ? initial.free : 1));
  const [price, setPrice] = useState(initial && initialForm?.priceLabel ? initial.price.toFixed(2) : '');
  const form = promotionKind(kind).form;
  const [startsAt, setStartsAt] = useState(initialDays?.startsAt ?? '');
  const [endsAt, setEndsAt] = useState(initialDays?.endsAt ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const id = initial?._id ?? 'new';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSubmit({
        kind,
        products: chosen,
        ...(form.quantityLabel && { quantity: Number(quantity) }),
        ...(form.priceLabel && price.trim() !== '' && { price: Number(price) }),
        ...(form.free && { free: Number(free) }),
        startsAt: initial && startsAt === initialDays?.startsAt ? initial.startsAt : startsAt,
        endsAt: initial && endsAt === initialDays?.endsAt ? initial.endsAt : endsAt,
      });
      if (!initial) {
        setChosen([]);
        setPrice('');
      }
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.somethingWentWrong));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <div className="sm:col-span-2">
        {initial ? (
          <p className="text-sm text-gray-700">
            Kind: {KIND_OPTIONS.find((option) => option.value === kind)?.label ?? kind}
          </p>
        ) : (
          <Select
            label="Kind"
            name="promotion-kind"
            value={kind}
            options={KIND_OPTIONS}
            onChange={(event) => setKind(event.target.value as PromotionKind)}
          />
        )}
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-gray-900">
          Products {form.products === 'one' ? '(one)' : '(mix and match)'}
        </legend>
        {loading ? (
          <Skeleton className="mt-2 h-24 w-full" />
        ) : (
          <div className="mt-2 max-h-56 overflow-y-auto rounded-md border border-gray-200 bg-white p-2">
            {products.map((product) => (
              <label key={product._id} className="flex min-h-9 items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={chosen.includes(product._id)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked
                        ? [...current, product._id]
                        : current.filter((chosenId) => chosenId !== product._id),
                    )
                  }
                />
                {product.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {form.quantityLabel && (
        <TextInput
          label={form.quantityLabel}
          name={`promotion-quantity-${id}`}
          type="number"
          inputMode="numeric"
          min={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      )}
      {form.free && (
        <TextInput
          label="Units free"
          name={`promotion-free-${id}`}
          type="number"
          inputMode="numeric"
          min={1}
          value={free}
          onChange={(event) => setFree(event.target.value)}
        />
      )}
      {form.priceLabel && (
        <TextInput
          label={form.priceLabel}
          name={`promotion-price-${id}`}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      )}
      <TextInput
        label="First day"
        name={`promotion-starts-${id}`}
        type="date"
        value={startsAt}
        onChange={(event) => setStartsAt(event.target.value)}
      />
      <TextInput
        label="Last day"
        name={`promotion-ends-${id}`}
        type="date"
        value={endsAt}
        onChange={(event) => setEndsAt(event.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
