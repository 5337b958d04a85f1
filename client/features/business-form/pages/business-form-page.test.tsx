import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serverError } from '@client/testing/render';
import { BusinessFormPage } from './business-form-page';

const fixtures = (submit = vi.fn((input: unknown) => ({ id: 1, status: 'pending', message: 'Thank you! Our team will verify your documents within 2-5 working days.', createdAt: new Date(), input }))) => ({
  submit,
  trpc: {
    'cities.list': () => [{ id: 1, name: 'Bengaluru', slug: 'bengaluru', state: 'Karnataka', latitude: 12.97, longitude: 77.59 }],
    'categories.list': () => [{ id: 2, name: 'Restaurants', slug: 'restaurants', icon: 'utensils' }],
    'businessApplications.submit': submit,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/for-business-form', () => {
  it('requires the business details, PAN, a GST proof and the cheque before sending anything', async () => {
    const { trpc, submit } = fixtures();
    const { user } = renderWithProviders(<BusinessFormPage />, { trpc });
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Business address is required')).toBeInTheDocument();
    // Issue 17: an empty PAN is "required", never the pattern's message.
    expect(screen.getByText('PAN is required')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid PAN (like ABCDE1234F)')).not.toBeInTheDocument();
    expect(screen.getByText('GST certificate is mandatory; give the acknowledgment number while it is pending')).toBeInTheDocument();
    expect(screen.getByText('Upload a cancelled cheque or the passbook page')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('with the acknowledgment number instead of the certificate: uploads the cheque, then submits its token', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ token: 'applications/x/cheque.webp.' + 'a'.repeat(64) }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { trpc, submit } = fixtures();
    const { user } = renderWithProviders(<BusinessFormPage />, { trpc });
    await user.type(screen.getByLabelText('Business name'), 'Anand Bhavan');
    await user.type(screen.getByLabelText('Business address'), '12, 4th Block, Jayanagar, Bengaluru 560011');
    await user.type(screen.getByLabelText('Your name'), 'Anand Rao');
    await user.type(screen.getByLabelText('Phone Number'), '98450 11111');
    await user.type(screen.getByLabelText('PAN'), 'abcde1234f');
    await user.click(screen.getByLabelText(/Pending: I have the acknowledgment number/));
    await user.type(screen.getByLabelText('Acknowledgment number'), 'AA290123456789Z');
    await user.upload(screen.getByLabelText(/Cancelled cheque or passbook/), new File(['img'], 'cheque.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText(/2-5 working days/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![0]).toMatchObject({
      businessName: 'Anand Bhavan',
      phoneNumber: '9845011111',
      pan: 'ABCDE1234F',
      gstAckNumber: 'AA290123456789Z',
      cheque: expect.stringMatching(/^applications\//),
    });
    expect((submit.mock.calls[0]![0] as { gstCertificate?: string }).gstCertificate).toBeUndefined();
  }, 20_000);

  it('a pasted "+91 98450 11111" in Phone Number is the ten digits (SPEC §5)', async () => {
    const { trpc } = fixtures();
    const { user } = renderWithProviders(<BusinessFormPage />, { trpc });
    const phone = screen.getByLabelText('Phone Number');
    await user.click(phone);
    await user.paste('+91 98450 11111');
    expect(phone).toHaveValue('9845011111');
  });

  it('an empty acknowledgment number is required (not its length rule); a short one gets the rule', async () => {
    const { trpc } = fixtures();
    const { user } = renderWithProviders(<BusinessFormPage />, { trpc });
    await user.click(screen.getByLabelText(/Pending: I have the acknowledgment number/));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getByText('Acknowledgment number is required')).toBeInTheDocument();
    expect(screen.queryByText('The acknowledgment number has 10 to 20 letters and digits')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Acknowledgment number'), 'AB12');
    await user.type(screen.getByLabelText('PAN'), 'ABCDE');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getByText('The acknowledgment number has 10 to 20 letters and digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid PAN (like ABCDE1234F)')).toBeInTheDocument();
  });

  it("a GSTIN with a wrong check character: the message once, under the field (the server's answer too)", async () => {
    const checksum = 'This GSTIN is not valid: check the last character';
    const submit = vi.fn(() => {
      throw serverError(checksum, { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { gstin: checksum } });
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ token: 'applications/x/cheque.webp.' + 'a'.repeat(64) }), { status: 201 })));
    const { trpc } = fixtures(submit as never);
    const { user } = renderWithProviders(<BusinessFormPage />, { trpc });
    await user.type(screen.getByRole('textbox', { name: /^GSTIN/ }), '29ABCDE1234F1Z6');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getAllByText(checksum)).toHaveLength(1);
    expect(screen.queryByText('Please enter a valid GSTIN')).not.toBeInTheDocument();

    // The server's refusal of the same field is shown once as well.
    await user.clear(screen.getByRole('textbox', { name: /^GSTIN/ }));
    await user.type(screen.getByLabelText('Business name'), 'Anand Bhavan');
    await user.type(screen.getByLabelText('Business address'), '12, 4th Block, Jayanagar, Bengaluru 560011');
    await user.type(screen.getByLabelText('Your name'), 'Anand Rao');
    await user.type(screen.getByLabelText('Phone Number'), '9845011111');
    await user.type(screen.getByLabelText('PAN'), 'ABCDE1234F');
    await user.click(screen.getByLabelText(/Pending: I have the acknowledgment number/));
    await user.type(screen.getByLabelText('Acknowledgment number'), 'AA290123456789Z');
    await user.upload(screen.getByLabelText(/Cancelled cheque or passbook/), new File(['img'], 'cheque.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await screen.findByText(checksum);
    expect(screen.getAllByText(checksum)).toHaveLength(1);
    expect(submit).toHaveBeenCalledTimes(1);
  }, 20_000);
});
