import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { ApiIdParam, IdParam } from '../common/uuid-param';
import { CatalogService } from './catalog.service';
import { ProductListCache } from './product-list.cache';
import {
  ADD_PRODUCT_BODY_SCHEMA,
  ProductListResponse,
  ProductResponse,
  ProductSearchResponse,
  UPDATE_PRODUCT_BODY_SCHEMA,
} from './dto/product.response';
import { SearchProductsQuery } from './dto/search-products.dto';
import { SetProductStockDto } from './dto/set-product-stock.dto';
import { AddProductDto, UpdateProductDto } from './dto/add-product.dto';
import { MultipartRequest, ProductUpload, ProductUploadPipe } from './product-upload';
import { sendList } from './product-list.http';

@ApiTags('product')
@Controller('api/product')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly list: ProductListCache,
  ) {}

  /** Every product on sale, in and out of stock, newest first. Revalidate with If-None-Match. */
  @Get('list')
  @ApiOperation({ summary: 'Every product on sale, in and out of stock, newest first' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a list already held' })
  @ApiOkResponse({
    type: ProductListResponse,
    headers: { ETag: { description: 'Version of the list', schema: { type: 'string' } } },
  })
  @ApiNotModifiedResponse({ description: 'The list has not changed since the ETag given' })
  listProducts(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> {
    const list = this.list.get();
    if ('then' in list) return list.then((l) => sendList(request, reply, l));
    return sendList(request, reply, list);
  }

  /** Live products matching a search text, best match first; forgives typos and word order. */
  @Get('search')
  @ApiOperation({
    summary:
      'Products matching a search text, best match first (forgives typos and word order), narrowed by free-from, diet and on-offer filters',
  })
  @ApiOkResponse({ type: ProductSearchResponse })
  @ApiInvalid('q missing without a filter, blank or longer than 100 characters; an unknown allergen or diet')
  async searchProducts(@Query() query: SearchProductsQuery): Promise<ProductSearchResponse> {
    const products = await this.catalog.searchProducts(
      query.q,
      { freeFrom: query.freeFrom, diet: query.diet },
      query.onOffer === true,
    );
    return { success: true, products };
  }

  /** Adds a product: multipart with `productData` (JSON) and 1-4 `images`. */
  @Post('add')
  @ApiOperation({ summary: 'Adds a product with its pictures (seller only)' })
  @SellerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: ADD_PRODUCT_BODY_SCHEMA as never })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiInvalid('Missing or invalid fields or images; nothing is stored')
  async addProduct(
    @MultipartRequest(new ProductUploadPipe(AddProductDto, 'add')) upload: ProductUpload<AddProductDto>,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<ProductResponse> {
    const product = await this.catalog.addProduct(upload.productData, upload.images, staff);
    this.list.invalidate();
    return { success: true, message: MESSAGES.productAdded, product };
  }

  /**
   * Edits a product: multipart with `productData` (JSON with any of the add fields) and optionally 1-4
   * `images` that replace the pictures. Past orders keep their copies.
   */
  @Put(':id')
  @ApiOperation({ summary: 'Edits a product; new pictures replace the old ones (seller only)' })
  @SellerAuth()
  @ApiIdParam('Product id')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPDATE_PRODUCT_BODY_SCHEMA as never })
  @ApiOkResponse({ type: ProductResponse })
  @ApiInvalid('Invalid fields or images; nothing is changed')
  @ApiNotFound('No such product')
  async updateProduct(
    @IdParam(MESSAGES.productNotFound) id: string,
    @MultipartRequest(new ProductUploadPipe(UpdateProductDto, 'edit'))
    upload: ProductUpload<UpdateProductDto>,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<ProductResponse> {
    const product = await this.catalog.updateProduct(id, upload.productData, upload.images, staff);
    this.list.invalidate();
    return { success: true, message: MESSAGES.productUpdated, product };
  }

  /** Sets the seller's in-stock switch, the counted stock (null: not counted), or both. */
  @Post('stock')
  @ApiOperation({ summary: 'Sets the in-stock switch, the counted stock, or both (seller only)' })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: ProductResponse })
  @ApiInvalid()
  @ApiNotFound('No such product')
  async setProductStock(
    @Body() body: SetProductStockDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<ProductResponse> {
    const product = await this.catalog.setStock(body.id, { inStock: body.inStock, stock: body.stock }, staff);
    this.list.invalidate();
    return { success: true, message: MESSAGES.stockUpdated, product };
  }

  /** Removes a product from sale and from every cart (orders keep their copy). */
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a product and takes it out of every cart (seller only)' })
  @SellerAuth()
  @ApiIdParam('Product id')
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFound('No such product')
  async deleteProduct(
    @IdParam(MESSAGES.productNotFound) id: string,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<SuccessResponse> {
    await this.catalog.deleteProduct(id, staff);
    this.list.invalidate();
    return { success: true, message: MESSAGES.productDeleted };
  }
}
