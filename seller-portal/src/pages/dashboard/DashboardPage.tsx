import { LessHealthyNotice } from './LessHealthyNotice';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPounds, MESSAGES, promotionEndsText } from '@larder/shared-domain';
import {
  useGetSellerSummaryQuery,
  useListProductsQuery,
  useListPromotionsQuery,
  errorMessage,
} from '@larder/shared-state';
import { Button, buttonClasses, cx, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';
import { formatShortDate, ordersText, type SellerFigures } from './figures';

const DailyChart = lazy(() => import('./DailyChart'));

/** The seller's landing screen: today's and the week's figures, pending orders, low stock, 14 days, best sellers. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const sellerPath = useSellerPath();
  const { data, isLoading, isError, error, refetch, isFetching } = useGetSellerSummaryQuery(undefined, {
    refetchOnMountOrArgChange: 60,
    refetchOnFocus: true,
  });

  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">Dashboard</h1>
        <Link to={sellerPath('add-product')} className={buttonClasses({ size: 'sm' })}>
          Add Product
        </Link>
      </div>
      {isLoading ? (
        <DashboardSkeleton />
      ) : isError && !data ? (
        <div role="alert" className="rounded-xl border border-danger-soft bg-danger-soft/40 p-4">
          <p className="text-sm text-danger">{errorMessage(error, MESSAGES.figuresLoadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <Figures figures={data} sellerPath={sellerPath} busy={isFetching} />
      ) : null}
      <UnconfirmedAllergens sellerPath={sellerPath} />
      <LessHealthyNotice />
      <TodaysPromotions sellerPath={sellerPath} />
    </div>
  );
}

/** How many products still say "Allergen information not confirmed" (left out of every free-from list). */
function UnconfirmedAllergens({ sellerPath }: { sellerPath: (to?: string) => string }) {
  const { data, isLoading, isError, refetch } = useListProductsQuery();
  const count = data?.products.filter((product) => !product.allergensConfirmed).length ?? 0;
  return (
    <section
      aria-labelledby="unconfirmed-allergens-heading"
      className={cx(
        'rounded-xl border p-4 md:p-6',
        count > 0 ? 'border-warning/30 bg-warning-soft/50' : 'border-gray-200',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="unconfirmed-allergens-heading" className="text-lg font-semibold text-gray-900">
          {MESSAGES.allergensNotConfirmed}
        </h2>
        <Link to={sellerPath('product-list')} className="text-sm font-medium text-primary hover:underline">
          Product List
        </Link>
      </div>
      {isLoading ? (
        <Skeleton className="mt-2 h-6 w-full" />
      ) : isError || !data ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          The products could not be loaded.{' '}
          <Button variant="ghost" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : count === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Every product's allergens are confirmed.</p>
      ) : (
        <p className="mt-2 text-sm text-gray-800">
          <span className="text-xl font-semibold tabular-nums" data-testid="unconfirmed-allergens-count">
            {count}
          </span>{' '}
          {count === 1 ? 'product is' : 'products are'} left out of free-from lists until you tick their
          allergens or "{MESSAGES.noAllergensLabel}".
        </p>
      )}
    </section>
  );
}

/** The promotions running now, each with when it ends, and the way to the Promotions page. */
function TodaysPromotions({ sellerPath }: { sellerPath: (to?: string) => string }) {
  const { data, isLoading, isError, refetch } = useListPromotionsQuery(undefined, {
    refetchOnMountOrArgChange: 60,
  });
  return (
    <section
      aria-labelledby="promotions-today-heading"
      className="rounded-xl border border-gray-200 p-4 md:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="promotions-today-heading" className="text-lg font-semibold text-gray-900">
          Today's promotions
        </h2>
        <Link to={sellerPath('promotions')} className="text-sm font-medium text-primary hover:underline">
          Promotions
        </Link>
      </div>
      {isLoading ? (
        <Skeleton className="mt-2 h-10 w-full" />
      ) : isError || !data ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          The promotions could not be loaded.{' '}
          <Button variant="ghost" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : data.promotions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No promotions today.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {data.promotions.map((promotion) => (
            <li key={promotion._id} className="flex flex-wrap justify-between gap-3 py-2 text-sm">
              <span className="font-medium text-gray-900">{promotion.label}</span>
              <span className="text-gray-600">{promotionEndsText(promotion.endsAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Figures({
  figures,
  sellerPath,
  busy,
}: {
  figures: SellerFigures;
  sellerPath: (to?: string) => string;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-6" aria-busy={busy}>
      <ul className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4" aria-label="Figures">
        <FigureCard
          title="Today"
          value={formatPounds(figures.today.revenue)}
          detail={ordersText(figures.today.orders)}
        />
        <FigureCard
          title="Last 7 days"
          value={formatPounds(figures.last7Days.revenue)}
          detail={ordersText(figures.last7Days.orders)}
        />
        <FigureCard
          title="Pending orders"
          value={String(figures.pending)}
          detail={
            <Link to={sellerPath('orders')} className="font-medium text-primary hover:underline">
              See orders
            </Link>
          }
          tone={figures.pending > 0 ? 'attention' : 'plain'}
        />
        <FigureCard
          title="Low stock"
          value={String(figures.lowStock.length)}
          detail={
            figures.lowStock.length === 0 ? 'Every counted product has stock' : 'products at 5 or fewer'
          }
          tone={figures.lowStock.length > 0 ? 'attention' : 'plain'}
        />
      </ul>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="daily-heading"
          className="min-w-0 rounded-xl border border-gray-200 p-4 md:p-6"
        >
          <h2 id="daily-heading" className="text-lg font-semibold text-gray-900">
            Last 14 days
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Revenue (bars) and orders (line) per day; cancelled orders are left out.
          </p>
          <ChartBoundary>
            <Suspense fallback={<Skeleton className="mt-4 h-64 w-full md:h-72" />}>
              <div className="mt-4">
                <DailyChart daily={figures.daily} />
              </div>
            </Suspense>
          </ChartBoundary>
          <details className="mt-4 group" open>
            <summary className="cursor-pointer rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary">
              Figures by day
            </summary>
            <div
              className="mt-2 overflow-x-auto rounded-lg border border-gray-200"
              tabIndex={0}
              role="region"
              aria-label="Figures by day"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Orders and revenue for each of the last 14 days</caption>
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                      Orders
                    </th>
                    <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {figures.daily.map((day) => (
                    <tr key={day.date}>
                      <th
                        scope="row"
                        className="px-2 py-1.5 sm:px-3 font-normal whitespace-nowrap text-gray-800"
                      >
                        <time dateTime={day.date}>{formatShortDate(day.date)}</time>
                      </th>
                      <td className="px-2 py-1.5 sm:px-3 text-right tabular-nums">{day.orders}</td>
                      <td className="px-2 py-1.5 sm:px-3 text-right tabular-nums">
                        {formatPounds(day.revenue)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>

        <div className="flex min-w-0 flex-col gap-6">
          <section
            aria-labelledby="low-stock-heading"
            className="rounded-xl border border-gray-200 p-4 md:p-6"
          >
            <h2 id="low-stock-heading" className="text-lg font-semibold text-gray-900">
              Low stock
            </h2>
            {figures.lowStock.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">Nothing is running low.</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100">
                {figures.lowStock.map((product) => (
                  <li key={product._id} className="flex items-center justify-between gap-3 py-2">
                    <Link
                      to={sellerPath(`edit-product/${product._id}`)}
                      className="min-w-0 truncate font-medium text-primary hover:underline"
                      title={product.name}
                    >
                      {product.name}
                    </Link>
                    <span
                      className={cx(
                        'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                        product.stock === 0 ? 'bg-danger-soft text-danger' : 'bg-warning-soft text-warning',
                      )}
                    >
                      {product.stock === 0 ? 'None left' : `${product.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section
            aria-labelledby="top-products-heading"
            className="rounded-xl border border-gray-200 p-4 md:p-6"
          >
            <h2 id="top-products-heading" className="text-lg font-semibold text-gray-900">
              Best sellers
            </h2>
            <p className="text-sm text-gray-600">Units sold in the last 30 days</p>
            {figures.topProducts.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">No sales yet.</p>
            ) : (
              <ol className="mt-2 divide-y divide-gray-100">
                {figures.topProducts.map((product, index) => (
                  <li key={product._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0 truncate text-gray-900">
                      <span className="mr-2 text-gray-600">{index + 1}.</span>
                      {product.name}
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums text-gray-900">
                      {product.quantity}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function FigureCard({
  title,
  value,
  detail,
  tone = 'plain',
}: {
  title: string;
  value: string;
  detail: ReactNode;
  tone?: 'plain' | 'attention';
}) {
  return (
    <li
      className={cx(
        'min-w-0 rounded-xl border p-3 md:p-4',
        tone === 'attention' ? 'border-warning/30 bg-warning-soft/50' : 'border-gray-200 bg-white',
      )}
    >
      <h2 className="text-sm font-medium text-gray-700">{title}</h2>
      <p className="mt-1 text-xl font-semibold text-gray-900 tabular-nums md:text-2xl">{value}</p>
      <p className="mt-1 text-sm text-gray-700">{detail}</p>
    </li>
  );
}

/** If the chart's code cannot be loaded, the table below still has every figure. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return <p className="mt-4 text-sm text-gray-600">{MESSAGES.chartFailed}</p>;
    }
    return this.props.children;
  }
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">Loading figures</span>
      <div className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
