import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CatalogModule } from '../catalog/catalog.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { Clock } from './clock';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { StripeGateway } from './stripe-gateway';

@Module({
  imports: [UsersModule, CartModule, CatalogModule, SettingsModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersRepository, StripeGateway, Clock],
  exports: [OrdersService],
})
export class OrdersModule {}
