import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_AREAS,
  DEFAULT_LICENSED_HOURS,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_MAX_PER_PRODUCT,
  DEFAULT_SLOT_CAPACITY,
  type DeliveryAreas,
  type LicensedHours,
  formatPence,
  type ShippingSettings,
} from '@larder/shared-domain';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import { DB, Database, DbExecutor } from '../db/database.module';
import { CATALOG_VERSION_SHARDS, catalogState, shopSettings } from '../db/schema';

/** The areas of every city as one line: "Bristol BS, BS8; Bath BA1". */
const areasText = (areas: DeliveryAreas) =>
  Object.entries(areas)
    .map(([city, list]) => `${city} ${(list as readonly string[]).join(', ')}`)
    .join('; ');

/**
 * The channel told of every settings change at its commit, so each process (several replicas on a
 * PostgreSQL server) forgets what it derived from the settings, such as rendered pages.
 */
export const SETTINGS_CHANNEL = 'larder_settings';

/** Defaults used if the settings row were ever missing (the migrations insert it). */
export const DEFAULT_SHIPPING: ShippingSettings = { shippingCharge: 399, shippingThreshold: 4000 };

@Injectable()
export class SettingsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async getShipping(tx: DbExecutor = this.db): Promise<ShippingSettings> {
    const [row] = await tx
      .select({
        shippingCharge: shopSettings.shippingCharge,
        shippingThreshold: shopSettings.shippingThreshold,
      })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row ?? DEFAULT_SHIPPING;
  }

  async saveShipping(settings: ShippingSettings, actor?: ActivityActor): Promise<ShippingSettings> {
    return this.db.transaction(async (tx) => {
      const before = await this.getShipping(tx);
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...settings, updatedAt: new Date() } })
        .returning({
          shippingCharge: shopSettings.shippingCharge,
          shippingThreshold: shopSettings.shippingThreshold,
        });
      await notifySettingsChanged(tx);
      if (actor)
        await logged(tx, actor, 'settings.shipping', {
          'shipping charge': [formatPence(before.shippingCharge), formatPence(row.shippingCharge)],
          'free shipping from': [formatPence(before.shippingThreshold), formatPence(row.shippingThreshold)],
        });
      return row;
    });
  }

  async getSlotCapacity(tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ slotCapacity: shopSettings.slotCapacity })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.slotCapacity ?? DEFAULT_SLOT_CAPACITY;
  }

  async saveSlotCapacity(slotCapacity: number, actor?: ActivityActor): Promise<number> {
    return this.db.transaction(async (tx) => {
      const before = await this.getSlotCapacity(tx);
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...DEFAULT_SHIPPING, slotCapacity })
        .onConflictDoUpdate({ target: shopSettings.id, set: { slotCapacity, updatedAt: new Date() } })
        .returning({ slotCapacity: shopSettings.slotCapacity });
      await notifySettingsChanged(tx);
      if (actor)
        await logged(tx, actor, 'settings.delivery', { 'orders per slot': [before, row.slotCapacity] });
      return row.slotCapacity;
    });
  }

  async getMaxOpenOrders(tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ maxOpenOrders: shopSettings.maxOpenOrders })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.maxOpenOrders ?? DEFAULT_MAX_OPEN_ORDERS;
  }

  async getMaxPerProduct(tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ maxPerProduct: shopSettings.maxPerProduct })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.maxPerProduct ?? DEFAULT_MAX_PER_PRODUCT;
  }

  /** Saves maxOpenOrders and, when given, maxPerProduct; answers both as stored. */
  async saveOrderLimits(
    maxOpenOrders: number,
    maxPerProduct?: number,
    actor?: ActivityActor,
  ): Promise<{ maxOpenOrders: number; maxPerProduct: number }> {
    const limits = maxPerProduct === undefined ? { maxOpenOrders } : { maxOpenOrders, maxPerProduct };
    return this.db.transaction(async (tx) => {
      const before = { open: await this.getMaxOpenOrders(tx), perProduct: await this.getMaxPerProduct(tx) };
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...DEFAULT_SHIPPING, ...limits })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...limits, updatedAt: new Date() } })
        .returning({ maxOpenOrders: shopSettings.maxOpenOrders, maxPerProduct: shopSettings.maxPerProduct });
      await notifySettingsChanged(tx);
      if (actor)
        await logged(tx, actor, 'settings.orders', {
          'open orders per customer': [before.open, row.maxOpenOrders],
          'most of one product': [before.perProduct, row.maxPerProduct],
        });
      return row;
    });
  }
  async getDeliveryAreas(tx: DbExecutor = this.db): Promise<DeliveryAreas> {
    const [row] = await tx
      .select({ deliveryAreas: shopSettings.deliveryAreas })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.deliveryAreas ?? DEFAULT_DELIVERY_AREAS;
  }

  async saveDeliveryAreas(deliveryAreas: DeliveryAreas, actor?: ActivityActor): Promise<DeliveryAreas> {
    return this.db.transaction(async (tx) => {
      const before = await this.getDeliveryAreas(tx);
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...DEFAULT_SHIPPING, deliveryAreas })
        .onConflictDoUpdate({ target: shopSettings.id, set: { deliveryAreas, updatedAt: new Date() } })
        .returning({ deliveryAreas: shopSettings.deliveryAreas });
      await notifySettingsChanged(tx);
      if (actor)
        await logged(tx, actor, 'settings.delivery-area', {
          'delivery areas': [areasText(before), areasText(row.deliveryAreas)],
        });
      return row.deliveryAreas;
    });
  }
}

