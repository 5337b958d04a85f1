import { Trans } from '@lingui/react/macro';
import { Button } from '@client/components/ui/button';

type DeleteButtonProps = {
  /** The question `window.confirm` asks; nothing is deleted unless the user agrees. */
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
  'aria-label'?: string;
};

/** A row's "Delete" action: a small ghost button that asks before it deletes. */
export function DeleteButton({ confirm, onConfirm, disabled, 'aria-label': ariaLabel }: DeleteButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={() => {
        if (window.confirm(confirm)) onConfirm();
      }}
    >
      <Trans>Delete</Trans>
    </Button>
  );
}
