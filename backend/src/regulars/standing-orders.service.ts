import { Inject, Injectable } from '@nestjs/common';
import {
  ageConfirmationMissing,
  deliversTo,
  exceedsPerOrderLimit,
  formatAddress,
  MAX_QUANTITY,
  MAX_STANDING_ORDERS,
  MESSAGES,
  nextStandingDelivery,
  nextStandingDeliveryAfterOrder,
  notDeliveredMessage,
  orderLimitOf,
  outOfStockMessage,
  perOrderLimitMessage,
  REGULARS_MESSAGES,
  selectableDeliveryDate,
  standingOrderPlaceAt,
} from '@larder/shared-domain';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { isUuid } from '../common/uuid-param';
import { DB, Database, DbExecutor } from '../db/database.module';
import { CheckoutRepository } from '../checkout/checkout.repository';
import { PromotionsService } from '../catalog/promotions.service';
import type { ProductDto } from '../catalog/dto/product.response';
import type { CreateStandingOrderDto, UpdateStandingOrderDto } from './dto/standing-order.dto';
import type { StandingOrderView } from './dto/regulars.response';
import { RegularsRepository, StandingOrderLine, StandingOrderWithLines } from './regulars.repository';
import { StandingOrderPlacer } from './standing-order-placer';

type PlanLine = Omit<StandingOrderLine, 'standingOrderId'>;

/** The schedule of a plan from now on: its next delivery and when that delivery's order is due. */
function schedule(weekday: number, now: Date, after: string | null) {
  const nextDelivery = nextStandingDelivery(weekday, now, after);
  return { nextDelivery, placeAt: standingOrderPlaceAt(nextDelivery) };
}

/** The schedule of a plan made from an order for `first`, which counts as its first delivery. */
function scheduleAfter(weekday: number, every: number, now: Date, first: string) {
  const nextDelivery = nextStandingDeliveryAfterOrder(weekday, every, now, first);
  return { nextDelivery, placeAt: standingOrderPlaceAt(nextDelivery) };
}

/**
 * A regular delivery as the API shows it, each item's product as `items` answers it (in order, one per line):
 * with the promotion it is in now (PromotionsService.productViews).
 */
export function toStandingOrderView(
  plan: StandingOrderWithLines,
  items: readonly ProductDto[],
): StandingOrderView {
  return {
    _id: plan.id,
    items: plan.lines.map((line, i) => ({
      product: line.productId,
      quantity: line.quantity,
      allowSubstitutes: line.allowSubstitutes,
      item: items[i],
    })),
    address: plan.addressId,
    deliveryAddress: plan.address ? formatAddress(plan.address) : '',
    time: plan.deliveryTime,
    weekday: plan.weekday,
    every: plan.every,
    active: plan.active,
    nextDelivery: plan.active ? plan.nextDelivery : null,
    skipping: plan.skipping,
    ageConfirmed: plan.ageConfirmed,
  };
}

/**
 * Regular deliveries: the customer's plans (checked as an order is: products, quantities, limits, their own
 * address in the delivery area, the 18+ confirmation), and their schedule in London dates. A plan whose next
 * delivery is already the shop's delivery date when it is made or changed has its order placed at once.
 */
