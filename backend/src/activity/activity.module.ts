import { Module } from '@nestjs/common';
import { ActivityController } from './activity.controller';
import { ActivityRepository } from './activity.repository';

/** Reading the activity log (GET /api/seller/activity); its writer is ActivityLog.record (activity-log.ts). */
@Module({
  controllers: [ActivityController],
  providers: [ActivityRepository],
})
export class ActivityModule {}
