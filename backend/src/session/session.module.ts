import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CustomerAuthGuard, SellerAuthGuard } from './session.guards';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';

/**
 * The session cookies of customers and the seller, and the guards behind `@CustomerAuth()` and `@SellerAuth()`.
 * It stands below every domain module (it knows sessions, not users or products), and is global, so any module's
 * controller can guard its routes without importing it; signing in lives in the auth module above.
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
  ],
  providers: [SessionRepository, SessionService, CustomerAuthGuard, SellerAuthGuard],
  exports: [SessionRepository, SessionService, CustomerAuthGuard, SellerAuthGuard],
})
export class SessionModule {}
