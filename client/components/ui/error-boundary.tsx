import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Last-resort boundary: a crashed screen or a chunk that failed to load. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <CrashScreen />;
  }
}

function CrashScreen() {
  return (
    <div className="crash" role="alert">
      <h1 className="crash__title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="crash__text">
        <Trans>Please check your connection and reload. Your selections are kept for this session.</Trans>
      </p>
      <Button onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </Button>
    </div>
  );
}
