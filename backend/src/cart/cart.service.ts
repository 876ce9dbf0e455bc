import { Inject, Injectable } from '@nestjs/common';
import { CartItems, isValidQuantity, MAX_CART_LINES, MESSAGES } from '@larder/shared-domain';
import { CatalogService } from '../catalog/catalog.service';
import { InvalidError } from '../common/errors';
import { DB, Database, DbExecutor } from '../db/database.module';
import { CartLine, CartRepository } from './cart.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMap(lines: CartLine[]): CartItems {
  const items: CartItems = {};
  for (const line of lines) items[line.productId] = line.quantity;
  return items;
}

/** Customers' carts: product id to quantity, kept on the server while they are signed in. */
@Injectable()
export class CartService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: CartRepository,
    private readonly catalog: CatalogService,
  ) {}

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
   * Replaces the cart with `cartItems` (product id -> quantity 1..99). Unknown or deleted products and bad
   * quantities -> 400 and the stored cart stays as it was; out-of-stock lines are dropped. Returns what is stored.
   */
  async replaceCart(userId: string, cartItems: unknown): Promise<CartItems> {
    if (!cartItems || typeof cartItems !== 'object' || Array.isArray(cartItems)) {
      throw new InvalidError(MESSAGES.cartNotAMap);
    }
    const entries = Object.entries(cartItems as Record<string, unknown>);
    if (entries.length > MAX_CART_LINES) throw new InvalidError(MESSAGES.cartTooManyLines);
    const wanted = new Map<string, number>();
    for (const [productId, quantity] of entries) {
      if (!isValidQuantity(quantity)) throw new InvalidError(MESSAGES.badQuantity);
      if (!UUID.test(productId)) throw new InvalidError(MESSAGES.productNotFound);
      const id = productId.toLowerCase();
      if (wanted.has(id)) throw new InvalidError(MESSAGES.productNotFound);
      wanted.set(id, quantity);
    }

    return this.db.transaction(async (tx) => {
      const found = new Map(
        (await this.catalog.findProductsByIds([...wanted.keys()], tx)).map((p) => [p.id, p]),
      );
      const lines: CartLine[] = [];
      for (const [productId, quantity] of wanted) {
        const product = found.get(productId);
        if (!product || product.deletedAt) throw new InvalidError(MESSAGES.productNotFound);
        if (product.inStock) lines.push({ productId, quantity });
      }
      await this.repository.deleteLines(userId, tx);
      await this.repository.insertLines(userId, lines, tx);
      return toMap(lines);
    });
  }
}
