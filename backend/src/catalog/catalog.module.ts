import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { ProductImageStore } from './product-images';
import { ProductListCache } from './product-list.cache';

@Module({
  controllers: [CatalogController],
  providers: [CatalogService, CatalogRepository, ProductImageStore, ProductListCache],
  exports: [CatalogService, ProductListCache],
})
export class CatalogModule {}
