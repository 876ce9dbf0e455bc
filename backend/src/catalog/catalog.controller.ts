import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { SellerAuth } from '../auth/auth.decorators';
import { ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { CatalogService } from './catalog.service';
import {
  ADD_PRODUCT_BODY_SCHEMA,
  ProductListResponse,
  ProductResponse,
  ProductSearchResponse,
  UPDATE_PRODUCT_BODY_SCHEMA,
} from './dto/product.response';
import { SearchProductsQuery } from './dto/search-products.dto';
import { SetProductStockDto } from './dto/set-product-stock.dto';
import { readProductUpload } from './product-upload';

/** True when an If-None-Match header lists the ETag (or `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

@ApiTags('product')
@Controller('api/product')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  /** Every product on sale, in and out of stock, newest first. Revalidate with If-None-Match. */
  @Get('list')
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a list already held' })
  @ApiOkResponse({
    type: ProductListResponse,
    headers: { ETag: { description: 'Version of the list', schema: { type: 'string' } } },
  })
  @ApiNotModifiedResponse({ description: 'The list has not changed since the ETag given' })
  async listProducts(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const list = await this.catalog.getProductList();
    void reply.header('etag', list.etag).header('cache-control', 'no-cache');
    if (matchesEtag(ifNoneMatch, list.etag)) {
      await reply.status(304).send();
      return;
    }
    await reply.status(200).type('application/json; charset=utf-8').send(list.json);
  }

  /** Live products matching a search text, best match first; forgives typos and word order. */
  @Get('search')
  @ApiOkResponse({ type: ProductSearchResponse })
  @ApiInvalid('q missing, blank or longer than 100 characters')
  async searchProducts(@Query() query: SearchProductsQuery): Promise<ProductSearchResponse> {
    return { success: true, products: await this.catalog.searchProducts(query.q) };
  }

  /** Adds a product: multipart with `productData` (JSON) and 1-4 `images`. */
  @Post('add')
  @SellerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: ADD_PRODUCT_BODY_SCHEMA as never })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiInvalid('Missing or invalid fields or images; nothing is stored')
  async addProduct(@Req() request: FastifyRequest): Promise<ProductResponse> {
    const upload = await readProductUpload(request);
    const product = await this.catalog.addProduct(upload.productData, upload.images);
    return { success: true, message: MESSAGES.productAdded, product };
  }

  /**
   * Edits a product: multipart with `productData` (JSON with any of the add fields) and optionally 1-4
   * `images` that replace the pictures. Past orders keep their copies.
   */
  @Put(':id')
  @SellerAuth()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPDATE_PRODUCT_BODY_SCHEMA as never })
  @ApiOkResponse({ type: ProductResponse })
  @ApiInvalid('Invalid fields or images; nothing is changed')
  @ApiNotFound('No such product')
  async updateProduct(@Param('id') id: string, @Req() request: FastifyRequest): Promise<ProductResponse> {
    const upload = await readProductUpload(request);
    const product = await this.catalog.updateProduct(id, upload.productData, upload.images);
    return { success: true, message: MESSAGES.productUpdated, product };
  }

  /** Sets the seller's in-stock switch, the counted stock (null: not counted), or both. */
  @Post('stock')
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: ProductResponse })
  @ApiInvalid()
  @ApiNotFound('No such product')
  async setProductStock(@Body() body: SetProductStockDto): Promise<ProductResponse> {
    const product = await this.catalog.setStock(body.id, { inStock: body.inStock, stock: body.stock });
    return { success: true, message: MESSAGES.stockUpdated, product };
  }

  /** Removes a product from sale and from every cart (orders keep their copy). */
  @Delete(':id')
  @SellerAuth()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFound('No such product')
  async deleteProduct(@Param('id') id: string): Promise<SuccessResponse> {
    await this.catalog.deleteProduct(id);
    return { success: true, message: MESSAGES.productDeleted };
  }
}
