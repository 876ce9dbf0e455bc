import { Suspense, useEffect, useState } from 'react';
import { PageSkeleton } from './PageSkeleton';
import { RemoteErrorBoundary, RemoteFailure } from './RemoteErrorBoundary';
import { loadedRemoteRoutes, loadRemoteRoutes, type RemoteKey, type RemoteRoutesModule } from './remotes';

export type RemoteLoader = (key: RemoteKey, options: { retry: boolean }) => Promise<RemoteRoutesModule>;

type LoadState =
  { status: 'loading' } | { status: 'ready'; module: RemoteRoutesModule } | { status: 'failed' };

/**
 * Renders a remote's routes: a skeleton page while it loads, a friendly failure with Retry if it cannot.
 * A remote that has already arrived renders at once (a server-rendered page hydrates that way).
 */
export function RemoteRoutes({
  remote,
  load = loadRemoteRoutes,
  loaded = loadedRemoteRoutes,
}: {
  remote: RemoteKey;
  load?: RemoteLoader;
  loaded?: (key: RemoteKey) => RemoteRoutesModule | undefined;
}) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const module = loaded(remote);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });

  useEffect(() => {
    const arrived = attempt === 0 ? loaded(remote) : undefined;
    if (arrived) {
      // Already here (from the start, or since the first render): no request, no skeleton.
      setState((previous) =>
        previous.status === 'ready' && previous.module === arrived
          ? previous
          : { status: 'ready', module: arrived },
      );
      return;
    }
    let current = true;
    setState((previous) => (previous.status === 'loading' ? previous : { status: 'loading' }));
    load(remote, { retry: attempt > 0 }).then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => {
        console.error(`Could not load the ${remote} remote`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, attempt, load, loaded]);

  const retry = () => setAttempt((count) => count + 1);

  if (state.status === 'loading') return <PageSkeleton />;
  if (state.status === 'failed') return <RemoteFailure onRetry={retry} />;
  const Routes = state.module.default;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<PageSkeleton />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
