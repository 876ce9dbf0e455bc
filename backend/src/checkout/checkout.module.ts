import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { OrdersModule } from '../orders/orders.module';
import { UsersModule } from '../users/users.module';
import { CardPaymentsService } from './card-payments.service';
import { CardSessionsRepository } from './card-sessions.repository';
import { CheckoutController } from './checkout.controller';
import { CheckoutRepository } from './checkout.repository';
import { CheckoutService } from './checkout.service';
import { CheckoutSteps } from './checkout-steps';
import { OrderChangeService } from './order-change.service';
import { StripeGateway } from './stripe-gateway';
import { StripeWebhookService } from './stripe-webhook.service';

/** Placing an order (cash on delivery or card), Stripe's reports, and the customer's change of an order. */
@Module({
  imports: [OrdersModule, UsersModule, CartModule, CatalogModule, DeliveryModule],
  controllers: [CheckoutController],
  providers: [
    CheckoutService,
    CheckoutSteps,
    CheckoutRepository,
    OrderChangeService,
    CardPaymentsService,
    CardSessionsRepository,
    StripeGateway,
    StripeWebhookService,
  ],
  exports: [CheckoutService, CheckoutRepository],
})
export class CheckoutModule {}
