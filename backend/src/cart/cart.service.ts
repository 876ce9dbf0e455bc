import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  ERROR_CODES,
  CartItems,
  exceedsPerOrderLimit,
  MESSAGES,
  orderLimitOf,
  perOrderLimitMessage,
} from '@larder/shared-domain';
import { CatalogService } from '../catalog/catalog.service';
import { ConflictError, InvalidError } from '../common/errors';
import { DB, Database, DbExecutor } from '../db/database.module';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from '../users/users.service';
import { CartLine, CartRepository } from './cart.repository';

function toMap(lines: CartLine[]): CartItems {
  const items: CartItems = {};
  for (const line of lines) items[line.productId] = line.quantity;
  return items;
}

/** Customers' carts: product id to quantity, kept on the server while they are signed in. */
@Injectable()
export class CartService implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: CartRepository,
    private readonly catalog: CatalogService,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  onModuleInit(): void {
    this.users.readCartWith((userId, tx) => this.getCartItems(userId, tx));
  }

  /** The stored cart without products deleted from the catalogue. */
  async getCartItems(userId: string, tx: DbExecutor = this.db): Promise<CartItems> {
    const lines = await this.repository.listLines(userId, tx);
    if (!lines.length) return {};
    const live = new Set(
      (
        await this.catalog.findProductsByIds(
          lines.map((l) => l.productId),
          tx,
        )
      )
        .filter((p) => !p.deletedAt)
        .map((p) => p.id),
    );
    return toMap(lines.filter((l) => live.has(l.productId)));
  }

  async clearCart(userId: string, tx: DbExecutor = this.db): Promise<void> {
    await this.repository.deleteLines(userId, tx);
  }

  /**
   * Replaces the cart with `cartItems` (product id -> quantity 1..99, as UpdateCartDto checked them). Unknown
   * or deleted products -> 400, and a quantity above the product's maxPerOrder (or the shop's maxPerProduct) -> 409;
   * either way the stored cart stays as it was. Out-of-stock lines are dropped. Returns what is stored.
   */
  async replaceCart(userId: string, cartItems: CartItems): Promise<CartItems> {
    const wanted = new Map<string, number>();
    for (const [productId, quantity] of Object.entries(cartItems)) {
      const id = productId.toLowerCase();
      if (wanted.has(id)) throw new InvalidError(MESSAGES.productNotFound);
      wanted.set(id, quantity);
    }

    return this.db.transaction(async (tx) => {
      const found = new Map(
        (await this.catalog.findProductsByIds([...wanted.keys()], tx)).map((p) => [p.id, p]),
      );
      const lines: CartLine[] = [];
      const maxPerProduct = await this.settings.getMaxPerProduct(tx);
      for (const [productId, quantity] of wanted) {
        const product = found.get(productId);
        if (!product || product.deletedAt) throw new InvalidError(MESSAGES.productNotFound);
        if (!product.listed) continue;
        if (exceedsPerOrderLimit(quantity, product.maxPerOrder, maxPerProduct)) {
          throw new ConflictError(
            perOrderLimitMessage(product.name, orderLimitOf(product.maxPerOrder, maxPerProduct)!),
            { code: ERROR_CODES.PER_ORDER_LIMIT },
          );
        }
        lines.push({ productId, quantity });
      }
      await this.repository.deleteLines(userId, tx);
      await this.repository.insertLines(userId, lines, tx);
      return toMap(lines);
    });
  }
}
