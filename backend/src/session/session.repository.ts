import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../common/uuid-param';
import { DB, Database, DbExecutor } from '../db/database.module';
import { preparedStatement } from '../db/prepared';
import { sellerTwoFactor, sessions, signInFailures, staff } from '../db/schema';
import type { StaffRole } from '@larder/shared-domain';
import { SESSIONS_ENDED_CHANNEL } from './session.constants';

export type SessionKind = 'customer' | 'seller';

export interface LiveSession {
  userId: string | null;
  credentialStamp: string | null;
  /** The seller-area member of the session, as the staff table has them now; null for a customer's session. */
  member: SessionMember | null;
}

/** A member with their password hash (null for the owner, whose password is configured). */
export type SigningInRow = SessionMember & { passwordHash: string | null; twoFactorRequired: boolean };

/** A member of staff as a seller session sees them on every request. */
export interface SessionMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  mustChangePassword: boolean;
  /** A manager the owner requires to use two-factor sign-in, who has not turned it on yet. */
  needsTwoFactor: boolean;
}

/** A session's last use is written at most this often (seconds), so most requests only read. */
const TOUCH_INTERVAL_SECONDS = 60;

/** A live session by id (every signed-in request reads one): see SessionRepository.touch. */
const READ_SESSION = preparedStatement<{
  user_id: string | null;
  credential_stamp: string | null;
  stale: boolean;
  staff_id: string | null;
  staff_name: string | null;
  staff_email: string | null;
  staff_role: StaffRole | null;
  staff_active: boolean | null;
  staff_must_change_password: boolean | null;
  staff_needs_two_factor: boolean | null;
}>(
  'read_session',
  sql`
    select s.user_id, s.credential_stamp,
           s.last_seen_at < now() - make_interval(secs => ${sql.raw(String(TOUCH_INTERVAL_SECONDS))}) as stale,
           m.id as staff_id, m.name as staff_name, m.email as staff_email, m.role as staff_role,
           m.active as staff_active, m.must_change_password as staff_must_change_password,
           (m.role = 'manager' and m.two_factor_required and not exists (
             select 1 from ${sellerTwoFactor} t
             where t.account = 'staff:' || m.id::text and t.enabled_at is not null)) as staff_needs_two_factor
    from ${sessions} s left join ${staff} m on m.id = s.staff_id
    where s.id = ${sql.placeholder('id')}::uuid and s.kind = ${sql.placeholder('kind')}::text and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)
    limit 1`,
);

