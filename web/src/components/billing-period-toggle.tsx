import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  BILLING_PERIOD_LABELS,
  BILLING_PERIODS,
  type BillingPeriod,
} from '@expiry-radar/shared/domain/plan-prices';

interface BillingPeriodToggleProps {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  /** What a year saves ("Save up to 17% with yearly billing"), beside the toggle. */
  note?: string | null;
}

/** Monthly or Yearly: which price the plans show, and which one a checkout bills. */
export function BillingPeriodToggle({ value, onChange, note }: BillingPeriodToggleProps) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        aria-label="Billing period"
        onChange={(_event, next: BillingPeriod | null) => {
          if (next) onChange(next);
        }}
      >
        {BILLING_PERIODS.map((period) => (
          <ToggleButton key={period} value={period} sx={{ textTransform: 'none', px: 2 }}>
            {BILLING_PERIOD_LABELS[period]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {note && (
        <Typography variant="body2" color="textSecondary">
          {note}
        </Typography>
      )}
    </Stack>
  );
}
