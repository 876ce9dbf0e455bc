import {
  generatedApi,
  type AddProductApiResponse,
  type UpdateCartApiArg,
  type UpdateCartApiResponse,
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
}

export interface AddProductInput {
  productData: NewProductData;
  /** Up to MAX_PRODUCT_IMAGES image files, in display order. */
  images: readonly Blob[];
}

export type AddProductResult = AddProductApiResponse;

/** The multipart body of POST /api/product/add: `productData` as a JSON string plus one `images` part per file. */
export function productFormData({ productData, images }: AddProductInput): FormData {
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
      invalidatesTags: tags('Products'),
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
    setProductStock: { invalidatesTags: tags('Products') },
    deleteProduct: { invalidatesTags: tags('Products') },

    userIsAuth: { providesTags: tags('Session') },
    getProfile: { providesTags: tags('User') },
    googleLogin: { invalidatesTags: tags('Session', 'User', 'Orders') },
    logoutUser: { invalidatesTags: tags('Session', 'User', 'Orders') },
    updatePhone: { invalidatesTags: tags('Session', 'User') },
    addAddress: { invalidatesTags: tags('Session', 'User') },
    deleteAccount: { invalidatesTags: tags('Session', 'User', 'Orders') },
    updateCart: { invalidatesTags: tags('User') },

    listUserOrders: { providesTags: tags('Orders') },
    listSellerOrders: { providesTags: tags('Orders') },
    placeCodOrder: { invalidatesTags: tags('Orders', 'User') },
    placeStripeOrder: { invalidatesTags: tags('Orders', 'User') },
    cancelOrder: { invalidatesTags: tags('Orders') },
    updateOrderStatus: { invalidatesTags: tags('Orders') },

    getShippingSettings: { providesTags: tags('Shipping') },
    updateShippingSettings: { invalidatesTags: tags('Shipping') },

    sellerIsAuth: { providesTags: tags('Seller') },
    sellerLogin: { invalidatesTags: tags('Seller', 'Orders') },
    sellerLogout: { invalidatesTags: tags('Seller', 'Orders') },

    listContactMessages: { providesTags: tags('ContactMessages') },
    sendContactMessage: { invalidatesTags: tags('ContactMessages') },

    listNewsletterSubscribers: { providesTags: tags('Newsletter') },
    subscribeToNewsletter: { invalidatesTags: tags('Newsletter') },
  },
});

/** Posts a new product as multipart form data (productData JSON + image files). */
export const { useAddProductMutation } = withUpload;
