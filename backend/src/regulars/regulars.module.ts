import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { MailModule } from '../mail/mail.module';
import { CheckoutModule } from '../checkout/checkout.module';
import { RegularsController } from './regulars.controller';
import { RegularsRepository } from './regulars.repository';
import { RegularsService } from './regulars.service';
import { StandingOrderPlacer } from './standing-order-placer';
import { StandingOrdersService } from './standing-orders.service';

/** Regulars: favourites, "your usuals", and regular deliveries (standing orders) with their placing job. */
@Module({
  imports: [CatalogModule, CheckoutModule, MailModule],
  controllers: [RegularsController],
  providers: [RegularsRepository, RegularsService, StandingOrdersService, StandingOrderPlacer],
  exports: [StandingOrderPlacer, RegularsService, StandingOrdersService],
})
export class RegularsModule {}
