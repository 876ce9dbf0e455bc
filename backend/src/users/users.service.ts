import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ERROR_CODES,
  addressProblem,
  AddressView,
  ADDRESS_PROBLEM_MESSAGES,
  CartItems,
  deliversTo,
  MAX_ADDRESSES_PER_CUSTOMER,
  MESSAGES,
  normaliseUkPhone,
  normaliseUkPostcode,
  notDeliveredMessage,
} from '@larder/shared-domain';
import { isUuid } from '../common/uuid-param';
import { ConflictError, InvalidError, UnauthorizedError } from '../common/errors';
import { DB, Database, DbExecutor } from '../db/database.module';
import { AddressSnapshot } from '../db/schema';
import { SettingsService } from '../settings/settings.service';
import { AddressRow, UserRow, UsersRepository } from './users.repository';

/** A customer account as the API shows it. */
export interface UserView {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  cartItems: CartItems;
  addresses: AddressView[];
  defaultAddress: string | null;
}

export interface CustomerContact {
  name: string;
  email: string;
  phone: string | null;
}

export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  googleSub?: string | null;
}

/**
 * Runs inside the account-deletion transaction, before the user row is deleted. It may answer work to run once
 * the deletion has committed: calls to other services, which must never hold the transaction open.
 */
export type AccountDeletionHook = (tx: DbExecutor, userId: string) => Promise<void | AfterAccountDeletion>;

/** Runs after an account deletion committed; a failure is logged, the account stays deleted. */
export type AfterAccountDeletion = () => Promise<void>;

/**
 * Runs before the account-deletion transaction, outside it: calls to other services (such as Stripe) that must
 * not hold the transaction open. The deletion may still fail afterwards, so what it does must stand on its own.
 */
export type AccountDeletionPreparation = (userId: string) => Promise<void>;

function addressView(row: AddressRow): AddressView {
  return {
    _id: row.id,
    street: row.street,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
  };
}

/** Reads a customer's cart within the caller's transaction. */
export type CartReader = (userId: string, tx: DbExecutor) => Promise<CartItems>;

