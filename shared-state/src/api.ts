import type { AllergenId } from '@larder/shared-domain';
import {
  generatedApi,
  type AddProductApiResponse,
  type UpdateCartApiArg,
  type UpdateCartApiResponse,
  type UpdateProductApiResponse,
} from './generated/api';
import type { TagType } from './base-api';

/** The fields of a new product; prices in pounds, VAT in percent, one description bullet per entry. */
export interface NewProductData {
  name: string;
  description: string[];
  category: string;
  price: number;
  offerPrice: number;
  vat: number;
  /** Units in stock; null (or left out) when the seller does not count them. */
  stock?: number | null;
  /** Up to MAX_INGREDIENTS_LENGTH characters; empty when none are given. */
  ingredients?: string;
  /**
   * Ids of the declared allergens, from the 14 UK allergens; [] when the seller ticked "contains none". Left out
   * (or null on an edit) when the seller has not said: the product is then "allergen information not confirmed".
   */
  allergens?: AllergenId[] | null;
}

export interface AddProductInput {
  productData: NewProductData;
  /** Up to MAX_PRODUCT_IMAGES image files, in display order. */
  images: readonly Blob[];
}

export type AddProductResult = AddProductApiResponse;

export interface UpdateProductInput {
  id: string;
  /** The fields to change (any of the add fields). */
  productData: Partial<NewProductData>;
  /** Pictures that replace the current ones; none keeps them. */
  images?: readonly Blob[];
}

export type UpdateProductResult = UpdateProductApiResponse;

/** The multipart body of POST /api/product/add: `productData` as a JSON string plus one `images` part per file. */
export function productFormData({
  productData,
  images = [],
}: {
  productData: Partial<NewProductData>;
  images?: readonly Blob[];
}): FormData {
  const form = new FormData();
  form.append('productData', JSON.stringify(productData));
  for (const image of images) form.append('images', image);
  return form;
}

const tags = (...types: TagType[]) => types;

