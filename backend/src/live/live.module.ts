import { Module } from '@nestjs/common';
import { OrderEventsController } from './order-events.controller';
import { OrderEventsHub } from './order-events.hub';
import { OrderEventsRepository } from './order-events.repository';

/** The live order stream: every change of an order, pushed to its customer and the seller as it commits. */
@Module({
  controllers: [OrderEventsController],
  providers: [OrderEventsHub, OrderEventsRepository],
})
export class LiveModule {}
