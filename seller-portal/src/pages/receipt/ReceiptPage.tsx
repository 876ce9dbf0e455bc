import { Link, useParams } from 'react-router-dom';
import { MESSAGES, orderReference } from '@larder/shared-domain';
import { errorMessage, useGetReceiptQuery } from '@larder/shared-state';
import {
  Button,
  EmptyState,
  ReceiptDocument,
  Skeleton,
  buttonClasses,
  useDocumentTitle,
} from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';

const PRINT_PAGE = '@page { size: A4 portrait; margin: 12mm; }';

/** /seller/receipt/:id: a delivered order's receipt as its customer has it, to print. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const sellerPath = useSellerPath();
  useDocumentTitle(`Receipt for order #${orderReference(id)}`);
  const { data, isLoading, isError, error, refetch } = useGetReceiptQuery({ id }, { skip: !id });

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <style>{PRINT_PAGE}</style>
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Link to={sellerPath('orders')} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Back to Orders
        </Link>
        {data && (
          <Button size="sm" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {isLoading ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the receipt</span>
          <Skeleton className="h-64 w-full" />
        </div>
      ) : isError || !data ? (
        <EmptyState
          title="The receipt could not be shown"
          message={errorMessage(error, MESSAGES.somethingWentWrong)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <ReceiptDocument receipt={data.receipt} />
      )}
    </div>
  );
}
