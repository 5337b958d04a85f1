import { Trans } from '@lingui/react/macro';
import { Button } from './button';

type InlineErrorProps = {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
};

/** A compact, announced error with an optional retry; used where a query failed. */
export function InlineError({ message, onRetry, retrying = false }: InlineErrorProps) {
  return (
    <div className="inline-error" role="alert">
      <span className="inline-error__message">{message}</span>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
        </Button>
      ) : null}
    </div>
  );
}
