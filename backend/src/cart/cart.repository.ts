import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { preparedStatement } from '../db/prepared';
import { cartItems } from '../db/schema';

export interface CartLine {
  productId: string;
  quantity: number;
}

/** Empties a customer's cart (checkout runs it in every order's transaction). */
const DELETE_LINES = preparedStatement(
  'delete_cart_lines',
  sql`delete from ${cartItems} where user_id = ${sql.placeholder('userId')}::uuid`,
);

/** The cart_items table: one row per product in a customer's cart. */
@Injectable()
export class CartRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  listLines(userId: string, tx: DbExecutor = this.db): Promise<CartLine[]> {
    return tx
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
  }

  async deleteLines(userId: string, tx: DbExecutor = this.db): Promise<void> {
    await DELETE_LINES(tx, { userId });
  }

  async insertLines(userId: string, lines: CartLine[], tx: DbExecutor = this.db): Promise<void> {
    if (!lines.length) return;
    await tx.insert(cartItems).values(lines.map((line) => ({ userId, ...line })));
  }
}
