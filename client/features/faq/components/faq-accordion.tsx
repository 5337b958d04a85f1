import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FaqItem } from '../faq-data';

type FaqAccordionProps = {
  items: readonly FaqItem[];
  openId: string | null;
  onToggle: (id: string) => void;
};

/** SPEC §2: items expand and collapse one at a time (the open id lives in the page). */
export function FaqAccordion({ items, openId, onToggle }: FaqAccordionProps) {
  const { i18n } = useLingui();
  const baseId = useId();
  return (
    <ul className="faq-list">
      {items.map((item) => {
        const open = item.id === openId;
        const panelId = `${baseId}-${item.id}`;
        const question = i18n._(item.question);
        return (
          <li key={item.id} className="faq-item" data-open={open || undefined}>
            <h3 className="faq-item__heading">
              <button
                type="button"
                className="faq-item__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(item.id)}
              >
                <span>{question}</span>
                <svg
                  className="faq-item__chevron"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </h3>
            <div id={panelId} className="faq-item__panel" role="region" aria-label={question} hidden={!open}>
              {item.answer.map((paragraph, index) => (
                <p key={index}>{i18n._(paragraph)}</p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
