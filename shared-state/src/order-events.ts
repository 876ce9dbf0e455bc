/**
 * Live order status: an EventSource on GET /api/order/events while a page shows orders. Each `order` event
 * is written into the cached order lists in place (status, total and, where the list has them, fulfilment
 * stage and change cut-off), so nothing is fetched again for it; an order no cached list holds yet (a new
 * one) makes the lists reload. While the stream is down the page polls instead, and stops once it is back.
 */
import { useEffect, useState } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';
import type { ApiEnvironment } from './base-api';
import type { OrderStatus, OrderView } from './generated/api';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

/** Whose orders a stream shows: the signed-in customer's own, or every order for the seller. */
export type OrderEventAudience = 'customer' | 'seller';

/** The data of an `order` event, as GET /api/order/events sends it. */
export interface OrderEventData {
  id: string;
  status: OrderStatus;
  fulfilment: string;
  /** Pounds. */
  amount: number;
  /** ISO 8601 with offset. */
  changeableUntil: string;
}

/** How often the order lists are read again while the stream is down. */
export const ORDER_EVENTS_POLL_MS = 30_000;
/** After the stream failed for good (the browser gave up), a new one is tried this much later. */
export const ORDER_EVENTS_REOPEN_MS = 30_000;

/** The part of the browser's EventSource this module uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener(type: 'order', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

type EventSourceConstructor = new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;

/** EventSource.CLOSED: the browser will not reconnect by itself. */
const CLOSED = 2;

type OrderThunk<T> = ThunkAction<T, RootState, ApiEnvironment, UnknownAction>;

function isOrderEvent(value: unknown): value is OrderEventData {
  const v = value as Partial<OrderEventData> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.status === 'string' &&
    typeof v.amount === 'number'
  );
}

/**
 * Whether reaching `to` from `from` rewrote the order's lines: picking records what was found and substituted, and
 * the driver's delivery what was refused at the door. Completing an order from any other stage (the seller's
 * status) delivers it as it is.
 */
function linesRewritten(from: unknown, to: string): boolean {
  return from !== to && (to === 'picked' || (to === 'delivered' && from === 'out_for_delivery'));
}

/**
 * What copying the event onto a cached order did: nothing (another order), patched, or patched but still out of
 * date (its lines rewritten, or a payment recorded for a cancelled order: the event carries neither, so the
 * order must be read again).
 */
type Patch = 'other' | 'patched' | 'stale';

/** Copies the event onto a cached order when it is that order. */
function patchOrder(order: OrderView, event: OrderEventData): Patch {
  if (order._id !== event.id) return 'other';
  const fields = order as unknown as Record<string, unknown>;
  const linesStale = 'fulfilment' in fields && linesRewritten(fields.fulfilment, event.fulfilment);
  // A cancelled order changes again only when a payment arrives for it (then a refund is due).
  const paidAfterCancel = order.status === 'Cancelled' && event.status === 'Cancelled';
  // A paid order that is cancelled is owed its money back, as the API marks it (seller views).
  if (event.status === 'Cancelled' && order.isPaid && 'refundDue' in fields) fields.refundDue = true;
  order.status = event.status;
  order.amount = event.amount;
  // Completing an order marks it paid (cash collected), as the API does.
  if (event.status === 'Completed') order.isPaid = true;
  // Order views that carry the fulfilment stage and the change cut-off get them too.
  if ('fulfilment' in fields) fields.fulfilment = event.fulfilment;
  if ('changeableUntil' in fields) fields.changeableUntil = event.changeableUntil;
  return linesStale || paidAfterCancel ? 'stale' : 'patched';
}

/**
 * Writes one order event into the cached order lists of that audience (for the seller, the order lists and the
 * picking screens' answers).
 */
export function applyOrderEvent(audience: OrderEventAudience, event: OrderEventData): OrderThunk<void> {
  return (dispatch, getState) => {
    let found = false;
    let stale = false;
    const patch = (order: OrderView) => {
      const result = patchOrder(order, event);
      if (result !== 'other') found = true;
      if (result === 'stale') stale = true;
    };
    if (audience === 'customer') {
      if (api.endpoints.listUserOrders.select()(getState()).data) {
        dispatch(
          api.util.updateQueryData('listUserOrders', undefined, (draft) => {
            for (const order of draft.orders) patch(order);
          }),
        );
      }
    } else {
      for (const arg of api.util.selectCachedArgsForQuery(getState(), 'listSellerOrders')) {
        dispatch(
          api.util.updateQueryData('listSellerOrders', arg, (draft) => {
            for (const order of draft.orders) patch(order);
          }),
        );
      }
      for (const arg of api.util.selectCachedArgsForQuery(getState(), 'getPicking')) {
        dispatch(
          api.util.updateQueryData('getPicking', arg, (draft) => {
            for (const slot of draft.slots) for (const order of slot.orders) patch(order);
          }),
        );
      }
    }
    // A new order (or one on a page nobody has read), or one whose lines the seller has just rewritten or that
    // was paid after it was cancelled: the lists are read again to show it.
    if (!found || stale) dispatch(api.util.invalidateTags(['Orders']));
  };
}

const apiBaseUrl = (): OrderThunk<string> => (_dispatch, _getState, environment) =>
  environment?.apiBaseUrl ?? '';

export interface LiveOrders {
  /** Whether the stream is open. */
  live: boolean;
  /** The polling interval to give the order list query: 0 while the stream is open. */
  pollingInterval: number;
}

/**
 * Keeps the cached order lists of `audience` current while the calling page is shown and `enabled` (signed in).
 * Pass `pollingInterval` to the page's order list query.
 */
export function useLiveOrders(audience: OrderEventAudience, enabled = true): LiveOrders {
  const dispatch = useAppDispatch();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const Source = (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
    if (!enabled || typeof Source !== 'function') return undefined;
    const url = `${dispatch(apiBaseUrl())}/api/order/events?as=${audience}`;
    // A customer's orders may have come with the page, rendered on the server a moment before this stream opens:
    // the first stream asks for the changes of the last minutes, each written in place (nothing is fetched).
    const firstUrl = audience === 'customer' ? `${url}&replay=recent` : url;
    let source: EventSourceLike | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let made = 0;

    const open = () => {
      const replacesOne = made > 0;
      const current = new Source(replacesOne ? url : firstUrl, { withCredentials: true });
      made += 1;
      let opened = false;
      source = current;
      current.onopen = () => {
        // A new stream (not the browser's reconnect, which sends Last-Event-ID) may have missed changes.
        if (replacesOne && !opened) dispatch(api.util.invalidateTags(['Orders']));
        opened = true;
        setLive(true);
      };
      current.onerror = () => {
        setLive(false);
        if (current.readyState === CLOSED && !stopped) {
          current.close();
          reopenTimer = setTimeout(open, ORDER_EVENTS_REOPEN_MS);
        }
      };
      current.addEventListener('order', (message) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        if (isOrderEvent(data)) dispatch(applyOrderEvent(audience, data));
      });
    };
    open();

    return () => {
      stopped = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      source?.close();
      setLive(false);
    };
  }, [dispatch, audience, enabled]);

  return { live, pollingInterval: live ? 0 : ORDER_EVENTS_POLL_MS };
}
