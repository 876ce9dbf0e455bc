import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import { sellerTwoFactor, staff } from '../db/schema';

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  twoFactor: boolean;
  twoFactorRequired: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
}

const columns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  active: staff.active,
  twoFactorRequired: staff.twoFactorRequired,
  mustChangePassword: staff.mustChangePassword,
  createdAt: staff.createdAt,
  // The owner's authenticator is kept as account 'seller', a member's as 'staff:<id>'.
  twoFactor: sql<boolean>`exists (select 1 from ${sellerTwoFactor} where ${sellerTwoFactor.enabledAt} is not null
    and ${sellerTwoFactor.account} = case when ${staff.role} = 'owner' then 'seller' else 'staff:' || ${staff.id}::text end)`,
};

const asRow = (row: Omit<StaffRow, 'role'> & { role: string }): StaffRow => ({
  ...row,
  role: row.role as StaffRole,
  twoFactor: row.twoFactor === true,
});

/** The staff table as the owner manages it (signing in reads it through the session module). */
@Injectable()
export class StaffRepository {
  constructor(@Inject(DB) readonly db: Database) {}

  /** Every member: the owner first, then by name. */
  async list(): Promise<StaffRow[]> {
    const rows = await this.db
      .select(columns)
      .from(staff)
      .orderBy(sql`${staff.role} = 'owner' desc`, asc(sql`lower(${staff.name})`), asc(staff.createdAt));
    return rows.map(asRow);
  }

  async find(executor: DbExecutor, id: string, forUpdate = false): Promise<StaffRow | undefined> {
    const query = executor.select(columns).from(staff).where(eq(staff.id, id)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row && asRow(row);
  }

  async passwordHashOf(executor: DbExecutor, id: string): Promise<string | null | undefined> {
    const [row] = await executor
      .select({ passwordHash: staff.passwordHash })
      .from(staff)
      .where(eq(staff.id, id))
      .limit(1);
    return row?.passwordHash;
  }

  async insert(
    executor: DbExecutor,
    member: {
      email: string;
      name: string;
      role: StaffRole;
      passwordHash: string;
      mustChangePassword: boolean;
    },
  ): Promise<StaffRow> {
    const [inserted] = await executor.insert(staff).values(member).returning({ id: staff.id });
    const row = await this.find(executor, inserted.id);
    if (!row) throw new Error('The member just added is not there');
    return row;
  }

  async update(
    executor: DbExecutor,
    id: string,
    changes: Partial<{
      name: string;
      role: StaffRole;
      active: boolean;
      twoFactorRequired: boolean;
      passwordHash: string;
      mustChangePassword: boolean;
    }>,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await executor.update(staff).set(changes).where(eq(staff.id, id));
  }

  /** Removes a member and their authenticator (their sessions go with them). */
  async delete(executor: DbExecutor, id: string): Promise<void> {
    await executor.delete(sellerTwoFactor).where(eq(sellerTwoFactor.account, `staff:${id}`));
    await executor.delete(staff).where(eq(staff.id, id));
  }
}
