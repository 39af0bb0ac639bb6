import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error' | 'size' | 'fullWidth'> & {
  label: string;
  error?: boolean;
  /** Under the field, tied to it with aria-describedby (an error, or ' ' to keep the room for one). */
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
};

/**
 * An outlined text field built as MUI's TextField builds one (form control, floating label,
 * outlined input, helper text), with the same look, ids and ARIA wiring, but without TextField's
 * select mode, which brings the menu, popover and modal code along. For the pages that must load
 * fast (the login and the public lead forms).
 */
export function TextInput({ label, error = false, helperText, fullWidth = false, size = 'medium', disabled, required, id: idOverride, ...input }: TextInputProps) {
  const generated = useId();
  const id = idOverride ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} size={size} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} fullWidth={fullWidth} {...input} />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
