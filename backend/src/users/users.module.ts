import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Customer accounts: profile, phone, addresses, account deletion. */
@Module({
  imports: [SettingsModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository],
  exports: [UsersService],
})
export class UsersModule {}