/** The sessions and sign_in_failures tables, and the staff members seller sessions belong to. */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Opens a session; also removes the same customer's sessions that have expired. Returns its id. */
  async create(
    kind: SessionKind,
    lifetimeSeconds: number,
    owner: { userId?: string; credentialStamp?: string; staffId?: string },
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
        staffId: owner.staffId ?? null,
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
    const member: SessionMember | null =
      row.staff_id === null
        ? null
        : {
            id: row.staff_id,
            name: row.staff_name ?? '',
            email: row.staff_email ?? '',
            role: row.staff_role ?? 'driver',
            active: row.staff_active === true,
            mustChangePassword: row.staff_must_change_password !== false,
            needsTwoFactor: row.staff_needs_two_factor === true,
          };
    return { userId: row.user_id, credentialStamp: row.credential_stamp, member };
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

  /**
   * Ends the owner's sessions opened with other credentials, and seller sessions of no member; returns how many.
   * Other members' sessions are not tied to the configured credentials.
   */
  async deleteSellerSessionsExcept(credentialStamp: string): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.kind, 'seller'),
          or(
            isNull(sessions.staffId),
            and(
              sql`${sessions.staffId} in (select ${staff.id} from ${staff} where ${staff.role} = 'owner')`,
              or(isNull(sessions.credentialStamp), ne(sessions.credentialStamp, credentialStamp)),
            ),
          ),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }

  /**
   * Ends every session of a member (deactivated, removed, or a new password) but `except`, and tells every
   * replica, so their open streams close at once. Returns how many ended.
   */
  async endMemberSessions(executor: DbExecutor, staffId: string, except?: string): Promise<string[]> {
    const rows = await executor
      .delete(sessions)
      .where(
        and(
          eq(sessions.kind, 'seller'),
          eq(sessions.staffId, staffId),
          except ? ne(sessions.id, except) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    for (const row of rows)
      await executor.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${`session:${row.id}`})`);
    return rows.map((row) => row.id);
  }

  /**
   * The owner's row, kept in step with the configured seller's e-mail (added on first start): the owner has an
   * id like every member. Should a member already hold that e-mail, the start fails on the unique e-mail (the
   * operator must configure another, or the owner remove that member first).
   */
  async syncOwner(email: string): Promise<string> {
    const [row] = await this.db
      .insert(staff)
      .values({ email, name: 'Owner', role: 'owner' })
      .onConflictDoUpdate({
        target: staff.role,
        targetWhere: sql`${staff.role} = 'owner'`,
        set: { email, active: true, mustChangePassword: false },
      })
      .returning({ id: staff.id });
    return row.id;
  }

  /** A member by e-mail (lower-cased), with what signing in needs. */
  async memberByEmail(email: string): Promise<SigningInRow | undefined> {
    return this.memberWhere(eq(staff.email, email));
  }

  /** A member by id, with what signing in needs. */
  async memberById(id: string): Promise<SigningInRow | undefined> {
    return isUuid(id) ? this.memberWhere(eq(staff.id, id)) : undefined;
  }

  private async memberWhere(where: SQL): Promise<SigningInRow | undefined> {
    const [row] = await this.db
      .select({
        id: staff.id,
        name: staff.name,
        email: staff.email,
        role: staff.role,
        active: staff.active,
        mustChangePassword: staff.mustChangePassword,
        passwordHash: staff.passwordHash,
        twoFactorRequired: staff.twoFactorRequired,
        needsTwoFactor: sql<boolean>`(${staff.role} = 'manager' and ${staff.twoFactorRequired} and not exists (
          select 1 from ${sellerTwoFactor} where ${sellerTwoFactor.account} = 'staff:' || ${staff.id}::text
          and ${sellerTwoFactor.enabledAt} is not null))`,
      })
      .from(staff)
      .where(where)
      .limit(1);
    return row && { ...row, role: row.role as StaffRole, needsTwoFactor: row.needsTwoFactor === true };
  }

  /** The owner's id (the row exists once the application has started). */
  async ownerId(): Promise<string> {
    const [row] = await this.db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'owner')).limit(1);
    if (!row) throw new Error('The owner has no staff row yet');
    return row.id;
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

  /**
   * Counts a failure at `now` (the shop's clock) atomically: the count is forgotten `forgetMinutes` after the last
   * failure; `lockSeconds(failures)` says how long this failure locks the account (0: not at all). Returns the
   * lock's end when this failure locks it. Read the lock with `lockedUntilAt`, against the same clock.
   */
  async recordFailureAt(
    account: string,
    now: Date,
    forgetMinutes: number,
    lockSeconds: (failures: number) => number,
  ): Promise<Date | undefined> {
    const at = now.toISOString();
    const forgottenBefore = new Date(now.getTime() - forgetMinutes * 60_000).toISOString();
    const [row] = await this.db
      .insert(signInFailures)
      .values({ account, failures: 1, lastFailureAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: signInFailures.account,
        set: {
          failures: sql`case when ${signInFailures.lastFailureAt} < ${forgottenBefore}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
          lastFailureAt: sql`${at}::timestamptz`,
          lockedUntil: null,
        },
      })
      .returning({ failures: signInFailures.failures });
    const seconds = row ? lockSeconds(row.failures) : 0;
    if (seconds <= 0) return undefined;
    const until = new Date(now.getTime() + seconds * 1000);
    await this.db
      .update(signInFailures)
      .set({ lockedUntil: until })
      .where(eq(signInFailures.account, account));
    return until;
  }

  /** The time until which the account is locked, if it is locked at `now` (the shop's clock). */
  async lockedUntilAt(account: string, now: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ lockedUntil: signInFailures.lockedUntil })
      .from(signInFailures)
      .where(eq(signInFailures.account, account))
      .limit(1);
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
  }

  async clearFailures(account: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.account, account));
  }
}