const withUpload = generatedApi.injectEndpoints({
  endpoints: (build) => ({
    addProduct: build.mutation<AddProductResult, AddProductInput>({
      query: (input) => ({ url: '/api/product/add', method: 'POST', body: productFormData(input) }),
      invalidatesTags: tags('Products', 'SellerSummary'),
    }),
    // PUT /api/product/{id}: the same multipart body as add; images only when they replace the pictures.
    updateProduct: build.mutation<UpdateProductResult, UpdateProductInput>({
      query: ({ id, productData, images }) => ({
        url: `/api/product/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: productFormData({ productData, images }),
      }),
      invalidatesTags: tags('Products', 'SellerSummary'),
    }),
    // keepalive lets the last cart change reach the server even when the page is being left.
    updateCart: build.mutation<UpdateCartApiResponse, UpdateCartApiArg>({
      query: (queryArg) => ({
        url: '/api/cart/update',
        method: 'POST',
        body: queryArg.updateCartDto,
        keepalive: true,
      }),
    }),
  }),
  overrideExisting: true,
});

/**
 * The generated endpoints with their cache tags. Reads provide a tag; every write invalidates exactly the
 * reads it changes. The cart sync does not invalidate the session: the cart slice is the client's copy.
 */
export const api = withUpload.enhanceEndpoints({
  endpoints: {
    listProducts: { providesTags: tags('Products') },
    searchProducts: { providesTags: tags('Products') },
    // Promotions change what the product answers carry: they share the products' tag.
    listPromotions: { providesTags: tags('Products') },
    listSellerPromotions: { providesTags: tags('Products') },
    createPromotion: { invalidatesTags: tags('Products') },
    updatePromotion: { invalidatesTags: tags('Products') },
    endPromotion: { invalidatesTags: tags('Products') },
    setProductStock: { invalidatesTags: tags('Products', 'SellerSummary') },
    deleteProduct: { invalidatesTags: tags('Products', 'SellerSummary') },

    userIsAuth: { providesTags: tags('Session') },
    getProfile: { providesTags: tags('User') },
    googleLogin: {
      invalidatesTags: tags('Session', 'User', 'Orders', 'Favourites', 'Usuals', 'StandingOrders'),
      // The answer names the signed-in customer: it is the session check's answer until that is asked again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        const user = answer?.data.success ? answer.data.user : undefined;
        if (!user) return;
        dispatch(
          generatedApi.util.upsertQueryEntries([
            { endpointName: 'userIsAuth', arg: undefined, value: { success: true, user } },
          ]),
        );
      },
    },
    logoutUser: {
      invalidatesTags: tags('Session', 'User', 'Orders', 'Favourites', 'Usuals', 'StandingOrders'),
    },
    // The shop's pages sign out with POST (the origin check covers it; GET from another site is refused).
    logoutUserByPost: {
      invalidatesTags: tags('Session', 'User', 'Orders', 'Favourites', 'Usuals', 'StandingOrders'),
    },
    updatePhone: { invalidatesTags: tags('Session', 'User') },
    addAddress: { invalidatesTags: tags('Session', 'User') },
    deleteAccount: { invalidatesTags: tags('Session', 'User', 'Orders') },
    updateCart: { invalidatesTags: tags('User') },

    listUserOrders: { providesTags: tags('Orders') },
    listSellerOrders: { providesTags: tags('Orders') },
    // A placed order takes stock and a place in its slot; a refused one changed nothing (the checkout reloads
    // what it needs itself).
    placeCodOrder: {
      invalidatesTags: (result) =>
        result
          ? tags('Orders', 'User', 'Products', 'DeliverySlots', 'SellerSummary', 'Usuals')
          : tags('Orders', 'User'),
    },
    placeStripeOrder: {
      invalidatesTags: (result) =>
        result
          ? tags('Orders', 'User', 'Products', 'DeliverySlots', 'SellerSummary')
          : tags('Orders', 'User'),
    },
    // A cancelled order gives its units and its place back.
    cancelOrder: { invalidatesTags: tags('Orders', 'Products', 'DeliverySlots', 'SellerSummary') },
    updateOrderStatus: { invalidatesTags: tags('Orders', 'Products', 'DeliverySlots', 'SellerSummary') },
    // A change moves stock by the difference and may move the order to another slot.
    changeOrder: { invalidatesTags: tags('Orders', 'Products', 'DeliverySlots', 'SellerSummary') },
    // Picking may zero a short product's count and takes a substitute's units.
    updateFulfilment: { invalidatesTags: tags('Orders', 'Products', 'SellerSummary') },
    // The money side reads the orders: a delivery or refund changes receipts, takings and cash-up figures.
    getReceipt: { providesTags: tags('Orders') },
    refundOrder: { invalidatesTags: tags('Orders', 'Activity') },
    getTakings: { providesTags: tags('Orders') },
    getCashUp: { providesTags: tags('Orders', 'CashUp') },
    signOffCashUp: { invalidatesTags: tags('CashUp', 'Activity') },
    getBusinessDetails: { providesTags: tags('Business') },
    updateBusinessDetails: { invalidatesTags: tags('Business', 'Activity') },
    getRun: { providesTags: tags('Orders') },
    getPicking: { providesTags: tags('Orders') },
    getRunSheet: { providesTags: tags('Orders') },
    getSellerSummary: { providesTags: tags('SellerSummary') },

    listDeliverySlots: { providesTags: tags('DeliverySlots') },
    getShippingSettings: { providesTags: tags('Shipping') },
    updateShippingSettings: { invalidatesTags: tags('Shipping') },
    getDeliverySettings: { providesTags: tags('DeliverySettings') },
    updateDeliverySettings: { invalidatesTags: tags('DeliverySettings', 'DeliverySlots') },
    getOrderSettings: { providesTags: tags('OrderSettings') },
    updateOrderSettings: { invalidatesTags: tags('OrderSettings') },
    getDeliveryAreas: { providesTags: tags('DeliveryArea') },
    updateDeliveryAreas: { invalidatesTags: tags('DeliveryArea') },
    checkDelivery: { providesTags: tags('DeliveryArea') },

    sellerIsAuth: { providesTags: tags('Seller') },
    sellerLogin: { invalidatesTags: tags('Seller', 'Orders') },
    sellerLoginCode: { invalidatesTags: tags('Seller', 'Orders') },
    getTwoFactorStatus: { providesTags: tags('TwoFactor') },
    confirmTwoFactorSetup: { invalidatesTags: tags('TwoFactor', 'Seller') },
    disableTwoFactor: { invalidatesTags: tags('TwoFactor') },
    sellerLogout: { invalidatesTags: tags('Seller', 'Orders') },
    sellerLogoutByPost: { invalidatesTags: tags('Seller', 'Orders') },
    changeStaffPassword: { invalidatesTags: tags('Seller', 'Staff', 'Activity') },
    listStaff: { providesTags: tags('Staff') },
    addStaff: { invalidatesTags: tags('Staff', 'Activity') },
    updateStaff: { invalidatesTags: tags('Staff', 'Activity') },
    removeStaff: { invalidatesTags: tags('Staff', 'Activity') },
    listActivity: { providesTags: tags('Activity') },

    listContactMessages: { providesTags: tags('ContactMessages') },
    sendContactMessage: { invalidatesTags: tags('ContactMessages') },

    listNewsletterSubscribers: { providesTags: tags('Newsletter') },
    subscribeToNewsletter: { invalidatesTags: tags('Newsletter') },

    favourites: { providesTags: tags('Favourites') },
    addFavourite: { invalidatesTags: tags('Favourites') },
    removeFavourite: { invalidatesTags: tags('Favourites') },
    usuals: { providesTags: tags('Usuals') },
    listStandingOrders: { providesTags: tags('StandingOrders') },
    // A plan whose next delivery is the shop's delivery date places its order at once.
    createStandingOrder: {
      invalidatesTags: tags('StandingOrders', 'Orders', 'Products', 'DeliverySlots', 'Usuals'),
    },
    updateStandingOrder: {
      invalidatesTags: tags('StandingOrders', 'Orders', 'Products', 'DeliverySlots', 'Usuals'),
    },
    deleteStandingOrder: { invalidatesTags: tags('StandingOrders', 'Orders') },
  },
});

/** Posts a new product, or an edit of one, as multipart form data (productData JSON + image files). */
export const { useAddProductMutation, useUpdateProductMutation } = withUpload;
