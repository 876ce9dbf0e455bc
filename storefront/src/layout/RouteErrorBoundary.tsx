import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, EmptyState } from '@larder/shared-ui';
import { MESSAGES } from '@larder/shared-domain';

interface Props {
  /** Changes on navigation, so a failed page does not stick to the next one. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a page that fails to load or render and offers a retry, keeping the navbar and footer usable. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Storefront page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert">
        <EmptyState
          headingLevel={2}
          title={MESSAGES.pageLoadFailed}
          message="Please check your connection and try again."
          action={<Button onClick={() => window.location.reload()}>Try again</Button>}
        />
      </div>
    );
  }
}
