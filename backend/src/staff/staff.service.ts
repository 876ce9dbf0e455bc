import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import {
  MIN_STAFF_PASSWORD_LENGTH,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type AssignableStaffRole,
} from '@larder/shared-domain';
import { ActivityLog } from '../activity/activity-log';
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../common/errors';
import { APP_CONFIG, AppConfig, DEV_SELLER_PASSWORD, isCommonPassword } from '../config/app-config';
import { staff as staffTable } from '../db/schema';
import type { StaffIdentity } from '../session/session.decorators';
import { SessionRepository } from '../session/session.repository';
import { StaffRepository, StaffRow } from './staff.repository';

/** The members the development seed adds (never in production), printed at start-up as the owner is. */
export const DEV_STAFF = [
  { email: 'picker@larder.local', name: 'Pat Picker', role: 'picker', password: 'pick-the-crates' },
  { email: 'driver@larder.local', name: 'Dee Driver', role: 'driver', password: 'drive-the-van' },
] as const;

/** Why a password chosen for a member is refused (the rules of the owner's password in production), or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) return STAFF_MESSAGES.passwordTooShort;
  const bare = password.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (new Set(password).size < 4 || bare.includes(DEV_SELLER_PASSWORD.replace(/[^a-z0-9]/g, '')))
    return STAFF_MESSAGES.passwordGuessable;
  if (isCommonPassword(password)) return STAFF_MESSAGES.passwordGuessable;
  return undefined;
}

/**
 * The owner's management of staff: adding members with a first password, changing their name, role, whether they
 * may sign in, removing them; and every member's change of their own password. Each change writes its activity
 * entry in its transaction; deactivating or removing a member ends their sessions at once.
 */
@Injectable()
export class StaffService implements OnApplicationBootstrap {
  private readonly logger = new Logger(StaffService.name);

  constructor(
    private readonly repository: StaffRepository,
    private readonly sessions: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** In development with the demo seed: a picker and a driver to sign in as. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.isProduction || !this.config.seed) return;
    let added = 0;
    for (const member of DEV_STAFF) {
      const rows = await this.repository.db
        .insert(staffTable)
        .values({
          email: member.email,
          name: member.name,
          role: member.role,
          passwordHash: await hash(member.password),
        })
        .onConflictDoNothing()
        .returning({ id: staffTable.id });
      added += rows.length;
    }
    if (added > 0) this.logger.log(`Seeded ${added} member(s) of staff (development)`);
  }

  list(): Promise<StaffRow[]> {
    return this.repository.list();
  }

  async add(
    actor: StaffIdentity,
    input: { email: string; name: string; role: AssignableStaffRole; password: string },
  ): Promise<StaffRow> {
    const problem = passwordProblem(input.password);
    if (problem) throw new InvalidError(problem, { field: 'password' });
    const passwordHash = await hash(input.password);
    try {
      return await this.repository.db.transaction(async (tx) => {
        const member = await this.repository.insert(tx, {
          email: input.email,
          name: input.name,
          role: input.role,
          passwordHash,
          mustChangePassword: true,
        });
        await ActivityLog.record(tx, actor, {
          action: 'staff.added',
          kind: 'staff',
          id: member.id,
          summary: `Added ${member.name} as ${STAFF_ROLE_LABELS[member.role].toLowerCase()}`,
        });
        return member;
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new ConflictError(STAFF_MESSAGES.emailTaken);
      throw err;
    }
  }

  async update(
    actor: StaffIdentity,
    id: string,
    changes: { name?: string; role?: AssignableStaffRole; active?: boolean; twoFactorRequired?: boolean },
  ): Promise<StaffRow> {
    return this.repository.db.transaction(async (tx) => {
      const before = await this.repository.find(tx, id, true);
      if (!before) throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
      const isOwner = before.role === 'owner';
      if (
        isOwner &&
        ((changes.role !== undefined && changes.role !== before.role) ||
          changes.active === false ||
          changes.twoFactorRequired === true)
      )
        throw new InvalidError(STAFF_MESSAGES.ownerUnchangeable);
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.role !== undefined && !isOwner ? { role: changes.role } : {}),
        ...(changes.active !== undefined && !isOwner ? { active: changes.active } : {}),
        ...(changes.twoFactorRequired !== undefined && !isOwner
          ? { twoFactorRequired: changes.twoFactorRequired }
          : {}),
      };
      await this.repository.update(tx, id, set);
      const after = await this.repository.find(tx, id);
      if (!after) throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
      if (before.active && !after.active) await this.sessions.endMemberSessions(tx, id);
      const summary = ActivityLog.changes({
        name: [before.name, after.name],
        role: [before.role, after.role],
        active: [before.active ? 'yes' : 'no', after.active ? 'yes' : 'no'],
        'two-factor required': [
          before.twoFactorRequired ? 'yes' : 'no',
          after.twoFactorRequired ? 'yes' : 'no',
        ],
      });
      if (summary)
        await ActivityLog.record(tx, actor, {
          action: before.active && !after.active ? 'staff.deactivated' : 'staff.updated',
          kind: 'staff',
          id,
          summary: `${after.name}: ${summary}`,
        });
      return after;
    });
  }

  async remove(actor: StaffIdentity, id: string): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const member = await this.repository.find(tx, id, true);
      if (!member) throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
      if (member.role === 'owner') throw new InvalidError(STAFF_MESSAGES.ownerUnchangeable);
      // Told before the rows cascade away, so open streams of theirs close at the commit.
      await this.sessions.endMemberSessions(tx, id);
      await this.repository.delete(tx, id);
      await ActivityLog.record(tx, actor, {
        action: 'staff.removed',
        kind: 'staff',
        id,
        summary: `Removed ${member.name} (${STAFF_ROLE_LABELS[member.role].toLowerCase()})`,
      });
    });
  }

  /**
   * A member replaces their password (the first one, chosen by the owner, or any later one): their other
   * sessions end. The owner's password is the configured one and is not changed here.
   */
  async changePassword(
    member: StaffIdentity,
    sessionId: string | undefined,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    if (member.role === 'owner') throw new InvalidError(STAFF_MESSAGES.ownerUnchangeable);
    const storedHash = await this.repository.passwordHashOf(this.repository.db, member.id);
    if (!storedHash || !(await verify(storedHash, currentPassword).catch(() => false)))
      throw new InvalidError(STAFF_MESSAGES.currentPasswordWrong, { field: 'currentPassword' });
    if (newPassword === currentPassword)
      throw new InvalidError(STAFF_MESSAGES.newPasswordSame, { field: 'newPassword' });
    const problem = passwordProblem(newPassword);
    if (problem) throw new InvalidError(problem, { field: 'newPassword' });
    const passwordHash = await hash(newPassword);
    await this.repository.db.transaction(async (tx) => {
      await this.repository.update(tx, member.id, { passwordHash, mustChangePassword: false });
      await this.sessions.endMemberSessions(tx, member.id, sessionId);
      await ActivityLog.record(tx, member, {
        action: 'staff.password',
        kind: 'staff',
        id: member.id,
        summary: 'Changed their password',
      });
    });
  }
}
