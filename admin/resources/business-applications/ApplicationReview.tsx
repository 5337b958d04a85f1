import { useState } from 'react';
import { Alert, Box, Card, CardContent, CardHeader, Divider, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Form,
  HttpError,
  PasswordInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  NumberInput,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import {
  approveApplicationSchema,
  rejectApplicationSchema,
} from '@server/modules/business-applications/admin';
import { zodValidate } from '../../generator/zod-validate';
import { httpClient } from '../../data-provider';

type Errors = Record<string, unknown>;

/** Posts a review action; field errors come back for the form to show inline. */
async function post(id: string | number, action: 'approve' | 'reject', body: unknown): Promise<Errors | undefined> {
  try {
    await httpClient(`/api/admin/business-applications/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) {
      const errors = (error.body as { errors?: Errors } | undefined)?.errors;
      return errors ?? { root: { serverError: error.message } };
    }
    return { root: { serverError: 'Could not reach the server. Try again.' } };
  }
}

function ServerError({ error }: { error: string | null }) {
  return error ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error}
    </Alert>
  ) : null;
}

/**
 * The review panel under an application: approve (creates the owner's master account and the outlet
 * in one transaction) or reject with a reason. Only pending applications can be reviewed.
 */
export function ApplicationReview() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [approveError, setApproveError] = useState<string | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  if (!record) return null;
  if (record.status !== 'pending') {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity={record.status === 'approved' ? 'success' : 'warning'}>
          {record.status === 'approved'
            ? 'Approved: the owner account and the outlet were created (see the links above).'
            : `Rejected: ${String(record.rejectReason ?? '')}`}
        </Alert>
      </Box>
    );
  }

  const handle = (action: 'approve' | 'reject', setError: (m: string | null) => void) => async (values: Errors) => {
    setError(null);
    // The form starts from the record (react-admin's default); send only the action's own fields.
    const keys = Object.keys((action === 'approve' ? approveApplicationSchema : rejectApplicationSchema).shape);
    const body = Object.fromEntries(Object.entries(values).filter(([k]) => keys.includes(k)));
    const errors = await post(record.id, action, body);
    if (!errors) {
      notify(action === 'approve' ? 'Application approved: owner and outlet created' : 'Application rejected', { type: 'success' });
      refresh();
      return undefined;
    }
    const root = (errors.root as { serverError?: string } | undefined)?.serverError;
    if (root) setError(root);
    return errors;
  };

  const approveDefaults = {
    outletName: record.businessName,
    cityId: record.cityId ?? undefined,
    categoryId: record.categoryId ?? undefined,
    addressLineOne: record.address,
    opensAt: '10:00',
    closesAt: '22:00',
  };

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ p: 2 }}>
      <Card variant="outlined" sx={{ flex: 2 }}>
        <CardHeader
          title="Approve"
          subheader="Creates the owner's master account and the outlet (not live yet), in one step."
        />
        <Divider />
        <CardContent>
          <ServerError error={approveError} />
          <Form
            onSubmit={handle('approve', setApproveError)}
            validate={zodValidate(approveApplicationSchema)}
            defaultValues={approveDefaults}
            sanitizeEmptyValues
          >
            <Typography variant="overline">Owner login</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextInput source="username" label="Username" fullWidth />
              <PasswordInput source="password" label="Initial password" fullWidth autoComplete="new-password" />
            </Stack>
            <Typography variant="overline">Outlet</Typography>
            <TextInput source="outletName" label="Outlet name" fullWidth />
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <ReferenceInput source="cityId" reference="cities">
                <AutocompleteInput label="City" fullWidth />
              </ReferenceInput>
              <ReferenceInput source="categoryId" reference="categories">
                <AutocompleteInput label="Category" fullWidth />
              </ReferenceInput>
            </Stack>
            <TextInput source="addressLineOne" label="Address" fullWidth />
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextInput source="addressLineTwo" label="Locality" fullWidth />
              <TextInput source="state" label="State" fullWidth />
              <TextInput source="pincode" label="PIN code" fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <NumberInput source="latitude" label="Latitude" fullWidth />
              <NumberInput source="longitude" label="Longitude" fullWidth />
              <TextInput source="opensAt" label="Opens at" type="time" fullWidth />
              <TextInput source="closesAt" label="Closes at" type="time" fullWidth />
            </Stack>
            <SaveButton label="Approve and create accounts" alwaysEnable />
          </Form>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ flex: 1, alignSelf: 'flex-start' }}>
        <CardHeader title="Reject" subheader="The reason is kept with the application." />
        <Divider />
        <CardContent>
          <ServerError error={rejectError} />
          <Form onSubmit={handle('reject', setRejectError)} validate={zodValidate(rejectApplicationSchema)}>
            <TextInput source="reason" label="Reason" multiline minRows={3} fullWidth />
            <SaveButton label="Reject application" color="error" alwaysEnable />
          </Form>
        </CardContent>
      </Card>
    </Stack>
  );
}
