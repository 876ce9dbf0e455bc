import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { ProductImageStore } from './product-images';

@Module({
  controllers: [CatalogController],
  providers: [CatalogService, CatalogRepository, ProductImageStore],
  exports: [CatalogService],
})
export class CatalogModule {}
