import { baseApi as api } from '../base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthConfig: build.query<GetAuthConfigApiResponse, GetAuthConfigApiArg>({
      query: () => ({ url: `/api/auth/config` }),
    }),
    createDevIdToken: build.mutation<CreateDevIdTokenApiResponse, CreateDevIdTokenApiArg>({
      query: (queryArg) => ({ url: `/api/auth/dev/id-token`, method: 'POST', body: queryArg.devIdTokenDto }),
    }),
    updateCart: build.mutation<UpdateCartApiResponse, UpdateCartApiArg>({
      query: (queryArg) => ({ url: `/api/cart/update`, method: 'POST', body: queryArg.updateCartDto }),
    }),
    listContactMessages: build.query<ListContactMessagesApiResponse, ListContactMessagesApiArg>({
      query: (queryArg) => ({
        url: `/api/contact`,
        params: {
          page: queryArg.page,
          limit: queryArg.limit,
        },
      }),
    }),
    sendContactMessage: build.mutation<SendContactMessageApiResponse, SendContactMessageApiArg>({
      query: (queryArg) => ({ url: `/api/contact`, method: 'POST', body: queryArg.sendContactMessageDto }),
    }),
    checkDelivery: build.query<CheckDeliveryApiResponse, CheckDeliveryApiArg>({
      query: (queryArg) => ({
        url: `/api/delivery/check`,
        params: {
          postcode: queryArg.postcode,
        },
      }),
    }),
    listDeliverySlots: build.query<ListDeliverySlotsApiResponse, ListDeliverySlotsApiArg>({
      query: () => ({ url: `/api/delivery/slots` }),
    }),
    health: build.query<HealthApiResponse, HealthApiArg>({
      query: () => ({ url: `/api/health` }),
    }),
    listNewsletterSubscribers: build.query<
      ListNewsletterSubscribersApiResponse,
      ListNewsletterSubscribersApiArg
    >({
      query: (queryArg) => ({
        url: `/api/newsletter`,
        params: {
          page: queryArg.page,
          limit: queryArg.limit,
        },
      }),
    }),
    subscribeToNewsletter: build.mutation<SubscribeToNewsletterApiResponse, SubscribeToNewsletterApiArg>({
      query: (queryArg) => ({
        url: `/api/newsletter`,
        method: 'POST',
        body: queryArg.subscribeNewsletterDto,
      }),
    }),
    placeCodOrder: build.mutation<PlaceCodOrderApiResponse, PlaceCodOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/order/cod`,
        method: 'POST',
        body: queryArg.placeOrderDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listSellerOrders: build.query<ListSellerOrdersApiResponse, ListSellerOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/order/seller`,
        params: {
          page: queryArg.page,
          limit: queryArg.limit,
        },
      }),
    }),
    placeStripeOrder: build.mutation<PlaceStripeOrderApiResponse, PlaceStripeOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/order/stripe`,
        method: 'POST',
        body: queryArg.placeOrderDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listUserOrders: build.query<ListUserOrdersApiResponse, ListUserOrdersApiArg>({
      query: () => ({ url: `/api/order/user` }),
    }),
    changeOrder: build.mutation<ChangeOrderApiResponse, ChangeOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/order/${queryArg.id}`,
        method: 'PUT',
        body: queryArg.changeOrderDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    cancelOrder: build.mutation<CancelOrderApiResponse, CancelOrderApiArg>({
      query: (queryArg) => ({ url: `/api/order/${queryArg.id}/cancel`, method: 'PUT' }),
    }),
    updateFulfilment: build.mutation<UpdateFulfilmentApiResponse, UpdateFulfilmentApiArg>({
      query: (queryArg) => ({
        url: `/api/order/${queryArg.id}/fulfilment`,
        method: 'PUT',
        body: queryArg.updateFulfilmentDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getReceipt: build.query<GetReceiptApiResponse, GetReceiptApiArg>({
      query: (queryArg) => ({ url: `/api/order/${queryArg.id}/receipt` }),
    }),
    refundOrder: build.mutation<RefundOrderApiResponse, RefundOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/order/${queryArg.id}/refunds`,
        method: 'POST',
        body: queryArg.refundDto,
      }),
    }),
    updateOrderStatus: build.mutation<UpdateOrderStatusApiResponse, UpdateOrderStatusApiArg>({
      query: (queryArg) => ({
        url: `/api/order/${queryArg.id}/status`,
        method: 'PUT',
        body: queryArg.updateOrderStatusDto,
      }),
    }),
    addProduct: build.mutation<AddProductApiResponse, AddProductApiArg>({
      query: (queryArg) => ({ url: `/api/product/add`, method: 'POST', body: queryArg.body }),
    }),
    listProducts: build.query<ListProductsApiResponse, ListProductsApiArg>({
      query: () => ({ url: `/api/product/list` }),
    }),
    searchProducts: build.query<SearchProductsApiResponse, SearchProductsApiArg>({
      query: (queryArg) => ({
        url: `/api/product/search`,
        params: {
          q: queryArg.q,
          freeFrom: queryArg.freeFrom,
          diet: queryArg.diet,
          onOffer: queryArg.onOffer,
        },
      }),
    }),
    setProductStock: build.mutation<SetProductStockApiResponse, SetProductStockApiArg>({
      query: (queryArg) => ({ url: `/api/product/stock`, method: 'POST', body: queryArg.setProductStockDto }),
    }),
    deleteProduct: build.mutation<DeleteProductApiResponse, DeleteProductApiArg>({
      query: (queryArg) => ({ url: `/api/product/${queryArg.id}`, method: 'DELETE' }),
    }),
    updateProduct: build.mutation<UpdateProductApiResponse, UpdateProductApiArg>({
      query: (queryArg) => ({ url: `/api/product/${queryArg.id}`, method: 'PUT', body: queryArg.body }),
    }),
    listPromotions: build.query<ListPromotionsApiResponse, ListPromotionsApiArg>({
      query: () => ({ url: `/api/promotions` }),
    }),
    listActivity: build.query<ListActivityApiResponse, ListActivityApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/activity`,
        params: {
          page: queryArg.page,
          limit: queryArg.limit,
          actor: queryArg.actor,
          kind: queryArg.kind,
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
    getCashUp: build.query<GetCashUpApiResponse, GetCashUpApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/cash-up`,
        params: {
          date: queryArg.date,
        },
      }),
    }),
    signOffCashUp: build.mutation<SignOffCashUpApiResponse, SignOffCashUpApiArg>({
      query: (queryArg) => ({ url: `/api/seller/cash-up`, method: 'POST', body: queryArg.cashUpDto }),
    }),
    sellerIsAuth: build.query<SellerIsAuthApiResponse, SellerIsAuthApiArg>({
      query: () => ({ url: `/api/seller/is-auth` }),
    }),
    sellerLogin: build.mutation<SellerLoginApiResponse, SellerLoginApiArg>({
      query: (queryArg) => ({ url: `/api/seller/login`, method: 'POST', body: queryArg.sellerLoginDto }),
    }),
    sellerLoginCode: build.mutation<SellerLoginCodeApiResponse, SellerLoginCodeApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/login/code`,
        method: 'POST',
        body: queryArg.twoFactorCodeDto,
      }),
    }),
    sellerLogout: build.mutation<SellerLogoutApiResponse, SellerLogoutApiArg>({
      query: () => ({ url: `/api/seller/logout`, method: 'GET' }),
    }),
    sellerLogoutByPost: build.mutation<SellerLogoutByPostApiResponse, SellerLogoutByPostApiArg>({
      query: () => ({ url: `/api/seller/logout`, method: 'POST' }),
    }),
    changeStaffPassword: build.mutation<ChangeStaffPasswordApiResponse, ChangeStaffPasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/password`,
        method: 'POST',
        body: queryArg.changePasswordDto,
      }),
    }),
    getPicking: build.query<GetPickingApiResponse, GetPickingApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/picking`,
        params: {
          date: queryArg.date,
        },
      }),
    }),
    listSellerPromotions: build.query<ListSellerPromotionsApiResponse, ListSellerPromotionsApiArg>({
      query: () => ({ url: `/api/seller/promotions` }),
    }),
    createPromotion: build.mutation<CreatePromotionApiResponse, CreatePromotionApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/promotions`,
        method: 'POST',
        body: queryArg.promotionInputDto,
      }),
    }),
    endPromotion: build.mutation<EndPromotionApiResponse, EndPromotionApiArg>({
      query: (queryArg) => ({ url: `/api/seller/promotions/${queryArg.id}`, method: 'DELETE' }),
    }),
    updatePromotion: build.mutation<UpdatePromotionApiResponse, UpdatePromotionApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/promotions/${queryArg.id}`,
        method: 'PUT',
        body: queryArg.promotionInputDto,
      }),
    }),
    listRefusals: build.query<ListRefusalsApiResponse, ListRefusalsApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/refusals`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          format: queryArg.format,
        },
      }),
    }),
    getRun: build.query<GetRunApiResponse, GetRunApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/run`,
        params: {
          date: queryArg.date,
          time: queryArg.time,
        },
      }),
    }),
    getRunSheet: build.query<GetRunSheetApiResponse, GetRunSheetApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/run-sheet`,
        params: {
          date: queryArg.date,
          time: queryArg.time,
        },
      }),
    }),
    listStaff: build.query<ListStaffApiResponse, ListStaffApiArg>({
      query: () => ({ url: `/api/seller/staff` }),
    }),
    addStaff: build.mutation<AddStaffApiResponse, AddStaffApiArg>({
      query: (queryArg) => ({ url: `/api/seller/staff`, method: 'POST', body: queryArg.addStaffDto }),
    }),
    removeStaff: build.mutation<RemoveStaffApiResponse, RemoveStaffApiArg>({
      query: (queryArg) => ({ url: `/api/seller/staff/${queryArg.id}`, method: 'DELETE' }),
    }),
    updateStaff: build.mutation<UpdateStaffApiResponse, UpdateStaffApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/staff/${queryArg.id}`,
        method: 'PUT',
        body: queryArg.updateStaffDto,
      }),
    }),
    getSellerSummary: build.query<GetSellerSummaryApiResponse, GetSellerSummaryApiArg>({
      query: () => ({ url: `/api/seller/summary` }),
    }),
    getTakings: build.query<GetTakingsApiResponse, GetTakingsApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/takings`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          format: queryArg.format,
        },
      }),
    }),
    getTwoFactorStatus: build.query<GetTwoFactorStatusApiResponse, GetTwoFactorStatusApiArg>({
      query: () => ({ url: `/api/seller/two-factor` }),
    }),
    confirmTwoFactorSetup: build.mutation<ConfirmTwoFactorSetupApiResponse, ConfirmTwoFactorSetupApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/two-factor/confirm`,
        method: 'POST',
        body: queryArg.twoFactorCodeDto,
      }),
    }),
    disableTwoFactor: build.mutation<DisableTwoFactorApiResponse, DisableTwoFactorApiArg>({
      query: (queryArg) => ({
        url: `/api/seller/two-factor/disable`,
        method: 'POST',
        body: queryArg.twoFactorCodeDto,
      }),
    }),
    startTwoFactorSetup: build.mutation<StartTwoFactorSetupApiResponse, StartTwoFactorSetupApiArg>({
      query: () => ({ url: `/api/seller/two-factor/setup`, method: 'POST' }),
    }),
    getBusinessDetails: build.query<GetBusinessDetailsApiResponse, GetBusinessDetailsApiArg>({
      query: () => ({ url: `/api/settings/business` }),
    }),
    updateBusinessDetails: build.mutation<UpdateBusinessDetailsApiResponse, UpdateBusinessDetailsApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/business`,
        method: 'POST',
        body: queryArg.businessDetailsDto,
      }),
    }),
    getDeliverySettings: build.query<GetDeliverySettingsApiResponse, GetDeliverySettingsApiArg>({
      query: () => ({ url: `/api/settings/delivery` }),
    }),
    updateDeliverySettings: build.mutation<UpdateDeliverySettingsApiResponse, UpdateDeliverySettingsApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/delivery`,
        method: 'POST',
        body: queryArg.updateDeliverySettingsDto,
      }),
    }),
    getDeliveryAreas: build.query<GetDeliveryAreasApiResponse, GetDeliveryAreasApiArg>({
      query: () => ({ url: `/api/settings/delivery-area` }),
    }),
    updateDeliveryAreas: build.mutation<UpdateDeliveryAreasApiResponse, UpdateDeliveryAreasApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/delivery-area`,
        method: 'POST',
        body: queryArg.updateDeliveryAreasDto,
      }),
    }),
    getFoodPromotionSettings: build.query<
      GetFoodPromotionSettingsApiResponse,
      GetFoodPromotionSettingsApiArg
    >({
      query: () => ({ url: `/api/settings/food-promotion` }),
    }),
    updateFoodPromotionSettings: build.mutation<
      UpdateFoodPromotionSettingsApiResponse,
      UpdateFoodPromotionSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/settings/food-promotion`,
        method: 'POST',
        body: queryArg.foodPromotionSettingsDto,
      }),
    }),
    getLicenceSettings: build.query<GetLicenceSettingsApiResponse, GetLicenceSettingsApiArg>({
      query: () => ({ url: `/api/settings/licence` }),
    }),
    updateLicenceSettings: build.mutation<UpdateLicenceSettingsApiResponse, UpdateLicenceSettingsApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/licence`,
        method: 'POST',
        body: queryArg.licenceSettingsDto,
      }),
    }),
    getOrderSettings: build.query<GetOrderSettingsApiResponse, GetOrderSettingsApiArg>({
      query: () => ({ url: `/api/settings/orders` }),
    }),
    updateOrderSettings: build.mutation<UpdateOrderSettingsApiResponse, UpdateOrderSettingsApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/orders`,
        method: 'POST',
        body: queryArg.updateOrderSettingsDto,
      }),
    }),
    getShippingSettings: build.query<GetShippingSettingsApiResponse, GetShippingSettingsApiArg>({
      query: () => ({ url: `/api/settings/shipping` }),
    }),
    updateShippingSettings: build.mutation<UpdateShippingSettingsApiResponse, UpdateShippingSettingsApiArg>({
      query: (queryArg) => ({
        url: `/api/settings/shipping`,
        method: 'POST',
        body: queryArg.updateShippingSettingsDto,
      }),
    }),
    addAddress: build.mutation<AddAddressApiResponse, AddAddressApiArg>({
      query: (queryArg) => ({ url: `/api/user/add-address`, method: 'PUT', body: queryArg.addAddressDto }),
    }),
    checkEmail: build.mutation<CheckEmailApiResponse, CheckEmailApiArg>({
      query: (queryArg) => ({ url: `/api/user/check-email`, method: 'POST', body: queryArg.checkEmailDto }),
    }),
    deleteAccount: build.mutation<DeleteAccountApiResponse, DeleteAccountApiArg>({
      query: () => ({ url: `/api/user/delete-account`, method: 'DELETE' }),
    }),
    exportMyData: build.query<ExportMyDataApiResponse, ExportMyDataApiArg>({
      query: () => ({ url: `/api/user/export` }),
    }),
    favourites: build.query<FavouritesApiResponse, FavouritesApiArg>({
      query: () => ({ url: `/api/user/favourites` }),
    }),
    removeFavourite: build.mutation<RemoveFavouriteApiResponse, RemoveFavouriteApiArg>({
      query: (queryArg) => ({ url: `/api/user/favourites/${queryArg.productId}`, method: 'DELETE' }),
    }),
    addFavourite: build.mutation<AddFavouriteApiResponse, AddFavouriteApiArg>({
      query: (queryArg) => ({ url: `/api/user/favourites/${queryArg.productId}`, method: 'PUT' }),
    }),
    googleLogin: build.mutation<GoogleLoginApiResponse, GoogleLoginApiArg>({
      query: (queryArg) => ({ url: `/api/user/google-login`, method: 'POST', body: queryArg.googleLoginDto }),
    }),
    userIsAuth: build.query<UserIsAuthApiResponse, UserIsAuthApiArg>({
      query: () => ({ url: `/api/user/is-auth` }),
    }),
    logoutUser: build.mutation<LogoutUserApiResponse, LogoutUserApiArg>({
      query: () => ({ url: `/api/user/logout`, method: 'GET' }),
    }),
    logoutUserByPost: build.mutation<LogoutUserByPostApiResponse, LogoutUserByPostApiArg>({
      query: () => ({ url: `/api/user/logout`, method: 'POST' }),
    }),
    getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
      query: () => ({ url: `/api/user/profile` }),
    }),
    listStandingOrders: build.query<ListStandingOrdersApiResponse, ListStandingOrdersApiArg>({
      query: () => ({ url: `/api/user/standing-orders` }),
    }),
    createStandingOrder: build.mutation<CreateStandingOrderApiResponse, CreateStandingOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/user/standing-orders`,
        method: 'POST',
        body: queryArg.createStandingOrderDto,
      }),
    }),
    deleteStandingOrder: build.mutation<DeleteStandingOrderApiResponse, DeleteStandingOrderApiArg>({
      query: (queryArg) => ({ url: `/api/user/standing-orders/${queryArg.id}`, method: 'DELETE' }),
    }),
    updateStandingOrder: build.mutation<UpdateStandingOrderApiResponse, UpdateStandingOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/user/standing-orders/${queryArg.id}`,
        method: 'PUT',
        body: queryArg.updateStandingOrderDto,
      }),
    }),
    updatePhone: build.mutation<UpdatePhoneApiResponse, UpdatePhoneApiArg>({
      query: (queryArg) => ({ url: `/api/user/update-phone`, method: 'PUT', body: queryArg.updatePhoneDto }),
    }),
    usuals: build.query<UsualsApiResponse, UsualsApiArg>({
      query: () => ({ url: `/api/user/usuals` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetAuthConfigApiResponse = /** status 200  */ AuthConfigResponse;
export type GetAuthConfigApiArg = void;
export type CreateDevIdTokenApiResponse = /** status 200  */ DevIdTokenResponse;
export type CreateDevIdTokenApiArg = {
  devIdTokenDto: DevIdTokenDto;
};
export type UpdateCartApiResponse = /** status 200  */ UpdateCartResponse;
export type UpdateCartApiArg = {
  updateCartDto: UpdateCartDto;
};
export type ListContactMessagesApiResponse = /** status 200  */ ContactMessagesResponse;
export type ListContactMessagesApiArg = {
  /** Page number, from 1 */
  page?: number;
  /** Entries per page (1-100) */
  limit?: number;
};
export type SendContactMessageApiResponse = /** status 201  */ SendContactMessageResponse;
export type SendContactMessageApiArg = {
  sendContactMessageDto: SendContactMessageDto;
};
export type CheckDeliveryApiResponse = /** status 200  */ DeliveryCheckResponse;
export type CheckDeliveryApiArg = {
  /** A UK postcode, in any case and spacing */
  postcode: string;
};
export type ListDeliverySlotsApiResponse = /** status 200  */ DeliverySlotsResponse;
export type ListDeliverySlotsApiArg = void;
export type HealthApiResponse = /** status 200 The API and its database are up */ {
  details: {
    [key: string]: any;
  };
  error: {
    [key: string]: any;
  };
  info: {
    [key: string]: any;
  };
  status: string;
};
export type HealthApiArg = void;
export type ListNewsletterSubscribersApiResponse = /** status 200  */ NewsletterSubscribersResponse;
export type ListNewsletterSubscribersApiArg = {
  /** Page number, from 1 */
  page?: number;
  /** Entries per page (1-100) */
  limit?: number;
};
export type SubscribeToNewsletterApiResponse = /** status 201  */ SubscribeNewsletterResponse;
export type SubscribeToNewsletterApiArg = {
  subscribeNewsletterDto: SubscribeNewsletterDto;
};
export type PlaceCodOrderApiResponse = /** status 201  */ PlaceOrderResponse;
export type PlaceCodOrderApiArg = {
  /** Any unique string per checkout attempt: repeating it answers the first order instead of placing another */
  'idempotency-key'?: string;
  placeOrderDto: PlaceOrderDto;
};
export type ListSellerOrdersApiResponse = /** status 200  */ SellerOrdersResponse;
export type ListSellerOrdersApiArg = {
  /** Page number, from 1 */
  page?: number;
  /** Entries per page (1-100) */
  limit?: number;
};
export type PlaceStripeOrderApiResponse = /** status 201  */ StripeCheckoutResponse;
export type PlaceStripeOrderApiArg = {
  /** Any unique string per checkout attempt: repeating it answers the first order instead of placing another */
  'idempotency-key'?: string;
  placeOrderDto: PlaceOrderDto;
};
export type ListUserOrdersApiResponse = /** status 200  */ UserOrdersResponse;
export type ListUserOrdersApiArg = void;
export type ChangeOrderApiResponse = /** status 200  */ ChangeOrderResponse;
export type ChangeOrderApiArg = {
  /** Order id */
  id: string;
  /** Any unique string per change: the change sent again with the same key changes nothing and answers with the order */
  'idempotency-key'?: string;
  changeOrderDto: ChangeOrderDto;
};
export type CancelOrderApiResponse = /** status 200  */ SuccessResponse;
export type CancelOrderApiArg = {
  /** Order id */
  id: string;
};
export type UpdateFulfilmentApiResponse = /** status 200  */ FulfilmentResponse;
export type UpdateFulfilmentApiArg = {
  /** Order id */
  id: string;
  /** Any unique string per step (a driver's phone gives each outcome its own): the step sent again with the same key changes nothing and answers with the order */
  'idempotency-key'?: string;
  updateFulfilmentDto: UpdateFulfilmentDto;
};
export type GetReceiptApiResponse = /** status 200  */ ReceiptResponse;
export type GetReceiptApiArg = {
  /** Order id */
  id: string;
};
export type RefundOrderApiResponse = /** status 201  */ RefundResponse;
export type RefundOrderApiArg = {
  /** Order id */
  id: string;
  refundDto: RefundDto;
};
export type UpdateOrderStatusApiResponse = /** status 200  */ SuccessResponse;
export type UpdateOrderStatusApiArg = {
  /** Order id */
  id: string;
  updateOrderStatusDto: UpdateOrderStatusDto;
};
export type AddProductApiResponse = /** status 201  */ ProductResponse;
export type AddProductApiArg = {
  body: {
    /** 1-4 pictures (JPEG, PNG, WebP or AVIF), at most 5 MB each */
    images: Blob[];
    /** JSON: { name, description: string[], category, price, offerPrice, vat, netQuantity?, unit?, stock?, ingredients?, allergens?, nutrition?, storage?, origin?, producer?, dietary?, ageRestricted?, maxPerOrder?, fruitVegNuts?, hfssCategory? } (pounds; vat in percent; 0 <= offerPrice <= price; netQuantity above 0 with at most 3 decimals in unit g, kg, ml, l or each, both or neither (without them no unit price); stock 0-100000 or null for not counted; ingredients up to 2000 characters; allergens: ids of the 14 UK allergens, and sending them confirms them ([] says it contains none); left out, the product is allergensConfirmed: false; nutrition per 100 g or 100 ml: { energyKj, energyKcal, fat, saturates, carbohydrate, sugars, fibre?, protein, salt } in grams, up to two decimals below 1 g and one from 1 g; producer: { name, address }; dietary: vegetarian, vegan; maxPerOrder: the most one order may hold, 1-99, or null for no limit) */
    productData: string;
  };
};
export type ListProductsApiResponse = /** status 200  */ ProductListResponse;
export type ListProductsApiArg = void;
export type SearchProductsApiResponse = /** status 200  */ ProductSearchResponse;
export type SearchProductsApiArg = {
  /** What to look for in names, categories and descriptions (typos forgiven), 1-100 characters; optional when freeFrom, diet or onOffer is given */
  q?: string;
  /** Allergen ids separated by commas: products containing any of them are left out, and so are products whose allergens the seller has not confirmed */
  freeFrom?: string;
  /** Only products suiting this diet */
  diet?: Diet;
  /** true: only products in a promotion running now ("On offer") */
  onOffer?: boolean;
};
export type SetProductStockApiResponse = /** status 200  */ ProductResponse;
export type SetProductStockApiArg = {
  setProductStockDto: SetProductStockDto;
};
export type DeleteProductApiResponse = /** status 200  */ SuccessResponse;
export type DeleteProductApiArg = {
  /** Product id */
  id: string;
};
export type UpdateProductApiResponse = /** status 200  */ ProductResponse;
export type UpdateProductApiArg = {
  /** Product id */
  id: string;
  body: {
    /** Optional: 1-4 pictures that replace the current ones (JPEG, PNG, WebP or AVIF), at most 5 MB each */
    images?: Blob[];
    /** JSON with any of the add fields: { name?, description?, category?, price?, offerPrice?, vat?, netQuantity?, unit?, stock?, ingredients?, allergens?, nutrition?, storage?, origin?, producer?, dietary?, ageRestricted?, maxPerOrder?, fruitVegNuts?, hfssCategory? }; fields left out keep their values; null clears an optional one */
    productData: string;
  };
};
export type ListPromotionsApiResponse = /** status 200  */ PromotionListResponse;
export type ListPromotionsApiArg = void;
export type ListActivityApiResponse = /** status 200  */ ActivityResponse;
export type ListActivityApiArg = {
  /** Page number, from 1 */
  page?: number;
  /** Entries per page (1-100) */
  limit?: number;
  /** Only what this member did */
  actor?: string;
  /** Only entries about this kind of thing */
  kind?: ActivityKind;
  /** From this day (London), YYYY-MM-DD */
  from?: string;
  /** Up to and including this day (London), YYYY-MM-DD */
  to?: string;
};
export type GetCashUpApiResponse = /** status 200  */ CashUpResponse;
export type GetCashUpApiArg = {
  /** Delivery date, YYYY-MM-DD */
  date: string;
};
export type SignOffCashUpApiResponse = /** status 200  */ CashUpResponse;
export type SignOffCashUpApiArg = {
  cashUpDto: CashUpDto;
};
export type SellerIsAuthApiResponse = /** status 200  */ SellerIsAuthResponse;
export type SellerIsAuthApiArg = void;
export type SellerLoginApiResponse = /** status 200  */ SellerLoginResponse;
export type SellerLoginApiArg = {
  sellerLoginDto: SellerLoginDto;
};
export type SellerLoginCodeApiResponse = /** status 200  */ SellerLoginResponse;
export type SellerLoginCodeApiArg = {
  twoFactorCodeDto: TwoFactorCodeDto;
};
export type SellerLogoutApiResponse = /** status 200  */ SuccessResponse;
export type SellerLogoutApiArg = void;
export type SellerLogoutByPostApiResponse = /** status 200  */ SuccessResponse;
export type SellerLogoutByPostApiArg = void;
export type ChangeStaffPasswordApiResponse = /** status 200  */ SuccessResponse;
export type ChangeStaffPasswordApiArg = {
  changePasswordDto: ChangePasswordDto;
};
export type GetPickingApiResponse = /** status 200  */ PickingResponse;
export type GetPickingApiArg = {
  /** Delivery date, YYYY-MM-DD; absent for the earliest date from the next picking date on that has non-cancelled orders (the next picking date itself when none has) */
  date?: string;
};
export type ListSellerPromotionsApiResponse = /** status 200  */ SellerPromotionListResponse;
export type ListSellerPromotionsApiArg = void;
export type CreatePromotionApiResponse = /** status 201  */ PromotionResponse;
export type CreatePromotionApiArg = {
  promotionInputDto: PromotionInputDto;
};
export type EndPromotionApiResponse = /** status 200  */ SuccessResponse;
export type EndPromotionApiArg = {
  /** Promotion id */
  id: string;
};
export type UpdatePromotionApiResponse = /** status 200  */ PromotionResponse;
export type UpdatePromotionApiArg = {
  /** Promotion id */
  id: string;
  promotionInputDto: PromotionInputDto;
};
export type ListRefusalsApiResponse = /** status 200 JSON, or text/csv with format=csv */ RefusalsResponse;
export type ListRefusalsApiArg = {
  /** First London day, YYYY-MM-DD */
  from: string;
  /** Last London day, YYYY-MM-DD */
  to: string;
  /** csv: one row a refusal */
  format?: 'json' | 'csv';
};
export type GetRunApiResponse = /** status 200  */ RunResponse;
export type GetRunApiArg = {
  /** Delivery date, YYYY-MM-DD */
  date: string;
  /** One of: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time: string;
};
export type GetRunSheetApiResponse = /** status 200 The run sheet */ string;
export type GetRunSheetApiArg = {
  /** Delivery date, YYYY-MM-DD */
  date: string;
  /** One of: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time: string;
};
export type ListStaffApiResponse = /** status 200  */ StaffListResponse;
export type ListStaffApiArg = void;
export type AddStaffApiResponse = /** status 201  */ StaffMemberResponse;
export type AddStaffApiArg = {
  addStaffDto: AddStaffDto;
};
export type RemoveStaffApiResponse = /** status 200  */ SuccessResponse;
export type RemoveStaffApiArg = {
  /** The member */
  id: string;
};
export type UpdateStaffApiResponse = /** status 200  */ StaffMemberResponse;
export type UpdateStaffApiArg = {
  /** The member */
  id: string;
  updateStaffDto: UpdateStaffDto;
};
export type GetSellerSummaryApiResponse = /** status 200  */ SellerSummaryResponse;
export type GetSellerSummaryApiArg = void;
export type GetTakingsApiResponse = /** status 200 JSON, or text/csv with format=csv */ TakingsResponse;
export type GetTakingsApiArg = {
  /** First London day, YYYY-MM-DD */
  from: string;
  /** Last London day, YYYY-MM-DD */
  to: string;
  /** csv: one row per delivered order, for a bookkeeping package */
  format?: 'json' | 'csv';
};
export type GetTwoFactorStatusApiResponse = /** status 200  */ TwoFactorStatusResponse;
export type GetTwoFactorStatusApiArg = void;
export type ConfirmTwoFactorSetupApiResponse = /** status 200  */ TwoFactorRecoveryCodesResponse;
export type ConfirmTwoFactorSetupApiArg = {
  twoFactorCodeDto: TwoFactorCodeDto;
};
export type DisableTwoFactorApiResponse = /** status 200  */ SuccessResponse;
export type DisableTwoFactorApiArg = {
  twoFactorCodeDto: TwoFactorCodeDto;
};
export type StartTwoFactorSetupApiResponse = /** status 200  */ TwoFactorEnrolmentResponse;
export type StartTwoFactorSetupApiArg = void;
export type GetBusinessDetailsApiResponse = /** status 200  */ BusinessDetailsResponse;
export type GetBusinessDetailsApiArg = void;
export type UpdateBusinessDetailsApiResponse = /** status 200  */ BusinessDetailsResponse;
export type UpdateBusinessDetailsApiArg = {
  businessDetailsDto: BusinessDetailsDto;
};
export type GetDeliverySettingsApiResponse = /** status 200  */ DeliverySettingsResponse;
export type GetDeliverySettingsApiArg = void;
export type UpdateDeliverySettingsApiResponse = /** status 200  */ DeliverySettingsResponse;
export type UpdateDeliverySettingsApiArg = {
  updateDeliverySettingsDto: UpdateDeliverySettingsDto;
};
export type GetDeliveryAreasApiResponse = /** status 200  */ DeliveryAreasResponse;
export type GetDeliveryAreasApiArg = void;
export type UpdateDeliveryAreasApiResponse = /** status 200  */ DeliveryAreasResponse;
export type UpdateDeliveryAreasApiArg = {
  updateDeliveryAreasDto: UpdateDeliveryAreasDto;
};
export type GetFoodPromotionSettingsApiResponse = /** status 200  */ FoodPromotionSettingsResponse;
export type GetFoodPromotionSettingsApiArg = void;
export type UpdateFoodPromotionSettingsApiResponse = /** status 200  */ FoodPromotionSettingsResponse;
export type UpdateFoodPromotionSettingsApiArg = {
  foodPromotionSettingsDto: FoodPromotionSettingsDto;
};
export type GetLicenceSettingsApiResponse = /** status 200  */ LicenceSettingsResponse;
export type GetLicenceSettingsApiArg = void;
export type UpdateLicenceSettingsApiResponse = /** status 200  */ LicenceSettingsResponse;
export type UpdateLicenceSettingsApiArg = {
  licenceSettingsDto: LicenceSettingsDto;
};
export type GetOrderSettingsApiResponse = /** status 200  */ OrderSettingsResponse;
export type GetOrderSettingsApiArg = void;
export type UpdateOrderSettingsApiResponse = /** status 200  */ OrderSettingsResponse;
export type UpdateOrderSettingsApiArg = {
  updateOrderSettingsDto: UpdateOrderSettingsDto;
};
export type GetShippingSettingsApiResponse = /** status 200  */ ShippingSettingsResponse;
export type GetShippingSettingsApiArg = void;
export type UpdateShippingSettingsApiResponse = /** status 200  */ ShippingSettingsResponse;
export type UpdateShippingSettingsApiArg = {
  updateShippingSettingsDto: UpdateShippingSettingsDto;
};
export type AddAddressApiResponse = /** status 200  */ AddAddressResponse;
export type AddAddressApiArg = {
  addAddressDto: AddAddressDto;
};
export type CheckEmailApiResponse = /** status 200  */ CheckEmailResponse;
export type CheckEmailApiArg = {
  checkEmailDto: CheckEmailDto;
};
export type DeleteAccountApiResponse = /** status 200  */ DeleteAccountResponse;
export type DeleteAccountApiArg = void;
export type ExportMyDataApiResponse =
  /** status 200 Sent as an attachment (larder-my-data-YYYY-MM-DD.json) */ DataExportResponse;
export type ExportMyDataApiArg = void;
export type FavouritesApiResponse = /** status 200  */ FavouritesResponse;
export type FavouritesApiArg = void;
export type RemoveFavouriteApiResponse = /** status 200  */ FavouritesResponse;
export type RemoveFavouriteApiArg = {
  /** Product id */
  productId: string;
};
export type AddFavouriteApiResponse = /** status 200  */ FavouritesResponse;
export type AddFavouriteApiArg = {
  /** Product id */
  productId: string;
};
export type GoogleLoginApiResponse = /** status 200  */ GoogleLoginResponse;
export type GoogleLoginApiArg = {
  googleLoginDto: GoogleLoginDto;
};
export type UserIsAuthApiResponse = /** status 200  */ SessionCheckResponse;
export type UserIsAuthApiArg = void;
export type LogoutUserApiResponse = /** status 200  */ SuccessResponse;
export type LogoutUserApiArg = void;
export type LogoutUserByPostApiResponse = /** status 200  */ SuccessResponse;
export type LogoutUserByPostApiArg = void;
export type GetProfileApiResponse = /** status 200  */ ProfileResponse;
export type GetProfileApiArg = void;
export type ListStandingOrdersApiResponse = /** status 200  */ StandingOrdersResponse;
export type ListStandingOrdersApiArg = void;
export type CreateStandingOrderApiResponse = /** status 201  */ StandingOrderResponse;
export type CreateStandingOrderApiArg = {
  createStandingOrderDto: CreateStandingOrderDto;
};
export type DeleteStandingOrderApiResponse = /** status 200  */ SuccessResponse;
export type DeleteStandingOrderApiArg = {
  /** Standing order id */
  id: string;
};
export type UpdateStandingOrderApiResponse = /** status 200  */ StandingOrderResponse;
export type UpdateStandingOrderApiArg = {
  /** Standing order id */
  id: string;
  updateStandingOrderDto: UpdateStandingOrderDto;
};
export type UpdatePhoneApiResponse = /** status 200  */ UpdatePhoneResponse;
export type UpdatePhoneApiArg = {
  updatePhoneDto: UpdatePhoneDto;
};
export type UsualsApiResponse = /** status 200  */ UsualsResponse;
export type UsualsApiArg = void;
export type AuthConfigResponse = {
  /** Whether the development identity provider (POST /api/auth/dev/id-token) is on */
  devSignIn: boolean;
  /** The Google OAuth client id for Google sign-in, or null when it is not configured */
  googleClientId: string | null;
  /** Whether the Google redirect flow (GET /api/auth/google) is available */
  googleRedirect: boolean;
  success: boolean;
};
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_SIGNED_IN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'REQUEST_TOO_LARGE'
  | 'URL_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_REQUEST'
  | 'INTERNAL_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'SERVICE_UNAVAILABLE'
  | 'ORIGIN_NOT_ALLOWED'
  | 'INVALID_JSON'
  | 'INVALID_CREDENTIALS'
  | 'SIGN_IN_LOCKED'
  | 'TWO_FACTOR_CODE_WRONG'
  | 'TWO_FACTOR_SIGN_IN_EXPIRED'
  | 'TWO_FACTOR_TOO_MANY_CODES'
  | 'TWO_FACTOR_ALREADY_ON'
  | 'TWO_FACTOR_NOT_STARTED'
  | 'TWO_FACTOR_NOT_ON'
  | 'GOOGLE_SIGN_IN_FAILED'
  | 'EMAIL_NOT_REGISTERED'
  | 'OUT_OF_STOCK'
  | 'PER_ORDER_LIMIT'
  | 'ITEM_UNAVAILABLE'
  | 'SLOT_FULL'
  | 'DELIVERY_DATE_UNAVAILABLE'
  | 'TOTALS_CHANGED'
  | 'AGE_CONFIRMATION_REQUIRED'
  | 'TOO_MANY_OPEN_ORDERS'
  | 'ORDER_IN_PROGRESS'
  | 'IDEMPOTENCY_KEY_INVALID'
  | 'ADDRESS_NOT_FOUND'
  | 'NOT_DELIVERED_HERE'
  | 'ORDER_NOT_CHANGEABLE'
  | 'CARD_PAYMENTS_UNAVAILABLE'
  | 'STRIPE_SIGNATURE_INVALID'
  | 'CANCEL_NOT_ALLOWED'
  | 'STATUS_CHANGE_NOT_ALLOWED'
  | 'FULFILMENT_STEP_NOT_ALLOWED'
  | 'SUBSTITUTE_NOT_ALLOWED'
  | 'ALCOHOL_OUTSIDE_LICENSED_HOURS'
  | 'ALCOHOL_SLOT_NOT_LICENSED'
  | 'LESS_HEALTHY_IN_VOLUME_PROMOTION'
  | 'TOO_MANY_ADDRESSES';
export type ErrorResponse = {
  /** Stable and machine-readable: the refusal's own code, or its status's generic one (VALIDATION_FAILED, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, ...). */
  code: ErrorCode;
  /** With VALIDATION_FAILED from a body's field check: the path of the field refused (`nutrition.sugars`). */
  field?: string;
  /** For people; may be reworded. Compare `code` instead. */
  message: string;
  success: boolean;
};
export type DevIdTokenResponse = {
  success: boolean;
  /** An RS256 ID token for POST /api/user/google-login (valid for 10 minutes) */
  tokenId: string;
};
export type DevIdTokenDto = {
  /** The e-mail address to sign in as */
  email: string;
  /** Given name claim */
  firstName?: string;
  /** Family name claim */
  lastName?: string;
};
export type UpdateCartResponse = {
  /** The cart as stored (out-of-stock products dropped) */
  cartItems: {
    [key: string]: number;
  };
  message: string;
  success: boolean;
};
export type UpdateCartDto = {
  /** Product id to quantity (a whole number from 1 to 99); at most 100 products */
  cartItems: {
    [key: string]: number;
  };
};
export type ContactMessageView = {
  _id: string;
  createdAt: string;
  email: string;
  /** When it was e-mailed to the shop (null when e-mail is not configured or sending failed) */
  emailedAt: string | null;
  message: string;
  name: string;
  phone: string;
};
export type ContactMessagesResponse = {
  /** Entries per page */
  limit: number;
  /** This page of the messages, newest first */
  messages: ContactMessageView[];
  /** This page, from 1 */
  page: number;
  success: boolean;
  /** Entries in the whole list */
  total: number;
  /** Number of pages (1 for an empty list); a page past the last answers no entries */
  totalPages: number;
};
export type SendContactMessageResponse = {
  message: string;
  success: boolean;
};
export type SendContactMessageDto = {
  /** Sender e-mail address (replies go there) */
  email: string;
  /** The message */
  message: string;
  /** Sender name */
  name: string;
  /** Sender phone number */
  phone: string;
};
export type DeliveryCheckResponse = {
  /** The delivery city to choose for it, when the shop delivers there */
  city?: 'Bristol' | 'Cardiff' | 'Somerset' | 'Swindon';
  /** Whether the shop delivers to this postcode */
  delivers: boolean;
  /** The postcode as Royal Mail writes it */
  postcode: string;
  success: boolean;
};
export type DeliverySlotTime = '10:00 - 11:00' | '11:00 - 12:00' | '12:00 - 13:00';
export type DeliverySlotAvailabilityDto = {
  /** Whether the slot lies within the premises licence's hours for alcohol (London time); checkout refuses 18+ products for a slot that does not */
  alcohol: boolean;
  /** Places left (0 when full) */
  available: number;
  /** Orders already booked into it */
  booked: number;
  /** Orders the slot takes */
  capacity: number;
  time: DeliverySlotTime;
};
export type DeliverySlotsResponse = {
  /** The one selectable delivery date (London) */
  date: string;
  /** The three slots of that date, in order */
  slots: DeliverySlotAvailabilityDto[];
  success: boolean;
};
export type NewsletterSubscriberView = {
  /** When the address joined the list */
  createdAt: string;
  email: string;
};
export type NewsletterSubscribersResponse = {
  /** Entries per page */
  limit: number;
  /** This page, from 1 */
  page: number;
  /** This page of the subscribers, newest first */
  subscribers: NewsletterSubscriberView[];
  success: boolean;
  /** Entries in the whole list */
  total: number;
  /** Number of pages (1 for an empty list); a page past the last answers no entries */
  totalPages: number;
};
export type SubscribeNewsletterResponse = {
  message: string;
  success: boolean;
};
export type SubscribeNewsletterDto = {
  /** The address to send offers to */
  email: string;
};
export type PlaceOrderResponse = {
  message: string;
  orderId: string;
  success: boolean;
};
export type TotalsChangedResponse = {
  /** Current total, pounds (when the figures changed) */
  amount?: number;
  /** Stable and machine-readable: the refusal's own code, or its status's generic one (VALIDATION_FAILED, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, ...). */
  code: ErrorCode;
  /** The selectable delivery date (when the posted one is gone) */
  deliveryDate?: string;
  /** With VALIDATION_FAILED from a body's field check: the path of the field refused (`nutrition.sugars`). */
  field?: string;
  /** Current goods total, pounds */
  goods?: number;
  /** For people; may be reworded. Compare `code` instead. */
  message: string;
  /** Current shipping charge, pounds */
  shippingCharge?: number;
  success: boolean;
  /** Current VAT, pounds */
  totalVat?: number;
};
export type DeliverySlotDto = {
  /** Delivery date, YYYY-MM-DD: the one selectable date (next day before 15:00 London, else two days ahead) */
  date: string;
  /** One of: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time: string;
};
export type OrderLineDto = {
  /** Whether a substitute may be sent when the product is short (default true) */
  allowSubstitutes?: boolean;
  /** Product id */
  product: string;
  /** Quantity, a whole number from 1 to 99 */
  quantity: number;
  /** VAT rate in percent as the client saw it (informational: the product's current rate is used) */
  vat?: number;
};
export type PlaceOrderDto = {
  /** Id of one of the customer's saved addresses */
  address: string;
  /** The customer confirms they are 18 or over: required (true) when any line is an age-restricted product */
  ageConfirmed?: boolean;
  /** Total to pay in pounds as shown to the customer (goods + VAT + shipping) */
  amount: number;
  /** Chosen delivery date and slot */
  deliverySlot: DeliverySlotDto;
  /** Order lines; lines naming the same product are merged (their quantities added, at most 99) */
  items: OrderLineDto[];
  /** Informational: the call decides the payment type (COD for /order/cod, Online for /order/stripe) */
  paymentType?: 'COD' | 'Online';
  /** Shipping charge in pounds as shown to the customer */
  shippingCharge: number;
  /** Total VAT in pounds as shown to the customer */
  totalVat: number;
  /** Ignored: the order is placed for the signed-in customer */
  userId?: string | null;
};
export type OrderAddressView = {
  city: string;
  country: string;
  postalCode: string;
  state: string;
  street: string;
};
export type CollectedView = {
  /** Paid by card at the door, pounds */
  card: number;
  /** Cash handed over at the door, pounds */
  cash: number;
  /** Change given back from the cash, pounds */
  change: number;
  /** What the shop kept: cash less change, and card, pounds */
  kept: number;
};
export type OrderCustomerView = {
  /** Delivery address as one line of text */
  address: string | null;
  email: string | null;
  /** Customer name at checkout, or "Deleted customer" */
  name: string;
  phone: string | null;
};
export type OrderDealView = {
  label: string;
  promotion: string;
  /** What it saved, pounds with VAT */
  saving: number;
  /** How many times the deal applied */
  times: number;
};
export type DeliverySlotView = {
  /** YYYY-MM-DD */
  date: string;
  time: string;
};
export type DeliveryFailureReason = 'not_at_home' | 'refused' | 'wrong_address' | 'unsafe' | 'other';
export type FailedDeliveryView = {
  /** The driver's note */
  note: string | null;
  reason: DeliveryFailureReason;
};
export type FulfilmentStage =
  'placed' | 'picking' | 'picked' | 'out_for_delivery' | 'delivered' | 'failed_delivery';
export type IdCheckOutcome = 'passed' | 'failed';
export type OrderLinePromotionView = {
  _id: string;
  label: string;
  /** The line's share of the deal's saving, pounds with VAT */
  saving: number;
};
export type OrderSubstituteView = {
  /** Sold to adults only (18+): ID may be asked for at the door */
  ageRestricted: boolean;
  /** Name of the substitute when it was picked */
  name: string;
  /** Unit price charged, pounds: never more than the ordered product's */
  price: number;
  /** Product id of the substitute */
  product: string;
  quantity: number;
  /** VAT rate in percent: the substitute's */
  vat: number;
};
export type OrderItemView = {
  /** Sold to adults only (18+) when ordered: ID may be asked for at the door */
  ageRestricted: boolean;
  /** Whether the customer accepts a substitute when the product is short */
  allowSubstitutes: boolean;
  /** What the line cost with VAT as placed, pounds: its units at their price with VAT, less its share of a deal */
  charged: number;
  /** Main product image URL at checkout */
  image: string | null;
  /** Product name at checkout */
  name: string;
  /** Units found when the order was picked; null before picking */
  picked: number | null;
  /** Unit price paid (offer price at checkout), pounds */
  price: number;
  /** Product id (same as productId) */
  product: string;
  productId: string;
  /** The deal its units were priced in, or null */
  promotion: OrderLinePromotionView | (null | null);
  quantity: number;
  /** Refused at the door: the line is not part of the total */
  refused: boolean;
  /** What was sent instead of the missing units, or null */
  substitute: OrderSubstituteView | (null | null);
  /** VAT rate in percent at checkout */
  vat: number;
};
export type PaymentType = 'COD' | 'Online';
export type OrderStatus = 'Pending' | 'Completed' | 'Cancelled';
export type SellerOrderView = {
  _id: string;
  /** Delivery address copied at checkout; null once the customer deleted their account */
  address: OrderAddressView | (null | null);
  /** An 18+ product goes to the door (ordered or substituted, not refused): ask for ID (Challenge 25) */
  ageCheckRequired: boolean;
  /** The customer confirmed on this order that they are 18 or over, so 18+ products may go into it */
  ageConfirmed: boolean;
  /** Total paid: goods + VAT + shipping, pounds */
  amount: number;
  /** Until when the customer may change the order: 15:00 London on the day before delivery (ISO 8601 with offset) */
  changeableUntil: string;
  /** What the driver collected at the door (may differ from due); null until recorded */
  collected: CollectedView | (null | null);
  createdAt: string;
  customer: OrderCustomerView;
  /** Each promotion that applied */
  deals: OrderDealView[];
  /** When the order was handed over (its time of supply); null until delivered */
  deliveredAt: string | null;
  deliverySlot: DeliverySlotView;
  /** What the customer owes for the order, pounds: the total of a cash-on-delivery order (after lines left at the door), 0 for a card order paid */
  due: number;
  /** Why the delivery failed, while fulfilment is failed_delivery; null otherwise */
  failedDelivery: FailedDeliveryView | (null | null);
  /** How far the seller has got; moves forward only, except failed_delivery (not handed over at the door), after which the order is re-booked (back to picked) or cancelled */
  fulfilment: FulfilmentStage;
  /** Sum of unit price x quantity, pounds */
  goods: number;
  /** The ID check at the door (Challenge 25), when one was recorded */
  idCheck: IdCheckOutcome | (null | null);
  isPaid: boolean;
  items: OrderItemView[];
  paymentType: PaymentType;
  /** Money is owed back to the customer (refundDueAmount above 0): a paid order cancelled, or a paid order whose total fell */
  refundDue: boolean;
  /** Pounds owed back to the customer: the whole amount of a paid order cancelled, or what a paid order fell by (short picks, substitutes, lines refused at the door); 0 when nothing is owed */
  refundDueAmount: number;
  /** What the promotions took off the order, pounds with VAT */
  savings: number;
  /** Pounds */
  shippingCharge: number;
  /** The customer's regular delivery (standing order) that placed the order; null for one placed by hand */
  standingOrder?: string | null;
  status: OrderStatus;
  /** The goods' VAT, pounds (amount = goods + totalVat + shippingCharge) */
  totalVat: number;
  /** Null once the customer deleted their account */
  userId: string | null;
  /** All the VAT the amount includes, pounds: the goods' VAT and the delivery charge's share (HMRC VAT Notice 700/24: the charge follows the goods' rates, shared by their value) */
  vatIncluded: number;
};
export type SellerOrdersResponse = {
  /** Entries per page */
  limit: number;
  /** This page of the orders, newest first */
  orders: SellerOrderView[];
  /** This page, from 1 */
  page: number;
  success: boolean;
  /** Entries in the whole list */
  total: number;
  /** Number of pages (1 for an empty list); a page past the last answers no entries */
  totalPages: number;
};
export type StripeCheckoutResponse = {
  orderId: string;
  success: boolean;
  /** Stripe Checkout page to redirect the customer to */
  url: string;
};
export type OrderView = {
  _id: string;
  /** Delivery address copied at checkout; null once the customer deleted their account */
  address: OrderAddressView | (null | null);
  /** The customer confirmed on this order that they are 18 or over, so 18+ products may go into it */
  ageConfirmed: boolean;
  /** Total paid: goods + VAT + shipping, pounds */
  amount: number;
  /** Until when the customer may change the order: 15:00 London on the day before delivery (ISO 8601 with offset) */
  changeableUntil: string;
  /** What the driver collected at the door (may differ from due); null until recorded */
  collected: CollectedView | (null | null);
  createdAt: string;
  /** Each promotion that applied */
  deals: OrderDealView[];
  /** When the order was handed over (its time of supply); null until delivered */
  deliveredAt: string | null;
  deliverySlot: DeliverySlotView;
  /** What the customer owes for the order, pounds: the total of a cash-on-delivery order (after lines left at the door), 0 for a card order paid */
  due: number;
  /** Why the delivery failed, while fulfilment is failed_delivery; null otherwise */
  failedDelivery: FailedDeliveryView | (null | null);
  /** How far the seller has got; moves forward only, except failed_delivery (not handed over at the door), after which the order is re-booked (back to picked) or cancelled */
  fulfilment: FulfilmentStage;
  /** Sum of unit price x quantity, pounds */
  goods: number;
  /** The ID check at the door (Challenge 25), when one was recorded */
  idCheck: IdCheckOutcome | (null | null);
  isPaid: boolean;
  items: OrderItemView[];
  paymentType: PaymentType;
  /** Pounds owed back to the customer: the whole amount of a paid order cancelled, or what a paid order fell by (short picks, substitutes, lines refused at the door); 0 when nothing is owed */
  refundDueAmount: number;
  /** What the promotions took off the order, pounds with VAT */
  savings: number;
  /** Pounds */
  shippingCharge: number;
  /** The customer's regular delivery (standing order) that placed the order; null for one placed by hand */
  standingOrder?: string | null;
  status: OrderStatus;
  /** The goods' VAT, pounds (amount = goods + totalVat + shippingCharge) */
  totalVat: number;
  /** Null once the customer deleted their account */
  userId: string | null;
  /** All the VAT the amount includes, pounds: the goods' VAT and the delivery charge's share (HMRC VAT Notice 700/24: the charge follows the goods' rates, shared by their value) */
  vatIncluded: number;
};
export type UserOrdersResponse = {
  /** Newest first */
  orders: OrderView[];
  success: boolean;
};
export type ChangeOrderResponse = {
  message: string;
  order: OrderView;
  success: boolean;
};
export type ChangeOrderLineDto = {
  /** Whether a substitute may be sent when the product is short (default true) */
  allowSubstitutes?: boolean;
  /** Product id */
  product: string;
  /** Quantity, a whole number from 1 to 99 */
  quantity: number;
};
export type ChangeOrderDto = {
  /** Id of one of the customer's saved addresses; the order keeps its address when absent */
  address?: string;
  /** The customer confirms they are 18 or over: required (true) when any line is an age-restricted product */
  ageConfirmed?: boolean;
  /** Another slot on the delivery date; the order keeps its slot when absent */
  deliverySlot?: DeliverySlotDto;
  /** The order's new lines (replacing all of them); lines naming the same product are merged */
  items: ChangeOrderLineDto[];
};
export type SuccessResponse = {
  message?: string;
  success: boolean;
};
export type FulfilmentResponse = {
  message: string;
  order: SellerOrderView;
  success: boolean;
};
export type CollectedDto = {
  /** Paid by card at the door, pounds */
  card: number;
  /** Cash taken at the door, pounds */
  cash: number;
};
export type SubstituteDto = {
  /** The product sent instead (another live product) */
  product: string;
  /** Units sent, at most the units missing */
  quantity: number;
};
export type FulfilmentLineDto = {
  /** Stage picked: units found, 0 to the quantity ordered */
  picked?: number;
  /** The order line's product */
  product: string;
  /** Stage delivered: the customer refused the line at the door */
  refused?: boolean;
  /** Stage picked: a substitute for missing units, where the line allows substitutes */
  substitute?: SubstituteDto;
};
export type UpdateFulfilmentDto = {
  /** Stage delivered: what the customer handed over (may differ from what was due, never below 0) */
  collected?: CollectedDto;
  /** Re-booking a failed delivery (stage placed): a slot of the delivery date customers can book now */
  deliverySlot?: DeliverySlotDto;
  /** Stage delivered: the ID check at the door (Challenge 25); failed takes every 18+ line out of the order */
  idCheck?: 'passed' | 'failed';
  /** Stage picked: every line of the order once. Stage delivered: the lines refused at the door (optional). */
  lines?: FulfilmentLineDto[];
  /** Stage failed_delivery: the driver's note (required with reason other) */
  note?: string;
  /** Stage failed_delivery: why the order could not be handed over */
  reason?: 'not_at_home' | 'refused' | 'wrong_address' | 'unsafe' | 'other';
  /** The next stage: placed → picking → picked → out_for_delivery → delivered; or, for an order out for delivery that could not be handed over, failed_delivery (with a reason); then placed with a deliverySlot re-books it */
  stage: 'placed' | 'picking' | 'picked' | 'out_for_delivery' | 'delivered' | 'failed_delivery';
};
export type ReceiptCustomerView = {
  address: string | null;
  name: string;
};
export type ReceiptDealView = {
  label: string;
  /** What it took off the order, pounds with VAT */
  saving: number;
};
export type ReceiptKind = 'receipt' | 'simplified_vat_invoice' | 'full_vat_invoice';
export type ReceiptLineView = {
  /** Pounds with VAT */
  amount: number;
  name: string;
  /** The label of the deal some of its units are in ("Any 3 for £5"); null when none */
  promotion: string | null;
  quantity: number;
  /** What the deals took off the line, pounds with VAT (0 when none): it cost amount less saving */
  saving: number;
  /** VAT rate in percent */
  vatRate: number;
};
export type RefundMethod = 'cash' | 'card' | 'bank';
export type RefundView = {
  _id: string;
  /** Pounds */
  amount: number;
  at: string;
  /** Credit note number, from its own unbroken sequence */
  creditNote: string;
  method: RefundMethod;
  reason: string;
  reference: string | null;
};
export type ReceiptSellerView = {
  address: string;
  legalName: string;
  vatNumber: string | null;
};
export type ReceiptVatRateView = {
  /** Pounds with VAT */
  gross: number;
  /** Pounds before VAT */
  net: number;
  /** Percent */
  rate: number;
  /** Pounds */
  vat: number;
};
export type ReceiptView = {
  /** Paid by card at the door, pounds */
  card: number;
  /** Cash handed over, pounds */
  cash: number;
  /** Given back from the cash handed over, pounds */
  change: number;
  /** A full VAT invoice: the customer's name and address; null otherwise */
  customer: ReceiptCustomerView | (null | null);
  /** The deals that took something off the order, with what each took off */
  deals: ReceiptDealView[];
  /** receipt (the shop has no VAT number), simplified_vat_invoice (at most £250), full_vat_invoice (above £250) */
  kind: ReceiptKind;
  /** What was delivered, and delivery */
  lines: ReceiptLineView[];
  /** A full VAT invoice: its number from an unbroken sequence (INV-…); otherwise the order reference */
  number: string;
  /** What the shop kept: handed over less the change, or what the card payment captured, pounds */
  paid: number;
  /** Refunds given, with their credit notes */
  refunds: RefundView[];
  /** What the promotions took off the order, pounds with VAT (the order's savings): the lines' amounts less this are the total */
  savings: number;
  seller: ReceiptSellerView;
  /** When the goods were handed over */
  timeOfSupply: string;
  /** Pounds with VAT */
  total: number;
  vatRates: ReceiptVatRateView[];
};
export type ReceiptResponse = {
  receipt: ReceiptView;
  success: boolean;
};
export type RefundResponse = {
  refund: RefundView;
  success: boolean;
};
export type RefundLineDto = {
  /** The order line's product */
  product: string;
  /** Units refunded */
  quantity: number;
};
export type RefundDto = {
  /** Pounds given back */
  amount: number;
  /** The lines refunded, when it is for some of the goods */
  lines?: RefundLineDto[];
  /** How the money goes back */
  method: 'cash' | 'card' | 'bank';
  /** Why */
  reason: string;
  /** A card or bank reference */
  reference?: string;
};
export type UpdateOrderStatusDto = {
  /** New status; Completed also marks the order paid */
  status: 'Pending' | 'Completed' | 'Cancelled';
};
export type AllergenId =
  | 'celery'
  | 'gluten'
  | 'crustaceans'
  | 'eggs'
  | 'fish'
  | 'lupin'
  | 'milk'
  | 'molluscs'
  | 'mustard'
  | 'nuts'
  | 'peanuts'
  | 'sesame'
  | 'soya'
  | 'sulphites';
export type CategoryPath =
  | 'Vegetables'
  | 'Fruits'
  | 'Drinks'
  | 'Instant'
  | 'Dairy'
  | 'Bakery'
  | 'Grains'
  | 'Whole_Spices'
  | 'Ground_Spices'
  | 'Flour';
export type Diet = 'vegetarian' | 'vegan';
export type HfssCategory =
  | 'soft-drinks'
  | 'savoury-snacks'
  | 'breakfast-cereals'
  | 'confectionery'
  | 'ice-cream'
  | 'cakes'
  | 'sweet-biscuits'
  | 'morning-goods'
  | 'desserts-puddings'
  | 'sweetened-yoghurt'
  | 'pizza'
  | 'potato-products'
  | 'ready-meals';
export type NutritionViewDto = {
  /** Grams */
  carbohydrate: number;
  energyKcal: number;
  energyKj: number;
  /** Grams */
  fat: number;
  /** Grams; null when not declared */
  fibre: number | null;
  /** Grams */
  protein: number;
  /** Grams */
  salt: number;
  /** Grams */
  saturates: number;
  /** Grams */
  sugars: number;
};
export type ProducerViewDto = {
  address: string;
  name: string;
};
export type PromotionKind = 'multibuy' | 'buy_get_free' | 'reduction';
export type UnitPricePer = 'kg' | 'litre' | '100g' | '100ml' | '10g' | 'each';
export type UnitPriceDto = {
  /** Pounds per `per`, rounded to the penny */
  amount: number;
  per: UnitPricePer;
};
export type ProductPromotionDto = {
  _id: string;
  /** When it ends, ISO 8601 in London time with its offset */
  endsAt: string;
  kind: PromotionKind;
  label: string;
  /** A reduction: the product's price with VAT while it runs, pounds (what it is sold at); null for a deal */
  price: number | null;
  /** The unit price at the promotional price, with VAT (a multibuy: bought at the deal); null without a pack size */
  unitPrice: UnitPriceDto | (null | null);
  /** A reduction: the price with VAT it was sold at before, pounds ("Was £2.50"); null for a deal */
  was: number | null;
};
export type StruckPriceLabel = 'RRP' | 'Was';
export type TrafficLight = 'low' | 'medium' | 'high';
export type TrafficLightsDto = {
  fat: TrafficLight;
  salt: TrafficLight;
  saturates: TrafficLight;
  sugars: TrafficLight;
};
export type ProductDto = {
  _id: string;
  /** Sold to adults only ("18+ — ID may be requested on delivery") */
  ageRestricted: boolean;
  /** The UK allergens it contains (empty when none) */
  allergens: AllergenId[];
  /** Whether the seller has confirmed the allergen list; free-from filters keep only confirmed products */
  allergensConfirmed: boolean;
  category: CategoryPath;
  /** Description bullets */
  description: string[];
  /** Diets it suits */
  dietary: Diet[];
  /** Fruit, vegetables and nuts, whole percent (0-100); null when not given */
  fruitVegNuts: number | null;
  /** Its category in Schedule 1 to SI 2021/1368; null when not in scope of the food promotion rules */
  hfssCategory: HfssCategory | (null | null);
  /** Image URLs; the first is the main picture */
  image: string[];
  /** Whether a shopper can buy it now: listed, and stock is null or above 0 */
  inStock: boolean;
  /** Ingredients as the label prints them; null when none were entered */
  ingredients: string | null;
  /** Less healthy (HFSS) under SI 2021/1368: in a Schedule 1 category and scoring 4 or more (food) or 1 or more (drinks); false when out of scope or below; null when the score is unknown */
  lessHealthy: boolean | null;
  /** The seller's switch as set (POST /api/product/stock sets it with `inStock`): whether the product is offered in the shop */
  listed: boolean;
  /** The most one order may hold (set by the seller); null when there is no limit */
  maxPerOrder: number | null;
  name: string;
  /** Net quantity of the pack in `unit`; null when the seller has not given a pack size */
  netQuantity: number | null;
  /** Nutrient profiling model (2004/05) score per 100 g or 100 ml; null when a figure it needs (nutrition with fibre, fruitVegNuts) is missing */
  npmScore: number | null;
  /** Per 100 g (per 100 ml for drinks); null when not entered */
  nutrition: NutritionViewDto | (null | null);
  /** Offer price in pounds, before VAT */
  offerPrice: number;
  /** Offer price with VAT in pounds, as shoppers are shown and charged it: offerPrice x (1 + vat/100), rounded half-up to the penny; an order line costs this x quantity */
  offerPriceWithVat: number;
  /** Country or place of origin */
  origin: string | null;
  /** Price (MRP) in pounds, before VAT */
  price: number;
  /** Price (MRP) with VAT in pounds, as shoppers are shown it: price x (1 + vat/100), rounded half-up to the penny */
  priceWithVat: number;
  /** Whether it may be shown in the prime places of SI 2021/1368 reg 6 (the home page rows, the basket and checkout suggestions): false while the food promotion rules apply to the shop and the product is less healthy; search, its category page and the shopper's own basket show it either way */
  primePlaces: boolean;
  /** The business responsible for the food; null when it is the shop itself */
  producer: ProducerViewDto | (null | null);
  /** The promotion the product is in now, with the unit price at its price; null when none */
  promotion: ProductPromotionDto | (null | null);
  /** Units on hand; null when not counted */
  stock: number | null;
  /** Storage instructions */
  storage: string | null;
  /** How the struck-through price (priceWithVat, when above offerPriceWithVat) is named: "Was" only when the shop sold it at that price for the 28 days before its current price; otherwise "RRP" (a recommended price) */
  struckPriceLabel: StruckPriceLabel;
  /** Front-of-pack colours from the nutrition (UK guidance thresholds); null without nutrition and for alcoholic drinks (ageRestricted), which need no nutrition declaration */
  trafficLights: TrafficLightsDto | (null | null);
  /** Unit of the net quantity; null with it */
  unit: ('g' | 'kg' | 'ml' | 'l' | 'each') | null;
  /** Price per unit of quantity for the offer price with VAT (Price Marking Order 2004); null without a pack size */
  unitPrice: UnitPriceDto | (null | null);
  /** VAT rate in percent */
  vat: number;
};
export type ProductResponse = {
  message: string;
  product: ProductDto;
  success: boolean;
};
export type ProductListResponse = {
  message?: string;
  /** Every product on sale (in and out of stock), newest first */
  products: ProductDto[];
  success: boolean;
};
export type ProductSearchResponse = {
  /** Live products (in and out of stock) matching the search, best match first */
  products: ProductDto[];
  success: boolean;
};
export type SetProductStockDto = {
  /** Product id */
  id: string;
  /** The seller's switch: whether the product is on sale */
  inStock?: boolean;
  /** Units on hand (0-100000); null to stop counting */
  stock?: number | null;
};
export type PromotionDto = {
  _id: string;
  /** Whether it runs now */
  active: boolean;
  /** End (the first moment it no longer runs), ISO 8601 in London time with its offset */
  endsAt: string;
  /** buy_get_free: units free in a deal; otherwise 0 */
  free: number;
  kind: PromotionKind;
  /** What shoppers read: "3 for £5", "Any 3 for £10", "3 for 2", "Was £2.50, now £1.80" */
  label: string;
  /** Pounds with VAT: a multibuy deal's price, a reduction's unit price; 0 for buy_get_free */
  price: number;
  products: string[];
  /** multibuy: units in a deal; buy_get_free: units paid for; reduction: 1 */
  quantity: number;
  /** Start, ISO 8601 in London time with its offset */
  startsAt: string;
  /** A reduction's "was" price in pounds with VAT (its price for the 28 days before); else null */
  wasPrice: number | null;
};
export type PromotionListResponse = {
  /** The promotions running now */
  promotions: PromotionDto[];
  success: boolean;
};
export type StaffRole = 'owner' | 'manager' | 'picker' | 'driver';
export type ActivityActorDto = {
  /** Null for a sign-in by nobody on the staff */
  _id: string | null;
  /** As they were named at the time */
  name: string;
  /** Their role at the time */
  role: StaffRole | (null | null);
};
export type ActivityKind = 'product' | 'order' | 'settings' | 'staff' | 'sign-in' | 'two-factor';
export type ActivityEntryDto = {
  action: string;
  actor: ActivityActorDto;
  at: string;
  /** What it touched (a product, order or member id) */
  id: string | null;
  kind: ActivityKind;
  summary: string;
};
export type ActivityPersonDto = {
  _id: string;
  name: string;
  role: StaffRole;
};
export type ActivityResponse = {
  /** Newest first */
  entries: ActivityEntryDto[];
  /** Entries per page */
  limit: number;
  /** This page, from 1 */
  page: number;
  /** The members of staff now, to filter by person */
  people: ActivityPersonDto[];
  success: boolean;
  /** Entries in the whole list */
  total: number;
  /** Number of pages (1 for an empty list); a page past the last answers no entries */
  totalPages: number;
};
export type StaffRefView = {
  _id: string;
  name: string;
};
export type CashUpEntryKind = 'sign_off' | 'correction' | 'reopened';
export type CashUpEntryView = {
  at: string;
  /** Who wrote the entry (null for a reopening) */
  by: string | null;
  /** Cash the run had kept then, pounds */
  cash: number | null;
  /** Cash counted in, pounds */
  handedIn: number | null;
  /** sign_off, correction (while signed off), or reopened (an outcome recorded after the entry) */
  kind: CashUpEntryKind;
  reason: string | null;
  /** Handed in less cash kept then, pounds */
  variance: number | null;
};
export type SignOffView = {
  at: string;
  /** Who signed it off (or last corrected it) */
  by: string;
};
export type CashUpRunView = {
  /** Card taken at the door, pounds */
  card: number;
  /** Cash its delivered orders kept (handed over less change), pounds */
  cash: number;
  /** Corrections made while signed off */
  corrections: number;
  delivered: number;
  /** Who recorded its outcomes */
  drivers: StaffRefView[];
  /** What its delivered orders were due, pounds */
  due: number;
  failed: number;
  /** Cash counted in (while signed off), pounds */
  handedIn: number | null;
  /** Every entry and reopening, oldest first */
  history: CashUpEntryView[];
  reason: string | null;
  /** Signed off before, and an outcome recorded since: to be signed off again */
  reopened: boolean;
  /** Null until signed off, and again once an outcome is recorded after the latest entry */
  signedOff: SignOffView | (null | null);
  time: string;
  /** Handed in less cash kept, as signed off (never worked out again), pounds */
  variance: number | null;
};
export type CashUpResponse = {
  date: string;
  runs: CashUpRunView[];
  success: boolean;
};
export type CashUpDto = {
  /** Delivery date, YYYY-MM-DD */
  date: string;
  /** Cash counted in from the run, pounds */
  handedIn: number;
  /** Why the cash differs from what was collected (required then), or why a signed-off run is corrected */
  reason?: string;
  /** The run's slot: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time: string;
};
export type SignedInStaffDto = {
  _id: string;
  email: string;
  /** True until the first password is replaced: every other seller call answers 403 */
  mustChangePassword: boolean;
  /** A manager the owner requires to use two-factor sign-in, not yet enrolled: every call but enrolling answers 403 */
  mustEnrolTwoFactor: boolean;
  name: string;
  role: StaffRole;
};
export type SellerIsAuthResponse = {
  /** The member signed in (absent for a visitor) */
  staff?: SignedInStaffDto;
  /** true with the member signed in; false for a visitor who sent no seller session */
  success: boolean;
};
export type SellerLoginResponse = {
  message: string;
  /** Once signed in: true (else absent) while the first password chosen by the owner is to be replaced (POST /api/seller/password) */
  mustChangePassword?: boolean;
  success: boolean;
  /** True when two-factor sign-in is on: no session yet; send the authenticator code to POST /api/seller/login/code */
  twoFactorRequired: boolean;
};
export type SellerLoginDto = {
  /** The seller e-mail (SELLER_EMAIL) */
  email: string;
  /** The seller password (SELLER_PASSWORD) */
  password: string;
};
export type TwoFactorCodeDto = {
  /** The 6-digit code from the authenticator app, or one of the recovery codes */
  code: string;
};
export type ChangePasswordDto = {
  /** The password they sign in with now */
  currentPassword: string;
  /** The new password (12 characters or more, not a common one) */
  newPassword: string;
};
export type AlcoholPickingView = {
  /** Whether 18+ products may be picked now (within the premises licence's hours, London) */
  allowed: boolean;
  /** Today's hours for picking alcohol, as the 409 says them */
  message: string;
};
export type PickListLineView = {
  name: string;
  /** How many orders have the product */
  orders: number;
  product: string;
  /** Units across the day's orders */
  quantity: number;
};
export type PickingSlotView = {
  orders: SellerOrderView[];
  time: string;
};
export type PickingResponse = {
  /** Whether alcohol may be picked now, and when it may */
  alcohol: AlcoholPickingView;
  /** YYYY-MM-DD */
  date: string;
  /** Every product's total across the day's non-cancelled orders, by category then name */
  products: PickListLineView[];
  slots: PickingSlotView[];
  success: boolean;
};
export type PromotionState = 'running' | 'scheduled' | 'ended';
export type SellerPromotionDto = {
  _id: string;
  /** Whether it runs now */
  active: boolean;
  /** End (the first moment it no longer runs), ISO 8601 in London time with its offset */
  endsAt: string;
  /** buy_get_free: units free in a deal; otherwise 0 */
  free: number;
  kind: PromotionKind;
  /** What shoppers read: "3 for £5", "Any 3 for £10", "3 for 2", "Was £2.50, now £1.80" */
  label: string;
  /** Names of its less healthy (HFSS) products it is not applied to while the food promotion rules apply (a multi-buy or free offer); empty otherwise */
  notApplied: string[];
  /** Pounds with VAT: a multibuy deal's price, a reduction's unit price; 0 for buy_get_free */
  price: number;
  products: string[];
  /** multibuy: units in a deal; buy_get_free: units paid for; reduction: 1 */
  quantity: number;
  /** What its deals saved customers, pounds with VAT, in orders not cancelled */
  saving: number;
  /** Start, ISO 8601 in London time with its offset */
  startsAt: string;
  state: PromotionState;
  /** Units sold in its deals, in orders not cancelled */
  unitsSold: number;
  /** A reduction's "was" price in pounds with VAT (its price for the 28 days before); else null */
  wasPrice: number | null;
};
export type SellerPromotionListResponse = {
  /** Running and scheduled first (soonest end first), then ended */
  promotions: SellerPromotionDto[];
  success: boolean;
};
export type PromotionResponse = {
  message?: string;
  promotion: PromotionDto;
  success: boolean;
};
export type PromotionInputDto = {
  /** End: Europe/London: a date ("2026-03-29": from the start of that day; as an end, to the end of it), a London wall-clock time ("2026-03-29T09:00") or an instant with its offset ("2026-03-29T09:00:00+01:00") */
  endsAt: string;
  /** buy_get_free: units free in one deal */
  free?: number;
  /** multibuy: any `quantity` of the products for `price` ("3 for £5"); buy_get_free: buy `quantity`, get `free` more, the cheapest free ("3 for 2"); reduction: the one product costs `price` ("Was £2.50, now £1.80") */
  kind: 'multibuy' | 'buy_get_free' | 'reduction';
  /** Pounds with VAT, as shoppers pay: multibuy: one deal's price; reduction: one unit's price */
  price?: number;
  /** Product ids (mixed and matched in a multibuy or buy_get_free; one for a reduction) */
  products: string[];
  /** multibuy: units in one deal (2 or more); buy_get_free: units paid for in one deal */
  quantity?: number;
  /** Start: Europe/London: a date ("2026-03-29": from the start of that day; as an end, to the end of it), a London wall-clock time ("2026-03-29T09:00") or an instant with its offset ("2026-03-29T09:00:00+01:00") */
  startsAt: string;
};
export type RefusalDriverView = {
  _id: string | null;
  /** Their name when they recorded it */
  name: string | null;
};
export type RefusalOrderView = {
  _id: string;
  /** The order reference shoppers and staff read */
  reference: string;
};
export type RefusalView = {
  /** When it was recorded at the door (ISO instant) */
  at: string;
  driver: RefusalDriverView;
  order: RefusalOrderView;
  /** The 18+ products refused */
  products: string[];
  reason: string;
};
export type RefusalsResponse = {
  /** Oldest first */
  refusals: RefusalView[];
  success: boolean;
};
export type RunResponse = {
  /** YYYY-MM-DD */
  date: string;
  /** By postcode, as the run sheet */
  orders: SellerOrderView[];
  success: boolean;
  time: string;
};
export type StaffMemberDto = {
  _id: string;
  /** Whether they may sign in */
  active: boolean;
  createdAt: string;
  email: string;
  /** Their first password is still to be replaced */
  mustChangePassword: boolean;
  name: string;
  role: StaffRole;
  /** Whether their sign-in asks for an authenticator code */
  twoFactor: boolean;
  /** A manager who must turn on two-factor sign-in */
  twoFactorRequired: boolean;
};
export type StaffListResponse = {
  /** The owner first, then the others by name */
  staff: StaffMemberDto[];
  success: boolean;
};
export type StaffMemberResponse = {
  message?: string;
  staff: StaffMemberDto;
  success: boolean;
};
export type AddStaffDto = {
  /** Their e-mail address, with which they sign in */
  email: string;
  /** Their name, as the activity log shows it */
  name: string;
  /** A first password chosen by the owner (12 characters or more, not a common one); they choose a new one at first sign-in */
  password: string;
  /** What they may do */
  role: 'manager' | 'picker' | 'driver';
};
export type UpdateStaffDto = {
  /** False: they can no longer sign in, and their sessions end at once */
  active?: boolean;
  name?: string;
  role?: 'manager' | 'picker' | 'driver';
  /** A manager must turn on two-factor sign-in before anything else */
  twoFactorRequired?: boolean;
};
export type DailySales = {
  /** A London calendar date, YYYY-MM-DD */
  date: string;
  /** Orders placed, cancelled ones excluded */
  orders: number;
  /** What those orders total (goods + VAT + shipping), pounds */
  revenue: number;
};
export type SalesFigures = {
  /** Orders placed, cancelled ones excluded */
  orders: number;
  /** What those orders total (goods + VAT + shipping), pounds */
  revenue: number;
};
export type LowStockProduct = {
  /** Product id */
  _id: string;
  name: string;
  /** Units left */
  stock: number;
};
export type TopProduct = {
  /** Product id */
  _id: string;
  /** Product name on its most recent order */
  name: string;
  /** Units ordered in the last 30 days */
  quantity: number;
};
export type SellerSummaryResponse = {
  /** The last 14 London dates, oldest first, days without orders included as zeros */
  daily: DailySales[];
  /** The last 7 London dates, today included */
  last7Days: SalesFigures;
  /** Counted products at or below the low-stock threshold, lowest stock first */
  lowStock: LowStockProduct[];
  /** Orders waiting with status Pending */
  pending: number;
  success: boolean;
  /** Today, in London */
  today: SalesFigures;
  /** Up to 5 products by units ordered in the last 30 London dates, most first */
  topProducts: TopProduct[];
};
export type TakingsRateView = {
  /** Pounds with VAT */
  gross: number;
  /** Pounds before VAT */
  net: number;
  /** Percent */
  rate: number;
  /** Pounds */
  vat: number;
};
export type TakingsDayView = {
  /** Card at the door, pounds */
  card: number;
  /** Cash collected, pounds */
  cash: number;
  /** London day of supply, YYYY-MM-DD */
  date: string;
  /** Delivery charges, pounds (no VAT) */
  delivery: number;
  /** What the delivered orders came to, pounds */
  gross: number;
  orders: number;
  rates: TakingsRateView[];
  /** Refunds given that day, pounds */
  refunds: number;
  /** What promotions took off the delivered orders, pounds with VAT (the sum of the orders' savings) */
  savings: number;
};
export type TakingsResponse = {
  /** Days with deliveries or refunds */
  days: TakingsDayView[];
  from: string;
  success: boolean;
  to: string;
  /** The whole range (date: the range) */
  total: TakingsDayView;
};
export type TwoFactorStatusResponse = {
  /** Whether sign-in asks for an authenticator code */
  enabled: boolean;
  /** Recovery codes not used yet (0 while off) */
  recoveryCodesLeft: number;
  success: boolean;
};
export type TwoFactorRecoveryCodesResponse = {
  message: string;
  /** Ten single-use recovery codes, shown this once */
  recoveryCodes: string[];
  success: boolean;
};
export type TwoFactorEnrolmentResponse = {
  /** The otpauth:// address the QR code holds */
  otpauthUrl: string;
  /** The QR code as an SVG data URL */
  qrCode: string;
  /** The base32 secret, for typing into an app that cannot scan; shown only while enrolling */
  secret: string;
  success: boolean;
};
export type BusinessDetailsView = {
  address: string;
  companyNumber: string | null;
  email: string;
  legalName: string;
  phone: string;
  vatNumber: string | null;
};
export type BusinessDetailsResponse = {
  /** Null until the owner or a manager has saved them */
  business: BusinessDetailsView | (null | null);
  success: boolean;
};
export type BusinessDetailsDto = {
  /** The geographic address where the business is established, one line */
  address: string;
  /** Companies House number (8 characters), when the business is a company */
  companyNumber?: string;
  /** An e-mail address customers can write to */
  email: string;
  /** The legal name of the business (a company, or the trader) */
  legalName: string;
  /** A telephone number */
  phone: string;
  /** UK VAT registration number (GB and 9 or 12 digits, or GBGD/GBHA and 3); absent when not registered */
  vatNumber?: string;
};
export type DeliverySettingsResponse = {
  message?: string;
  /** Orders one delivery slot of one date takes */
  slotCapacity: number;
  success: boolean;
};
export type UpdateDeliverySettingsDto = {
  /** Orders one delivery slot of one date takes */
  slotCapacity: number;
};
export type DeliveryAreasDto = {
  /** Postcode areas ("BS") or districts ("BS8") delivered to as Bristol; empty for none */
  Bristol: string[];
  /** Postcode areas ("BS") or districts ("BS8") delivered to as Cardiff; empty for none */
  Cardiff: string[];
  /** Postcode areas ("BS") or districts ("BS8") delivered to as Somerset; empty for none */
  Somerset: string[];
  /** Postcode areas ("BS") or districts ("BS8") delivered to as Swindon; empty for none */
  Swindon: string[];
};
export type DeliveryAreasResponse = {
  areas: DeliveryAreasDto;
  message?: string;
  success: boolean;
};
export type UpdateDeliveryAreasDto = {
  /** The postcode areas or districts delivered to, for every delivery city */
  areas: DeliveryAreasDto;
};
export type FoodPromotionSettingsResponse = {
  message?: string;
  /** Whether the food promotion and placement rules apply (50 or more employees); false by default, when nothing changes */
  qualifyingBusiness: boolean;
  success: boolean;
};
export type FoodPromotionSettingsDto = {
  /** Larder has 50 or more employees, so less healthy products are kept out of volume promotions and prime places */
  qualifyingBusiness: boolean;
};
export type LicenceSettingsResponse = {
  /** Hours for the sale of alcohol, London time, by ISO weekday ("1" = Monday .. "7" = Sunday): ["HH:MM", "HH:MM"], from before until ("24:00" for midnight) */
  hours: {
    [key: string]: string[];
  };
  message?: string;
  /** The premises licence's number */
  premisesLicence: string | null;
  success: boolean;
  /** The designated premises supervisor */
  supervisor: string | null;
};
export type LicenceSettingsDto = {
  /** Hours for the sale of alcohol, London time, by ISO weekday ("1" = Monday .. "7" = Sunday): ["HH:MM", "HH:MM"], from before until ("24:00" for midnight) */
  hours: {
    [key: string]: string[];
  };
  /** The premises licence's number; null or blank for none recorded */
  premisesLicence?: string | null;
  /** The designated premises supervisor; null or blank for none recorded */
  supervisor?: string | null;
};
export type OrderSettingsResponse = {
  /** How many of a customer's orders may wait for delivery (Pending) at once; placing another is refused */
  maxOpenOrders: number;
  /** How many of one product one order may hold, unless the product has a maxPerOrder of its own (which wins) */
  maxPerProduct: number;
  message?: string;
  success: boolean;
};
export type UpdateOrderSettingsDto = {
  /** How many of a customer's orders may wait for delivery (Pending) at once */
  maxOpenOrders: number;
  /** How many of one product one order may hold, for products without a maxPerOrder of their own (left out: kept) */
  maxPerProduct?: number;
};
export type ShippingSettingsResponse = {
  /** How many of one product one order may hold, unless the product has a maxPerOrder of its own (which wins) */
  maxPerProduct: number;
  message?: string;
  /** Shipping fee in pounds */
  shippingCharge: number;
  /** Order value in pounds at or above which shipping is free */
  shippingThreshold: number;
  success: boolean;
};
export type UpdateShippingSettingsDto = {
  /** Shipping fee in pounds */
  shippingCharge: number;
  /** Order value in pounds at or above which shipping is free */
  shippingThreshold: number;
};
export type AddressDto = {
  _id: string;
  city: string;
  country: string;
  postalCode: string;
  state: string;
  street: string;
};
export type AddAddressResponse = {
  message: string;
  newAddress: AddressDto;
  success: boolean;
};
export type AddressInputDto = {
  /** One of the delivery cities */
  city: 'Bristol' | 'Cardiff' | 'Somerset' | 'Swindon';
  /** Delivery country */
  country: 'United Kingdom';
  /** A UK postcode */
  postalCode: string;
  /** County or region */
  state: string;
  /** House number and street */
  street: string;
};
export type AddAddressDto = {
  /** The new delivery address */
  address: AddressInputDto;
};
export type CheckEmailResponse = {
  /** Whether an account with this e-mail exists */
  exists: boolean;
  success: boolean;
};
export type CheckEmailDto = {
  /** The e-mail address to look up */
  email: string;
};
export type DeleteAccountResponse = {
  message: string;
  success: boolean;
};
export type UserDto = {
  _id: string;
  addresses: AddressDto[];
  /** The cart: product id to quantity (1-99) */
  cartItems: {
    [key: string]: number;
  };
  /** Id of the default address (the first address unless another was chosen), or null */
  defaultAddress: string | null;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
};
export type StandingOrderLineView = {
  allowSubstitutes: boolean;
  /** The product as it is now */
  item: ProductDto;
  /** Product id */
  product: string;
  quantity: number;
};
export type StandingOrderView = {
  _id: string;
  /** False while paused */
  active: boolean;
  /** The customer's saved address it is delivered to */
  address: string;
  ageConfirmed: boolean;
  /** The address in one line */
  deliveryAddress: string;
  /** Every 1 or 2 weeks */
  every: number;
  items: StandingOrderLineView[];
  /** YYYY-MM-DD of the next delivery (null while paused) */
  nextDelivery: string | null;
  /** The next delivery is skipped */
  skipping: boolean;
  time: DeliverySlotTime;
  /** London weekday, Monday = 1 */
  weekday: number;
};
export type DataExportResponse = {
  /** Messages sent through the contact form from the account's e-mail */
  contactMessages: ContactMessageView[];
  exportedAt: string;
  /** The favourite products, newest first */
  favourites: ProductDto[];
  /** The newsletter subscription of the account's e-mail, or null */
  newsletterSubscription: NewsletterSubscriberView | (null | null);
  /** Every order, with its lines */
  orders: OrderView[];
  /** The account: name, e-mail, phone, addresses and cart */
  profile: UserDto;
  /** The regular deliveries (standing orders) */
  standingOrders: StandingOrderView[];
  success: boolean;
};
export type FavouritesResponse = {
  message?: string;
  /** Favourite products in the order they were added, newest first */
  products: ProductDto[];
  success: boolean;
};
export type GoogleLoginResponse = {
  message: string;
  success: boolean;
  user: UserDto;
};
export type GoogleLoginDto = {
  /** Sign-up only: first name (falls back to the name on the Google account) */
  firstName?: string | null;
  /** Sign-up only: last name (falls back to the name on the Google account) */
  lastName?: string | null;
  /** Sign-up only: a UK phone number */
  phone?: string | null;
  /** The Google ID token (a JWT) from Google sign-in or the development identity provider */
  tokenId: string;
};
export type SessionCheckResponse = {
  /** true with the customer; false for a visitor who sent no session cookie */
  success: boolean;
  /** The signed-in customer (absent for a visitor) */
  user?: UserDto;
};
export type ProfileResponse = {
  success: boolean;
  user: UserDto;
};
export type StandingOrdersResponse = {
  standingOrders: StandingOrderView[];
  success: boolean;
};
export type StandingOrderResponse = {
  message?: string;
  standingOrder: StandingOrderView;
  success: boolean;
};
export type CreateStandingOrderDto = {
  /** One of the customer's saved addresses */
  address: string;
  /** The customer confirms they are 18 or over (needed when a line is age-restricted) */
  ageConfirmed?: boolean;
  /** Every 1 or 2 weeks */
  every: number;
  /** The customer's own order this plan is made from: it counts as the plan's first delivery, so nothing is placed for its date and nextDelivery is the one after it */
  fromOrder?: string;
  /** The lines delivered each time */
  items: OrderLineDto[];
  /** One of: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time: string;
  /** Day of delivery in London: 1 (Monday) to 7 (Sunday) */
  weekday: number;
};
export type UpdateStandingOrderDto = {
  /** False pauses the plan; true resumes it */
  active?: boolean;
  /** One of the customer's saved addresses */
  address?: string;
  /** The customer confirms they are 18 or over */
  ageConfirmed?: boolean;
  every?: number;
  /** The lines delivered each time */
  items?: OrderLineDto[];
  /** True skips the next delivery; false takes the skip back */
  skipNext?: boolean;
  /** One of: 10:00 - 11:00, 11:00 - 12:00, 12:00 - 13:00 */
  time?: string;
  weekday?: number;
};
export type UpdatePhoneResponse = {
  message: string;
  /** The number as stored */
  phone: string;
  success: boolean;
};
export type UpdatePhoneDto = {
  /** A UK phone number: 10 or 11 digits starting 0, or +44 / 0044 instead of the 0 */
  phone: string;
};
export type UsualView = {
  /** When the latest of those orders was placed */
  lastBought: string;
  product: ProductDto;
  /** How many of the customer's delivered and pending orders hold the product */
  timesBought: number;
};
export type UsualsResponse = {
  /** At most 40, ranked by how often and how recently they were bought (see the README) */
  products: UsualView[];
  success: boolean;
};
export const {
  useGetAuthConfigQuery,
  useLazyGetAuthConfigQuery,
  useCreateDevIdTokenMutation,
  useUpdateCartMutation,
  useListContactMessagesQuery,
  useLazyListContactMessagesQuery,
  useSendContactMessageMutation,
  useCheckDeliveryQuery,
  useLazyCheckDeliveryQuery,
  useListDeliverySlotsQuery,
  useLazyListDeliverySlotsQuery,
  useHealthQuery,
  useLazyHealthQuery,
  useListNewsletterSubscribersQuery,
  useLazyListNewsletterSubscribersQuery,
  useSubscribeToNewsletterMutation,
  usePlaceCodOrderMutation,
  useListSellerOrdersQuery,
  useLazyListSellerOrdersQuery,
  usePlaceStripeOrderMutation,
  useListUserOrdersQuery,
  useLazyListUserOrdersQuery,
  useChangeOrderMutation,
  useCancelOrderMutation,
  useUpdateFulfilmentMutation,
  useGetReceiptQuery,
  useLazyGetReceiptQuery,
  useRefundOrderMutation,
  useUpdateOrderStatusMutation,
  useAddProductMutation,
  useListProductsQuery,
  useLazyListProductsQuery,
  useSearchProductsQuery,
  useLazySearchProductsQuery,
  useSetProductStockMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
  useListPromotionsQuery,
  useLazyListPromotionsQuery,
  useListActivityQuery,
  useLazyListActivityQuery,
  useGetCashUpQuery,
  useLazyGetCashUpQuery,
  useSignOffCashUpMutation,
  useSellerIsAuthQuery,
  useLazySellerIsAuthQuery,
  useSellerLoginMutation,
  useSellerLoginCodeMutation,
  useSellerLogoutMutation,
  useSellerLogoutByPostMutation,
  useChangeStaffPasswordMutation,
  useGetPickingQuery,
  useLazyGetPickingQuery,
  useListSellerPromotionsQuery,
  useLazyListSellerPromotionsQuery,
  useCreatePromotionMutation,
  useEndPromotionMutation,
  useUpdatePromotionMutation,
  useListRefusalsQuery,
  useLazyListRefusalsQuery,
  useGetRunQuery,
  useLazyGetRunQuery,
  useGetRunSheetQuery,
  useLazyGetRunSheetQuery,
  useListStaffQuery,
  useLazyListStaffQuery,
  useAddStaffMutation,
  useRemoveStaffMutation,
  useUpdateStaffMutation,
  useGetSellerSummaryQuery,
  useLazyGetSellerSummaryQuery,
  useGetTakingsQuery,
  useLazyGetTakingsQuery,
  useGetTwoFactorStatusQuery,
  useLazyGetTwoFactorStatusQuery,
  useConfirmTwoFactorSetupMutation,
  useDisableTwoFactorMutation,
  useStartTwoFactorSetupMutation,
  useGetBusinessDetailsQuery,
  useLazyGetBusinessDetailsQuery,
  useUpdateBusinessDetailsMutation,
  useGetDeliverySettingsQuery,
  useLazyGetDeliverySettingsQuery,
  useUpdateDeliverySettingsMutation,
  useGetDeliveryAreasQuery,
  useLazyGetDeliveryAreasQuery,
  useUpdateDeliveryAreasMutation,
  useGetFoodPromotionSettingsQuery,
  useLazyGetFoodPromotionSettingsQuery,
  useUpdateFoodPromotionSettingsMutation,
  useGetLicenceSettingsQuery,
  useLazyGetLicenceSettingsQuery,
  useUpdateLicenceSettingsMutation,
  useGetOrderSettingsQuery,
  useLazyGetOrderSettingsQuery,
  useUpdateOrderSettingsMutation,
  useGetShippingSettingsQuery,
  useLazyGetShippingSettingsQuery,
  useUpdateShippingSettingsMutation,
  useAddAddressMutation,
  useCheckEmailMutation,
  useDeleteAccountMutation,
  useExportMyDataQuery,
  useLazyExportMyDataQuery,
  useFavouritesQuery,
  useLazyFavouritesQuery,
  useRemoveFavouriteMutation,
  useAddFavouriteMutation,
  useGoogleLoginMutation,
  useUserIsAuthQuery,
  useLazyUserIsAuthQuery,
  useLogoutUserMutation,
  useLogoutUserByPostMutation,
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useListStandingOrdersQuery,
  useLazyListStandingOrdersQuery,
  useCreateStandingOrderMutation,
  useDeleteStandingOrderMutation,
  useUpdateStandingOrderMutation,
  useUpdatePhoneMutation,
  useUsualsQuery,
  useLazyUsualsQuery,
} = injectedRtkApi;
