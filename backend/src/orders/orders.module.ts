import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { OrderHooks } from './order-hooks';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/**
 * The order's own room: its rows and lines, its reads, the customer's cancel, the seller's status, and what every
 * room that changes an order shares (the stock and slot it holds, its e-mails, the moments others act on). Placing
 * is ../checkout, the floor ../fulfilment, the money ../money, the live stream ../live.
 */
@Module({
  imports: [UsersModule, CatalogModule, DeliveryModule, MailModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersRepository, OrderBookings, OrderEmails, OrderHooks],
  exports: [OrdersService, OrdersRepository, OrderBookings, OrderEmails, OrderHooks],
})
export class OrdersModule {}
