import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import { addresses, AddressSnapshot, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  googleSub: string | null;
}

/** The users and addresses tables. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async exists(userId: string, tx: DbExecutor = this.db): Promise<boolean> {
    const rows = await tx
      .select({ one: sql<number>`1` })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return rows.length > 0;
  }

  /** Locks the user's row until the transaction ends (serialises changes to one account); false when gone. */
  async lockForUpdate(userId: string, tx: DbExecutor): Promise<boolean> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length > 0;
  }

  async countAddresses(userId: string, tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    return Number(row?.n ?? 0);
  }

  async findById(userId: string, tx: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  async findByEmail(email: string, tx: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findByGoogleSub(googleSub: string, tx: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
    return row;
  }

  /** Inserts the user unless the e-mail (or Google account) is already registered; undefined then. */
  async insertIfAbsent(user: NewUser, tx: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
    return row;
  }

  /** Records the Google account of a user who had none yet. */
  async linkGoogleSub(userId: string, googleSub: string, tx: DbExecutor = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ googleSub })
      .where(and(eq(users.id, userId), isNull(users.googleSub)));
  }

  /** Returns false when the user no longer exists. */
  async updatePhone(userId: string, phone: string, tx: DbExecutor = this.db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ phone })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** The user with their addresses (oldest first), in one statement; undefined when the user is gone. */
  async findWithAddresses(
    userId: string,
    tx: DbExecutor = this.db,
  ): Promise<{ user: UserRow; addresses: AddressRow[] } | undefined> {
    const rows = await tx
      .select({ user: users, address: addresses })
      .from(users)
      .leftJoin(addresses, eq(addresses.userId, users.id))
      .where(eq(users.id, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
    if (!rows[0]) return undefined;
    return {
      user: rows[0].user,
      addresses: rows.flatMap((row) => (row.address ? [row.address] : [])),
    };
  }

  async findAddress(
    userId: string,
    addressId: string,
    tx: DbExecutor = this.db,
  ): Promise<AddressRow | undefined> {
    const [row] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .limit(1);
    return row;
  }

  async insertAddress(
    userId: string,
    address: AddressSnapshot,
    tx: DbExecutor = this.db,
  ): Promise<AddressRow> {
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...address })
      .returning();
    return row;
  }

  /** Makes the address the user's default when they have none. */
  async setDefaultAddressIfUnset(userId: string, addressId: string, tx: DbExecutor = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ defaultAddressId: addressId })
      .where(and(eq(users.id, userId), isNull(users.defaultAddressId)));
  }

  /** Deletes the user; addresses and cart lines go with it (foreign keys cascade). */
  async deleteUser(userId: string, tx: DbExecutor = this.db): Promise<boolean> {
    const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return rows.length > 0;
  }
}
