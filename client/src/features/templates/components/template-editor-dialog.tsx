import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SERVICE_TYPES,
  serviceTypeLabel,
  TEMPLATE_DIALOG_WIDTH,
  TEMPLATE_EDITOR_HEIGHT,
  TEMPLATE_TEXT,
  expandMergeFields,
  insertAtSelection,
  mergeToken,
  saveCustomTemplateSchema,
  smsSegments,
  templateBodyToText,
  textToTemplateBody,
  type CustomTemplate,
  type MergeValues,
  type ServiceType,
} from '@drivebay/shared';
import { MergeFieldMenus } from './merge-field-menus';

export type EditorTarget = { kind: 'PERSONAL' | 'GROUP'; template: CustomTemplate | null };

type Props = {
  target: EditorTarget | null;
  defaultServiceType: ServiceType | null;
  /** Merge values of the conversation (or the store's sample) the counter fills fields in with. */
  mergeValues: MergeValues | null;
  sampleLabel: string | null;
  onSave: (input: { templateId: number | null; title: string; body: string; serviceType: ServiceType }) => Promise<void>;
  onClose: () => void;
  /** The service types in the order to offer them (the store's brands' first); all of them by default. */
  serviceTypes?: readonly ServiceType[];
};

/** What the text costs as an SMS once the merge fields are filled in (line breaks go out as spaces). */
export function segmentCount(text: string, values: MergeValues | null): string {
  const expanded = (values ? expandMergeFields(text, values) : text).replace(/\s+/g, ' ').trim();
  const s = smsSegments(expanded);
  return `${s.characters} / ${s.perSegment} · ${s.segments} segment${s.segments === 1 ? '' : 's'} · ${s.encoding}`;
}

function EditorForm({ target, defaultServiceType, mergeValues, sampleLabel, onSave, onClose, serviceTypes = SERVICE_TYPES }: Props & { target: EditorTarget }) {
  const existing = target.template;
  const [serviceType, setServiceType] = useState<ServiceType | ''>(existing?.serviceType ?? defaultServiceType ?? '');
  const [title, setTitle] = useState(existing?.title ?? '');
  // The stored line-break tags are newlines again while editing (spec §3).
  const [text, setText] = useState(existing ? templateBodyToText(existing.body) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement | null>(null);
  const counter = useMemo(() => segmentCount(text, mergeValues), [text, mergeValues]);

  const insert = (path: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAtSelection(text, start, end, mergeToken(path));
    setText(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const save = async () => {
    const body = textToTemplateBody(text);
    const parsed = saveCustomTemplateSchema.safeParse({ templateId: existing?.templateId ?? null, title, body, serviceType: serviceType || undefined });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave({ templateId: existing?.templateId ?? null, title: parsed.data.title, body, serviceType: parsed.data.serviceType });
    } finally {
      setSaving(false);
    }
  };

  const heading = existing ? TEMPLATE_TEXT.updateTitle : TEMPLATE_TEXT.addTitle;
  return (
    <>
      <DialogTitle id="template-editor-title">
        {heading}
        <Typography variant="body2" color="text.secondary">
          {target.kind === 'GROUP' ? 'Group template: everyone in the enterprise can use it.' : 'Personal template: only you see it.'}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label="Service type"
              value={serviceType}
              onChange={(e) => setServiceType(e.target.value as ServiceType)}
              error={!!errors.serviceType}
              helperText={errors.serviceType ?? ' '}
              sx={{ minWidth: 260 }}
              disabled={saving}
              slotProps={{ htmlInput: { 'data-testid': 'template-service-type' } }}
            >
              {serviceTypes.map((s) => (
                <MenuItem key={s} value={s}>
                  {serviceTypeLabel(s)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Title"
              placeholder={TEMPLATE_TEXT.titlePlaceholder}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={!!errors.title}
              helperText={errors.title ?? ' '}
              fullWidth
              disabled={saving}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <MergeFieldMenus serviceType={serviceType || null} onPick={insert} disabled={saving} />
          <TextField
            label="Message"
            multiline
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputRef={box}
            error={!!errors.body}
            helperText={errors.body ?? ' '}
            disabled={saving}
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': 'Template text' } }}
            sx={{ '& .MuiInputBase-root': { height: TEMPLATE_EDITOR_HEIGHT, alignItems: 'flex-start', overflow: 'auto' } }}
          />
          <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="template-segments">
            SMS: {counter}
            {sampleLabel ? ` · merge fields filled in for ${sampleLabel}` : ' · merge fields counted as written'}
          </Typography>
          {target.kind === 'GROUP' && !existing ? <Alert severity="info">Group templates go out in everybody’s name; keep them general.</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Add Custom Template / Update Custom Template: a centred dialog 1000 px wide (spec §9). */
export function TemplateEditorDialog(props: Props) {
  const { target, onClose } = props;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby="template-editor-title"
      maxWidth={false}
      slotProps={{ paper: { sx: { width: TEMPLATE_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      {target ? <EditorForm key={target.template?.id ?? `new-${target.kind}`} {...props} target={target} /> : null}
    </Dialog>
  );
}
