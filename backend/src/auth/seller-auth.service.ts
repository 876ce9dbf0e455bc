import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES, signInLockedMessage } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TooManyRequestsError, UnauthorizedError } from '../common/errors';
import { SessionRepository } from '../session/session.repository';

/** The key of the seller account's failed sign-ins, whatever e-mail was typed (so the lock reveals nothing). */
const SELLER_ACCOUNT = 'seller';

/**
 * The seller account: SELLER_EMAIL and SELLER_PASSWORD, the password kept only as an argon2 hash. After
 * SELLER_LOCKOUT_ATTEMPTS consecutive failures the account is locked for SELLER_LOCKOUT_MINUTES (429), counted in
 * the database so the lock holds on every replica and whatever address the attempts come from.
 */
@Injectable()
export class SellerAuthService implements OnModuleInit {
  private passwordHash?: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly failures: SessionRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    this.passwordHash = await hash(this.config.sellerPassword);
  }

  /** Checks the credentials; 401 "Invalid email or password" otherwise, 429 while the account is locked. */
  async verifyCredentials(email: string, password: string): Promise<void> {
    const locked = await this.failures.lockedUntil(SELLER_ACCOUNT);
    if (locked) throw this.lockedError(locked);
    this.passwordHash ??= await hash(this.config.sellerPassword);
    // The password is always checked, so a wrong e-mail takes as long as a wrong password.
    const passwordOk = await verify(this.passwordHash, password).catch(() => false);
    const emailOk = email.trim().toLowerCase() === this.config.sellerEmail;
    if (!passwordOk || !emailOk) {
      const lockedNow = await this.failures.recordFailure(
        SELLER_ACCOUNT,
        this.config.sellerLockoutAttempts,
        this.config.sellerLockoutMinutes,
      );
      if (lockedNow) throw this.lockedError(lockedNow);
      throw new UnauthorizedError(MESSAGES.invalidCredentials);
    }
    await this.failures.clearFailures(SELLER_ACCOUNT);
  }

  private lockedError(until: Date): TooManyRequestsError {
    return new TooManyRequestsError(signInLockedMessage((until.getTime() - Date.now()) / 60_000));
  }
}
