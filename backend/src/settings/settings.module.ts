import { Module } from '@nestjs/common';
import { SettingsController } from './settings.controller';
import { FoodLawSettingsRepository, SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

@Module({
  controllers: [SettingsController],
  providers: [SettingsService, SettingsRepository, FoodLawSettingsRepository],
  exports: [SettingsService, FoodLawSettingsRepository],
})
export class SettingsModule {}
