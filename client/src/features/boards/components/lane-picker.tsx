import Badge from '@mui/material/Badge';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RO_LANES, type RoStatusCode } from '@drivebay/shared';
import { laneUnread, type ViewLanes } from '../lib/board-view';

type LanePickerProps = {
  lanes: ViewLanes;
  /** The lane at the board's left edge now. */
  current: RoStatusCode;
  onPick: (lane: RoStatusCode) => void;
};

/**
 * Every lane by name with its count, where only a few lanes fit beside each other (a tablet, a
 * laptop): a tap brings that lane into view, and the tab follows the board as it is scrolled.
 */
export function LanePicker({ lanes, current, onPick }: LanePickerProps) {
  return (
    <Tabs
      value={current}
      onChange={(_e, lane: RoStatusCode) => onPick(lane)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Lanes"
      sx={{ mb: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0.5, px: 1.5, textTransform: 'none' } }}
    >
      {RO_LANES.map(({ code, name }) => {
        const unread = laneUnread(lanes[code]);
        return (
          <Tab
            key={code}
            value={code}
            aria-controls={`lane-${code}`}
            label={
              <Badge color="warning" variant="dot" invisible={unread === 0} sx={{ pr: unread ? 1 : 0 }}>
                {`${name} (${lanes[code].length})`}
              </Badge>
            }
          />
        );
      })}
    </Tabs>
  );
}
