import { useState } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { useGetProfileQuery, errorMessage } from '@larder/shared-state';
import { Button, Skeleton, SkeletonText, type TabItem, Tabs, useDocumentTitle } from '@larder/shared-ui';
import { SignInGate } from '../../components/SignInGate';
import { AccountSettings } from './AccountSettings';
import { DeleteAccount } from './DeleteAccount';

const TITLE = 'My Profile';

type TabId = 'account' | 'payment' | 'delete';

/** /profile: account settings, payment settings and account deletion. */
export default function ProfilePage() {
  useDocumentTitle(TITLE);
  return (
    <SignInGate title={TITLE} loading={<ProfileLoading />}>
      {() => <Profile />}
    </SignInGate>
  );
}

function Profile() {
  const { data, isLoading, isError, error, refetch } = useGetProfileQuery();
  const [tab, setTab] = useState<TabId>('account');

  if (isLoading) return <ProfileLoading />;

  const user = data?.user;
  if (isError || !user) {
    return (
      <section className="mx-auto max-w-4xl py-8 md:py-12">
        <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
        <div role="alert" className="mt-6 rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>
            {MESSAGES.profileLoadFailed} {errorMessage(error, '')}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }

  const tabs: TabItem<TabId>[] = [
    { id: 'account', label: 'Account Settings', content: <AccountSettings user={user} /> },
    {
      id: 'payment',
      label: 'Payment Settings',
      content: (
        <div>
          <h2 className="text-xl font-semibold text-gray-900">Payment Settings</h2>
          <p className="mt-3 text-gray-700">{MESSAGES.codOnly}</p>
        </div>
      ),
    },
    { id: 'delete', label: 'Delete Account', content: <DeleteAccount /> },
  ];

  return (
    <section className="mx-auto max-w-5xl py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-gray-600">
        Hello, {user.firstName}. Manage your details, addresses and account here.
      </p>
      <Tabs
        label="Profile sections"
        tabs={tabs}
        value={tab}
        onChange={setTab}
        vertical
        // On phones the three tabs share the width, their labels wrapping, rather than scrolling sideways.
        className="mt-6 max-md:[&_[role=tab]]:flex-1 max-md:[&_[role=tab]]:px-2 max-md:[&_[role=tab]]:text-center max-md:[&_[role=tab]]:whitespace-normal"
      />
    </section>
  );
}

function ProfileLoading() {
  return (
    <div className="mx-auto max-w-5xl py-8 md:py-12" aria-busy="true">
      <h1 className="sr-only">{TITLE}</h1>
      <p role="status" className="text-gray-700">
        {MESSAGES.loadingProfile}
      </p>
      <div aria-hidden="true" className="mt-6 flex flex-col gap-6 md:flex-row">
        <div className="flex gap-2 md:w-56 md:flex-col">
          <Skeleton className="h-10 w-32 md:w-full" />
          <Skeleton className="h-10 w-32 md:w-full" />
          <Skeleton className="h-10 w-32 md:w-full" />
        </div>
        <div className="flex-1 space-y-4">
          <Skeleton className="h-6 w-48" />
          <SkeletonText lines={4} />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    </div>
  );
}
