import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PRODUCT_NAME = 'Drivebay';

/** The product mark: a road running into a bay, drawn inline so it costs no request. */
function Mark({ size, glyph }: { size: number; glyph: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 24 L14 8 H18 L23 24" fill="none" stroke={glyph} strokeWidth="2.4" strokeLinejoin="round" />
      <path d="M16 11 V13.5 M16 16 V18.5 M16 21 V23" stroke={glyph} strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

type BrandLogoProps = {
  size?: 'small' | 'large';
  /** 'inherit' follows the surrounding colour (e.g. white on the app bar). */
  color?: 'primary' | 'inherit';
};

export function BrandLogo({ size = 'small', color = 'primary' }: BrandLogoProps) {
  const large = size === 'large';
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: color === 'primary' ? 'primary.main' : 'inherit',
      }}
    >
      {/* On a coloured background the tile takes the text colour and the road the brand blue. */}
      <Mark size={large ? 40 : 28} glyph={color === 'primary' ? '#fff' : '#0b3d91'} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, letterSpacing: '-0.02em', fontSize: large ? 28 : 20, color: 'inherit' }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
