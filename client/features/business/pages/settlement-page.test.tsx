import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SettlementStatement } from '@server/modules/dashboards/schema';
import { renderWithProviders } from '@client/testing/render';
import { getBusinessSession, saveBusinessSession } from '../lib/session';
import { OWNER_DETAILS } from '../test-fixtures';
import { SettlementPage, defaultStatementMonth } from './settlement-page';

const day = (date: string): SettlementStatement =>
  ({
    id: 1,
    periodStart: date,
    periodEnd: date,
    ordersCount: 3,
    grossPaise: 300_00,
    discountPaise: 30_00,
    feePaise: 4_05,
    feeGstPaise: 73,
    netPaise: 265_22,
    refundPaise: 0,
    payoutPaise: 265_22,
    routedPaise: 0,
    status: 'pending',
    utr: null,
    onHoldAt: null,
    settledAt: null,
  }) satisfies SettlementStatement;

const page = (data: SettlementStatement[]) => ({ data, offSet: 1, limit: 20, total: data.length, totalPages: 1 });

describe('the monthly statement (issue 28)', () => {
  it('offers the month of the newest activity, else the current month, never an empty last month first', async () => {
    expect(defaultStatementMonth(undefined, new Date('2026-11-28T12:00:00+05:30'))).toBe('2026-11');
    // 1 December, 00:30 in India is still 30 November in UTC: India's month counts.
    expect(defaultStatementMonth(undefined, new Date('2026-12-01T00:30:00+05:30'))).toBe('2026-12');
    saveBusinessSession(OWNER_DETAILS);
    renderWithProviders(<SettlementPage outletId={11} session={getBusinessSession()!} />, { trpc: { 'dashboards.settlements': () => page([day('2025-03-30'), day('2025-03-29')]) } });
    expect(await screen.findByRole('cell', { name: /29 Mar/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Statement month')).toHaveValue('2025-03'));
  });
});
