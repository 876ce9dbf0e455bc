import { useAddProductMutation, errorField, errorMessage, successMessage, toast } from '@larder/shared-state';
import { MESSAGES } from '@larder/shared-domain';
import { useDocumentTitle } from '@larder/shared-ui';
import { ProductForm } from '../../components/ProductForm';

/** The Add Product screen: up to four pictures, the product's text, category, prices and food information. */
export default function AddProductPage() {
  useDocumentTitle('Add Product');
  const [addProduct, { isLoading }] = useAddProductMutation();

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold text-gray-900">Add Product</h1>
      <p className="mt-1 text-sm text-gray-600">Fields marked * are required.</p>
      <ProductForm
        mode="add"
        busy={isLoading}
        onSubmit={async (productData, images) => {
          try {
            const result = await addProduct({ productData, images }).unwrap();
            toast.success(successMessage(result, MESSAGES.productAdded));
            return true;
          } catch (error) {
            const message = errorMessage(error, MESSAGES.productAddFailed);
            toast.error(message);
            return { message, field: errorField(error) };
          }
        }}
      />
    </div>
  );
}
