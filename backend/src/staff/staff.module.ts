import { Module } from '@nestjs/common';
import { StaffController } from './staff.controller';
import { StaffRepository } from './staff.repository';
import { StaffService } from './staff.service';

/** The owner's staff list and every member's password (signing in and sessions live in auth and session). */
@Module({
  controllers: [StaffController],
  providers: [StaffRepository, StaffService],
})
export class StaffModule {}
