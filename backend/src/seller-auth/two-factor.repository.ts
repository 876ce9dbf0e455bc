import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { DB, Database, DbTransaction } from '../db/database.module';
import { sellerRecoveryCodes, sellerTwoFactor } from '../db/schema';

export interface TwoFactorRow {
  secret: string;
  enabled: boolean;
}

/** The seller_two_factor and seller_recovery_codes tables. */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async find(account: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.db
      .select({ secret: sellerTwoFactor.secret, enabledAt: sellerTwoFactor.enabledAt })
      .from(sellerTwoFactor)
      .where(eq(sellerTwoFactor.account, account));
    return row && { secret: row.secret, enabled: row.enabledAt !== null };
  }

  /** Every stored authenticator (each account's). */
  async all(): Promise<{ account: string; secret: string }[]> {
    return this.db
      .select({ account: sellerTwoFactor.account, secret: sellerTwoFactor.secret })
      .from(sellerTwoFactor);
  }

  async unusedRecoveryCodes(account: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerRecoveryCodes)
      .where(and(eq(sellerRecoveryCodes.account, account), isNull(sellerRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /** Starts (or restarts) an enrolment with a new secret; false when two-factor sign-in is already on. */
  async startEnrolment(account: string, encryptedSecret: string): Promise<boolean> {
    const rows = await this.db
      .insert(sellerTwoFactor)
      .values({ account, secret: encryptedSecret })
      .onConflictDoUpdate({
        target: sellerTwoFactor.account,
        set: { secret: encryptedSecret, lastUsedStep: null, createdAt: sql`now()` },
        setWhere: isNull(sellerTwoFactor.enabledAt),
      })
      .returning({ account: sellerTwoFactor.account });
    return rows.length === 1;
  }

  /**
   * Turns two-factor sign-in on and stores the recovery codes' hashes, in one transaction (with `also`, e.g. the
   * activity entry).
   */
  async enable(
    account: string,
    step: number,
    recoveryCodeHashes: string[],
    also?: (tx: DbTransaction) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(sellerTwoFactor)
        .set({ enabledAt: sql`now()`, lastUsedStep: step })
        .where(and(eq(sellerTwoFactor.account, account), isNull(sellerTwoFactor.enabledAt)))
        .returning({ account: sellerTwoFactor.account });
      if (rows.length === 0) return false;
      await tx.delete(sellerRecoveryCodes).where(eq(sellerRecoveryCodes.account, account));
      await tx
        .insert(sellerRecoveryCodes)
        .values(recoveryCodeHashes.map((codeHash) => ({ codeHash, account })));
      await also?.(tx);
      return true;
    });
  }

  /** Records the use of a code's time step; false when that step (or a later one) was used already. */
  async useStep(account: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(sellerTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(sellerTwoFactor.account, account),
          or(isNull(sellerTwoFactor.lastUsedStep), lt(sellerTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ account: sellerTwoFactor.account });
    return rows.length === 1;
  }

  /** Spends a recovery code; false when there is no such unused code. */
  async useRecoveryCode(account: string, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(sellerRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sellerRecoveryCodes.account, account),
          eq(sellerRecoveryCodes.codeHash, codeHash),
          isNull(sellerRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: sellerRecoveryCodes.codeHash });
    return rows.length === 1;
  }

  /** Removes the authenticator and its recovery codes (with `also`, in the same transaction). */
  async remove(account: string, also?: (tx: DbTransaction) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(sellerTwoFactor).where(eq(sellerTwoFactor.account, account));
      await also?.(tx);
    });
  }
}
