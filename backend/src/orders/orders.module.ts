import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CatalogModule } from '../catalog/catalog.module';
import { MailModule } from '../mail/mail.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { CheckoutRepository } from './checkout.repository';
import { CheckoutService } from './checkout.service';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { OrderEventsController } from './order-events.controller';
import { OrderEventsHub } from './order-events.hub';
import { OrderEventsRepository } from './order-events.repository';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrderStatusService } from './order-status.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { PickingController } from './picking.controller';
import { PickingService } from './picking.service';
import { SellerSummaryController } from './seller-summary.controller';
import { SellerSummaryService } from './seller-summary.service';
import { StripeGateway } from './stripe-gateway';

@Module({
  imports: [UsersModule, CartModule, CatalogModule, SettingsModule, DeliveryModule, MailModule],
  controllers: [OrdersController, OrderEventsController, SellerSummaryController, PickingController],
  providers: [
    CheckoutService,
    CheckoutRepository,
    OrderStatusService,
    StripeWebhookService,
    OrderBookings,
    OrdersRepository,
    OrderEmails,
    SellerSummaryService,
    PickingService,
    StripeGateway,
    OrderEventsHub,
    OrderEventsRepository,
  ],
  exports: [OrderStatusService, CheckoutService, CheckoutRepository],
})
export class OrdersModule {}
