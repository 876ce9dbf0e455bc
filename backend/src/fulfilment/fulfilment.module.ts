import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { OrdersModule } from '../orders/orders.module';
import { SettingsModule } from '../settings/settings.module';
import { FulfilledLines } from './fulfilled-lines';
import { FulfilmentController } from './fulfilment.controller';
import { FulfilmentService } from './fulfilment.service';
import { PickingController } from './picking.controller';
import { PickingRepository } from './picking.repository';
import { PickingService } from './picking.service';
import { RefusalsController } from './refusals.controller';
import { RefusalsRepository } from './refusals.repository';

/** The floor: picking, the run and the door. */
@Module({
  imports: [OrdersModule, CatalogModule, DeliveryModule, SettingsModule],
  controllers: [FulfilmentController, PickingController, RefusalsController],
  providers: [FulfilmentService, FulfilledLines, PickingService, PickingRepository, RefusalsRepository],
})
export class FulfilmentModule {}
