import { Injectable } from '@nestjs/common';
import type { DbExecutor } from '../db/database.module';
import { CatalogService } from '../catalog/catalog.service';
import { DeliveryService } from '../delivery/delivery.service';
import { NewOrderLine, OrderBooking, OrdersRepository } from './orders.repository';

/**
 * What an order holds of the shared rows: units of counted stock and a place in its delivery slot. Every change
 * locks them in one order — the order's row first, then the products (in id order), then the slot row last —
 * so checkouts, changes, cancels and the seller never wait for each other in a circle.
 */
@Injectable()
export class OrderBookings {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly catalog: CatalogService,
    private readonly delivery: DeliveryService,
  ) {}

  /** Locks the rows of these products until the transaction ends, in the shared order. */
  lockProducts(productIds: readonly string[], tx: DbExecutor): Promise<void> {
    return this.catalog.lockProducts(productIds, tx);
  }

  /**
   * Books the order's slot place and takes its units from the products that count stock, inside the order's
   * transaction (409 when either has run out); `storedOrderId` names the order whose lines are stored already.
   */
  async takeUnitsAndSlot(
    lines: NewOrderLine[],
    slot: { deliveryDate: string; deliveryTime: string },
    tx: DbExecutor,
    storedOrderId: string,
  ): Promise<void> {
    // The slot row last: of the rows every order shares it is the hottest (a few per date), so it is held only
    // from this statement to the commit.
    await this.takeUnits(lines, tx, storedOrderId);
    await this.bookSlot(slot, tx);
  }

  bookSlot(slot: { deliveryDate: string; deliveryTime: string }, tx: DbExecutor): Promise<void> {
    return this.delivery.bookSlot(slot.deliveryDate, slot.deliveryTime, tx);
  }

  /**
   * Takes the units of the lines marked stockTaken (their product counted stock when priced) and marks which
   * were taken; a line whose product stopped counting stock meanwhile is marked not taken, also on its stored
   * row when the order is stored already.
   */
  async takeUnits(lines: NewOrderLine[], tx: DbExecutor, storedOrderId?: string): Promise<void> {
    const counted = lines.filter((line) => line.stockTaken);
    const taken = await this.catalog.takeStock(counted, tx);
    const notTaken = counted.filter((line) => !taken.has(line.productId)).map((line) => line.productId);
    for (const line of lines) line.stockTaken = taken.has(line.productId);
    if (storedOrderId && notTaken.length)
      await this.repository.markStockNotTaken(storedOrderId, notTaken, tx);
  }

  /** For an order just cancelled: gives back the units its lines took and frees its slot place. */
  async giveBack(order: OrderBooking, tx: DbExecutor): Promise<void> {
    // The products first, then the slot row, as checkout locks them.
    await this.catalog.returnStock(await this.repository.releaseTakenLines(order.id, tx), tx);
    await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
  }
}
