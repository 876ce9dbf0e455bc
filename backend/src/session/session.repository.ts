import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DB, Database } from '../db/database.module';
import { preparedStatement } from '../db/prepared';
import { sessions, signInFailures } from '../db/schema';
import { SESSIONS_ENDED_CHANNEL } from './session.constants';

export type SessionKind = 'customer' | 'seller';

export interface LiveSession {
  userId: string | null;
  credentialStamp: string | null;
}

/** A session's last use is written at most this often (seconds), so most requests only read. */
const TOUCH_INTERVAL_SECONDS = 60;

/** A live session by id (every signed-in request reads one): see SessionRepository.touch. */
const READ_SESSION = preparedStatement<{
  user_id: string | null;
  credential_stamp: string | null;
  stale: boolean;
}>(
  'read_session',
  sql`
    select user_id, credential_stamp,
           last_seen_at < now() - make_interval(secs => ${sql.raw(String(TOUCH_INTERVAL_SECONDS))}) as stale
    from ${sessions}
    where id = ${sql.placeholder('id')}::uuid and kind = ${sql.placeholder('kind')}::text and expires_at > now()
      and last_seen_at > now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)
    limit 1`,
);

/** The sessions and sign_in_failures tables. */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Opens a session; also removes the same customer's sessions that have expired. Returns its id. */
  async create(
    kind: SessionKind,
    lifetimeSeconds: number,
    owner: { userId?: string; credentialStamp?: string },
  ): Promise<string> {
    if (owner.userId) {
      await this.db
        .delete(sessions)
        .where(and(eq(sessions.userId, owner.userId), lt(sessions.expiresAt, sql`now()`)));
    }
    const [row] = await this.db
      .insert(sessions)
      .values({
        kind,
        userId: owner.userId ?? null,
        credentialStamp: owner.credentialStamp ?? null,
        expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
      })
      .returning({ id: sessions.id });
    return row.id;
  }

  /**
   * The live session with this id (not expired, used within the idle timeout), read by primary key; its last use
   * is moved forward when it is older than a minute (unless `recordUse` is false: a check that is not the
   * user's doing, which must not keep an idle session alive). Undefined when there is no such live session.
   */
  async touch(
    id: string,
    kind: SessionKind,
    idleMinutes: number,
    recordUse = true,
  ): Promise<LiveSession | undefined> {
    const [row] = await READ_SESSION(this.db, { id, kind, idleMinutes });
    if (!row) return undefined;
    if (row.stale && recordUse)
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, id));
    return { userId: row.user_id, credentialStamp: row.credential_stamp };
  }

  async delete(id: string, kind: SessionKind): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.kind, kind)));
  }

  /**
   * Tells every replica (through the database's notifications) that a session, or every session of a customer,
   * ended: what is held open under it (live order streams) closes at once.
   */
  async announceEnded(ended: { sessionId: string } | { userId: string }): Promise<void> {
    const payload = 'sessionId' in ended ? `session:${ended.sessionId}` : `user:${ended.userId}`;
    await this.db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`);
  }

  /** Ends the seller sessions opened with other credentials; returns how many. */
  async deleteSellerSessionsExcept(credentialStamp: string): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.kind, 'seller'),
          or(isNull(sessions.credentialStamp), ne(sessions.credentialStamp, credentialStamp)),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** The time until which the account is locked, if it is locked now. */
  async lockedUntil(account: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ lockedUntil: signInFailures.lockedUntil })
      .from(signInFailures)
      .where(and(eq(signInFailures.account, account), sql`${signInFailures.lockedUntil} > now()`))
      .limit(1);
    return row?.lockedUntil ?? undefined;
  }

  /**
   * Counts a failed sign-in atomically (every replica shares the row). Failures older than the lock period are
   * forgotten; the `threshold`-th consecutive failure locks the account for `lockMinutes`, and each further failure
   * while counting locks it again. Returns the lock's end when the account is now locked.
   */
  async recordFailure(account: string, threshold: number, lockMinutes: number): Promise<Date | undefined> {
    const [row] = await this.db
      .insert(signInFailures)
      .values({
        account,
        failures: 1,
        lockedUntil: threshold <= 1 ? sql`now() + make_interval(mins => ${lockMinutes})` : null,
      })
      .onConflictDoUpdate({
        target: signInFailures.account,
        set: {
          failures: sql`case when ${signInFailures.lastFailureAt} < now() - make_interval(mins => ${lockMinutes}) then 1 else ${signInFailures.failures} + 1 end`,
          lastFailureAt: sql`now()`,
          lockedUntil: sql`case when (case when ${signInFailures.lastFailureAt} < now() - make_interval(mins => ${lockMinutes}) then 1 else ${signInFailures.failures} + 1 end) >= ${threshold} then now() + make_interval(mins => ${lockMinutes}) else null end`,
        },
      })
      .returning({ lockedUntil: signInFailures.lockedUntil });
    return row?.lockedUntil ?? undefined;
  }

  async clearFailures(account: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.account, account));
  }
}
