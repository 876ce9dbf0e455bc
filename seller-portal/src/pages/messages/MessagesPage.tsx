import { useEffect, useState, type ReactNode } from 'react';
import { formatOrderTime, SHOP_TIME_ZONE, MESSAGES } from '@larder/shared-domain';
import {
  useListContactMessagesQuery,
  useListNewsletterSubscribersQuery,
  type ContactMessageView,
  type NewsletterSubscriberView,
  errorMessage,
} from '@larder/shared-state';
import { Badge, Button, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { MessagesIcon } from '../../components/icons';
import { pageArg, Pagination } from '../../components/Pagination';

const joinedFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The day an address joined the newsletter, in London: "23 Nov 2026". */
function formatJoined(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : joinedFormatter.format(date);
}

/** Newest first, whatever order the list arrived in; equal times keep their order. */
function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  const time = (item: T) => {
    const value = Date.parse(item.createdAt);
    return Number.isNaN(value) ? 0 : value;
  };
  return [...items].sort((a, b) => time(b) - time(a));
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Each page is asked for again when shown, so totals and pages follow what arrived meanwhile. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

const linkClasses = 'text-primary underline-offset-2 hover:underline';

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-danger-soft p-4">
      <p className="text-sm text-danger">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-3" aria-hidden="true">
        {children}
      </div>
    </>
  );
}

function MessageCard({ message }: { message: ContactMessageView }) {
  const headingId = `contact-message-${message._id}`;
  const phone = message.phone.trim();
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <article aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h3 id={headingId} className="min-w-0 font-semibold wrap-anywhere text-gray-900">
            {message.name}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            <time dateTime={message.createdAt}>{formatOrderTime(message.createdAt)}</time>
            {message.emailedAt ? (
              <Badge tone="success">E-mailed</Badge>
            ) : (
              <Badge tone="neutral">Not e-mailed</Badge>
            )}
          </p>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a className={`${linkClasses} wrap-anywhere`} href={`mailto:${message.email}`}>
            {message.email}
          </a>
          {phone ? (
            <a className={`${linkClasses} whitespace-nowrap`} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </a>
          ) : (
            <span className="text-gray-600">No phone given</span>
          )}
        </p>
        <p className="text-sm whitespace-pre-wrap wrap-anywhere text-gray-800">{message.message}</p>
      </article>
    </li>
  );
}

/** Keeps the page within the list: when the list shrinks below the page shown, the last page is shown. */
function useKeepPageInList(page: number, setPage: (page: number) => void, totalPages: number | undefined) {
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [page, setPage, totalPages]);
}

function ContactMessages() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useListContactMessagesQuery(
    pageArg(page),
    FRESH,
  );
  const messages = newestFirst(data?.messages ?? []);
  useKeepPageInList(page, setPage, data?.totalPages);

  return (
    <section
      aria-labelledby="contact-messages-heading"
      className="flex flex-col gap-4"
      aria-busy={isFetching}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="contact-messages-heading" className="text-lg font-semibold text-gray-900">
          Contact messages
        </h2>
        {data && data.total > 0 && (
          <p className="text-sm text-gray-600">{plural(data.total, 'message', 'messages')}</p>
        )}
      </div>
      {isLoading ? (
        <Loading label="Loading contact messages">
          {Array.from({ length: 2 }, (_, index) => (
            <div key={index} className="rounded-lg border border-gray-200 p-4">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="mt-3 h-4 w-64 max-w-full" />
              <Skeleton className="mt-3 h-12 w-full" />
            </div>
          ))}
        </Loading>
      ) : isError && !data ? (
        <LoadFailed
          message={errorMessage(error, MESSAGES.contactMessagesLoadFailed)}
          onRetry={() => refetch()}
        />
      ) : messages.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<MessagesIcon className="h-12 w-12" />}
          title="No messages yet"
          message="Messages sent from the shop's contact form appear here, newest first."
          className="rounded-xl border border-dashed border-gray-300"
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.map((message, index) => (
            <MessageCard key={message._id || `${message.createdAt}-${index}`} message={message} />
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          label="Contact messages"
          page={page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          busy={isFetching}
        />
      )}
    </section>
  );
}

function SubscriberRow({ subscriber }: { subscriber: NewsletterSubscriberView }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-3 text-sm">
      <a className={`${linkClasses} min-w-0 wrap-anywhere`} href={`mailto:${subscriber.email}`}>
        {subscriber.email}
      </a>
      <span className="text-gray-600">
        Joined <time dateTime={subscriber.createdAt}>{formatJoined(subscriber.createdAt)}</time>
      </span>
    </li>
  );
}

function NewsletterSubscribers() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useListNewsletterSubscribersQuery(
    pageArg(page),
    FRESH,
  );
  const subscribers = newestFirst(data?.subscribers ?? []);
  useKeepPageInList(page, setPage, data?.totalPages);

  return (
    <section aria-labelledby="newsletter-heading" className="flex flex-col gap-4" aria-busy={isFetching}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="newsletter-heading" className="text-lg font-semibold text-gray-900">
          Newsletter subscribers
        </h2>
        {data && data.total > 0 && (
          <p className="text-sm text-gray-600">{plural(data.total, 'subscriber', 'subscribers')}</p>
        )}
      </div>
      {isLoading ? (
        <Loading label="Loading newsletter subscribers">
          <div className="rounded-lg border border-gray-200 p-4">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="mt-2 h-4 w-full first:mt-0" />
            ))}
          </div>
        </Loading>
      ) : isError && !data ? (
        <LoadFailed message={errorMessage(error, MESSAGES.subscribersLoadFailed)} onRetry={() => refetch()} />
      ) : subscribers.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No subscribers yet"
          message="Addresses that sign up for the newsletter in the shop appear here."
          className="rounded-xl border border-dashed border-gray-300"
        />
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {subscribers.map((subscriber) => (
            <SubscriberRow key={subscriber.email} subscriber={subscriber} />
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          label="Newsletter subscribers"
          page={page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          busy={isFetching}
        />
      )}
    </section>
  );
}

/** What shoppers sent through the contact form, and who signed up for the newsletter. */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <h1 className="text-2xl font-semibold text-gray-900">Messages</h1>
      <ContactMessages />
      <NewsletterSubscribers />
    </div>
  );
}
