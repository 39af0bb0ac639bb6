import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DEFAULT_TEMPLATE_TAB, TEMPLATE_TABS, TEMPLATE_TEXT, type MergeValues, type ServiceType, type TemplateTab } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import type { TemplateRow, TemplateServiceType, TemplateSource } from '../api';
import { ConfirmActionDialog } from '../../../components/confirm-dialog';
import { TemplateEditorDialog, type EditorTarget } from './template-editor-dialog';
import { TemplatesTable } from './templates-table';
import { useConfirmedAction } from '../../../components/use-confirmed-action';

/** What Add Me does where the view is shown (insert into a message, or copy to my templates). */
export type AddMeAction = {
  enabled: (row: TemplateRow, tab: TemplateTab) => boolean;
  hint: (row: TemplateRow, tab: TemplateTab) => string;
  run: (row: TemplateRow, tab: TemplateTab) => Promise<void> | void;
};

export type TemplatesViewProps = {
  source: TemplateSource;
  /** Which service type's templates are listed (ALL: every type). */
  serviceType: TemplateServiceType;
  /** The service type a new template starts with. */
  defaultServiceType: ServiceType | null;
  mergeValues: MergeValues | null;
  sampleLabel: string | null;
  addMe: AddMeAction;
  onBack?: () => void;
  /** The service types the editor offers, in order (the store's brands' first). */
  serviceTypes?: readonly ServiceType[];
};

const warn = (error: unknown) => {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notify({ severity: 'warning', message: listFailureMessage(error) });
};

/**
 * The templates view (spec §2): Back and +Add, Personal (first) and Group tabs, each a table with
 * Name, Add and Actions; the editor dialog; delete after 'Are you sure want to delete this
 * template?'. After a save or a delete both lists load again.
 */
export function TemplatesView({ source, serviceType, defaultServiceType, mergeValues, sampleLabel, addMe, onBack, serviceTypes }: TemplatesViewProps) {
  const [tab, setTab] = useState<TemplateTab>(DEFAULT_TEMPLATE_TAB);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const keyOf = (which: TemplateTab) => `${source.key}:${which}:${serviceType}:${version}`;
  const personal = useRemoteData(keyOf('Personal'), (signal) => source.listPersonal(serviceType, signal));
  const group = useRemoteData(keyOf('Group'), (signal) => source.listGroup(serviceType, signal));
  const current = tab === 'Personal' ? personal : group;

  useEffect(() => {
    if (personal.error) warn(personal.error);
  }, [personal.error]);
  useEffect(() => {
    if (group.error) warn(group.error);
  }, [group.error]);

  const editable = !!source.save && !!source.remove;
  const canAdd = editable && (tab === 'Personal' || source.canAddGroup);

  const save = async (input: { templateId: number | null; title: string; body: string; serviceType: ServiceType }) => {
    if (!source.save || !editing) return;
    try {
      const result = await source.save({
        ...input,
        enterpriseId: !input.templateId && editing.kind === 'GROUP' ? source.enterpriseId : null,
      });
      notify({ severity: 'success', message: result.message });
      setEditing(null);
      setVersion((v) => v + 1);
    } catch (error) {
      warn(error);
    }
  };

  const deleting = useConfirmedAction((row: TemplateRow) => source.remove!(row.id), {
    onDone: () => setVersion((v) => v + 1),
    onError: warn,
  });

  const runAddMe = async (row: TemplateRow) => {
    setBusyId(row.id);
    try {
      await addMe.run(row, tab);
      setVersion((v) => v + 1);
    } catch (error) {
      warn(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Box data-testid="templates-view" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {onBack ? (
          <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
            Back
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {editable ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!canAdd}
            title={canAdd ? undefined : 'Only administrators and managers add group templates'}
            onClick={() => setEditing({ kind: tab === 'Group' ? 'GROUP' : 'PERSONAL', template: null })}
          >
            Add
          </Button>
        ) : null}
      </Stack>
      <Tabs value={tab} onChange={(_e, v: TemplateTab) => setTab(v)} aria-label="Template lists">
        {TEMPLATE_TABS.map((t) => (
          <Tab key={t} value={t} label={t} />
        ))}
      </Tabs>
      <TemplatesTable
        rows={current.data}
        loading={current.loading}
        editable={editable}
        addMe={{ enabled: (r) => addMe.enabled(r, tab), hint: (r) => addMe.hint(r, tab), run: (r) => void runAddMe(r), busyId }}
        onEdit={(row) => setEditing({ kind: row.kind === 'PERSONAL' ? 'PERSONAL' : 'GROUP', template: row })}
        onDelete={deleting.ask}
      />
      <TemplateEditorDialog
        target={editing}
        defaultServiceType={defaultServiceType}
        mergeValues={mergeValues}
        sampleLabel={sampleLabel}
        serviceTypes={serviceTypes}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmActionDialog action={deleting} message={TEMPLATE_TEXT.deleteConfirm} deletion />
    </Box>
  );
}
