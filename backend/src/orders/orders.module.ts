import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CatalogModule } from '../catalog/catalog.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { SellerSummaryController } from './seller-summary.controller';
import { SellerSummaryService } from './seller-summary.service';
import { StripeGateway } from './stripe-gateway';

@Module({
  imports: [UsersModule, CartModule, CatalogModule, SettingsModule, DeliveryModule],
  controllers: [OrdersController, SellerSummaryController],
  providers: [OrdersService, OrdersRepository, SellerSummaryService, StripeGateway],
  exports: [OrdersService],
})
export class OrdersModule {}
