import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { CustomerAuthService } from './customer-auth.service';
import { CustomerSessionController } from './customer-session.controller';
import { DevIdentityProvider } from './dev-identity.provider';
import { GOOGLE_OAUTH_STRATEGY, GoogleOAuthGuard } from './google-oauth.strategy';
import { IdTokenVerifier } from './id-token.verifier';
import { SellerAuthService } from './seller-auth.service';
import { SellerController } from './seller.controller';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/**
 * Signing in: customers through Google ID tokens, the Google redirect flow or the development identity provider,
 * and the seller with e-mail + argon2-hashed password. The sessions it opens belong to the session module below.
 */
@Module({
  imports: [UsersModule],
  controllers: [AuthController, CustomerSessionController, SellerController, TwoFactorController],
  providers: [
    IdTokenVerifier,
    DevIdentityProvider,
    GOOGLE_OAUTH_STRATEGY,
    GoogleOAuthGuard,
    CustomerAuthService,
    SellerAuthService,
    TwoFactorRepository,
    TwoFactorService,
  ],
})
export class AuthModule {}
