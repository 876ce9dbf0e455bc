import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClasses } from '@larder/shared-ui';

export function RemoteFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <div role="alert" className="flex flex-col items-center gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">We couldn't load this part of the shop</h1>
        <p className="max-w-md text-gray-700">
          It may be a problem with your connection or with our servers. Please try again in a moment.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Retry</Button>
        <a href="/" className={buttonClasses({ variant: 'secondary' })}>
          Go to the home page
        </a>
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a remote that fails while rendering and offers to load it again. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A part of the shop failed to render', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? <RemoteFailure onRetry={this.retry} /> : this.props.children;
  }
}
