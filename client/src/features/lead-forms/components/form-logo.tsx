import Box from '@mui/material/Box';
import { LEAD_FORM_BRAND_NAMES, type LeadForm } from '@drivebay/shared';
import { BrandLogo } from '../../../components/brand-logo';

type Dealer = { dealerName: string | null; dealerLogoUrl: string | null } | null;

/**
 * The brand's wordmark (client/public/brands), or the product's mark on the generic form, beside
 * the dealer group's own logo when it has one (on the generic form the dealer's logo stands alone).
 */
export function FormLogo({ form, dealer }: { form: LeadForm; dealer?: Dealer }) {
  const dealerLogo = dealer?.dealerLogoUrl ? (
    <Box
      component="img"
      src={dealer.dealerLogoUrl}
      alt={`${dealer.dealerName ?? 'Dealer'} logo`}
      sx={{ height: 56, maxWidth: form === 'generic' ? '100%' : '45%', objectFit: 'contain' }}
    />
  ) : null;
  if (form === 'generic') return dealerLogo ?? <BrandLogo size="large" />;
  const name = LEAD_FORM_BRAND_NAMES[form];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 3, flexWrap: 'wrap' }}>
      {dealerLogo}
      <Box component="img" src={`/brands/${form}.svg`} alt={`${name} logo`} sx={{ height: 56, maxWidth: dealerLogo ? '45%' : '100%' }} />
    </Box>
  );
}
