import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { renderAdmin } from '@admin/testing/render';
import { DocumentField } from './document-field';

describe('DocumentField', () => {
  it('shows a document through the authenticated back-office route, never /uploads', () => {
    renderAdmin(
      <RecordContextProvider value={{ id: 4, chequeKey: 'private/applications/2026/ab12cd34-f00d-1600.webp' }}>
        <DocumentField source="chequeKey" label="Cancelled cheque / passbook" />
      </RecordContextProvider>,
      { resource: 'business-applications' },
    );
    const img = screen.getByRole('img', { name: 'Cancelled cheque / passbook' });
    expect(img).toHaveAttribute('src', '/api/admin/business-applications/4/documents/cheque');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/api/admin/business-applications/4/documents/cheque');
  });

  it('says when nothing was uploaded', () => {
    renderAdmin(
      <RecordContextProvider value={{ id: 4, gstCertificateKey: null }}>
        <DocumentField source="gstCertificateKey" />
      </RecordContextProvider>,
      { resource: 'business-applications' },
    );
    expect(screen.getByText('Not uploaded')).toBeInTheDocument();
  });
});
