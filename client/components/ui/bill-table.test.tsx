import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@client/lib/i18n';
import { renderWithI18n as render } from '@client/testing/render';
import { BillRow, BillTable, type BillFigures } from './bill-table';

// The server's figures for a ₹1,000 bill: 10 % instant, 5 % Shuffle, 2 % fee, 18 % GST on the fee.
const figures: BillFigures = {
  billPaise: 100_000,
  instantDiscountPaise: 10_000,
  shuffleDiscountPaise: 5_000,
  subtotalPaise: 85_000,
  convenienceFeePaise: 1_700,
  gstPaise: 306,
  amountPaise: 87_006,
};

/** The list's lines as [label, value] pairs, in order. */
function lines(list: HTMLElement): string[][] {
  return within(list)
    .getAllByRole('term')
    .map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

describe('BillTable', () => {
  it("shows the server's figures as they are, with the percents and notes it is given", async () => {
    const explain = vi.fn();
    const { container } = render(
      <BillTable
        figures={figures}
        percents={{ instant: 10, shuffle: 5, gst: 18 }}
        instantNote="Event offer"
        couponCode="SHUF5"
        onExplainFees={explain}
        total="toPay"
        aria-label="Bill breakdown"
      />,
    );
    const list = container.querySelector('dl')!;
    expect(list).toHaveAttribute('aria-label', 'Bill breakdown');
    expect(lines(list)).toEqual([
      ['Bill amount', '₹1,000.00'],
      ['Instant discount (10%)Event offer', '−₹100.00'],
      ['Shuffle discount (5%)Coupon SHUF5', '−₹50.00'],
      ['Convenience feeWhat is this?', '₹17.00'],
      ['GST on the fee (18%)', '₹3.06'],
      ['To pay', '₹870.06'],
    ]);
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('₹870.06');
    await userEvent.click(screen.getByRole('button', { name: 'What is this?' }));
    expect(explain).toHaveBeenCalledOnce();
  });

  it('leaves out a discount of nothing, and shows no total unless asked, between the rows it is given', () => {
    render(
      <BillTable
        figures={{ ...figures, instantDiscountPaise: 0, shuffleDiscountPaise: 0 }}
        before={<BillRow label="Outlet">Cafe</BillRow>}
        after={<BillRow label="Receipt ID" testId="receipt-id">R-1</BillRow>}
      />,
    );
    const list = screen.getByTestId('receipt-id').closest('dl')!;
    expect(lines(list)).toEqual([
      ['Outlet', 'Cafe'],
      ['Bill amount', '₹1,000.00'],
      ['Convenience fee', '₹17.00'],
      ['GST on the fee', '₹3.06'],
      ['Receipt ID', 'R-1'],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("starts at the amount after discounts for the fee sheet, and says what was paid on a receipt", () => {
    const { unmount } = render(<BillTable figures={figures} from="subtotal" percents={{ fee: 2, gst: 18 }} total="youPay" />);
    expect(lines(screen.getByText('You pay').closest('dl')!)).toEqual([
      ['Amount after discounts', '₹850.00'],
      ['Convenience fee (2%)', '₹17.00'],
      ['GST on the fee (18%)', '₹3.06'],
      ['You pay', '₹870.06'],
    ]);
    unmount();
    render(<BillTable figures={figures} total="paid" />);
    expect(screen.getByText('Amount paid').closest('div')).toHaveClass('breakdown__row--total');
    expect(screen.getByText('Instant discount').closest('div')).toHaveClass('breakdown__row--saving');
  });

  it('speaks Hindi', async () => {
    await act(() => setLocale('hi', { remember: false }));
    render(<BillTable figures={figures} percents={{ instant: 10 }} total="paid" />);
    expect(screen.getByText('बिल की रकम')).toBeInTheDocument();
    expect(screen.getByText('तुरंत छूट (10%)')).toBeInTheDocument();
    expect(screen.getByText('चुकाई गई रकम')).toBeInTheDocument();
  });
});
