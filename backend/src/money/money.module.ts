import { Module } from '@nestjs/common';
import { BusinessModule } from '../business/business.module';
import { CatalogModule } from '../catalog/catalog.module';
import { OrdersModule } from '../orders/orders.module';
import { CashUpService } from './cash-up.service';
import { MoneyRepository } from './money.repository';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsService } from './receipts.service';
import { RefundsService } from './refunds.service';
import { SellerFiguresRepository } from './seller-figures.repository';
import { SellerSummaryController } from './seller-summary.controller';
import { SellerSummaryService } from './seller-summary.service';
import { TakingsController } from './takings.controller';
import { TakingsService } from './takings.service';

/** The money: receipts, refunds, the takings, each run's cash-up and the seller's figures. */
@Module({
  imports: [OrdersModule, BusinessModule, CatalogModule],
  controllers: [ReceiptsController, TakingsController, SellerSummaryController],
  providers: [
    ReceiptsService,
    RefundsService,
    TakingsService,
    CashUpService,
    MoneyRepository,
    SellerSummaryService,
    SellerFiguresRepository,
  ],
})
export class MoneyModule {}