@Injectable()
export class StandingOrdersService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: RegularsRepository,
    private readonly checkout: CheckoutRepository,
    private readonly placer: StandingOrderPlacer,
    private readonly clock: Clock,
    private readonly promotions: PromotionsService,
  ) {}

  async list(userId: string): Promise<StandingOrderView[]> {
    const plans = await this.repository.listOwned(userId);
    const items = await this.promotions.productViews(
      plans.flatMap((plan) => plan.lines.map((l) => l.product)),
    );
    let at = 0;
    return plans.map((plan) => toStandingOrderView(plan, items.slice(at, (at += plan.lines.length))));
  }

  /** The plan as the API shows it, its products with the promotion each is in now. */
  private async view(plan: StandingOrderWithLines): Promise<StandingOrderView> {
    return toStandingOrderView(plan, await this.promotions.productViews(plan.lines.map((l) => l.product)));
  }

  async create(userId: string, input: CreateStandingOrderDto): Promise<StandingOrderView> {
    const now = this.clock.now();
    const lines = await this.check(userId, input.items, input.address, input.ageConfirmed === true);
    // Made from one of the customer's orders ("Make this a regular delivery"): that order is the first delivery.
    const from = input.fromOrder
      ? await this.repository.ownOrder(userId, input.fromOrder.toLowerCase())
      : undefined;
    if (input.fromOrder && !from) throw new NotFoundError(MESSAGES.orderNotFound);
    const first = from && from.status !== 'Cancelled' ? from.deliveryDate : null;
    const id = await this.db.transaction(async (tx) => {
      if ((await this.repository.countStandingOrders(userId, tx)) >= MAX_STANDING_ORDERS) {
        throw new ConflictError(REGULARS_MESSAGES.tooManyStandingOrders);
      }
      return this.repository.insertStandingOrder(
        {
          userId,
          addressId: input.address.toLowerCase(),
          deliveryTime: input.time,
          weekday: input.weekday,
          every: input.every,
          ageConfirmed: input.ageConfirmed === true,
          ...(first
            ? { ...scheduleAfter(input.weekday, input.every, now, first), lastDelivery: first }
            : schedule(input.weekday, now, null)),
          createdAt: now,
          updatedAt: now,
        },
        lines,
        tx,
      );
    });
    return this.afterChange(id, now);
  }

  async update(userId: string, id: string, input: UpdateStandingOrderDto): Promise<StandingOrderView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const plan = await this.repository.lockOwned(id, userId, tx);
      if (!plan) throw new NotFoundError(REGULARS_MESSAGES.standingOrderNotFound);
      const ageConfirmed = input.ageConfirmed === true || plan.ageConfirmed;
      const address = input.address?.toLowerCase() ?? plan.addressId;
      if (input.items || input.address !== undefined || input.ageConfirmed !== undefined) {
        const items = input.items ?? (await this.linesOf(id, tx));
        const lines = await this.check(userId, items, address, ageConfirmed, tx);
        if (input.items) await this.repository.replaceLines(id, lines, tx);
      }
      const weekday = input.weekday ?? plan.weekday;
      const active = input.active ?? plan.active;
      const rescheduled =
        weekday !== plan.weekday ||
        (input.every !== undefined && input.every !== plan.every) ||
        (active && !plan.active);
      await this.repository.updateStandingOrder(
        id,
        {
          addressId: address,
          deliveryTime: input.time ?? plan.deliveryTime,
          weekday,
          every: input.every ?? plan.every,
          active,
          ageConfirmed,
          skipping: input.skipNext ?? (rescheduled ? false : plan.skipping),
          ...(rescheduled && schedule(weekday, now, plan.lastDelivery)),
          updatedAt: now,
        },
        tx,
      );
    });
    return this.afterChange(id, now);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteStandingOrder(id, userId))) {
      throw new NotFoundError(REGULARS_MESSAGES.standingOrderNotFound);
    }
  }

  /** Places the plan's order at once when its next delivery is the shop's delivery date; answers the plan. */
  private async afterChange(id: string, now: Date): Promise<StandingOrderView> {
    const plan = await this.repository.find(id);
    if (!plan) throw new NotFoundError(REGULARS_MESSAGES.standingOrderNotFound);
    if (plan.active && plan.nextDelivery === selectableDeliveryDate(now)) {
      await this.placer.runDue({ planId: id });
      const placed = await this.repository.find(id);
      if (placed) return this.view(placed);
    }
    return this.view(plan);
  }

  private async linesOf(id: string, tx: DbExecutor) {
    const plan = await this.repository.find(id, tx);
    return (plan?.lines ?? []).map((l) => ({
      product: l.productId,
      quantity: l.quantity,
      allowSubstitutes: l.allowSubstitutes,
    }));
  }

  /**
   * The checks of an order, without its date and stock (a plan may hold a product out of stock today): the
   * address is the customer's and delivered to; each product is sold; quantities within 99 and the product's
   * limit per order; the 18+ confirmation given when a product is age-restricted. Answers the merged lines.
   */
  private async check(
    userId: string,
    items: readonly { product: string; quantity: number; allowSubstitutes?: boolean }[],
    addressId: string,
    ageConfirmed: boolean,
    tx: DbExecutor = this.db,
  ): Promise<PlanLine[]> {
    if (!isUuid(addressId)) throw new InvalidError(MESSAGES.addressNotFound);
    const merged = new Map<string, PlanLine>();
    for (const item of items) {
      const productId = item.product.toLowerCase();
      const before = merged.get(productId);
      const quantity = (before?.quantity ?? 0) + item.quantity;
      if (quantity > MAX_QUANTITY) throw new InvalidError(MESSAGES.maxQuantityReached);
      merged.set(productId, {
        productId,
        quantity,
        allowSubstitutes: (before?.allowSubstitutes ?? true) && item.allowSubstitutes !== false,
      });
    }
    const context = await this.checkout.context(
      userId,
      addressId.toLowerCase(),
      [...merged.keys()],
      this.clock.now(),
      tx,
    );
    const address = context.address;
    if (!address) throw new InvalidError(MESSAGES.addressNotFound);
    if (!deliversTo(address.postalCode, address.city, context.deliveryAreas)) {
      throw new InvalidError(notDeliveredMessage(address.postalCode));
    }
    const byId = new Map(context.products.map((p) => [p.id, p]));
    for (const line of merged.values()) {
      const product = byId.get(line.productId);
      if (!product || product.deleted) throw new ConflictError(MESSAGES.itemUnavailable);
      if (!product.listed) throw new ConflictError(outOfStockMessage(product.name));
      if (exceedsPerOrderLimit(line.quantity, product.maxPerOrder, context.maxPerProduct)) {
        const limit = orderLimitOf(product.maxPerOrder, context.maxPerProduct)!;
        throw new ConflictError(perOrderLimitMessage(product.name, limit));
      }
    }
    if (ageConfirmationMissing(context.products, ageConfirmed)) {
      throw new InvalidError(MESSAGES.ageConfirmationRequired);
    }
    return [...merged.values()];
  }
}
