import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { ERROR_CODES, MESSAGES, signInLockedMessage, type ErrorCode } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { InvalidError, TooManyRequestsError, UnauthorizedError } from '../common/errors';
import { Clock } from '../common/clock';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import { DB, Database } from '../db/database.module';
import { SessionMember, SessionRepository } from '../session/session.repository';

/** The member whose e-mail and password were right. */
export type SigningInMember = SessionMember;

/**
 * The client as failures are counted: an IPv4 address (also when written IPv4-mapped, ::ffff:1.2.3.4), or the /64
 * network of an IPv6 address, since one subscriber is given a whole /64 and may pick any address in it.
 */
export function clientKey(clientAddress: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientAddress);
  if (mapped) return mapped[1];
  if (!clientAddress.includes(':')) return clientAddress;
  const [head, tail = ''] = clientAddress.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = clientAddress.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The keys under which a failed sign-in is counted: the seller account from this client (whatever e-mail was
 * typed, so the lock reveals nothing), and the client itself. Neither names the account alone, so failures from
 * one client never lock the seller out of another (the slow account-wide limit below is the exception).
 */
export function failureKeys(clientAddress: string): string[] {
  const client = clientKey(clientAddress);
  return [`seller@${client}`, `address:${client}`];
}

/**
 * The account-wide password lock slows guessing down; it never keeps the real member out for long. Wrong
 * passwords for one e-mail address, from every client together, are counted (the count is forgotten an hour after
 * the last one, and cleared by a complete sign-in). The first ACCOUNT_FREE_FAILURES - 1 lock nothing (far above
 * what a member mistypes); from the ACCOUNT_FREE_FAILURES-th on, each failure locks the password step of that
 * account for a short while that doubles with each further failure: 30 s, 1, 2, 4, 8 minutes, then
 * ACCOUNT_LOCK_MAX_SECONDS (15 minutes) at most. A guesser spread over many addresses gets about four tries an
 * hour; the member waits at most 15 minutes, and a guesser at one member's account never locks out another.
 * Counted on the shop's clock (Clock), so tests pin it.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_LOCK_FIRST_SECONDS = 30;
export const ACCOUNT_LOCK_MAX_SECONDS = 15 * 60;
export const ACCOUNT_FAILURES_FORGOTTEN_MINUTES = 60;

/** How long the n-th wrong password in a row for one account locks its password step, in seconds (0: not). */
export function accountLockSeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(
    ACCOUNT_LOCK_FIRST_SECONDS * 2 ** Math.min(failures - ACCOUNT_FREE_FAILURES, 20),
    ACCOUNT_LOCK_MAX_SECONDS,
  );
}
const accountFailuresKey = (email: string) => `seller-account:${email.trim().toLowerCase()}`;

/** Wrong authenticator codes one half-way sign-in may send before the password is asked again. */
export const CODES_PER_SIGN_IN = 5;
/**
 * Wrong authenticator codes, from every address and half-way sign-in together, that lock the code step of the
 * account for an hour: whoever knows the password cannot go on guessing from fresh addresses.
 */
export const CODES_PER_ACCOUNT = 10;
export const ACCOUNT_CODES_LOCK_MINUTES = 60;
const accountCodesKey = (staffId: string) => `seller-codes:${staffId}`;
const signInCodesKey = (signInId: string) => `sign-in-codes:${signInId}`;

/**
 * The seller area's accounts: the owner's (SELLER_EMAIL and SELLER_PASSWORD, the password kept only as an argon2
 * hash) and the staff members' (their argon2 hashes in the staff table). After
 * SELLER_LOCKOUT_ATTEMPTS consecutive failures from one client address, that address is locked out for
 * SELLER_LOCKOUT_MINUTES (429); counted in the database so the lock holds on every replica.
 */