/** The premises licence's details and its hours for the sale of alcohol. */
export interface LicenceSettings {
  premisesLicence: string | null;
  supervisor: string | null;
  hours: LicensedHours;
}

/** How the hours read in the activity log: "1 08:00-23:00, 2 ...". */
const hoursText = (hours: LicensedHours) =>
  Object.entries(hours)
    .map(([day, [from, until]]) => `${day} ${from}-${until}`)
    .join(', ');

/** The food and drink law settings (the food promotion rules, the premises licence). */
@Injectable()
export class FoodLawSettingsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async getQualifyingBusiness(tx: DbExecutor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ qualifyingBusiness: shopSettings.qualifyingBusiness })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.qualifyingBusiness ?? false;
  }

  async saveQualifyingBusiness(qualifyingBusiness: boolean, actor?: ActivityActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const before = await this.getQualifyingBusiness(tx);
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...DEFAULT_SHIPPING, qualifyingBusiness })
        .onConflictDoUpdate({ target: shopSettings.id, set: { qualifyingBusiness, updatedAt: new Date() } })
        .returning({ qualifyingBusiness: shopSettings.qualifyingBusiness });
      await notifySettingsChanged(tx);
      // The product answers' promotions change with it: the catalogue is marked changed, as its writes do.
      await tx.execute(sql`
        insert into ${catalogState} (id, version) values (pg_backend_pid() % ${sql.raw(String(CATALOG_VERSION_SHARDS))} + 1, 1)
        on conflict (id) do update set version = ${catalogState}.version + 1`);
      const yesNo = (b: boolean) => (b ? 'yes' : 'no');
      if (actor)
        await logged(tx, actor, 'settings.food-promotion', {
          'food promotion rules apply': [yesNo(before), yesNo(row.qualifyingBusiness)],
        });
      return row.qualifyingBusiness;
    });
  }

  async getLicence(tx: DbExecutor = this.db): Promise<LicenceSettings> {
    const [row] = await tx
      .select({
        premisesLicence: shopSettings.premisesLicence,
        supervisor: shopSettings.supervisor,
        hours: shopSettings.licensedHours,
      })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row ?? { premisesLicence: null, supervisor: null, hours: DEFAULT_LICENSED_HOURS };
  }

  async saveLicence(licence: LicenceSettings, actor?: ActivityActor): Promise<LicenceSettings> {
    return this.db.transaction(async (tx) => {
      const before = await this.getLicence(tx);
      const set = {
        premisesLicence: licence.premisesLicence,
        supervisor: licence.supervisor,
        licensedHours: licence.hours,
      };
      const [row] = await tx
        .insert(shopSettings)
        .values({ id: 1, ...DEFAULT_SHIPPING, ...set })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...set, updatedAt: new Date() } })
        .returning({
          premisesLicence: shopSettings.premisesLicence,
          supervisor: shopSettings.supervisor,
          hours: shopSettings.licensedHours,
        });
      await notifySettingsChanged(tx);
      if (actor)
        await logged(tx, actor, 'settings.licence', {
          'premises licence': [before.premisesLicence ?? 'none', row.premisesLicence ?? 'none'],
          supervisor: [before.supervisor ?? 'none', row.supervisor ?? 'none'],
          'licensed hours': [hoursText(before.hours), hoursText(row.hours)],
        });
      return row;
    });
  }
}

/** The activity entry of a settings change: what changed, before → after ("no change" when nothing did). */
async function logged(
  tx: DbExecutor,
  actor: ActivityActor,
  action: string,
  values: Record<string, readonly [unknown, unknown]>,
): Promise<void> {
  await ActivityLog.record(tx, actor, {
    action,
    kind: 'settings',
    summary: ActivityLog.changes(values) || `${Object.keys(values).join(', ')}: no change`,
  });
}

/** Notifies SETTINGS_CHANNEL when the transaction commits. */
async function notifySettingsChanged(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
}
