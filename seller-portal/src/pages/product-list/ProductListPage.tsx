import { hfssStatus } from '../../components/FoodPromotionFields';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { categoryText, formatPounds, MESSAGES } from '@larder/shared-domain';
import {
  useDeleteProductMutation,
  useListProductsQuery,
  useSetProductStockMutation,
  type ListProductsApiResponse,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import {
  Badge,
  Button,
  buttonClasses,
  cx,
  DESKTOP_QUERY,
  EmptyState,
  ProductImage,
  Skeleton,
  TextInput,
  useConfirm,
  useDocumentTitle,
  useMediaQuery,
} from '@larder/shared-ui';
import { TrashIcon } from '../../components/icons';
import { StockCountInput, isLowStock } from './StockCountInput';
import { StockSwitch } from './StockSwitch';
import { useSellerPath } from '../../layout/SellerBase';

type Product = ListProductsApiResponse['products'][number];

interface RowActions {
  /** The stock state being sent for a product, shown until the list reloads. */
  pendingStock: Record<string, boolean>;
  deleting: Record<string, boolean>;
  /** Products whose stock count is being saved. */
  savingCount: Record<string, boolean>;
  toggleStock: (product: Product) => void;
  saveCount: (product: Product, stock: number | null) => Promise<boolean>;
  remove: (product: Product) => void;
  editPath: (product: Product) => string;
}

function EditLink({ product, actions }: { product: Product; actions: RowActions }) {
  return (
    <Link
      to={actions.editPath(product)}
      aria-label={`Edit ${product.name}`}
      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
    >
      Edit
    </Link>
  );
}

/** The count, with "Sold out" beside it when a listed product has none left (shoppers cannot buy it). */
function CountInput({ product, actions }: { product: Product; actions: RowActions }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StockCountInput
        productName={product.name}
        stock={product.stock ?? null}
        busy={actions.savingCount[product._id]}
        onSave={(stock) => actions.saveCount(product, stock)}
      />
      {product.listed && product.stock === 0 && <Badge tone="warning">{MESSAGES.soldOut}</Badge>}
    </div>
  );
}

function DeleteButton({ product, actions }: { product: Product; actions: RowActions }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => actions.remove(product)}
      loading={actions.deleting[product._id]}
      aria-label={`Delete ${product.name}`}
      className="text-danger hover:bg-danger-soft"
    >
      {!actions.deleting[product._id] && <TrashIcon className="h-4 w-4" />}
      Delete
    </Button>
  );
}

/** Edit and Delete of one product. */
function RowButtons({
  product,
  actions,
  className,
}: {
  product: Product;
  actions: RowActions;
  className?: string;
}) {
  return (
    <div className={cx('flex gap-1', className)}>
      <EditLink product={product} actions={actions} />
      <DeleteButton product={product} actions={actions} />
    </div>
  );
}

/** For a product without a pack size: the shop cannot print its unit price until the seller adds one. */
function PackNotice({ product, actions }: { product: Product; actions: RowActions }) {
  if (product.netQuantity !== null) return null;
  return (
    <Link
      to={actions.editPath(product)}
      className="mt-1 block text-xs font-medium text-warning underline-offset-2 hover:underline"
    >
      {MESSAGES.addPackSize}
    </Link>
  );
}

/** For a product whose allergens the seller has not confirmed: it is left out of every free-from list. */
function AllergenNotice({ product, actions }: { product: Product; actions: RowActions }) {
  if (product.allergensConfirmed) return null;
  return (
    <Link
      to={actions.editPath(product)}
      className="mt-1 block text-xs font-medium text-danger underline-offset-2 hover:underline"
    >
      {MESSAGES.allergensNotConfirmed}
    </Link>
  );
}

/** The product's first picture in a white frame of `size` pixels. */
function ProductThumb({ product, size }: { product: Product; size: 56 | 64 }) {
  return (
    <div
      className={cx(
        'shrink-0 overflow-hidden rounded-md border border-gray-200 bg-white p-1',
        size === 56 ? 'h-14 w-14' : 'h-16 w-16',
      )}
    >
      <ProductImage src={product.image[0]} alt="" width={size} height={size} className="h-full w-full" />
    </div>
  );
}

