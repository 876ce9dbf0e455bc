import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  formatAddress,
  formatDeliveryDate,
  formatPence,
  MESSAGES,
  type OrderTotals,
} from '@larder/shared-domain';
import {
  api,
  useAppDispatch,
  usePlaceCodOrderMutation,
  type AddressDto,
  errorMessage,
  toast,
} from '@larder/shared-state';
import { useConfirm } from '@larder/shared-ui';
import { newIdempotencyKey } from '../../lib/api-values';
import { checkoutProblem, codOrderBody, needsAgeCheck, type CartLine } from './checkout';

export interface OrderDraft {
  userId: string;
  lines: readonly CartLine[];
  totals: OrderTotals;
  address: AddressDto | null;
  date: string | null;
  time: string | null;
  /** The customer ticked that they are 18 or over. */
  ageConfirmed: boolean;
}

/**
 * The one toast of placing an order: a refusal replaces the one before, and is cleared once the order is placed,
 * so "Order placed successfully" never stands beside an earlier error.
 */
export const PLACE_ORDER_TOAST = 'place-order';

function errorStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Places the cash-on-delivery order: checks the address and then the delivery slot,
 * asks for confirmation with a summary, then posts it once (one Idempotency-Key per confirmed attempt).
 */
export function usePlaceOrder() {
  const confirm = useConfirm();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeOrder, { isLoading }] = usePlaceCodOrderMutation();
  const busy = useRef(false);

  const submit = useCallback(
    async (draft: OrderDraft) => {
      if (busy.current) return;
      const { address, date, time } = draft;
      const problem = checkoutProblem({
        addressId: address?._id ?? null,
        date,
        time,
        ageCheck: { needed: needsAgeCheck(draft.lines), confirmed: draft.ageConfirmed },
      });
      if (problem || !address || !date || !time) {
        toast.error(problem ?? MESSAGES.selectDeliverySlot, { id: PLACE_ORDER_TOAST });
        return;
      }
      busy.current = true;
      try {
        const confirmed = await confirm({
          title: 'Confirm your order',
          message: (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="order-confirmation">
              <dt className="font-medium">Deliver to</dt>
              <dd>{formatAddress(address)}</dd>
              <dt className="font-medium">Delivery</dt>
              <dd>
                {formatDeliveryDate(date)}, {time}
              </dd>
              <dt className="font-medium">Payment</dt>
              <dd>Cash On Delivery</dd>
              <dt className="font-medium">Total</dt>
              <dd className="font-semibold">{formatPence(draft.totals.amount)}</dd>
            </dl>
          ),
          confirmLabel: 'Confirm Order',
        });
        if (!confirmed) return;
        const placeOrderDto = codOrderBody({ ...draft, addressId: address._id, date, time });
        // shared-state empties the cart once the order is placed.
        const result = await placeOrder({ 'idempotency-key': newIdempotencyKey(), placeOrderDto }).unwrap();
        toast.remove(PLACE_ORDER_TOAST);
        toast.success(result.message || MESSAGES.orderPlaced);
        navigate('/my-orders');
      } catch (error) {
        toast.error(errorMessage(error), { id: PLACE_ORDER_TOAST });
        // Prices, stock, shipping or the slot's places changed meanwhile: show the current figures.
        if (errorStatus(error) === 409) {
          dispatch(api.util.invalidateTags(['Products', 'Shipping', 'DeliverySlots']));
        }
      } finally {
        busy.current = false;
      }
    },
    [confirm, dispatch, navigate, placeOrder],
  );

  return { placeOrder: submit, isPlacing: isLoading };
}
