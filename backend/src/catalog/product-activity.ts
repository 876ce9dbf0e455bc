/**
 * The activity entries of the seller's changes of products: what changed, with prices, stock and the switch
 * before and after (other fields are named only).
 */
import { formatPence } from '@larder/shared-domain';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import type { DbExecutor } from '../db/database.module';
import type { CatalogProduct } from './product-view';

/** Fields whose values the entry shows before and after. */
const shown = (p: CatalogProduct) => ({
  name: p.name,
  price: formatPence(p.price),
  'offer price': formatPence(p.offerPrice),
  'VAT %': p.vatBasisPoints / 100,
  stock: p.stock === null ? 'not counted' : p.stock,
  listed: p.listed ? 'yes' : 'no',
  'limit per order': p.maxPerOrder ?? 'none',
});

/** Fields only named when they change. */
const NAMED: readonly (keyof CatalogProduct)[] = [
  'category',
  'description',
  'images',
  'ingredients',
  'allergens',
  'netQuantity',
  'unit',
  'nutrition',
  'storage',
  'origin',
  'producer',
  'dietary',
  'ageRestricted',
  'fruitVegNuts',
  'hfssCategory',
];

/** "price £2.00 → £1.80, stock 3 → 5; pictures, ingredients changed". */
export function productChanges(before: CatalogProduct, after: CatalogProduct): string {
  const b = shown(before);
  const a = shown(after);
  const values = ActivityLog.changes(
    Object.fromEntries(
      Object.keys(a).map((key) => [key, [b[key as keyof typeof b], a[key as keyof typeof a]]]),
    ),
  );
  const named = NAMED.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map(
    (key) => (key === 'images' ? 'pictures' : key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)),
  );
  return (
    [values, named.length ? `${named.join(', ')} changed` : ''].filter(Boolean).join('; ') || 'no change'
  );
}

export async function recordProductAdded(
  tx: DbExecutor,
  actor: ActivityActor,
  p: CatalogProduct,
): Promise<void> {
  await ActivityLog.record(tx, actor, {
    action: 'product.added',
    kind: 'product',
    id: p.id,
    summary: `Added ${p.name} at ${formatPence(p.offerPrice)}, stock ${p.stock === null ? 'not counted' : p.stock}`,
  });
}

export async function recordProductChanged(
  tx: DbExecutor,
  actor: ActivityActor,
  before: CatalogProduct,
  after: CatalogProduct,
): Promise<void> {
  const priceMoved = before.price !== after.price || before.offerPrice !== after.offerPrice;
  const stockMoved = before.stock !== after.stock || before.listed !== after.listed;
  await ActivityLog.record(tx, actor, {
    action: priceMoved ? 'product.price' : stockMoved ? 'product.stock' : 'product.edited',
    kind: 'product',
    id: after.id,
    summary: `${after.name}: ${productChanges(before, after)}`,
  });
}

export async function recordProductDeleted(
  tx: DbExecutor,
  actor: ActivityActor,
  p: CatalogProduct,
): Promise<void> {
  await ActivityLog.record(tx, actor, {
    action: 'product.deleted',
    kind: 'product',
    id: p.id,
    summary: `Deleted ${p.name}`,
  });
}
