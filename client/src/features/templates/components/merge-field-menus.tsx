import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
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
  // Opened by a mouse passing over it: the click that follows must not close it again.
  const hovered = useRef(false);
  const [open, setOpen] = useState(false);
  // Opened from the keyboard: the first field takes the focus so the arrow keys move through them.
  const [focusFirst, setFocusFirst] = useState(false);
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
    closeTimer.current = setTimeout(() => {
      hovered.current = false;
      setOpen(false);
    }, CLOSE_DELAY_MS);
  };
  const close = (refocus: boolean) => {
    keep();
    hovered.current = false;
    setOpen(false);
    setFocusFirst(false);
    if (refocus) anchor.current?.focus();
  };
  // Only a real mouse opens on hover: a tap also sends pointer-enter, and then its click would
  // close what the enter just opened.
  const onEnter = (e: ReactPointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    if (!open) hovered.current = true;
    show();
  };
  const onLeave = (e: ReactPointerEvent) => {
    if (e.pointerType === 'mouse' && hovered.current) hideSoon();
  };
  const id = `merge-menu-${group.group.toLowerCase()}`;

  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onPointerEnter={onEnter}
        onPointerLeave={onLeave}
        onClick={(e) => {
          keep();
          // A keyboard press (Enter, Space) reports no pointer position.
          const fromKeyboard = e.detail === 0;
          if (hovered.current) {
            // The mouse opened it on the way in; the click pins it open.
            hovered.current = false;
            setOpen(true);
            return;
          }
          setFocusFirst(fromKeyboard);
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            hovered.current = false;
            setFocusFirst(true);
            setOpen(true);
          }
        }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
      >
        {group.group}
      </Button>
      <Popper open={open} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.modal + 1 }}>
        <ClickAwayListener onClickAway={(e) => {
          if (anchor.current?.contains(e.target as Node)) return;
          close(false);
        }}>
          <Paper elevation={6} onPointerEnter={(e) => e.pointerType === 'mouse' && hovered.current && keep()} onPointerLeave={onLeave}>
            <MenuList
              id={id}
              aria-label={`${group.group} fields`}
              autoFocusItem={focusFirst}
              dense
              onKeyDown={(e) => {
                if (e.key === 'Escape' || e.key === 'Tab') {
                  e.preventDefault();
                  close(true);
                }
              }}
            >
              {group.fields.map((f) => {
                const path = f.path === EST_DUE_DATE_PATH ? estDueDatePath(serviceType) : f.path;
                return (
                  <MenuItem
                    key={f.path}
                    onClick={() => {
                      onPick(path);
                      close(focusFirst);
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

/**
 * The editor's merge-field menus (spec §2): each entry inserts its merge field as ${path}. They open
 * on hover with a mouse, and on click, tap and the keyboard (Enter, Space, Down arrow; Escape closes).
 */
export function MergeFieldMenus({ serviceType, onPick, disabled = false }: { serviceType: ServiceType | null; onPick: (path: string) => void; disabled?: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Insert a merge field">
      {MERGE_FIELD_GROUPS.map((g) => (
        <GroupMenu key={g.group} group={g} serviceType={serviceType} onPick={onPick} disabled={disabled} />
      ))}
    </Stack>
  );
}