/** The seller's switch as set (listed), showing the state being sent until the list reloads. */
function stockOf(product: Product, actions: RowActions) {
  const pending = actions.pendingStock[product._id];
  return { checked: pending ?? product.listed, busy: pending !== undefined };
}

function StockToggle({ product, actions }: { product: Product; actions: RowActions }) {
  const stock = stockOf(product, actions);
  return (
    <StockSwitch
      productName={product.name}
      checked={stock.checked}
      busy={stock.busy}
      onToggle={() => actions.toggleStock(product)}
    />
  );
}

function ProductTable({ products, actions }: { products: readonly Product[]; actions: RowActions }) {
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">All products</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="w-[30%] px-4 py-3 font-semibold">
              Product
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Category
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Offer price
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              HFSS score
            </th>
            <th scope="col" className="w-36 px-4 py-3 font-semibold">
              Stock
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              In stock
            </th>
            <th scope="col" className="w-44 px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {products.map((product) => (
            <tr
              key={product._id}
              className={cx('align-middle', isLowStock(product.stock) && 'bg-warning-soft/40')}
            >
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <ProductThumb product={product} size={56} />
                  <div className="min-w-0">
                    <span className="block truncate font-medium text-gray-900" title={product.name}>
                      {product.name}
                    </span>
                    <PackNotice product={product} actions={actions} />
                    <AllergenNotice product={product} actions={actions} />
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 text-gray-700">{categoryText(product.category)}</td>
              <td className="px-4 py-3 font-medium text-gray-900">{formatPounds(product.offerPrice)}</td>
              <td className="px-4 py-3 text-gray-700">{hfssStatus(product)}</td>
              <td className="px-4 py-3">
                <CountInput product={product} actions={actions} />
              </td>
              <td className="px-4 py-3">
                <StockToggle product={product} actions={actions} />
              </td>
              <td className="px-4 py-3 text-right">
                <RowButtons product={product} actions={actions} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductCards({ products, actions }: { products: readonly Product[]; actions: RowActions }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="All products">
      {products.map((product) => (
        <li
          key={product._id}
          className={cx(
            'rounded-xl border p-3',
            isLowStock(product.stock) ? 'border-warning/40 bg-warning-soft/40' : 'border-gray-200',
          )}
        >
          <div className="flex gap-3">
            <ProductThumb product={product} size={64} />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-gray-900">{product.name}</p>
              <p className="text-sm text-gray-600">{categoryText(product.category)}</p>
              <p className="mt-1 text-sm font-semibold text-gray-900">{formatPounds(product.offerPrice)}</p>
              <p className="text-sm text-gray-600">HFSS score {hfssStatus(product)}</p>
              <PackNotice product={product} actions={actions} />
              <AllergenNotice product={product} actions={actions} />
            </div>
          </div>
          <div className="mt-3 flex items-center gap-3">
            <span className="text-sm text-gray-700" aria-hidden="true">
              Stock
            </span>
            <CountInput product={product} actions={actions} />
          </div>
          <div className="mt-3 flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
            <div className="flex items-center gap-2">
              <StockToggle product={product} actions={actions} />
              <span className="text-sm text-gray-700" aria-hidden="true">
                {stockOf(product, actions).checked ? 'In stock' : 'Out of stock'}
              </span>
            </div>
            <RowButtons product={product} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function LoadingRows() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-xl border border-gray-200 p-3">
          <Skeleton className="h-14 w-14 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-7 w-12" circle />
        </div>
      ))}
    </div>
  );
}

/** Whether a product's name holds the search text, ignoring case and surrounding spaces. */
function matchesSearch(product: Product, search: string): boolean {
  const words = search.trim().toLocaleLowerCase();
  return !words || product.name.toLocaleLowerCase().includes(words);
}

/**
 * The seller's catalogue with a search by name, stock counts edited in place, stock switches, edit and delete.
 * The whole catalogue is loaded, so the search filters it here without asking the server again.
 */
