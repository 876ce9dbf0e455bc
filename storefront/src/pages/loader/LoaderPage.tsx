import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOADER_REDIRECT_MS } from '@larder/shared-domain';
import { Spinner, useDocumentTitle } from '@larder/shared-ui';

/** The in-app target of `?next=`: always a path on this site (leading slashes and backslashes dropped). */
export function loaderTarget(next: string | null): string {
  return `/${(next ?? '').replace(/^[\\/]+/, '')}`;
}

/** Shows a spinner, then after LOADER_REDIRECT_MS goes to /{next}. */
export default function LoaderPage() {
  useDocumentTitle('Loading');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = loaderTarget(params.get('next'));

  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), LOADER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4" aria-busy="true">
      <h1 className="sr-only">Loading</h1>
      <Spinner size="lg" label="Loading, please wait" className="text-primary" />
      <p className="text-gray-600" role="status">
        Just a moment&hellip;
      </p>
    </section>
  );
}
