import { Module } from '@nestjs/common';
import { ActivityController } from './activity.controller';
import { ActivityRepository } from './activity.repository';
import { StaffController } from './staff.controller';
import { StaffRepository } from './staff.repository';
import { StaffService } from './staff.service';

/**
 * The owner's staff list, every member's password (signing in and sessions live in auth and session), and the
 * activity log of what the members did (GET /api/seller/activity; its writer is ActivityLog.record, activity/).
 */
@Module({
  controllers: [StaffController, ActivityController],
  providers: [StaffRepository, StaffService, ActivityRepository],
})
export class StaffModule {}
