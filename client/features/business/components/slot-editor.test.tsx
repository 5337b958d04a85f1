import { screen, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import type { Ad, TimeSlot } from '@server/modules/promotions/schema';
import { SlotEditor } from './slot-editor';

const AD: Ad = {
  id: 5,
  outletId: 11,
  adType: 'D',
  title: 'Happy Hours',
  description: null,
  discountPercent: 30,
  imageUrl: null,
  eventId: null,
  startsOn: null,
  endsOn: null,
  isEnabled: true,
  createdAt: new Date(),
  updatedAt: new Date(),
};

const SAVED: TimeSlot = {
  id: 1,
  adType: 'D',
  dayOfWeek: 1,
  date: null,
  startTime: '15:00',
  endTime: '18:00',
  advId: 5,
  adTitle: 'Happy Hours',
  discountPercent: null,
  effectivePercent: 30,
  isEnabled: true,
};

function setup(onSave = vi.fn(async (slots: unknown[]) => ({ timeSlots: [SAVED, { ...SAVED, id: 2, startTime: '18:00', endTime: '19:00', discountPercent: 40 }].slice(0, slots.length) }))) {
  const result = renderWithProviders(<SlotEditor saved={[SAVED]} ads={[AD]} dayLabel="Monday" nowMinutes={17 * 60 + 20} saving={false} onSave={onSave} />);
  return { ...result, onSave, region: screen.getByRole('region', { name: 'Monday time slots' }) };
}

describe('SlotEditor', () => {
  it('adds the first free slot from now, one hour long, after the existing one', async () => {
    const { user, region } = setup();
    await user.click(within(region).getByRole('button', { name: '+ Add time slot' }));
    expect(within(region).getByLabelText('Slot 2 start')).toHaveValue('18:00');
    expect(within(region).getByLabelText('Slot 2 end')).toHaveValue('19:00');
    expect(within(region).getByText('2 slots')).toBeInTheDocument();
  });

  it('flags an overlap and an inverted slot and does not save', async () => {
    const { user, region, onSave } = setup();
    await user.click(within(region).getByRole('button', { name: '+ Add time slot' }));
    const start = within(region).getByLabelText('Slot 2 start');
    await user.clear(start);
    await user.type(start, '17:00');
    await user.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(within(region).getByText('Time slots must not overlap')).toBeInTheDocument();
    expect(within(region).getByText('Fix the highlighted slots, then save.')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');

    await user.clear(start);
    await user.type(start, '20:00');
    expect(within(region).getByText('The end time must be after the start time')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the whole day and shows what was stored', async () => {
    const { user, region, onSave } = setup();
    await user.click(within(region).getByRole('button', { name: '+ Add time slot' }));
    await user.selectOptions(within(region).getByLabelText('Slot 2 ad'), '');
    await user.type(within(region).getByLabelText('Slot 2 discount percent'), '40');
    await user.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject([
      { startTime: '15:00', endTime: '18:00', advId: 5, discountPercent: '' },
      { startTime: '18:00', endTime: '19:00', advId: null, discountPercent: '40' },
    ]);
    expect(await within(region).findByRole('status')).toHaveTextContent('Saved the slots for Monday.');
  });

  it("shows the server's refusal on the slot it names", async () => {
    const { user, region } = setup(
      vi.fn(async () => {
        throw TRPCClientError.from({
          error: {
            message: 'Time slots must not overlap',
            code: -32600,
            data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { 'timeSlots.0.startTime': 'Time slots must not overlap' } },
          },
        } as never);
      }),
    );
    await user.click(within(region).getByRole('button', { name: 'Remove slot 1' }));
    await user.click(within(region).getByRole('button', { name: '+ Add time slot' }));
    await user.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(within(region).getAllByText('Time slots must not overlap')).toHaveLength(2);
    expect(within(region).getByLabelText('Slot 1 start')).toHaveAttribute('aria-invalid', 'true');
  });
});
