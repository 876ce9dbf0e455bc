import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DeliveryModule } from '../delivery/delivery.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { CustomerAuthGuard, SellerAuthGuard } from './auth.guards';
import { CustomerAuthService } from './customer-auth.service';
import { CustomerSessionController } from './customer-session.controller';
import { DevIdentityProvider } from './dev-identity.provider';
import { GOOGLE_OAUTH_STRATEGY, GoogleOAuthGuard } from './google-oauth.strategy';
import { IdTokenVerifier } from './id-token.verifier';
import { SellerAuthService } from './seller-auth.service';
import { SellerController } from './seller.controller';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/**
 * Sign-in for customers (Google ID tokens, the Google redirect flow, the development identity provider) and for
 * the seller (e-mail + argon2-hashed password), and the session cookies. Global, so `@CustomerAuth()` and
 * `@SellerAuth()` work in every module without importing this one.
 */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A key object made once: given the secret as a string, jsonwebtoken would first try (and fail) to parse it
      // as a PEM public key on every request.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
    UsersModule,
    DeliveryModule,
  ],
  controllers: [AuthController, CustomerSessionController, SellerController, TwoFactorController],
  providers: [
    SessionRepository,
    SessionService,
    CustomerAuthGuard,
    SellerAuthGuard,
    IdTokenVerifier,
    DevIdentityProvider,
    GOOGLE_OAUTH_STRATEGY,
    GoogleOAuthGuard,
    CustomerAuthService,
    SellerAuthService,
    TwoFactorRepository,
    TwoFactorService,
  ],
  exports: [SessionService, CustomerAuthGuard, SellerAuthGuard],
})
export class AuthModule {}
