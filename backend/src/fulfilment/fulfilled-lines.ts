import { Injectable } from '@nestjs/common';
import {
  alcoholHoursMessage,
  ERROR_CODES,
  isWithinLicensedHours,
  licensedHoursAt,
  FulfilledLine,
  type IdCheckOutcome,
  linesLeavingAtDoor,
  MESSAGES,
  outOfStockMessage,
  priceFulfilledBasket,
  refundDueAfterRepricing,
  substituteNeedsAgeConfirmationMessage,
  substituteNotAllowedMessage,
  substituteUnitPrice,
  storedSubstitute,
} from '@larder/shared-domain';
import type { DbExecutor } from '../db/database.module';
import { ConflictError, InvalidError } from '../common/errors';
import { Clock } from '../common/clock';
import { CatalogService } from '../catalog/catalog.service';
import { FoodLawSettingsRepository } from '../settings/settings.repository';
import type { CatalogProduct } from '../catalog/product-view';
import { dealRules, repricedDeals } from '../orders/order-deals';
import { OrderItemRow, OrderRow, OrdersRepository } from '../orders/orders.repository';
import type { FulfilmentLineDto } from './dto/update-fulfilment.dto';

/**
 * What goes to the door: the lines as picked (found units, substitutes) and as the door leaves them (refused lines,
 * a failed ID check), each time re-priced from what goes, never above what was agreed.
 */
