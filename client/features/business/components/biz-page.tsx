import type { ReactNode } from 'react';

type BizPageProps = {
  /** The document title. */
  title: string;
  /** The `<meta name="description">`. */
  description: string;
  heading: ReactNode;
  lead: ReactNode;
  /** Buttons beside the heading (e.g. Download CSV). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every /for-bussiness section page: title, description, heading, lead, then the page. */
export function BizPage({ title, description, heading, lead, actions, children }: BizPageProps) {
  const head = (
    <>
      <h1 className="biz-page__title">{heading}</h1>
      <p className="biz-page__lead">{lead}</p>
    </>
  );
  return (
    <div className="biz-page">
      <title>{title}</title>
      <meta name="description" content={description} />
      {actions ? (
        <header className="biz-page__head biz-page__head--actions">
          <div>{head}</div>
          {actions}
        </header>
      ) : (
        <header className="biz-page__head">{head}</header>
      )}
      {children}
    </div>
  );
}
