import type { OrderStatus } from './orders';

export interface AddressView {
  _id: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** Map of product id to quantity. */
export type CartItems = Record<string, number>;

export type { OrderStatus };
