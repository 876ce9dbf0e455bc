import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { OrdersModule } from '../orders/orders.module';
import { FulfilledLines } from './fulfilled-lines';
import { FulfilmentController } from './fulfilment.controller';
import { FulfilmentService } from './fulfilment.service';
import { PickingController } from './picking.controller';
import { PickingRepository } from './picking.repository';
import { PickingService } from './picking.service';

/** The floor: picking, the run and the door. */
@Module({
  imports: [OrdersModule, CatalogModule, DeliveryModule],
  controllers: [FulfilmentController, PickingController],
  providers: [FulfilmentService, FulfilledLines, PickingService, PickingRepository],
})
export class FulfilmentModule {}
