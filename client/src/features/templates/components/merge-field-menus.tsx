import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { EST_DUE_DATE_PATH, MERGE_FIELD_GROUPS, estDueDatePath, type MergeFieldGroup, type ServiceType } from '@drivebay/shared';

// A short delay lets the pointer travel from the button to its menu without the menu closing.
const CLOSE_DELAY_MS = 150;

function GroupMenu({ group, serviceType, onPick, disabled }: { group: MergeFieldGroup; serviceType: ServiceType | null; onPick: (path: string) => void; disabled: boolean }) {
  const anchor = useRef<HTMLButtonElement | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [open, setOpen] = useState(false);
  const keep = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = () => {
    keep();
    setOpen(true);
  };
  const hideSoon = () => {
    keep();
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const id = `merge-menu-${group.group.toLowerCase()}`;

  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
      >
        {group.group}
      </Button>
      <Popper open={open} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.modal + 1 }}>
        <ClickAwayListener onClickAway={() => setOpen(false)}>
          <Paper elevation={6} onMouseEnter={show} onMouseLeave={hideSoon}>
            <MenuList id={id} aria-label={`${group.group} fields`} autoFocusItem={false} dense>
              {group.fields.map((f) => {
                const path = f.path === EST_DUE_DATE_PATH ? estDueDatePath(serviceType) : f.path;
                return (
                  <MenuItem
                    key={f.path}
                    onClick={() => {
                      onPick(path);
                      setOpen(false);
                    }}
                  >
                    {f.label}
                  </MenuItem>
                );
              })}
            </MenuList>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}

/** The editor's hover menus (spec §2): each entry inserts its merge field as ${path}. */
export function MergeFieldMenus({ serviceType, onPick, disabled = false }: { serviceType: ServiceType | null; onPick: (path: string) => void; disabled?: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Insert a merge field">
      {MERGE_FIELD_GROUPS.map((g) => (
        <GroupMenu key={g.group} group={g} serviceType={serviceType} onPick={onPick} disabled={disabled} />
      ))}
    </Stack>
  );
}
