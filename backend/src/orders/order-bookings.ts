import { Injectable } from '@nestjs/common';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import type { DbExecutor } from '../db/database.module';
import type { StockLine } from '../catalog/catalog.repository';
import { CatalogService, stockTaken } from '../catalog/catalog.service';
import { ConflictError } from '../common/errors';
import { DeliveryService } from '../delivery/delivery.service';
import { CheckoutRepository } from './checkout.repository';
import { NewOrderLine, OrderBooking, OrdersRepository } from './orders.repository';

/**
 * What an order holds of the shared rows: units of counted stock and a place in its delivery slot. Every change
 * locks them in one order — the order's row first (for a new order, the customer's row, so that their open orders
 * are counted one checkout at a time), then the products (in id order), then the slot row last — so checkouts,
 * changes, cancels and the seller never wait for each other in a circle.
 */
@Injectable()
export class OrderBookings {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly catalog: CatalogService,
    private readonly delivery: DeliveryService,
    private readonly checkout: CheckoutRepository,
  ) {}

  /**
   * Takes the order's units from the products that count stock and books its slot place, in one statement
   * inside the order's transaction (409 when either has run out; the stock is checked first); `storedOrderId`
   * names the order whose lines are stored already. As takeUnits, marks which lines took their units.
   */
  async takeUnitsAndSlot(
    lines: NewOrderLine[],
    slot: { deliveryDate: string; deliveryTime: string },
    tx: DbExecutor,
    storedOrderId: string,
  ): Promise<void> {
    // The slot row last: of the rows every order shares it is the hottest (a few per date), so it is held only
    // from this statement to the commit.
    const counted = lines.filter((line) => line.stockTaken);
    const { stock, booked } = await this.checkout.takeUnitsAndBookSlot(counted, slot, tx);
    const taken = stockTaken(counted, stock);
    if (!booked) throw new ConflictError(MESSAGES.slotFull, { code: ERROR_CODES.SLOT_FULL });
    await this.markTaken(lines, counted, taken, tx, storedOrderId);
  }

  /**
   * Takes the units of the lines marked stockTaken (their product counted stock when priced) and marks which
   * were taken; a line whose product stopped counting stock meanwhile is marked not taken, also on its stored
   * row when the order is stored already.
   */
  async takeUnits(lines: NewOrderLine[], tx: DbExecutor, storedOrderId?: string): Promise<void> {
    const counted = lines.filter((line) => line.stockTaken);
    await this.markTaken(lines, counted, await this.catalog.takeStock(counted, tx), tx, storedOrderId);
  }

  /** Marks which lines took their units (also on the stored rows of `storedOrderId` for those that did not). */
  private async markTaken(
    lines: NewOrderLine[],
    counted: readonly NewOrderLine[],
    taken: ReadonlySet<string>,
    tx: DbExecutor,
    storedOrderId: string | undefined,
  ): Promise<void> {
    const notTaken = counted.filter((line) => !taken.has(line.productId)).map((line) => line.productId);
    for (const line of lines) line.stockTaken = taken.has(line.productId);
    if (storedOrderId && notTaken.length)
      await this.repository.markStockNotTaken(storedOrderId, notTaken, tx);
  }

  /**
   * For a changed order whose products are locked: takes the units its new lines need beyond those it held
   * (`held`, by product) and gives back those it no longer needs; the new lines are marked with what they hold.
   */
  async moveUnits(held: ReadonlyMap<string, number>, lines: NewOrderLine[], tx: DbExecutor): Promise<void> {
    const wanted = new Map(
      lines.filter((line) => line.stockTaken).map((line) => [line.productId, line.quantity]),
    );
    const take: StockLine[] = [];
    const giveBack: StockLine[] = [];
    for (const id of new Set([...held.keys(), ...wanted.keys()])) {
      const difference = (wanted.get(id) ?? 0) - (held.get(id) ?? 0);
      if (difference > 0) take.push({ productId: id, quantity: difference });
      if (difference < 0) giveBack.push({ productId: id, quantity: -difference });
    }
    const taken = await this.catalog.takeStock(take, tx);
    await this.catalog.returnStock(giveBack, tx);
    // A line holds its units when its product counts stock (a product that counted none before takes them now).
    for (const line of lines) {
      if (line.stockTaken && !held.has(line.productId) && !taken.has(line.productId)) line.stockTaken = false;
    }
  }

  /**
   * For a changed order: books its new slot and frees the old one, when they differ. The two slot rows are
   * locked in (date, time) order, so two changes swapping slots never wait for each other in a circle.
   */
  async moveSlot(
    from: { deliveryDate: string; deliveryTime: string },
    to: { deliveryDate: string; deliveryTime: string },
    tx: DbExecutor,
  ): Promise<void> {
    if (from.deliveryDate === to.deliveryDate && from.deliveryTime === to.deliveryTime) return;
    const key = (slot: typeof from) => `${slot.deliveryDate} ${slot.deliveryTime}`;
    const steps = [
      { key: key(from), run: () => this.delivery.releaseSlot(from.deliveryDate, from.deliveryTime, tx) },
      { key: key(to), run: () => this.delivery.bookSlot(to.deliveryDate, to.deliveryTime, tx) },
    ].sort((a, b) => (a.key < b.key ? -1 : 1));
    for (const step of steps) await step.run();
  }

  /** For an order just cancelled: gives back the units its lines took and frees its slot place. */
  async giveBack(order: OrderBooking, tx: DbExecutor): Promise<void> {
    // The products first, then the slot row, as checkout locks them.
    await this.catalog.returnStock(await this.repository.releaseTakenLines(order.id, tx), tx);
    await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
  }
}
