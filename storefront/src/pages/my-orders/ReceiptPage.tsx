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

const PRINT_PAGE = '@page { size: A4 portrait; margin: 12mm; }';

/** /my-orders/:id/receipt: a delivered order's receipt, to read or print (linked from My orders and the e-mail). */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Receipt for order #${orderReference(id)}`);
  const { data, isLoading, isError, error, refetch } = useGetReceiptQuery({ id }, { skip: !id });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <style>{PRINT_PAGE}</style>
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Link to="/my-orders" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Back to My orders
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
