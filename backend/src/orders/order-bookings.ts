import { Injectable } from '@nestjs/common';
import type { DbExecutor } from '../db/database.module';
import type { StockLine } from '../catalog/catalog.repository';
import { CatalogService } from '../catalog/catalog.service';
import { DeliveryService } from '../delivery/delivery.service';
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
  ) {}

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
  async markTaken(
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
