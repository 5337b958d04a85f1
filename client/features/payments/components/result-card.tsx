import type { ReactNode } from 'react';

/**
 * A payment page that is one centred card (the receipt still on its way, an order already paid): the
 * page's title, an optional mark above the heading, the heading, then what the card says and offers.
 */
export function ResultCard({ title, mark, heading, children }: { title: string; mark?: ReactNode; heading: ReactNode; children: ReactNode }) {
  return (
    <div className="pay-page">
      <title>{title}</title>
      <div className="pay-card result">
        {mark}
        <h1 className="result__title">{heading}</h1>
        {children}
      </div>
    </div>
  );
}
