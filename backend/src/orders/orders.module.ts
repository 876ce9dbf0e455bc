import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CatalogModule } from '../catalog/catalog.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { StripeGateway } from './stripe-gateway';

@Module({
  imports: [UsersModule, CartModule, CatalogModule, SettingsModule, DeliveryModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersRepository, StripeGateway],
  exports: [OrdersService],
})
export class OrdersModule {}
