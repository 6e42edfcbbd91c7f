import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  formatPrice,
  monthlyEquivalent,
  PAID_PLANS,
  yearlySavingPercent,
  type BillingPeriod,
  type Price,
} from '@expiry-radar/shared/domain/plan-prices';
import type { Plan } from '@expiry-radar/shared/domain/plans';

export type PeriodPrices = Readonly<Record<BillingPeriod, Price>>;

const PER: Readonly<Record<BillingPeriod, string>> = { monthly: 'month', yearly: 'year' };

/** The line under a price: how it is billed ("$15.83 a month, billed yearly"). */
export function priceCaption(prices: PeriodPrices, period: BillingPeriod): string {
  const price = prices[period];
  if (price.amount === 0) return 'No card needed';
  if (period === 'monthly') return 'Billed monthly';
  return `${formatPrice(monthlyEquivalent(price))} a month, billed yearly`;
}

/** "$19 / month", "$190 / year" or "Free": the price as one line of text. */
export function priceText(prices: PeriodPrices, period: BillingPeriod): string {
  const price = prices[period];
  const amount = formatPrice(price);
  return price.amount === 0 ? amount : `${amount} / ${PER[period]}`;
}

/** "Save up to 17% with yearly billing", from the paid plans' prices; null when a year saves nothing. */
export function yearlySavingNote(
  prices: Readonly<Record<Plan, PeriodPrices>> | undefined,
): string | null {
  if (!prices) return null;
  const best = Math.max(
    0,
    ...PAID_PLANS.map((plan) => yearlySavingPercent(prices[plan].monthly, prices[plan].yearly)),
  );
  return best > 0 ? `Save up to ${best}% with yearly billing` : null;
}

interface PlanPriceProps {
  /** Undefined while the prices load (a placeholder shows) or when they could not be loaded. */
  prices: PeriodPrices | undefined;
  period: BillingPeriod;
  loading: boolean;
}

/** A plan's price for the billing period, large, with how it is billed below. */
export function PlanPrice({ prices, period, loading }: PlanPriceProps) {
  if (!prices) {
    return loading ? (
      <Box aria-hidden sx={{ my: 1 }}>
        <Skeleton variant="text" width={120} sx={{ fontSize: '2rem' }} />
        <Skeleton variant="text" width={160} />
      </Box>
    ) : null;
  }
  const price = prices[period];
  return (
    <Box sx={{ my: 1 }}>
      <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
        {formatPrice(price)}
        {price.amount > 0 && (
          <>
            {' '}
            <Typography component="span" color="textSecondary" sx={{ fontSize: '1rem' }}>
              / {PER[period]}
            </Typography>
          </>
        )}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {priceCaption(prices, period)}
      </Typography>
    </Box>
  );
}
