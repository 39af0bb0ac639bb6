import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TEMPLATE_TEXT, canEditSharedTemplates, serviceTypeLabel, serviceTypesForBrands, type ServiceType } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { TemplatesView, getPopulatedTemplates, saveTemplate, signedInTemplateSource, type TemplateServiceType } from '../../../features/templates';
import { useLayoutContext } from './layout-context';

/**
 * /templates: the signed-in user's personal templates and their enterprise's group templates.
 * With no conversation open, Add Me copies a group template into the user's personal templates.
 * The editor's SMS counter fills merge fields in with the selected store's latest conversation.
 */
export default function TemplatesScreen() {
  const { user, selection, scope } = useLayoutContext();
  const [serviceType, setServiceType] = useState<TemplateServiceType>('ALL');
  const enterpriseId = selection.enterpriseId ?? user.enterprise.id;
  const source = useMemo(
    () => signedInTemplateSource({ userKey: String(user.userMasterId), enterpriseId, canAddGroup: canEditSharedTemplates(user.roles) }),
    [user, enterpriseId],
  );
  const store = scope.selectedStore;
  // The selected store's make first (a Toyota store's Toyota alert before Honda's service pass).
  const serviceTypes = useMemo(() => serviceTypesForBrands([store?.brand]), [store?.brand]);
  const sample = useRemoteData(store ? `sample:${store.id}` : null, (signal) =>
    getPopulatedTemplates({ companyId: store!.boc, officeId: store!.id }, signal),
  );
  const values = sample.data?.values ?? null;
  const sampleName = values ? `${values.customer.firstName} ${values.customer.lastName}`.trim() : null;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Templates" subtitle="Personal templates are yours alone; group templates are shared across the enterprise." />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField
          select
          label="Service type"
          value={serviceType}
          onChange={(e) => setServiceType(e.target.value as TemplateServiceType)}
          sx={{ minWidth: 260, mb: 2 }}
        >
          <MenuItem value="ALL">All service types</MenuItem>
          {serviceTypes.map((s) => (
            <MenuItem key={s} value={s}>
              {serviceTypeLabel(s)}
            </MenuItem>
          ))}
        </TextField>
        <TemplatesView
          source={source}
          serviceType={serviceType}
          defaultServiceType={serviceType === 'ALL' ? null : (serviceType as ServiceType)}
          mergeValues={values}
          sampleLabel={sampleName ? `${sampleName} (sample)` : null}
          serviceTypes={serviceTypes}
          addMe={{
            enabled: (_row, tab) => tab === 'Group',
            hint: (_row, tab) => (tab === 'Group' ? 'Copy into my personal templates' : 'Already one of your templates'),
            run: async (row) => {
              const result = await saveTemplate({ title: row.title, body: row.body, serviceType: row.serviceType });
              notify({ severity: 'success', message: `${TEMPLATE_TEXT.copied}: ${result.template.title}` });
            },
          }}
        />
      </Paper>
    </Stack>
  );
}