/** Customer accounts: sign-up records, profile, phone, delivery addresses and account deletion. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);
  private readonly deletionPreparations: AccountDeletionPreparation[] = [];
  private readonly deletionHooks: AccountDeletionHook[] = [];
  private cartReader?: CartReader;

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly settings: SettingsService,
  ) {}

  /**
   * How the account view reads the customer's cart: given once by the cart module, which sits above this one
   * (a cart belongs to an account).
   */
  readCartWith(reader: CartReader): void {
    this.cartReader = reader;
  }

  /** Registers work that must happen in the same transaction as an account deletion. */
  onAccountDeletion(hook: AccountDeletionHook): void {
    this.deletionHooks.push(hook);
  }

  /** Registers work that must happen before an account deletion's transaction, outside it. */
  beforeAccountDeletion(preparation: AccountDeletionPreparation): void {
    this.deletionPreparations.push(preparation);
  }

  exists(userId: string, tx: DbExecutor = this.db): Promise<boolean> {
    return this.users.exists(userId, tx);
  }

  /** The account of a Google identity: by Google subject first, then by (lower-cased) e-mail. */
  async findByIdentity(
    subject: string,
    email: string,
    tx: DbExecutor = this.db,
  ): Promise<UserRow | undefined> {
    return (await this.users.findByGoogleSub(subject, tx)) ?? (await this.users.findByEmail(email, tx));
  }

  async emailExists(email: string): Promise<boolean> {
    return (await this.users.findByEmail(email.trim().toLowerCase())) !== undefined;
  }

  /** Remembers the Google account of a user registered before it was known. */
  async linkGoogleAccount(userId: string, subject: string): Promise<void> {
    await this.users.linkGoogleSub(userId, subject);
  }

  /**
   * Creates a customer account. When the e-mail was registered meanwhile (two sign-ups racing),
   * answers the existing account instead.
   */
  async createCustomer(customer: NewCustomer): Promise<UserRow> {
    const email = customer.email.trim().toLowerCase();
    let phone: string | null = null;
    if (customer.phone) {
      const normalised = normaliseUkPhone(customer.phone);
      if (!normalised) throw new InvalidError(MESSAGES.invalidPhone);
      phone = normalised;
    }
    const created = await this.users.insertIfAbsent({
      email,
      firstName: customer.firstName.trim(),
      lastName: customer.lastName.trim(),
      phone,
      googleSub: customer.googleSub ?? null,
    });
    if (created) return created;
    const existing = await this.users.findByEmail(email);
    if (!existing)
      throw new UnauthorizedError(MESSAGES.googleLoginFailed, { code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED });
    return existing;
  }

  /** The account as the API shows it; 401 when it no longer exists. */
  async getUserView(userId: string, tx: DbExecutor = this.db): Promise<UserView> {
    // Two statements sent together: the account with its addresses, and the cart.
    const [found, cartItems] = await Promise.all([
      this.users.findWithAddresses(userId, tx),
      this.readCart(userId, tx),
    ]);
    if (!found) throw new UnauthorizedError(MESSAGES.notAuthorized);
    const { user } = found;
    const addresses = found.addresses.map(addressView);
    const defaultAddress =
      addresses.find((a) => a._id === user.defaultAddressId)?._id ?? addresses[0]?._id ?? null;
    return {
      _id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      cartItems,
      addresses,
      defaultAddress,
    };
  }

  private readCart(userId: string, tx: DbExecutor): Promise<CartItems> {
    if (!this.cartReader) throw new Error('The account view needs the cart module, which was not loaded');
    return this.cartReader(userId, tx);
  }

  /** Stores a UK phone number (tidied); 400 for anything else. */
  async updatePhone(userId: string, phone: string): Promise<string> {
    const normalised = normaliseUkPhone(phone);
    if (!normalised) throw new InvalidError(MESSAGES.invalidPhone);
    if (!(await this.users.updatePhone(userId, normalised)))
      throw new UnauthorizedError(MESSAGES.notAuthorized);
    return normalised;
  }

  /**
   * Adds a delivery address (postcode normalised) inside the delivery area; the first one becomes the default. A customer keeps at most
   * MAX_ADDRESSES_PER_CUSTOMER addresses (409 beyond).
   */
  async addAddress(
    userId: string,
    input: Partial<Record<keyof AddressSnapshot, unknown>> | undefined,
  ): Promise<AddressView> {
    const problem = addressProblem(input ?? {});
    if (problem) throw new InvalidError(ADDRESS_PROBLEM_MESSAGES[problem]);
    const fields = input as AddressSnapshot;
    const address: AddressSnapshot = {
      street: fields.street.trim(),
      city: fields.city,
      state: fields.state.trim(),
      postalCode: normaliseUkPostcode(fields.postalCode) as string,
      country: fields.country,
    };
    if (!deliversTo(address.postalCode, address.city, await this.settings.getDeliveryAreas())) {
      throw new InvalidError(notDeliveredMessage(address.postalCode), {
        code: ERROR_CODES.NOT_DELIVERED_HERE,
      });
    }
    return this.db.transaction(async (tx) => {
      // The lock makes concurrent additions count one after another, so none slips past the limit.
      if (!(await this.users.lockForUpdate(userId, tx))) throw new UnauthorizedError(MESSAGES.notAuthorized);
      if ((await this.users.countAddresses(userId, tx)) >= MAX_ADDRESSES_PER_CUSTOMER)
        throw new ConflictError(MESSAGES.tooManyAddresses, { code: ERROR_CODES.TOO_MANY_ADDRESSES });
      const row = await this.users.insertAddress(userId, address, tx);
      await this.users.setDefaultAddressIfUnset(userId, row.id, tx);
      return addressView(row);
    });
  }

  /** One of the user's addresses, or undefined when it is not theirs (or does not exist). */
  async findAddressForUser(
    userId: string,
    addressId: string,
    tx: DbExecutor = this.db,
  ): Promise<(AddressSnapshot & { id: string }) | undefined> {
    if (!isUuid(addressId)) return undefined;
    const row = await this.users.findAddress(userId, addressId, tx);
    if (!row) return undefined;
    return {
      id: row.id,
      street: row.street,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
    };
  }

  async getCustomerContact(userId: string, tx: DbExecutor = this.db): Promise<CustomerContact | undefined> {
    const user = await this.users.findById(userId, tx);
    if (!user) return undefined;
    return { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone };
  }

  /**
   * Deletes the account: the registered preparations first, outside any transaction (the orders close their open
   * card payments at Stripe); then one transaction that locks the user row, runs the registered hooks (orders,
   * outbox) and deletes the row, which takes the addresses, the cart and the sessions with it; then, once that
   * has committed, the work the hooks answered (expiring the card payments of orders placed meanwhile).
   *
   * The row is locked FOR UPDATE before the hooks look at anything: a checkout holds the same row (FOR NO KEY
   * UPDATE, CheckoutRepository.withCustomerLocked) while it stores its order, so it either commits first (and the hooks
   * see and cancel its order) or waits and then finds the account gone (401), never leaving an order behind that
   * the hooks missed.
   */
  async deleteAccount(userId: string): Promise<void> {
    for (const prepare of this.deletionPreparations) await prepare(userId);
    const afterCommit = await this.db.transaction(async (tx) => {
      if (!(await this.users.lockForUpdate(userId, tx))) throw new UnauthorizedError(MESSAGES.notAuthorized);
      const after: AfterAccountDeletion[] = [];
      for (const hook of this.deletionHooks) {
        const then = await hook(tx, userId);
        if (then) after.push(then);
      }
      if (!(await this.users.deleteUser(userId, tx))) throw new UnauthorizedError(MESSAGES.notAuthorized);
      return after;
    });
    for (const then of afterCommit) {
      try {
        await then();
      } catch (err) {
        // The account is gone; what follows its deletion never turns that into a failure. No personal data here.
        this.logger.error(
          `Work after an account deletion failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}
