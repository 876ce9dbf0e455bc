import { MAX_ORIGIN_LENGTH, MAX_STORAGE_LENGTH } from './food';
import { ADDRESS_FIELD_MAX_LENGTH, MAX_ADDRESSES_PER_CUSTOMER, MAX_INGREDIENTS_LENGTH } from './grocery';
import {
  MAX_CART_LINES,
  MAX_IMAGE_BYTES,
  MAX_PAGE_LIMIT,
  MAX_PRODUCT_IMAGES,
  MAX_QUANTITY,
  MIN_QUANTITY,
} from './orders';

/**
 * MESSAGES.somethingWentWrong on its own: the fallback of every failed call (shared-state's errorMessage),
 * so the store's code does not carry the whole MESSAGES table.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** Every text the shop shows or answers, in one catalogue; the product specification's texts word for word. */
export const MESSAGES = {
  // Client and specific messages
  fillAllFields: 'Please fill all fields',
  userExistsRedirecting: 'User already exists. Redirecting to login...',
  emailNotRegistered: 'Email not registered. Please sign up first.',
  googleLoginFailed: 'Google login failed',
  selectAddress: 'Please select an address',
  selectDeliverySlot: 'Please select delivery date and time slot',
  selectOrAddAddress: 'Please select or add an address',
  shippingSettingsFailed: 'Failed to update shipping settings',
  amountInvalid: 'Enter an amount of £0 or more, with at most 2 decimals',
  cancelOrderFailed: 'Failed to cancel order.',
  enterEmail: 'Enter your email',

  // Success toasts
  addedToCart: 'Added to Cart',
  cartUpdated: 'Cart Updated',
  removedFromCart: 'Removed from Cart',
  loggedInWithGoogle: 'Logged in with Google!',
  addressAdded: 'Address added successfully',
  orderUpdated: 'Order updated successfully',
  shippingSettingsUpdated: 'Shipping settings updated!',
  phoneUpdated: 'Phone updated successfully',
  accountDeleted: 'Account deleted successfully',

  // Screens and form checks
  contactSent: 'Your message has been sent successfully!',
  notSignedIn: "Oops! You're not signed in. Please sign up to continue.",
  itemNotFound: 'Item not found',
  noProductsInCategory: 'No products found in this category',
  loadingProfile: 'Loading profile...',
  noAddresses: 'No addresses added',
  phoneNotAdded: 'Not added',
  codOnly: 'We currently accept Cash on Delivery (COD) only.',
  underConstructionHeading: "We're Under Construction",
  underConstructionText: 'This page is coming soon. Thank you for your patience!',
  deleteAccountConfirm1: 'This will delete your account permanently. Continue?',
  deleteAccountConfirm2: 'Are you absolutely sure? This cannot be undone.',

  // Server messages where the spec leaves the wording open
  invalidCredentials: 'Invalid email or password',
  sellerLoggedIn: 'Logged in as seller',
  loggedOut: 'Logged out',
  orderPlaced: 'Order placed successfully',
  orderCancelled: 'Order cancelled successfully',
  cancelWindowClosed: 'Orders can only be cancelled within 1 hour of being placed',
  onlyPendingCancellable: 'Only pending orders can be cancelled',
  orderNotFound: 'Order not found',
  cancelledOrderLocked: 'A cancelled order cannot be changed',
  completedOrderLocked: 'A completed order cannot be changed',
  unpaidCardOrderNotCompletable: 'An unpaid card order cannot be completed',
  productAdded: 'Product added',
  productDeleted: 'Product deleted',
  productNotFound: 'Product not found',
  stockUpdated: 'Stock updated',
  cardPaymentsUnavailable: 'Card payments are not available',
  notAuthorized: 'Please sign in to continue',
  sellerOnly: 'Seller access only',
  tooManyRequests: 'Too many requests, please try again shortly',
  forbiddenOrigin: 'Request origin not allowed',
  invalidPhone: 'Please enter a valid UK phone number',
  invalidPostcode: 'Please enter a valid UK postcode',
  invalidCity: 'We deliver only to Bristol, Cardiff, Somerset and Swindon',
  invalidCountry: 'We deliver only within the United Kingdom',
  deliveryDateUnavailable: 'That delivery date is no longer available. Please choose the date shown.',
  deliveryTimeInvalid: 'Please choose one of the delivery time slots',
  totalsChanged: 'Prices have changed. Please review your order.',
  cartEmpty: 'Your cart is empty',
  somethingWentWrong: SOMETHING_WENT_WRONG,

  // Checkout and card payments
  maxQuantityReached: `You can order at most ${MAX_QUANTITY} of an item`,
  addressNotFound: 'That address was not found. Please select an address.',
  itemUnavailable: 'Sorry, an item in your cart is no longer available',
  invalidIdempotencyKey: 'Idempotency-Key must be 1 to 200 visible characters',
  orderInProgress: 'This order is already being placed. Please check your orders.',
  missingStripeSignature: 'Missing Stripe signature',
  invalidStripeSignature: 'Invalid Stripe signature',

  // Product form (the seller portal checks these before uploading; the server answers the same words)
  enterProductName: 'Enter the product name',
  chooseCategory: 'Choose a category',
  enterPrice: 'Enter the product price',
  priceInvalid: 'Enter the product price in pounds, e.g. 2.49',
  enterOfferPrice: 'Enter the offer price',
  offerPriceInvalid: 'Enter the offer price in pounds, e.g. 1.99',
  offerAbovePrice: 'The offer price cannot be more than the product price',
  enterVat: 'Enter the VAT rate',
  vatInvalid: 'VAT must be a number from 0 to 100',
  imagesRequired: 'Add at least one product image',
  ingredientsTooLong: `Ingredients can be at most ${MAX_INGREDIENTS_LENGTH} characters`,

  // The seller's paginated lists
  invalidPage: 'page must be a whole number from 1',
  invalidPageLimit: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`,

  // Request bodies refused before any field is read
  requestTooDeep: 'The request body is nested too deeply',
  invalidJson: 'The request body is not valid JSON',
  badText: 'Text must not contain NUL characters or invalid Unicode',

  // Stock counts, delivery-slot capacity, food information, product editing and search
  slotFull: 'This delivery slot is full. Please choose another.',
  slotFullLabel: 'Full',
  productUpdated: 'Product updated',
  ingredientsHeading: 'Ingredients',
  allergyAdviceHeading: 'Allergy advice',
  invalidAllergen: 'Allergens must be chosen from the 14 UK allergens',
  invalidStock: `Stock must be a whole number from 0 to 100000, or empty for not counted`,
  invalidSlotCapacity: 'Slot capacity must be a whole number from 1 to 1000',
  invalidSearch: 'Search text must be 1 to 100 characters',
  invalidNetQuantity: 'Net quantity must be a number above 0 with at most 3 decimals, up to 100000',
  invalidPackUnit: 'Unit must be one of g, kg, ml, l or each',
  invalidNutrient: 'Nutrition values must be grams from 0 to 100 with at most one decimal',
  invalidEnergy: 'Energy must be a whole number of kJ (0-4000) and kcal (0-1000)',
  saturatesAboveFat: 'Saturates cannot be more than fat',
  sugarsAboveCarbohydrate: 'Sugars cannot be more than carbohydrate',
  invalidStorage: `Storage instructions must be text of at most ${MAX_STORAGE_LENGTH} characters`,
  invalidOrigin: `Origin must be text of at most ${MAX_ORIGIN_LENGTH} characters`,
  invalidProducer: 'Give the producer a name (up to 120 characters) and an address (up to 300 characters)',
  invalidDiet: 'Dietary marks must be chosen from vegetarian and vegan',
  veganWithAnimalAllergen: 'A product containing milk, eggs, fish, crustaceans or molluscs cannot be vegan',
  invalidFreeFrom: 'freeFrom must list allergen ids separated by commas',
  invalidDietFilter: 'diet must be vegetarian or vegan',
  invalidAgeRestricted: 'ageRestricted must be true or false',
  stockOrSwitchRequired: 'Send inStock, stock or both',
  deliverySettingsUpdated: 'Delivery settings updated!',

  // Accounts and sessions
  tooManyAddresses: `You can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Please use one of your saved addresses.`,
  addressFieldTooLong: `Address fields must be at most ${ADDRESS_FIELD_MAX_LENGTH} characters`,

  // Limits of carts and product pictures
  cartNotAMap: 'cartItems must be an object of product ids to quantities',
  cartTooManyLines: `A cart can hold at most ${MAX_CART_LINES} different products`,
  badQuantity: `Quantities must be whole numbers from ${MIN_QUANTITY} to ${MAX_QUANTITY}`,
  imageType: 'Images must be JPEG, PNG, WebP or AVIF pictures',
  imageTooLarge: `Each picture must be ${MAX_IMAGE_BYTES / (1024 * 1024)} MB or smaller`,
  tooManyImages: `Add at most ${MAX_PRODUCT_IMAGES} pictures`,

  // Storefront notices where the spec leaves the wording open
  newsletterJoined: "Thanks! You're on the list.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** "Sorry, {name} is out of stock" for an order line that can no longer be supplied. */
export function outOfStockMessage(productName: string): string {
  return `Sorry, ${productName} is out of stock`;
}

/** Shown when the Google account chosen at sign-in is not the one for the e-mail given in step 1. */
export function wrongGoogleAccountMessage(email: string): string {
  return `Please choose the Google account for ${email}`;
}

/** Answered (429) while the seller account is locked after repeated failed sign-ins. */
export function signInLockedMessage(minutes: number): string {
  const n = Math.max(1, Math.ceil(minutes));
  return `Too many failed sign-in attempts. Please try again in ${n} minute${n === 1 ? '' : 's'}.`;
}

/** "Only 2 left of Oat Cookies": checkout could not take the quantity asked for. */
export function onlyLeftMessage(productName: string, left: number): string {
  return `Only ${left} left of ${productName}`;
}

/** Why an order line cannot be supplied from a counted stock of `left` units: out of stock, or only N left. */
export function notEnoughStockMessage(productName: string, left: number): string {
  return left > 0 ? onlyLeftMessage(productName, left) : outOfStockMessage(productName);
}