@Injectable()
export class FulfilledLines {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly foodLaw: FoodLawSettingsRepository,
  ) {}

  /**
   * Stage picked: every line's found units and substitute, checked, then the stock (short counted products go
   * to 0, substitutes' units are taken) and the order re-priced from what goes to the door.
   */
  async recordPicking(
    order: OrderRow,
    input: FulfilmentLineDto[] | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    const lines = await this.repository.lines(order.id, tx);
    const byProduct = new Map((input ?? []).map((line) => [line.product.toLowerCase(), line]));
    if (!input || byProduct.size !== input.length || input.length !== lines.length)
      throw new InvalidError(MESSAGES.pickedLinesRequired);
    for (const line of lines) {
      const picked = byProduct.get(line.productId);
      if (!picked || picked.picked === undefined) throw new InvalidError(MESSAGES.pickedLinesRequired);
      if (picked.picked > line.quantity) throw new InvalidError(MESSAGES.pickedQuantityInvalid);
      const substitute = picked.substitute;
      if (!substitute) continue;
      if (!line.allowSubstitutes)
        throw new InvalidError(substituteNotAllowedMessage(line.name), {
          code: ERROR_CODES.SUBSTITUTE_NOT_ALLOWED,
        });
      if (
        substitute.product.toLowerCase() === line.productId ||
        picked.picked + substitute.quantity > line.quantity
      )
        throw new InvalidError(MESSAGES.substituteInvalid);
    }

    const substituteIds = [...byProduct.values()].flatMap((l) =>
      l.substitute ? [l.substitute.product] : [],
    );
    await this.catalog.lockProducts([...lines.map((l) => l.productId), ...substituteIds], tx);
    const products = new Map((await this.catalog.findProductsByIds(substituteIds, tx)).map((p) => [p.id, p]));
    const shortLines = lines.filter((line) => byProduct.get(line.productId)!.picked! < line.quantity);
    await this.catalog.emptyShelves(
      shortLines.map((line) => line.productId),
      tx,
    );

    const substitutes: { line: OrderItemRow; product: CatalogProduct; quantity: number }[] = [];
    for (const line of lines) {
      const wanted = byProduct.get(line.productId)!.substitute;
      if (!wanted) continue;
      const product = products.get(wanted.product.toLowerCase());
      if (!product || product.deletedAt) throw new InvalidError(MESSAGES.substituteInvalid);
      if (!product.listed)
        throw new ConflictError(outOfStockMessage(product.name), { code: ERROR_CODES.OUT_OF_STOCK });
      if (product.ageRestricted && !order.ageConfirmed)
        throw new InvalidError(substituteNeedsAgeConfirmationMessage(product.name), {
          code: ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
        });
      substitutes.push({ line, product, quantity: wanted.quantity });
    }
    // Alcohol is sold when it is set aside for the order: only within the premises licence's hours (409).
    const alcohol =
      lines.some((line) => line.ageRestricted && byProduct.get(line.productId)!.picked! > 0) ||
      substitutes.some((s) => s.product.ageRestricted);
    if (alcohol) {
      const { hours } = await this.foodLaw.getLicence(tx);
      const now = this.clock.now();
      if (!isWithinLicensedHours(now, hours))
        throw new ConflictError(alcoholHoursMessage(licensedHoursAt(now, hours)), {
          code: ERROR_CODES.ALCOHOL_OUTSIDE_LICENSED_HOURS,
        });
    }
    const taken = await this.catalog.takeStock(
      substitutes
        .filter((s) => s.product.stock !== null)
        .map((s) => ({ productId: s.product.id, quantity: s.quantity })),
      tx,
    );

    const fulfilled: FulfilledLine[] = [];
    for (const line of lines) {
      const picked = byProduct.get(line.productId)!.picked!;
      const sub = substitutes.find((s) => s.line.id === line.id);
      const price = sub
        ? substituteUnitPrice(line, {
            price: sub.product.offerPrice,
            vatBasisPoints: sub.product.vatBasisPoints,
          })
        : null;
      await this.repository.updateLine(
        line.id,
        {
          picked,
          substituteProductId: sub?.product.id ?? null,
          substituteName: sub?.product.name ?? null,
          substituteQuantity: sub?.quantity ?? null,
          substitutePrice: price,
          substituteVatBasisPoints: sub?.product.vatBasisPoints ?? null,
          substituteAgeRestricted: sub?.product.ageRestricted ?? false,
          substituteStockTaken: sub ? taken.has(sub.product.id) : false,
        },
        tx,
      );
      fulfilled.push({
        ...line,
        picked,
        substitute:
          sub && price !== null
            ? { quantity: sub.quantity, price, vatBasisPoints: sub.product.vatBasisPoints }
            : null,
      });
    }
    await this.reprice(order, fulfilled, tx);
  }

  /**
   * Stage delivered: the lines refused at the door, and when the ID check failed every 18+ line
   * (linesLeavingAtDoor), leave the order and its total.
   */
  async recordRefusals(
    order: OrderRow,
    input: FulfilmentLineDto[],
    idCheck: IdCheckOutcome | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    const refused = input.filter((line) => line.refused === true).map((line) => line.product.toLowerCase());
    if (!refused.length && idCheck !== 'failed') return;
    const lines = await this.repository.lines(order.id, tx);
    if (refused.some((id) => !lines.some((line) => line.productId === id)))
      throw new InvalidError(MESSAGES.refusedLinesInvalid);
    const leaving = linesLeavingAtDoor(lines, refused, idCheck);
    if (!leaving.size) return;
    for (const line of lines)
      if (leaving.has(line.productId)) await this.repository.updateLine(line.id, { refused: true }, tx);
    await this.reprice(
      order,
      lines.map((line) => ({
        ...line,
        refused: line.refused || leaving.has(line.productId),
        substitute: storedSubstitute(line),
      })),
      tx,
    );
  }

  /**
   * The order's total from what goes to the door; a paid order is owed back what its total fell by. The deals it
   * was priced with apply again (a substitute in its product's place), and its goods never cost more than they
   * did: a short line that breaks a deal loses the deal only as far as the total falls.
   */
  private async reprice(
    order: OrderRow,
    lines: (FulfilledLine & { productId?: string })[],
    tx: DbExecutor,
  ): Promise<void> {
    const totals = priceFulfilledBasket(
      lines.map((line) => ({ ...line, product: line.productId })),
      order.shippingCharge,
      { promotions: dealRules(order.deals), agreed: order.amount - order.shippingCharge },
    );
    const refundDue = refundDueAfterRepricing(order, order.amount, totals.amount);
    await this.repository.update(
      order.id,
      {
        goods: totals.goods,
        totalVat: totals.vat,
        amount: totals.amount,
        savings: totals.savings,
        deals: repricedDeals(order.deals, totals.deals),
        ...(refundDue !== order.refundDue && { refundDue, refundDueAt: this.clock.now() }),
      },
      tx,
    );
  }
}