@Injectable()
export class SellerAuthService implements OnModuleInit {
  private passwordHash?: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly failures: SessionRepository,
    @Inject(DB) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    this.passwordHash = await hash(this.config.sellerPassword);
  }

  /**
   * Checks the credentials of the owner or an active member and returns them (the caller clears the failures once
   * the sign-in is complete); 401 "Invalid email or password" otherwise, 429 while the account is locked. A
   * failure is written to the activity log.
   */
  async verifyCredentials(email: string, password: string, clientAddress: string): Promise<SigningInMember> {
    await this.refuseWhileLocked(clientAddress, email);
    this.passwordHash ??= await hash(this.config.sellerPassword);
    const typed = email.trim().toLowerCase();
    const member = await this.failures.memberByEmail(typed);
    // A password is always checked, so a wrong e-mail takes as long as a wrong password.
    const storedHash = member?.passwordHash ?? this.passwordHash;
    const passwordOk = await verify(storedHash, password).catch(() => false);
    const emailOk =
      member !== undefined &&
      member.active &&
      (member.role === 'owner' ? typed === this.config.sellerEmail : member.passwordHash !== null);
    if (!passwordOk || !emailOk || !member) {
      await this.signInFailed(
        member,
        member
          ? 'Sign-in failed: wrong password'
          : 'Sign-in failed: an e-mail address of nobody on the staff',
      );
      const accountLocked = await this.failures.recordFailureAt(
        accountFailuresKey(typed),
        this.clock.now(),
        ACCOUNT_FAILURES_FORGOTTEN_MINUTES,
        accountLockSeconds,
      );
      if (accountLocked) throw this.lockedError(accountLocked, this.clock.now());
      return this.fail(clientAddress, MESSAGES.invalidCredentials, ERROR_CODES.INVALID_CREDENTIALS);
    }
    return member;
  }

  /** The member of a half-way sign-in, if they are still active. */
  async activeMember(staffId: string): Promise<SessionMember | undefined> {
    const member = await this.failures.memberById(staffId);
    return member?.active ? member : undefined;
  }

  /** A failed sign-in (of a member, or of an e-mail nobody on the staff has): written to the activity log. */
  async signInFailed(member: SessionMember | undefined, summary: string): Promise<void> {
    const actor: ActivityActor = member
      ? { id: member.id, name: member.name, role: member.role }
      : { id: null, name: 'Unknown', role: null };
    await ActivityLog.record(this.db, actor, {
      action: 'sign-in.failed',
      kind: 'sign-in',
      id: member?.id ?? null,
      summary,
    });
  }

  /** A complete sign-in: written to the activity log. */
  async signedIn(member: SessionMember, withCode: boolean): Promise<void> {
    await ActivityLog.record(
      this.db,
      { id: member.id, name: member.name, role: member.role },
      {
        action: 'sign-in',
        kind: 'sign-in',
        id: member.id,
        summary: withCode ? 'Signed in with an authenticator code' : 'Signed in',
      },
    );
  }

  /** 429 while the client address, or the password step of the account signing in, is locked out. */
  async refuseWhileLocked(clientAddress: string, email?: string): Promise<void> {
    for (const key of failureKeys(clientAddress)) {
      const locked = await this.failures.lockedUntil(key);
      if (locked) throw this.lockedError(locked);
    }
    if (email === undefined) return;
    const now = this.clock.now();
    const locked = await this.failures.lockedUntilAt(accountFailuresKey(email), now);
    if (locked) throw this.lockedError(locked, now);
  }

  /** Counts a failure from the address and throws: 401 with `message`, or 429 when this failure locks it. */
  async fail(clientAddress: string, message: string, code: ErrorCode): Promise<never> {
    let lockedNow: Date | undefined;
    for (const key of failureKeys(clientAddress)) {
      const until = await this.failures.recordFailure(
        key,
        this.config.sellerLockoutAttempts,
        this.config.sellerLockoutMinutes,
      );
      if (until && (!lockedNow || until > lockedNow)) lockedNow = until;
    }
    if (lockedNow) throw this.lockedError(lockedNow);
    throw new UnauthorizedError(message, { code });
  }

  /** A complete sign-in forgets the client's failures and the account's count (the member is in again). */
  async succeed(clientAddress: string, member: SessionMember): Promise<void> {
    for (const key of [...failureKeys(clientAddress), accountFailuresKey(member.email)])
      await this.failures.clearFailures(key);
  }

  /** 429 while the address or the account's code step is locked, or when this half-way sign-in used its codes. */
  async refuseCodeWhileLocked(clientAddress: string, signInId: string, staffId: string): Promise<void> {
    if (await this.failures.lockedUntil(signInCodesKey(signInId)))
      throw new TooManyRequestsError(MESSAGES.twoFactorTooManyCodes, {
        code: ERROR_CODES.TWO_FACTOR_TOO_MANY_CODES,
      });
    await this.refuseWhileLocked(clientAddress);
    const locked = await this.failures.lockedUntil(accountCodesKey(staffId));
    if (locked) throw this.lockedError(locked);
  }

  /**
   * Counts a wrong code against the address, the half-way sign-in and the account, and throws: 401, or 429 when
   * this one spends the sign-in's codes (the password is asked again) or locks the address or the account.
   */
  async failCode(clientAddress: string, signInId: string, staffId: string): Promise<never> {
    const minutes = this.config.sellerLockoutMinutes;
    const spent = await this.failures.recordFailure(signInCodesKey(signInId), CODES_PER_SIGN_IN, minutes);
    const accountLocked = await this.failures.recordFailure(
      accountCodesKey(staffId),
      CODES_PER_ACCOUNT,
      ACCOUNT_CODES_LOCK_MINUTES,
    );
    try {
      await this.fail(clientAddress, MESSAGES.twoFactorCodeWrong, ERROR_CODES.TWO_FACTOR_CODE_WRONG);
    } catch (error) {
      if (accountLocked && !(error instanceof TooManyRequestsError)) throw this.lockedError(accountLocked);
      if (spent && !(error instanceof TooManyRequestsError))
        throw new TooManyRequestsError(MESSAGES.twoFactorTooManyCodes, {
          code: ERROR_CODES.TWO_FACTOR_TOO_MANY_CODES,
        });
      throw error;
    }
    throw new UnauthorizedError(MESSAGES.twoFactorCodeWrong, { code: ERROR_CODES.TWO_FACTOR_CODE_WRONG });
  }

  /** A complete sign-in forgets the code failures of the account and of its half-way sign-in. */
  async succeedCode(clientAddress: string, signInId: string, member: SessionMember): Promise<void> {
    await this.succeed(clientAddress, member);
    await this.failures.clearFailures(signInCodesKey(signInId));
    await this.failures.clearFailures(accountCodesKey(member.id));
  }

  /**
   * Turning two-factor sign-in off takes a code, so it is locked as the code step of a sign-in is: 429 while the
   * address or the account's code step is locked.
   */
  async refuseDisableCodeWhileLocked(clientAddress: string, staffId: string): Promise<void> {
    await this.refuseWhileLocked(clientAddress);
    const locked = await this.failures.lockedUntil(accountCodesKey(staffId));
    if (locked) throw this.lockedError(locked);
  }

  /**
   * A wrong code to turn two-factor sign-in off counts against the address and the account's codes, as a wrong code
   * at sign-in does, and throws: 400 "The code is not right", or 429 when this one locks the address or account.
   */
  async failDisableCode(clientAddress: string, staffId: string): Promise<never> {
    const accountLocked = await this.failures.recordFailure(
      accountCodesKey(staffId),
      CODES_PER_ACCOUNT,
      ACCOUNT_CODES_LOCK_MINUTES,
    );
    try {
      await this.fail(clientAddress, MESSAGES.twoFactorCodeWrong, ERROR_CODES.TWO_FACTOR_CODE_WRONG);
    } catch (error) {
      if (error instanceof TooManyRequestsError) throw error;
    }
    if (accountLocked) throw this.lockedError(accountLocked);
    throw new InvalidError(MESSAGES.twoFactorCodeWrong, { code: ERROR_CODES.TWO_FACTOR_CODE_WRONG });
  }

  private lockedError(until: Date, now = new Date()): TooManyRequestsError {
    return new TooManyRequestsError(signInLockedMessage((until.getTime() - now.getTime()) / 60_000), {
      code: ERROR_CODES.SIGN_IN_LOCKED,
    });
  }
}
