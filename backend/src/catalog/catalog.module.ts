import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { ProductImageStore } from './product-images';
import { ProductListCache } from './product-list.cache';
import { PromotionsController } from './promotions.controller';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

@Module({
  controllers: [CatalogController, PromotionsController],
  providers: [
    CatalogService,
    CatalogRepository,
    ProductImageStore,
    ProductListCache,
    PromotionsService,
    PromotionsRepository,
  ],
  exports: [CatalogService, ProductListCache, PromotionsService],
})
export class CatalogModule {}
