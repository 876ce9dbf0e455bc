import { Link, useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import {
  useListProductsQuery,
  useUpdateProductMutation,
  errorField,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import { Button, buttonClasses, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { ProductForm } from '../../components/ProductForm';
import { draftFromProduct } from '../../lib/product-draft';
import { useSellerPath } from '../../layout/SellerBase';

/** Edit Product: the product form prefilled with the product's fields; saves with PUT /api/product/{id}. */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const sellerPath = useSellerPath();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useListProductsQuery();
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();
  const product = data?.products.find((entry) => entry._id === id);
  useDocumentTitle(product ? `Edit ${product.name}` : 'Edit Product');

  if (isLoading) {
    return (
      <div className="max-w-2xl" role="status" aria-busy="true">
        <span className="sr-only">Loading product</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="mt-6 h-24 w-full" />
        <Skeleton className="mt-4 h-12 w-full" />
        <Skeleton className="mt-4 h-32 w-full" />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <div role="alert" className="max-w-2xl rounded-xl border border-danger-soft bg-danger-soft/40 p-4">
        <p className="text-sm text-danger">{MESSAGES.productFormLoadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!product) {
    return (
      <EmptyState
        title={MESSAGES.productNotFound}
        message="It may have been deleted."
        action={
          <Link to={sellerPath('product-list')} className={buttonClasses()}>
            Back to Product List
          </Link>
        }
      />
    );
  }

  return (
    <div className="max-w-2xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={sellerPath('product-list')} className="text-primary hover:underline">
          <span aria-hidden="true">← </span>Product List
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-semibold text-gray-900">Edit Product</h1>
      <p className="mt-1 text-sm text-gray-600">
        Changes show in the shop at once. Past orders keep the details they were placed with.
      </p>
      <ProductForm
        key={product._id}
        mode="edit"
        initial={draftFromProduct(product)}
        currentImages={product.image}
        busy={saving}
        onSubmit={async (productData, images) => {
          try {
            const result = await updateProduct({ id: product._id, productData, images }).unwrap();
            toast.success(successMessage(result, MESSAGES.productUpdated));
            navigate(sellerPath('product-list'));
            return true;
          } catch (error) {
            const message = errorMessage(error, MESSAGES.productSaveFailed);
            toast.error(message);
            return { message, field: errorField(error) };
          }
        }}
      />
    </div>
  );
}
