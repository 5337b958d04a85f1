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
    return (
      <div className="crash" role="alert">
        <h1 className="crash__title">Something went wrong</h1>
        <p className="crash__text">
          Please check your connection and reload. Your selections are kept for this session.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
