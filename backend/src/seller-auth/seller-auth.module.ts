import { Module } from '@nestjs/common';
import { SellerAuthService } from './seller-auth.service';
import { SellerController } from './seller.controller';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/**
 * The seller area's sign-in: e-mail and argon2-hashed password for the owner and staff, the locks against guessing,
 * and two-factor sign-in. The sessions it opens belong to the session module below; customers sign in through ../auth.
 */
@Module({
  controllers: [SellerController, TwoFactorController],
  providers: [SellerAuthService, TwoFactorRepository, TwoFactorService],
})
export class SellerAuthModule {}
