import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPence, MESSAGES, PROMOTION_TEXTS, promotionRules } from '@larder/shared-domain';
import {
  cartActions,
  useAppDispatch,
  selectCartItems,
  selectKnownMissingProducts,
  selectNoSubstitutes,
  selectSessionStatus,
  selectUser,
  useAppSelector,
  useGetShippingSettingsQuery,
  useListPromotionsQuery,
} from '@larder/shared-state';
import { Button, buttonClasses, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { CartIcon } from '../../components/ProductCard';
import { useCartActions } from '../../components/useCartActions';
import { useProducts } from '../../components/useProducts';
import { maxOrderable, quantityLimitMessage, useShopLimit } from '../../components/stock';
import { CartLineItem, CartLineSkeleton } from './CartLineItem';
import { MakeRegularDelivery } from '../../components/MakeRegularDelivery';
import { cartTotals, dealGroups, shippingInPence, type CartLine } from './checkout';
import { OrderSummary } from './OrderSummary';
import { useMissingProducts, useShownProducts } from '../../components/shown-products';

/** /cart: the cart lines and the order summary with checkout. */
export default function CartPage() {
  useDocumentTitle('Cart');
  const items = useAppSelector(selectCartItems);
  const noSubstitutes = useAppSelector(selectNoSubstitutes);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const sessionStatus = useAppSelector(selectSessionStatus);
  const products = useProducts();
  const shipping = useGetShippingSettingsQuery();
  // The promotions running now, priced by the same function as checkout; without them (an error) the server's
  // answer to the order says what changed.
  const promotions = useListPromotionsQuery();
  const cart = useCartActions();

  const lines = useMemo<CartLine[]>(
    () =>
      Object.entries(items).flatMap(([id, quantity]) => {
        const product = products.byId.get(id);
        return product ? [{ product, quantity, allowSubstitutes: !noSubstitutes[id] }] : [];
      }),
    [items, noSubstitutes, products.byId],
  );
  const rules = useMemo(() => promotionRules(promotions.data?.promotions ?? []), [promotions.data]);
  const totals = useMemo(
    () =>
      shipping.data && !promotions.isLoading
        ? cartTotals(lines, shippingInPence(shipping.data), rules)
        : undefined,
    [lines, shipping.data, rules, promotions.isLoading],
  );
  const { groups, rest } = useMemo(() => dealGroups(lines, rules, totals), [lines, rules, totals]);
  const pricingOf = (line: CartLine) => totals?.lines[lines.indexOf(line)];
  const lineItem = (line: CartLine) => (
    <CartLineItem
      key={line.product._id}
      line={line}
      pricing={pricingOf(line)}
      notice={stockNotices[line.product._id]}
      onQuantityChange={(quantity) => cart.setQuantity(line.product._id, quantity)}
      onRemove={() => cart.remove(line.product._id)}
      onAllowSubstitutesChange={(allow) =>
        dispatch(cartActions.setAllowSubstitutes({ id: line.product._id, allow }))
      }
    />
  );
  const stockNotices = useStockAdjustments(lines);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const hasItems = Object.keys(items).length > 0;

  // The lines are priced from the products they name. A basket rendered for the customer comes with those
  // products and names the ones no longer sold as missing, so its lines are drawn at once; after another
  // server-rendered page, whose list holds only its own products, they wait for the whole catalogue.
  const ids = Object.keys(items);
  const knownMissing = useAppSelector(selectKnownMissingProducts);
  const linesKnown = ids.every((id) => products.byId.has(id) || knownMissing.includes(id));
  useShownProducts(lines.map((line) => line.product._id));
  useMissingProducts(products.complete ? ids.filter((id) => !products.byId.has(id)) : []);

  // A signed-in customer's cart arrives with the session check, so "empty" can only be said after it.
  const catalogueMissing = products.isLoading || (!products.complete && !linesKnown);
  if (sessionStatus !== 'ready' || (hasItems && catalogueMissing && !products.isError)) {
    return <CartSkeleton />;
  }

  if (hasItems && products.isError && (lines.length === 0 || catalogueMissing)) {
    return (
      <section className="py-10">
        <h1 className="sr-only">Shopping Cart</h1>
        <div role="alert">
          <EmptyState
            title={MESSAGES.cartLoadFailed}
            message="Please check your connection and try again."
            action={<Button onClick={products.refetch}>Try again</Button>}
          />
        </div>
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="py-10">
        <h1 className="sr-only">Shopping Cart</h1>
        <EmptyState
          icon={<CartIcon className="h-16 w-16" />}
          title={MESSAGES.cartEmpty}
          message="Fresh fruit, vegetables and everyday essentials are a few clicks away."
          action={
            <Link to="/products" className={buttonClasses()}>
              Start shopping
            </Link>
          }
        />
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-8 py-8 md:py-12 lg:flex-row lg:items-start">
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">
          Shopping Cart{' '}
          <span className="text-base font-medium text-primary" data-testid="cart-units">
            {units === 1 ? '1 Item' : `${units} Items`}
          </span>
        </h1>
        {products.isError && (
          <p role="alert" className="mt-4 text-sm text-danger">
            {MESSAGES.productsRefreshFailed}{' '}
            <Button variant="ghost" size="sm" onClick={products.refetch}>
              Try again
            </Button>
          </p>
        )}
        <label className="mt-4 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gray-800">
          <input
            type="checkbox"
            checked={lines.every((line) => line.allowSubstitutes)}
            onChange={(event) => dispatch(cartActions.setAllowAllSubstitutes(event.target.checked))}
            className="h-4 w-4 accent-primary"
          />
          Allow substitutes for all items
        </label>
        <p className="text-xs text-gray-600">
          If a product is out when we pick your order, we may send a similar one. You never pay more for it.
        </p>
        {groups.map((group) => (
          <section
            key={group.promotion.id}
            aria-label={group.promotion.label}
            className="mt-4 rounded-lg border border-danger/30 bg-danger-soft/30 px-3"
            data-testid="cart-deal"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 pt-3">
              <p className="font-semibold text-danger">{group.promotion.label}</p>
              {group.saving > 0 && (
                <p className="text-sm font-medium text-gray-900">
                  {PROMOTION_TEXTS.youSave} {formatPence(group.saving)}
                </p>
              )}
            </div>
            {group.nudge && (
              <p className="text-sm text-gray-700" data-testid="deal-nudge">
                {group.nudge}
              </p>
            )}
            <ul aria-label={`${group.promotion.label} items`}>{group.lines.map(lineItem)}</ul>
          </section>
        ))}
        {rest.length > 0 && (
          <ul className="mt-4 border-t border-gray-200" aria-label="Cart items">
            {rest.map(lineItem)}
          </ul>
        )}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Link
            to="/products"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <span aria-hidden="true">←</span> Continue Shopping
          </Link>
          {user && (
            <MakeRegularDelivery
              source="your basket"
              lines={lines.map((line) => ({
                product: line.product._id,
                name: line.product.name,
                quantity: line.quantity,
                allowSubstitutes: line.allowSubstitutes,
                ageRestricted: line.product.ageRestricted,
              }))}
            />
          )}
        </div>
      </div>
      <OrderSummary
        user={user}
        lines={lines}
        totals={totals}
        freeDeliveryThreshold={shipping.data && shippingInPence(shipping.data).shippingThreshold}
        onRetryTotals={shipping.isError ? () => void shipping.refetch() : undefined}
      />
    </section>
  );
}

/**
 * Lowers every line whose product's stock has fallen below it to what is left (or above the seller's limit per
 * order, to the limit), and keeps a note per line saying so ("Only 2 left of Oat Cookies, so we changed your
 * quantity from 4 to 2.").
 */
function useStockAdjustments(lines: readonly CartLine[]): Record<string, string> {
  const dispatch = useAppDispatch();
  const [notices, setNotices] = useState<Record<string, string>>({});
  const shopLimit = useShopLimit();
  useEffect(() => {
    const adjusted: Record<string, string> = {};
    for (const { product, quantity } of lines) {
      const max = maxOrderable(product, shopLimit);
      if (max > 0 && quantity > max) {
        const why = quantityLimitMessage(product, max, shopLimit) ?? '';
        // "Only 2 left of Oat Cookies, so we changed …"; "You can buy at most 6 of … in one order. We changed …"
        adjusted[product._id] = why.endsWith('.')
          ? `${why} We changed your quantity from ${quantity} to ${max}.`
          : `${why}, so we changed your quantity from ${quantity} to ${max}.`;
        dispatch(cartActions.setQuantity({ id: product._id, quantity: max }));
      }
    }
    if (Object.keys(adjusted).length > 0) setNotices((current) => ({ ...current, ...adjusted }));
  }, [lines, dispatch, shopLimit]);
  return notices;
}

/**
 * The cart while it loads (the session, with the cart's lines, and the catalogue they are priced from): its
 * heading, the substitutes choice and three lines where the cart's own will be, the summary beside them.
 */
export function CartSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex flex-col gap-8 py-8 md:py-12 lg:flex-row lg:items-start"
    >
      <span className="sr-only">Loading your cart</span>
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">Shopping Cart</h1>
        <div aria-hidden="true">
          <div className="mt-4 flex min-h-11 items-center">
            <Skeleton className="h-5 w-52" />
          </div>
          <Skeleton className="h-4 w-full max-w-xl" />
          {/* The note takes two lines on a phone. */}
          <Skeleton className="mt-0.5 h-4 w-1/3 sm:hidden" />
          <ul className="mt-4 border-t border-gray-200">
            <CartLineSkeleton />
            <CartLineSkeleton />
            <CartLineSkeleton />
          </ul>
        </div>
      </div>
      <Skeleton className="h-96 w-full lg:max-w-sm" />
    </div>
  );
}
