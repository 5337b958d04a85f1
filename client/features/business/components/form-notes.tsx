import type { ReactNode } from 'react';

/** Under a console form: the form's error (announced) and, after a save, what happened. */
export function FormNotes({ error, ok }: { error?: string | null; ok?: ReactNode }) {
  return (
    <>
      {error ? (
        <p className="biz-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {ok ? (
        <p className="biz-form__ok" role="status">
          {ok}
        </p>
      ) : null}
    </>
  );
}
