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
import { PickingRepository } from './picking.repository';
import { SellerFiguresRepository } from './seller-figures.repository';
import { CardSessionsRepository } from './card-sessions.repository';
import { OrderStatusService } from './order-status.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { PickingController } from './picking.controller';
import { PickingService } from './picking.service';
import { SellerSummaryController } from './seller-summary.controller';
import { SellerSummaryService } from './seller-summary.service';
import { StripeGateway } from './stripe-gateway';
import { BusinessModule } from '../business/business.module';
import { MoneyRepository } from './money.repository';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsService } from './receipts.service';
import { TakingsController } from './takings.controller';
import { TakingsService } from './takings.service';

@Module({
  imports: [
    UsersModule,
    CartModule,
    CatalogModule,
    SettingsModule,
    DeliveryModule,
    MailModule,
    BusinessModule,
  ],
  controllers: [
    OrdersController,
    OrderEventsController,
    SellerSummaryController,
    PickingController,
    ReceiptsController,
    TakingsController,
  ],
  providers: [
    CheckoutService,
    CheckoutRepository,
    OrderStatusService,
    StripeWebhookService,
    OrderBookings,
    OrdersRepository,
    SellerFiguresRepository,
    CardSessionsRepository,
    PickingRepository,
    OrderEmails,
    SellerSummaryService,
    PickingService,
    StripeGateway,
    OrderEventsHub,
    OrderEventsRepository,
    MoneyRepository,
    ReceiptsService,
    TakingsService,
  ],
  exports: [OrderStatusService, CheckoutService, CheckoutRepository],
})
export class OrdersModule {}
