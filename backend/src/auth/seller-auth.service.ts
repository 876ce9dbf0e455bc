import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UnauthorizedError } from '../common/errors';

/** The seller account: SELLER_EMAIL and SELLER_PASSWORD, the password kept only as an argon2 hash. */
@Injectable()
export class SellerAuthService implements OnModuleInit {
  private passwordHash?: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.passwordHash = await hash(this.config.sellerPassword);
  }

  /** Checks the credentials; 401 "Invalid email or password" otherwise. */
  async verifyCredentials(email: string, password: string): Promise<void> {
    this.passwordHash ??= await hash(this.config.sellerPassword);
    // The password is always checked, so a wrong e-mail takes as long as a wrong password.
    const passwordOk = await verify(this.passwordHash, password).catch(() => false);
    const emailOk = email.trim().toLowerCase() === this.config.sellerEmail;
    if (!passwordOk || !emailOk) throw new UnauthorizedError(MESSAGES.invalidCredentials);
  }
}
