import Box from '@mui/material/Box';
import { LEAD_FORM_BRAND_NAMES, type LeadForm } from '@drivebay/shared';
import { BrandLogo } from '../../../components/brand-logo';

/** The brand's wordmark (client/public/brands), or the product's mark on the generic form. */
export function FormLogo({ form }: { form: LeadForm }) {
  if (form === 'generic') return <BrandLogo size="large" />;
  const name = LEAD_FORM_BRAND_NAMES[form];
  return <Box component="img" src={`/brands/${form}.svg`} alt={`${name} logo`} sx={{ height: 56, maxWidth: '100%' }} />;
}
