import { Link, Navigate, useParams } from 'react-router-dom';
import { MESSAGES, categoryFromSlug, categorySlug, matchesFoodFilters } from '@larder/shared-domain';
import { buttonClasses, EmptyState, useDocumentTitle } from '@larder/shared-ui';
import { FoodFiltersForm, hasFoodFilters, useFoodFilters } from '../../components/FoodFilters';
import { ProductListing } from '../../components/ProductListing';
import { useProducts } from '../../components/useProducts';
import NotFoundPage from '../not-found/NotFoundPage';

/** The in-stock products of one category (/products/{category}, category in lowercase). */
export default function CategoryPage() {
  const { category: slug = '' } = useParams();
  const category = categoryFromSlug(slug);
  useDocumentTitle(category?.text ?? MESSAGES.pageNotFound);
  const { inStock, isLoading, isError, refetch } = useProducts();
  const filters = useFoodFilters();

  if (!category) return <NotFoundPage />;
  const canonical = categorySlug(category.path);
  if (slug !== canonical) return <Navigate to={`/products/${canonical}`} replace />;

  const shown = inStock.filter(
    (product) => product.category === category.path && matchesFoodFilters(product, filters),
  );

  return (
    <section className="py-8 md:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/products" className="hover:text-primary hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-gray-900">
            {category.text}
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-2xl font-semibold text-gray-900 md:text-3xl">{category.text}</h1>
      <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
      <div className="mt-6">
        <FoodFiltersForm />
      </div>
      <div className="mt-6 md:mt-8">
        <ProductListing
          priorityFirst
          products={shown}
          isLoading={isLoading}
          isError={isError}
          onRetry={refetch}
          empty={
            <EmptyState
              title={
                hasFoodFilters(filters) ? MESSAGES.noProductsMatchFilters : MESSAGES.noProductsInCategory
              }
              action={
                <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
                  Browse all products
                </Link>
              }
            />
          }
        />
      </div>
    </section>
  );
}
