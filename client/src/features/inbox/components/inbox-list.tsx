import { useRef } from 'react';
import Box from '@mui/material/Box';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Role } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { InboxRowView, ROW_HEIGHT_PX } from './inbox-row';
import type { RowPresence } from './row-presence';

type InboxListProps = {
  rows: readonly InboxRow[];
  selectedId: number | null;
  roles: readonly Role[];
  now: number;
  timeZones: ReadonlyMap<number, string | null>;
  /** Store names, shown on each row when the list spans several stores. */
  storeNames: ReadonlyMap<number, string> | null;
  showBadges: boolean;
  /** Who else has each conversation open, by interaction id. */
  presence: ReadonlyMap<number, RowPresence>;
  onSelect: (row: InboxRow) => void;
};

/**
 * The conversations as a virtual list: only the rows in view (and a few around them) exist in the
 * page, so 10,000 rows scroll as smoothly as 100. Rows keep their identity across live updates,
 * so only rows that changed render again.
 */
export function InboxList({ rows, selectedId, roles, now, timeZones, storeNames, showBadges, presence, onSelect }: InboxListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
    getItemKey: (index) => rows[index]?.interactionId ?? index,
  });

  return (
    <Box ref={scroller} role="listbox" aria-label="Conversations" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            // The offset is an inline style: as a styled prop every distinct offset would be a CSS
            // class of its own, made and inserted while the list scrolls.
            <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}>
              <InboxRowView
                row={row}
                index={item.index}
                count={rows.length}
                selected={row.interactionId === selectedId}
                open={row.interactionId === selectedId}
                roles={roles}
                now={now}
                timeZone={timeZones.get(row.storeId) ?? null}
                storeName={storeNames?.get(row.storeId) ?? null}
                showBadges={showBadges}
                presence={presence.get(row.interactionId) ?? null}
                onSelect={onSelect}
              />
            </div>
          );
        })}
      </div>
    </Box>
  );
}
