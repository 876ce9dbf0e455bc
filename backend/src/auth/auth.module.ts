import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { CustomerAuthService } from './customer-auth.service';
import { CustomerSessionController } from './customer-session.controller';
import { DevIdentityProvider } from './dev-identity.provider';
import { GOOGLE_OAUTH_STRATEGY, GoogleOAuthGuard } from './google-oauth.strategy';
import { IdTokenVerifier } from './id-token.verifier';

/**
 * Customers signing in: through Google ID tokens, the Google redirect flow or the development identity provider.
 * The seller area's sign-in is ../seller-auth; the sessions both open belong to the session module below.
 */
@Module({
  imports: [UsersModule],
  controllers: [AuthController, CustomerSessionController],
  providers: [
    IdTokenVerifier,
    DevIdentityProvider,
    GOOGLE_OAUTH_STRATEGY,
    GoogleOAuthGuard,
    CustomerAuthService,
  ],
})
export class AuthModule {}