export default function ProductListPage() {
  useDocumentTitle('Product List');
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const confirm = useConfirm();
  const sellerPath = useSellerPath();
  const { data, isLoading, isError, error, refetch } = useListProductsQuery();
  const [setStock] = useSetProductStockMutation();
  const [deleteProduct] = useDeleteProductMutation();
  const [pendingStock, setPendingStock] = useState<Record<string, boolean>>({});
  const [deleting, setDeleting] = useState<Record<string, boolean>>({});
  const [savingCount, setSavingCount] = useState<Record<string, boolean>>({});
  const [search, setSearch] = useState('');

  const saveCount = async (product: Product, stock: number | null) => {
    setSavingCount((current) => ({ ...current, [product._id]: true }));
    try {
      const result = await setStock({ setProductStockDto: { id: product._id, stock } }).unwrap();
      toast.success(successMessage(result, MESSAGES.stockUpdated));
      return true;
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.stockUpdateFailed));
      return false;
    } finally {
      setSavingCount(({ [product._id]: _done, ...rest }) => rest);
    }
  };

  const toggleStock = async (product: Product) => {
    // The request's inStock is the seller's switch (the API's contract); the answer shows it as listed.
    const listed = !product.listed;
    setPendingStock((current) => ({ ...current, [product._id]: listed }));
    try {
      const result = await setStock({ setProductStockDto: { id: product._id, inStock: listed } }).unwrap();
      toast.success(successMessage(result, MESSAGES.stockUpdated));
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.stockUpdateFailed));
    } finally {
      setPendingStock(({ [product._id]: _done, ...rest }) => rest);
    }
  };

  const remove = async (product: Product) => {
    const confirmed = await confirm({
      title: 'Delete this product?',
      message: `${product.name} will be removed from the shop and from customers' carts. Past orders keep their record of it.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    setDeleting((current) => ({ ...current, [product._id]: true }));
    try {
      const result = await deleteProduct({ id: product._id }).unwrap();
      toast.success(successMessage(result, MESSAGES.productDeleted));
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.productDeleteFailed));
    } finally {
      setDeleting(({ [product._id]: _done, ...rest }) => rest);
    }
  };

  const actions: RowActions = {
    pendingStock,
    deleting,
    savingCount,
    toggleStock,
    saveCount,
    remove,
    editPath: (product) => sellerPath(`edit-product/${product._id}`),
  };
  const all = data?.products ?? [];
  const products = all.filter((product) => matchesSearch(product, search));

  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <h1 className="text-2xl font-semibold text-gray-900">Product List</h1>

      <section aria-labelledby="all-products-heading" aria-busy={isLoading}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="all-products-heading" className="text-lg font-semibold text-gray-900">
            All products
          </h2>
          {data && (
            <p className="text-sm text-gray-600" role="status">
              {products.length === all.length ? '' : `${products.length} of `}
              {all.length} {all.length === 1 ? 'product' : 'products'}
            </p>
          )}
        </div>
        {all.length > 0 && (
          <div className="mb-4 max-w-sm">
            <TextInput
              label="Search products"
              type="search"
              name="search"
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name"
            />
          </div>
        )}
        {isLoading ? (
          <>
            <p role="status" className="sr-only">
              Loading products
            </p>
            <LoadingRows />
          </>
        ) : isError && !data ? (
          <div role="alert" className="rounded-xl border border-danger-soft bg-danger-soft/40 p-4">
            <p className="text-sm text-danger">{errorMessage(error, MESSAGES.productsLoadFailed)}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : all.length > 0 && products.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">
            No products match “{search.trim()}”.
          </p>
        ) : products.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No products yet"
            message="Products you add appear here, where you can mark them in or out of stock."
            action={
              <Link to={sellerPath('add-product')} className={buttonClasses()}>
                Add Product
              </Link>
            }
            className="rounded-xl border border-dashed border-gray-300"
          />
        ) : desktop ? (
          <ProductTable products={products} actions={actions} />
        ) : (
          <ProductCards products={products} actions={actions} />
        )}
      </section>
    </div>
  );
}
