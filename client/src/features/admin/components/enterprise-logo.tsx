import Box from '@mui/material/Box';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';

/** The enterprise's own logo in the app bar; nothing when it has none (or it cannot be read). */
export function EnterpriseLogo({ enterpriseId, name }: { enterpriseId: number; name: string }) {
  const logo = useRemoteData(`logo:${enterpriseId}`, (s) => adminApi.logo(enterpriseId, s));
  if (!logo.data) return null;
  return <Box component="img" src={`data:${logo.data.contentType};base64,${logo.data.data}`} alt={`${name} logo`} sx={{ height: 36, maxWidth: 140, objectFit: 'contain', display: { xs: 'none', sm: 'block' } }} />;
}
