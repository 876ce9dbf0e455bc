import { DELIVERY_CITIES } from './delivery';
import { formatPence } from './pricing';
import {
  DIETS,
  MAX_ENERGY_KCAL,
  MAX_ENERGY_KJ,
  MAX_NET_QUANTITY,
  MAX_ORIGIN_LENGTH,
  MAX_PRODUCER_ADDRESS_LENGTH,
  MAX_PRODUCER_NAME_LENGTH,
  MAX_STORAGE_LENGTH,
  NET_QUANTITY_DECIMALS,
  PACK_UNITS,
} from './food';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  MAX_ADDRESSES_PER_CUSTOMER,
  MAX_INGREDIENTS_LENGTH,
  MAX_SLOT_CAPACITY,
  MAX_STOCK,
  MIN_SLOT_CAPACITY,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from './grocery';
import {
  CANCEL_WINDOW_MS,
  MAX_CART_LINES,
  MAX_MAX_OPEN_ORDERS,
  MAX_PER_ORDER_LIMIT,
  MIN_MAX_OPEN_ORDERS,
  MIN_PER_ORDER_LIMIT,
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

/** "Bristol, Cardiff, Somerset and Swindon" (or "g, kg, ml, l or each"). */
function inWords(items: readonly string[], conjunction = 'and'): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const CANCEL_WINDOW_HOURS = CANCEL_WINDOW_MS / (60 * 60 * 1000);

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
  invalidEmail: 'Please enter a valid email address',

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
  noProductsMatchFilters: 'No products match these filters',
  pageNotFound: 'Page not found',
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
  twoFactorCodeNeeded: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeWrong: 'That code is not right. Please try again.',
  twoFactorSignInExpired: 'Your sign-in has expired. Please enter your email and password again.',
  twoFactorTooManyCodes: 'Too many wrong codes. Please enter your email and password again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotStarted: 'Start setting up two-factor sign-in first',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorEnabled: 'Two-factor sign-in is on',
  twoFactorDisabled: 'Two-factor sign-in is off',
  loggedOut: 'Logged out',
  orderPlaced: 'Order placed successfully',
  orderCancelled: 'Order cancelled successfully',
  cancelWindowClosed: `Orders can only be cancelled within ${CANCEL_WINDOW_HOURS} hour${CANCEL_WINDOW_HOURS === 1 ? '' : 's'} of being placed`,
  onlyPendingCancellable: 'Only pending orders can be cancelled',
  orderBeingPicked: 'This order is already being picked and can no longer be cancelled.',
  unpaidCardOrderNotFulfilled: 'This card order has not been paid yet: it cannot be picked or delivered.',
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
  noPermission: 'You do not have permission to do that.',
  /** How the seller's lists name a customer whose account (and personal data) is gone. */
  deletedCustomer: 'Deleted customer',
  tooManyRequests: 'Too many requests, please try again shortly',
  /** The database cannot be reached for a moment (it restarts): answered 503 with Retry-After. */
  shopBusy: 'The shop is busy for a moment. Please try again in a few seconds.',
  forbiddenOrigin: 'Request origin not allowed',
  invalidPhone: 'Please enter a valid UK phone number',
  invalidPostcode: 'Please enter a valid UK postcode',
  invalidCity: `We deliver only to ${inWords(DELIVERY_CITIES)}`,
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
  orderChanged: 'Order updated',
  orderNotChangeable: 'This order can no longer be changed.',

  // Picking and delivery (the seller's fulfilment stages)
  fulfilmentUpdated: 'Fulfilment updated',
  invalidFulfilmentStage:
    'Stage must be one of placed, picking, picked, out_for_delivery, delivered, failed_delivery',
  cancelledOrderNotFulfilled: 'A cancelled order cannot be picked or delivered',
  pickedLinesRequired: 'List every line of the order once, with the quantity picked',
  pickedQuantityInvalid: 'The picked quantity must be a whole number from 0 to the quantity ordered',
  substituteInvalid: 'A substitute must be another available product, with a quantity of 1 or more',
  refusedLinesInvalid: 'Refused lines must name lines of the order',
  // At the door (the driver's outcome of a delivery) and after it
  collectedInvalid: 'Collected cash and card must be amounts in pounds of 0 or more',
  handedOverTooMuch: 'That is more than £50 over what is due: check the amount.',
  reasonNeedsWords: 'Give the reason in words',
  deliveryReasonRequired: 'Say why the order could not be delivered',
  deliveryNoteRequired: 'Describe the other reason in a note',
  rebookSlotRequired: 'Choose the delivery slot to re-book the order in',
  rebookDateInvalid: 'A delivery that failed can be re-booked only to a slot of the next delivery date',
  // Receipts, refunds, takings and cash-up
  vatNumberInvalid: 'Enter the VAT number in the UK format, e.g. GB123456789',
  companyNumberInvalid: 'Enter the company number as 8 characters, e.g. 01234567',
  receiptNotReady: 'A receipt is given once the order has been delivered',
  refundTooLarge: 'A refund cannot be more than the shop kept of the order less what was refunded already',
  refundNotPaid: 'Only a paid order can be refunded',
  refundLinesInvalid: 'Refund lines must name lines of the order, at most the units supplied',
  takingsRangeInvalid: 'Give from and to as YYYY-MM-DD, from on or before to, at most 366 days apart',
  cashUpReasonRequired: 'Give a reason for a difference between the cash handed in and the cash collected',
  cashUpRunUnknown: 'That run has no delivered orders to cash up',
  cashUpCorrectionReasonRequired: 'A run signed off already is corrected with a new entry and its reason',
  pickingDateInvalid: 'Please give a date as YYYY-MM-DD',
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
  /** A product whose seller has not said which allergens it contains: its page, and the seller's list. */
  allergensNotConfirmed: 'Allergen information not confirmed',
  allergensNotConfirmedAdvice:
    'We have not yet confirmed which of the 14 allergens this product contains. If you have a food allergy or intolerance, please contact us before buying it.',
  allergensNotConfirmedContact: 'Contact us about allergens',
  /** The seller's explicit tick for a product that contains none of the 14 allergens. */
  noAllergensLabel: 'Contains none of the 14 allergens',
  allergensFormHint:
    'Tick every one of the 14 allergens the product contains, or tick "Contains none of the 14 allergens". With neither, the shop says the allergen information is not confirmed and leaves the product out of free-from lists.',
  confirmAllergens: 'Confirm allergens',
  invalidStock: `Stock must be a whole number from 0 to ${MAX_STOCK}, or empty for not counted`,
  invalidSlotCapacity: `Slot capacity must be a whole number from ${MIN_SLOT_CAPACITY} to ${MAX_SLOT_CAPACITY}`,
  invalidDeliveryAreas: `Delivery areas must list postcode areas or districts (such as BS or BS8) for each of ${inWords(DELIVERY_CITIES)}`,
  invalidSearch: `Search text must be ${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters`,
  invalidNetQuantity: `Net quantity must be a number above 0 with at most ${NET_QUANTITY_DECIMALS} decimals, up to ${MAX_NET_QUANTITY}`,
  invalidPackUnit: `Unit must be one of ${inWords(PACK_UNITS, 'or')}`,
  /** `label` names the refused figure ("Salt"), so the seller knows which box to correct. */
  invalidNutrientGrams: (label: string) =>
    `${label}: enter grams from 0 to 100, with up to two decimals below 1 g and one decimal from 1 g`,
  addPackSize: 'Add pack size for a unit price',
  packSizeAndUnit: 'Give both the pack size and its unit, or neither',
  invalidEnergy: `Energy must be a whole number of kJ (0-${MAX_ENERGY_KJ}) and kcal (0-${MAX_ENERGY_KCAL})`,
  saturatesAboveFat: 'Saturates cannot be more than fat',
  sugarsAboveCarbohydrate: 'Sugars cannot be more than carbohydrate',
  invalidStorage: `Storage instructions must be text of at most ${MAX_STORAGE_LENGTH} characters`,
  invalidOrigin: `Origin must be text of at most ${MAX_ORIGIN_LENGTH} characters`,
  invalidProducer: `Give the producer a name (up to ${MAX_PRODUCER_NAME_LENGTH} characters) and an address (up to ${MAX_PRODUCER_ADDRESS_LENGTH} characters)`,
  invalidDiet: `Dietary marks must be chosen from ${inWords(DIETS)}`,
  veganWithAnimalAllergen: 'A product containing milk, eggs, fish, crustaceans or molluscs cannot be vegan',
  invalidFreeFrom: 'freeFrom must list allergen ids separated by commas',
  invalidDietFilter: 'diet must be vegetarian or vegan',
  invalidAgeRestricted: 'ageRestricted must be true or false',
  ageConfirmationRequired: 'Please confirm you are 18 or over to buy age-restricted items.',
  ageConfirmLabel: 'I confirm I am 18 or over (ID may be requested on delivery)',
  /** The seller's note on an order holding an 18+ line (Challenge 25 at the door). */
  ageCheckAtDoor: '18+ items: check ID on delivery (Challenge 25)',
  stockOrSwitchRequired: 'Send inStock, stock or both',
  /** Beside the count of a listed product that has none left. */
  soldOut: 'Sold out',
  deliverySettingsUpdated: 'Delivery settings updated!',
  deliveryAreasUpdated: 'Delivery areas updated!',
  deliveryAreasLoadFailed: 'The delivery areas could not be loaded.',
  deliveryAreasSaveFailed: 'Could not save the delivery areas. Please try again.',
  /** Beside a city's box in the seller's delivery areas when a code in it is not a postcode area or district. */
  invalidDeliveryAreaCodes: 'Use postcode areas or districts such as BS or BS8, separated by commas',
  deliveryCheckLabel: 'Do we deliver to you?',
  deliveryCheckButton: 'Check postcode',

  // Limits against one customer hoarding stock and delivery slots
  invalidMaxPerOrder: `Maximum per order must be a whole number from ${MIN_PER_ORDER_LIMIT} to ${MAX_PER_ORDER_LIMIT}, or empty for no limit`,
  invalidMaxOpenOrders: `Open orders per customer must be a whole number from ${MIN_MAX_OPEN_ORDERS} to ${MAX_MAX_OPEN_ORDERS}`,
  invalidMaxPerProduct: `Limit per product must be a whole number from ${MIN_PER_ORDER_LIMIT} to ${MAX_PER_ORDER_LIMIT}`,
  orderSettingsUpdated: 'Order settings updated!',

  // What a page says when a call fails without the server's own words (network down, timed out)
  loginFailed: 'Login failed. Please try again.',
  logoutFailed: 'Logout failed. Please try again.',
  orderUpdateFailed: 'Could not update the order. Please try again.',
  stockUpdateFailed: 'Could not update the stock. Please try again.',
  productDeleteFailed: 'Could not delete the product. Please try again.',
  productAddFailed: 'Could not add the product. Please try again.',
  productSaveFailed: 'Could not save the product. Please try again.',
  slotCapacitySaveFailed: 'Could not save the slot capacity. Please try again.',
  orderSettingsSaveFailed: 'Could not save the order settings. Please try again.',
  myOrdersLoadFailed: 'We couldn’t load your orders.',
  ordersLoadFailed: 'The orders could not be loaded.',
  productsLoadFailed: 'The products could not be loaded.',
  contactMessagesLoadFailed: 'The contact messages could not be loaded.',
  subscribersLoadFailed: 'The newsletter subscribers could not be loaded.',
  figuresLoadFailed: 'The figures could not be loaded.',
  shippingSettingsLoadFailed: 'The shipping settings could not be loaded.',
  slotCapacityLoadFailed: 'The slot capacity could not be loaded.',
  orderSettingsLoadFailed: 'The order settings could not be loaded.',
  twoFactorLoadFailed: 'Could not load the two-factor settings.',
  twoFactorSetupFailed: 'Could not start setting up two-factor sign-in.',
  shopProductsLoadFailed: "We couldn't load the products",
  productLoadFailed: "We couldn't load this product",
  cartLoadFailed: "We couldn't load your cart",
  signInUnavailable: 'Sign-in is not available right now. Please try again later.',
  googleSignInLoadFailed: 'Google sign-in could not be loaded. Check your connection and try again.',
  pageLoadFailed: 'This page could not be loaded',
  profileLoadFailed: "We couldn't load your profile.",
  slotsLoadFailed: "We couldn't load the places left.",
  deliveryChargesLoadFailed: "We couldn't load the delivery charges.",
  productsRefreshFailed: "We couldn't refresh the product list.",
  productFormLoadFailed: 'The product could not be loaded.',
  chartFailed: 'The chart could not be shown; the figures are below.',

  // Accounts and sessions
  tooManyAddresses: `You can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Please use one of your saved addresses.`,
  addressFieldTooLong: `Address fields must be at most ${ADDRESS_FIELD_MAX_LENGTH} characters`,
  /** Beside an address field left empty (the toast says "Please fill all fields"). */
  addressFieldRequired: 'Please fill in this field',

  // Limits of carts and product pictures
  cartNotAMap: 'cartItems must be an object of product ids to quantities',
  cartTooManyLines: `A cart can hold at most ${MAX_CART_LINES} different products`,
  badQuantity: `Quantities must be whole numbers from ${MIN_QUANTITY} to ${MAX_QUANTITY}`,
  imageType: 'Images must be JPEG, PNG, WebP or AVIF pictures',
  imageTooLarge: `Each picture must be ${MAX_IMAGE_BYTES / (1024 * 1024)} MB or smaller`,
  tooManyImages: `Add at most ${MAX_PRODUCT_IMAGES} pictures`,

  // Storefront notices where the spec leaves the wording open
  newsletterJoined: "Thanks! You're on the list.",

  // Prices with VAT and alcoholic drinks
  nutritionNotRequiredForAlcohol: 'Nutrition information is not required for alcoholic drinks.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A substitute that is 18+ offered for an order whose customer did not confirm they are 18 or over. */
export function substituteNeedsAgeConfirmationMessage(name: string): string {
  return `${name} is 18+ and this customer has not confirmed they are 18 or over: choose another substitute.`;
}

/** A substitute offered for a line whose customer did not allow substitutes. */
export function substituteNotAllowedMessage(name: string): string {
  return `Substitutes are not allowed for ${name}`;
}

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

/** "includes VAT £1.25": under a total whose prices already hold the VAT. */
export function includesVatText(vatPence: number): string {
  return `includes VAT ${formatPence(vatPence)}`;
}

/** Under a price the seller types (before VAT): what shoppers will be shown, once the price and rate are known. */
export function beforeVatHint(shopperPence: number | undefined): string {
  return shopperPence === undefined
    ? 'Before VAT'
    : `Before VAT; shoppers see ${formatPence(shopperPence)} with VAT`;
}

/** "Only 2 left of Oat Cookies": checkout could not take the quantity asked for. */
export function onlyLeftMessage(productName: string, left: number): string {
  return `Only ${left} left of ${productName}`;
}

/** Why an order line cannot be supplied from a counted stock of `left` units: out of stock, or only N left. */
export function notEnoughStockMessage(productName: string, left: number): string {
  return left > 0 ? onlyLeftMessage(productName, left) : outOfStockMessage(productName);
}

/** "You can buy at most 6 of Free Range Eggs x12 in one order.": a line beyond the product's maxPerOrder. */
export function perOrderLimitMessage(productName: string, limit: number): string {
  return `You can buy at most ${limit} of ${productName} in one order.`;
}

/** "Limit 6 per order": beside the quantity control of a product with a maxPerOrder. */
export function perOrderLimitLabel(limit: number): string {
  return `Limit ${limit} per order`;
}

/** Placing an order while the customer already holds `limit` open orders (the seller's maxOpenOrders). */
export function tooManyOpenOrdersMessage(limit: number): string {
  const orders = limit === 1 ? '1 order' : `${limit} orders`;
  return `You already have ${orders} waiting for delivery. You can place another once one has been delivered or cancelled.`;
}
